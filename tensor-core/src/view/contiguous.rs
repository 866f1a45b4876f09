//! The elements of any view as one row-major slice, for the kernels that
//! read slices (convolutions, padding, `einsum!`): the view's own elements
//! when they are in order without gaps, else a copy. With the `alloc`
//! feature the copy is made on the heap, so the caller's frame holds only
//! a pointer for it: a convolution of a transposed input by 4.5 MiB of
//! weights runs on a 2 MiB thread. Without `alloc` it is a tensor on the
//! stack, as every by-value result is.

#[cfg(feature = "alloc")]
extern crate alloc;

use crate::layout::Layout;
use crate::tensor::Tensor;

use super::View;

/// A copy of a view's elements, of shape `S`: boxed with `alloc`.
#[cfg(feature = "alloc")]
pub(crate) type Copied<T, S> = alloc::boxed::Box<Tensor<T, S>>;

/// A copy of a view's elements, of shape `S`: on the stack without `alloc`.
#[cfg(not(feature = "alloc"))]
pub(crate) type Copied<T, S> = Tensor<T, S>;

impl<'a, T, L: Layout> View<'a, T, L> {
    /// The elements in row-major order, as one slice of `L::Shape::SIZE`
    /// elements: the view's own when contiguous, else a [`Copied`] kept in
    /// `copy` (a slot the caller declares `None`).
    #[inline(always)]
    pub(crate) fn contiguous_in<'s>(&self, copy: &'s mut Option<Copied<T, L::Shape>>) -> &'s [T]
    where
        'a: 's,
        T: Clone,
    {
        match self.as_contiguous() {
            Some(elems) => elems,
            None => copy.insert(copied(self)).as_slice(),
        }
    }
}

/// A copy of `v`, never inlined: its work stays out of the callers' code.
#[inline(never)]
fn copied<T: Clone, L: Layout>(v: &View<'_, T, L>) -> Copied<T, L::Shape> {
    #[cfg(feature = "alloc")]
    return v.to_boxed_tensor();
    #[cfg(not(feature = "alloc"))]
    return v.to_tensor();
}

#[cfg(test)]
mod tests {
    use crate::prelude::*;

    #[test]
    fn a_contiguous_view_is_read_in_place() {
        let t = Tensor::<i32, Shape![3, 4]>::from_flat_fn(|i| i as i32);
        let mut copy = None;
        let here = t.view().contiguous_in(&mut copy).as_ptr();
        assert_eq!((here, copy.is_none()), (t.as_slice().as_ptr(), true));
    }

    #[test]
    fn a_strided_view_is_copied_in_row_major_order() {
        let t = Tensor::<i32, Shape![3, 4]>::from_flat_fn(|i| i as i32);
        let mut copy = None;
        let got = t.t().contiguous_in(&mut copy).to_vec();
        assert_eq!(got, t.t().to_tensor().as_slice());
        assert_eq!(&got[..4], &[0, 4, 8, 1]);
    }

    /// 1 MiB of transposed `f32` on cargo test's 2 MiB thread, unoptimized:
    /// with `alloc` the copy is on the heap.
    #[cfg(feature = "alloc")]
    #[test]
    fn a_large_copy_is_made_on_the_heap() {
        let t = Tensor::<f32, Shape![512, 512]>::boxed_from_flat_fn(|i| i as f32);
        let mut copy = None;
        let s = t.t().contiguous_in(&mut copy);
        assert_eq!((s.len(), s[1], s[512]), (512 * 512, 512.0, 1.0));
    }
}
