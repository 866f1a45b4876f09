//! Padding as a view: `x.pad::<Shape![1, 1]>()` reads `x` with a border of
//! zeros around its last two axes, without copying it (NumPy
//! `np.pad(x, ((0, 0), (1, 1), (1, 1)))`, a masked view as tinygrad's).
//!
//! A [`PaddedView`] borrows the view it pads and holds the pad value. Its
//! shape is a type: `[.., H, W]` padded by `Lo` before and `Hi` after each of
//! the last `K` axes is `[.., H + LO0 + HI0, W + LO1 + HI1]`
//! ([`PadShape`]), so a wrong shape is a `cargo check` error. An index
//! outside the source reads the pad value; one inside reads the source.
//! Consumers split the interior from the border: `to_tensor` fills the
//! border and copies the source row by row, and `conv2d` runs the interior
//! of its output without a test per tap (`ops/conv_pad.rs`).
//!
//! ```
//! use tensor_core::prelude::*;
//! let x = tensor![[1, 2], [3, 4]];
//! let p = x.pad::<Shape![1, 1]>(); // [4, 4], no copy
//! assert_eq!(p.shape(), [4, 4]);
//! assert_eq!((p[[0, 0]], p[[1, 1]], p[[2, 2]], p[[3, 3]]), (0, 1, 4, 0));
//! assert_eq!(
//!     p.to_tensor(),
//!     tensor![[0, 0, 0, 0], [0, 1, 2, 0], [0, 3, 4, 0], [0, 0, 0, 0]]
//! );
//! let edge = x.pad_sides::<Shape![0, 1], Shape![1, 0]>(9); // before, after
//! assert_eq!(edge.to_tensor(), tensor![[9, 1, 2], [9, 3, 4], [9, 9, 9]]);
//! ```

use core::fmt;
use core::marker::PhantomData;
use core::ops::Index;

use super::View;
use crate::index::{in_range, out_of_bounds};
use crate::layout::mask::Mask;
use crate::layout::Layout;
use crate::shape::Shape;
use crate::tensor::Tensor;

pub(crate) mod rule;

pub use rule::{is_pad_shape, PadShape, PaddedShape};

/// The [`PaddedView`] of a layout `L` padded by `Lo` and `Hi` that `pad`,
/// `pad_with` and `pad_sides` build (`ViewOps`), named through
/// [`PadShape::Then`]: no type when the padding does not fit, so the
/// mistake is one error and a method called on the result adds none.
pub type PadView<'a, T, L, Lo, Hi> =
    <<L as Layout>::Shape as PadShape<Lo, Hi>>::Then<PaddedView<'a, T, L, Lo, Hi>>;

/// A read-only view of `inner` with a border of `value` around its last
/// `Lo::RANK` axes: `Lo` elements before and `Hi` after on each (see the
/// module documentation). Made by `pad`, `pad_with` and `pad_sides` on a
/// tensor or a view; nothing is copied.
///
/// It is not a [`View`]: the border has no place in the buffer, so the
/// layout is a mask (the layout module's) in front of the inner view's
/// layout. It indexes, iterates,
/// compares and prints like a view, copies with [`to_tensor`](Self::to_tensor),
/// and convolves with `conv2d` without a copy (see [`crate::ops::conv_pad`]).
pub struct PaddedView<'a, T, L: Layout, Lo, Hi> {
    inner: View<'a, T, L>,
    value: T,
    pads: PhantomData<(Lo, Hi)>,
}

/// The multi-index type of the padded shape.
type OutIndex<L, Lo, Hi> = <PaddedShape<L, Lo, Hi> as Shape>::Index;

