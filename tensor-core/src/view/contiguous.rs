//! The elements of any view as one row-major slice, for the kernels that
//! read slices (convolutions, padding, `einsum!`): the view's own elements
//! when they are in order without gaps, else a copy kept in a slot the
//! caller declares ([`CopySlot`]). With the `alloc` feature the copy is
//! made on the heap, so the caller's frame holds only a pointer for it: a
//! convolution of a transposed input by 4.5 MiB of weights runs on a 2 MiB
//! thread. Without `alloc` the slot is the tensor itself, written in place
//! (`uninit::Scratch`), with no temporary of its size.

#[cfg(feature = "alloc")]
extern crate alloc;

use crate::layout::{Layout, RowMajor};
use crate::tensor::Tensor;

use super::View;

/// Where [`View::contiguous_in`] keeps a copy of a view of shape `S`:
/// boxed with `alloc` (`Default` is `None`).
#[cfg(feature = "alloc")]
pub(crate) type CopySlot<T, S> = Option<alloc::boxed::Box<Tensor<T, S>>>;

/// Where [`View::contiguous_in`] keeps a copy of a view of shape `S`: the
/// tensor itself, built in place, without `alloc`.
#[cfg(not(feature = "alloc"))]
pub(crate) type CopySlot<T, S> = crate::uninit::Scratch<Tensor<T, S>>;

impl<'a, T, L: Layout> View<'a, T, L> {
    /// The elements in row-major order, as one slice of `L::Shape::SIZE`
    /// elements: the view's own when contiguous, else a copy kept in
    /// `copy` (a slot the caller declares, `Default::default()`).
    #[inline(always)]
    pub(crate) fn contiguous_in<'s>(&self, copy: &'s mut CopySlot<T, L::Shape>) -> &'s [T]
    where
        'a: 's,
        T: Clone,
    {
        match self.as_contiguous() {
            Some(elems) => elems,
            None => copy_into(self, copy),
        }
    }

    /// [`contiguous_in`](View::contiguous_in) as a view of the same shape,
    /// laid out row-major: how a kernel that walks strides reads a layout
    /// without constant strides (a reshape that composes index maps).
    #[inline(always)]
    pub(crate) fn row_major_in<'s>(
        &self,
        copy: &'s mut CopySlot<T, L::Shape>,
    ) -> View<'s, T, RowMajor<L::Shape>>
    where
        'a: 's,
        T: Clone,
    {
        View::new(self.contiguous_in(copy), ())
    }
}

/// A copy of `v` made in `copy`, never inlined, so that its work (and, in
/// an unoptimized build, its temporaries) stays out of the callers.
#[cfg(feature = "alloc")]
#[inline(never)]
fn copy_into<'s, T: Clone, L: Layout>(
    v: &View<'_, T, L>,
    copy: &'s mut CopySlot<T, L::Shape>,
) -> &'s [T] {
    copy.insert(v.to_boxed_tensor()).as_slice()
}

/// A copy of `v` written in place into `copy`, never inlined.
#[cfg(not(feature = "alloc"))]
#[inline(never)]
fn copy_into<'s, T: Clone, L: Layout>(
    v: &View<'_, T, L>,
    copy: &'s mut CopySlot<T, L::Shape>,
) -> &'s [T] {
    copy.build_with(|out| super::copy::write_into(v, out))
        .as_slice()
}

#[cfg(test)]
mod tests {
    use crate::prelude::*;

    #[test]
    fn a_contiguous_view_is_read_in_place() {
        let t = Tensor::<i32, Shape![3, 4]>::from_flat_fn(|i| i as i32);
        let mut copy = Default::default();
        let here = t.view().contiguous_in(&mut copy).as_ptr();
        assert_eq!(here, t.as_slice().as_ptr());
    }

    #[test]
    fn a_strided_view_is_copied_in_row_major_order() {
        let t = Tensor::<i32, Shape![3, 4]>::from_flat_fn(|i| i as i32);
        let mut copy = Default::default();
        let got = t.t().contiguous_in(&mut copy).to_vec();
        assert_eq!(got, t.t().to_tensor().as_slice());
        assert_eq!(&got[..4], &[0, 4, 8, 1]);
        let mut copy = Default::default();
        let v = t.t().row_major_in(&mut copy);
        assert_eq!((v.shape(), v[[1, 2]]), ([4, 3], t[[2, 1]]));
    }

    /// 1 MiB of transposed `f32` on cargo test's 2 MiB thread, unoptimized:
    /// with `alloc` the copy is on the heap.
    #[cfg(feature = "alloc")]
    #[test]
    fn a_large_copy_is_made_on_the_heap() {
        let t = Tensor::<f32, Shape![512, 512]>::boxed_from_flat_fn(|i| i as f32);
        let mut copy = Default::default();
        let s = t.t().contiguous_in(&mut copy);
        assert_eq!((s.len(), s[1], s[512]), (512 * 512, 512.0, 1.0));
    }
}