impl<'a, T, L: Layout, Lo: Shape, Hi: Shape> PaddedView<'a, T, L, Lo, Hi>
where
    L::Shape: PadShape<Lo, Hi>,
{
    /// `inner` padded with `value`. The constant assertion holds
    /// [`PadShape`]'s arithmetic to the rule every read relies on.
    pub(crate) fn new(inner: View<'a, T, L>, value: T) -> Self {
        const {
            assert!(
                is_pad_shape(
                    <L::Shape as Shape>::PADDED,
                    <L::Shape as Shape>::RANK,
                    Lo::PADDED,
                    Hi::PADDED,
                    Lo::RANK,
                    <PaddedShape<L, Lo, Hi> as Shape>::PADDED,
                ) && Lo::RANK == Hi::RANK,
                "pad: the padded shape's arithmetic is wrong"
            )
        };
        PaddedView {
            inner,
            value,
            pads: PhantomData,
        }
    }

    /// The dimensions of the padded view, `[usize; RANK]`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = Tensor::<f32, Shape![3, 28, 28]>::zeros();
    /// assert_eq!(x.pad::<Shape![2, 1]>().shape(), [3, 32, 30]);
    /// ```
    pub fn shape(&self) -> OutIndex<L, Lo, Hi> {
        <PaddedShape<L, Lo, Hi> as Shape>::DIMS
    }

    /// The view being padded.
    pub fn inner(&self) -> View<'a, T, L> {
        self.inner
    }

    /// The value of the border.
    pub fn value(&self) -> &T {
        &self.value
    }

    /// The element at `index`: the pad value on the border, `None` when an
    /// axis is out of range of the padded shape.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = tensor![1, 2];
    /// let p = x.pad_with::<Shape![1]>(7);
    /// assert_eq!((p.get([0]), p.get([2]), p.get([4])), (Some(&7), Some(&2), None));
    /// ```
    pub fn get(&self, index: OutIndex<L, Lo, Hi>) -> Option<&T> {
        if !in_range::<PaddedShape<L, Lo, Hi>>(&index) {
            return None;
        }
        Some(match Mask::<L::Shape, Lo>::source(index.as_ref()) {
            Some(at) => &self.inner[at],
            None => &self.value,
        })
    }

    /// The elements in logical row-major order, the border included.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = tensor![1, 2];
    /// let p = x.pad::<Shape![1]>();
    /// assert_eq!(p.iter().copied().collect::<Vec<_>>(), [0, 1, 2, 0]);
    /// ```
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &T> + '_ {
        // The interior positions, in row-major order, are the source's
        // elements in its own logical order: the source's walker
        // (`View::iter`) gives them, and the mask tells the border from the
        // interior. No index is mapped.
        let mut interior = self.inner.iter();
        Mask::<L::Shape, Lo>::cells::<PaddedShape<L, Lo, Hi>>().map(move |inside| match inside {
            true => interior
                .next()
                .expect("pad: the source has an element for each interior position"),
            false => &self.value,
        })
    }

    /// The padded elements, copied into an owned tensor (NumPy `np.pad`):
    /// the tensor is filled with the pad value, then each row of the source
    /// is copied into its place, so no element is tested for the border.
    /// A source view that is not contiguous is first copied once.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = tensor![[1, 2, 3], [4, 5, 6]];
    /// let p = x.t().pad_sides::<Shape![1, 0], Shape![0, 2]>(-1); // [4, 4]
    /// assert_eq!(
    ///     p.to_tensor(),
    ///     tensor![[-1, -1, -1, -1], [1, 4, -1, -1], [2, 5, -1, -1], [3, 6, -1, -1]]
    /// );
    /// ```
    pub fn to_tensor(&self) -> Tensor<T, PaddedShape<L, Lo, Hi>>
    where
        T: Clone,
    {
        let mut out = Tensor::full(self.value.clone());
        self.copy_interior(out.as_mut_slice());
        out
    }

    /// Copies the source into its place in `out`, the padded shape's
    /// row-major buffer, one source row (the last axis) at a time.
    fn copy_interior(&self, out: &mut [T])
    where
        T: Clone,
    {
        let mut copy = Default::default();
        let source = self.inner.contiguous_in(&mut copy);
        let rank = <L::Shape as Shape>::RANK;
        let row = <L::Shape as Shape>::PADDED[rank - 1];
        if row == 0 {
            return;
        }
        for (r, src) in source.chunks_exact(row).enumerate() {
            let at = Mask::<L::Shape, Lo>::row_start::<PaddedShape<L, Lo, Hi>>(r);
            out[at..at + row].clone_from_slice(src);
        }
    }
}

impl<T, L: Layout, Lo: Shape, Hi: Shape> Index<OutIndex<L, Lo, Hi>> for PaddedView<'_, T, L, Lo, Hi>
where
    L::Shape: PadShape<Lo, Hi>,
{
    type Output = T;

    /// The element at `index`; the pad value on the border. Out of range
    /// panics, naming the index and the padded shape.
    #[track_caller]
    fn index(&self, index: OutIndex<L, Lo, Hi>) -> &T {
        match self.get(index) {
            Some(elem) => elem,
            None => out_of_bounds(
                index.as_ref(),
                <PaddedShape<L, Lo, Hi> as Shape>::DIMS.as_ref(),
            ),
        }
    }
}

impl<T: Clone, L: Layout, Lo, Hi> Clone for PaddedView<'_, T, L, Lo, Hi> {
    fn clone(&self) -> Self {
        PaddedView {
            inner: self.inner,
            value: self.value.clone(),
            pads: PhantomData,
        }
    }
}

impl<T: Copy, L: Layout, Lo, Hi> Copy for PaddedView<'_, T, L, Lo, Hi> {}

/// Equal to a tensor of the padded shape when every element is.
impl<T: PartialEq, L: Layout, Lo: Shape, Hi: Shape> PartialEq<Tensor<T, PaddedShape<L, Lo, Hi>>>
    for PaddedView<'_, T, L, Lo, Hi>
where
    L::Shape: PadShape<Lo, Hi>,
{
    fn eq(&self, other: &Tensor<T, PaddedShape<L, Lo, Hi>>) -> bool {
        self.iter().eq(other.iter())
    }
}

/// `PaddedView { shape: [4, 4], data: [..] }`: the shape and the elements.
impl<T: fmt::Debug, L: Layout, Lo: Shape, Hi: Shape> fmt::Debug for PaddedView<'_, T, L, Lo, Hi>
where
    L::Shape: PadShape<Lo, Hi>,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Elements<'p, 'a, T, L: Layout, Lo, Hi>(&'p PaddedView<'a, T, L, Lo, Hi>);
        impl<T: fmt::Debug, L: Layout, Lo: Shape, Hi: Shape> fmt::Debug for Elements<'_, '_, T, L, Lo, Hi>
        where
            L::Shape: PadShape<Lo, Hi>,
        {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_list().entries(self.0.iter()).finish()
            }
        }
        f.debug_struct("PaddedView")
            .field("shape", &self.shape())
            .field("data", &Elements(self))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::is_pad_shape;
    use crate::prelude::*;

    /// The naive reference: each element of the padded shape tested
    /// against the source's bounds, as `np.pad` defines it.
    fn reference<const H: usize, const W: usize>(
        x: &[i32],
        [lh, hh, lw, hw]: [usize; 4],
        value: i32,
    ) -> std::vec::Vec<i32> {
        let mut out = std::vec::Vec::new();
        for y in 0..H + lh + hh {
            for xx in 0..W + lw + hw {
                let inside = (lh..lh + H).contains(&y) && (lw..lw + W).contains(&xx);
                out.push(if inside {
                    x[(y - lh) * W + xx - lw]
                } else {
                    value
                });
            }
        }
        out
    }

    /// `iter` at CIFAR size over a permuted, flipped source (its walker
    /// gives the interior in order, an odometer the border), against
    /// `get`, which maps each index to the source's.
    #[test]
    fn iter_walks_a_strided_source_at_cifar_size() {
        let t = Tensor::<i32, Shape![32, 32, 3]>::from_flat_fn(|i| i as i32);
        let chw = t.permute::<Axes![2, 0, 1]>().flip::<Axes![1]>(); // [3, 32, 32]
        let p = chw.pad_sides::<Shape![2, 1], Shape![0, 3]>(-1); // [3, 34, 36]
        let it = p.iter();
        assert_eq!(it.len(), 3 * 34 * 36);
        let mut interior = 0;
        for (flat, &x) in it.enumerate() {
            let index = crate::index::unravel::<Shape![3, 34, 36]>(flat);
            assert_eq!(Some(&x), p.get(index), "at {index:?}");
            interior += usize::from(x >= 0);
        }
        assert_eq!(interior, 3 * 32 * 32);
    }

    #[test]
    fn every_padded_index_reads_the_source_or_the_value() {
        let t = Tensor::<i32, Shape![3, 4]>::from_flat_fn(|i| i as i32 * 3 - 5);
        let p = t.pad_sides::<Shape![1, 2], Shape![2, 0]>(-9);
        assert_eq!(p.shape(), [6, 6]);
        let want = reference::<3, 4>(t.as_slice(), [1, 2, 2, 0], -9);
        assert_eq!(p.to_tensor().as_slice(), want);
        assert_eq!(p.iter().copied().collect::<std::vec::Vec<_>>(), want);
        for (flat, &w) in want.iter().enumerate() {
            let [i, j] = crate::index::unravel::<Shape![6, 6]>(flat);
            assert_eq!((p[[i, j]], p.get([i, j])), (w, Some(&w)));
        }
        assert_eq!((p.get([6, 0]), p.get([0, 6])), (None, None));
        assert_eq!(p, p.to_tensor());
        assert_eq!(*p.value(), -9);
        assert_eq!(p.inner(), t);
    }

    #[test]
    fn views_pad_as_their_copies() {
        let t = Tensor::<i32, Shape![2, 3, 4]>::from_flat_fn(|i| i as i32);
        let v = t.permute::<Axes![2, 0, 1]>(); // [4, 2, 3], not contiguous
        let p = v.pad::<Shape![1, 1]>();
        assert_eq!(p.shape(), [4, 4, 5]);
        assert_eq!(
            p.to_tensor(),
            v.to_tensor().pad::<Shape![1, 1]>().to_tensor()
        );
        for (flat, &x) in p.to_tensor().iter().enumerate() {
            let [c, i, j] = crate::index::unravel::<Shape![4, 4, 5]>(flat);
            let inside = (1..3).contains(&i) && (1..4).contains(&j);
            assert_eq!(x, if inside { v[[c, i - 1, j - 1]] } else { 0 });
        }
        // Every axis padded, and one axis only; a sliced source.
        let all = t.pad_sides::<Shape![1, 0, 2], Shape![0, 1, 1]>(7);
        assert_eq!(all.shape(), [3, 4, 7]);
        assert_eq!(all[[0, 0, 3]], 7);
        assert_eq!(all[[1, 2, 4]], t[[0, 2, 2]]);
        assert_eq!(all[[2, 3, 4]], 7);
        let last = slice!(t, .., 1, 1..;2).pad::<Shape![3]>();
        assert_eq!(
            last.to_tensor(),
            tensor![[0, 0, 0, 5, 7, 0, 0, 0], [0, 0, 0, 17, 19, 0, 0, 0]]
        );
        // A mutable view pads read-only; zero-sized sources pad to the value.
        let mut m = t;
        let pm = m.view_mut().pad_with::<Shape![1]>(1);
        assert_eq!(pm.shape(), [2, 3, 6]);
        let e = Tensor::<i32, Shape![0, 2]>::zeros();
        assert_eq!(
            e.pad_with::<Shape![1, 1]>(3).to_tensor(),
            Tensor::<i32, Shape![2, 4]>::full(3)
        );
    }

    #[test]
    #[should_panic(expected = "index [0, 5] is out of bounds for shape [4, 4]")]
    fn indexing_past_the_padded_shape_panics_with_the_index_and_the_shape() {
        let t = tensor![[1, 2], [3, 4]];
        let _ = t.pad::<Shape![1, 1]>()[[0, 5]];
    }

    #[test]
    fn compares_and_prints_as_its_elements() {
        let x = tensor![[1, 2], [3, 4]];
        let p = x.pad_sides::<Shape![1, 0], Shape![0, 1]>(9); // [3, 3]
        let mut other = p.to_tensor();
        assert!(p == other);
        other[[0, 0]] = 0; // the border
        assert!(p != other);
        other[[0, 0]] = 9;
        other[[2, 1]] = 0; // the interior
        assert!(p != other);
        assert_eq!(
            std::format!("{p:?}"),
            "PaddedView { shape: [3, 3], data: [9, 9, 9, 1, 2, 9, 3, 4, 9] }"
        );
    }

    #[test]
    fn the_shape_rule() {
        let pad = |xs: &[usize]| {
            let mut p = [1; crate::shape::MAX_RANK];
            p[..xs.len()].copy_from_slice(xs);
            p
        };
        let ok = |d: &[usize], lo: &[usize], hi: &[usize], o: &[usize]| {
            is_pad_shape(pad(d), d.len(), pad(lo), pad(hi), lo.len(), pad(o))
        };
        assert!(ok(&[1, 28, 28], &[1, 1], &[1, 1], &[1, 30, 30]));
        assert!(ok(&[1, 28, 28], &[2], &[0], &[1, 28, 30]));
        assert!(!ok(&[1, 28, 28], &[1, 1], &[1, 1], &[1, 30, 29]));
        assert!(!ok(&[28], &[1, 1], &[1, 1], &[30]));
    }
}
