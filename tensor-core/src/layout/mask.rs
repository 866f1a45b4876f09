//! Padding as a mask over a layout, as tinygrad's `View.mask`: a source of
//! shape `S` padded by `Lo` elements before each of its last `Lo::RANK`
//! axes reads, at a padded index `i`, the source at `i - lo` where every
//! axis lies in `lo..lo + d` (the mask), and the pad value elsewhere.
//!
//! This is where a padded view's indices are computed: `view/pad.rs` asks
//! [`Mask`] which positions are inside and which source index a position
//! reads, and copies the source's rows to the positions [`Mask::row_start`]
//! gives.
//!
//! ```
//! use tensor_core::prelude::*;
//! let x = tensor![[1, 2], [3, 4]];
//! let p = x.pad_sides::<Shape![1, 0], Shape![0, 1]>(0); // [3, 3]
//! assert_eq!(p.to_tensor(), tensor![[0, 0, 0], [1, 2, 0], [3, 4, 0]]);
//! assert_eq!((p.get([1, 0]), p.get([0, 2])), (Some(&1), Some(&0)));
//! ```

use core::marker::PhantomData;

use crate::index::unravel;
use crate::shape::{MultiIndex, Shape};

/// The mask of a source shape `S` padded by `Lo` before its last
/// `Lo::RANK` axes (what is padded after them only makes the padded shape
/// longer: no source index depends on it).
pub(crate) struct Mask<S, Lo>(PhantomData<(S, Lo)>);

impl<S: Shape, Lo: Shape> Mask<S, Lo> {
    /// The first padded axis: the axes before it are the source's own;
    /// axis `a` after it is padded by `Lo::PADDED[a - FIRST]` before.
    /// (Measured slower: that padding looked up in a constant array of all
    /// the axes, 0 on the leading ones: `PaddedView::iter` of a
    /// `[3, 32, 32]` image took 2.2x the time built for AVX-512.)
    const FIRST: usize = S::RANK - Lo::RANK;

    /// Whether the padded index `index` (in range of the padded shape)
    /// reads the source: each padded axis minus its padding is below the
    /// source's dimension (a position before the padding wraps around).
    #[inline(always)]
    pub(crate) fn inside(index: &[usize]) -> bool {
        let (dims, first) = (S::DIMS, Self::FIRST);
        (first..S::RANK)
            .all(|axis| index[axis].wrapping_sub(Lo::PADDED[axis - first]) < dims.as_ref()[axis])
    }

    /// The source index that the padded index `index` (in range of the
    /// padded shape) reads, or `None` on the border.
    #[inline(always)]
    pub(crate) fn source(index: &[usize]) -> Option<S::Index> {
        let (dims, first) = (S::DIMS, Self::FIRST);
        let mut at = S::Index::ZERO;
        at.as_mut().copy_from_slice(index);
        for axis in first..S::RANK {
            let i = &mut at.as_mut()[axis];
            *i = i.wrapping_sub(Lo::PADDED[axis - first]);
            if *i >= dims.as_ref()[axis] {
                return None;
            }
        }
        Some(at)
    }

    /// For each position of the padded shape `P`, in row-major order,
    /// whether it reads the source ([`inside`](Self::inside)), an odometer
    /// over `P` keeping the index.
    #[inline(always)]
    pub(crate) fn cells<P: Shape>() -> impl ExactSizeIterator<Item = bool> {
        let dims = P::DIMS;
        let mut at = P::Index::ZERO;
        (0..P::SIZE).map(move |_| {
            let inside = Self::inside(at.as_ref());
            for (i, &d) in at.as_mut().iter_mut().zip(dims.as_ref()).rev() {
                *i += 1;
                if *i < d {
                    break;
                }
                *i = 0;
            }
            inside
        })
    }

    /// The position, in the row-major buffer of the padded shape `P`, of
    /// the first element of the source's row `row` (the rows of its last
    /// axis, numbered in row-major order): the row's first index,
    /// unravelled with constant divisors, shifted by the padding and
    /// ravelled with `P`'s strides. The source has at least one axis, as a
    /// padded one does (`PadShape`), and `row` is below its number of rows.
    ///
    /// Measured slower: the rows walked by the walker's odometer over the
    /// leading axes (the padded copy of a `[3, 32, 32]` image 1.4-1.5x the
    /// time, bench/README.md "Padding"), and these positions as an
    /// iterator zipped with the source's rows (1.05x, built for AVX2).
    #[inline(always)]
    pub(crate) fn row_start<P: Shape>(row: usize) -> usize {
        let first = Self::FIRST;
        let index = unravel::<S>(row * S::PADDED[S::RANK - 1]);
        let strides = P::STRIDES;
        let pairs = index.as_ref().iter().zip(strides.as_ref()).enumerate();
        let at = pairs.map(|(axis, (&i, &s))| {
            let lo = if axis >= first {
                Lo::PADDED[axis - first]
            } else {
                0
            };
            (i + lo) * s
        });
        at.sum()
    }
}

#[cfg(test)]
mod tests {
    use super::Mask;
    use crate::index::unravel;
    use crate::prelude::*;

    type S = Shape![2, 3, 5];
    type Lo = Shape![2, 1];
    type P = Shape![2, 6, 8]; // padded by [2, 1] before, [1, 2] after

    #[test]
    fn inside_and_source_agree_with_index_arithmetic() {
        let mut inside = 0;
        for flat in 0..<P as Shape>::SIZE {
            let [n, i, j] = unravel::<P>(flat);
            let want = (2..5).contains(&i) && (1..6).contains(&j);
            assert_eq!(Mask::<S, Lo>::inside(&[n, i, j]), want, "{n} {i} {j}");
            let source = want.then(|| [n, i - 2, j - 1]);
            assert_eq!(Mask::<S, Lo>::source(&[n, i, j]), source, "{n} {i} {j}");
            inside += want as usize;
        }
        assert_eq!(inside, <S as Shape>::SIZE);
        let cells: std::vec::Vec<bool> = Mask::<S, Lo>::cells::<P>().collect();
        assert_eq!(cells.len(), <P as Shape>::SIZE);
        for (flat, &c) in cells.iter().enumerate() {
            assert_eq!(c, Mask::<S, Lo>::inside(&unravel::<P>(flat)), "{flat}");
        }
    }

    #[test]
    fn row_start_gives_every_source_row_its_padded_position() {
        for row in 0..6 {
            let (n, i) = (row / 3, row % 3);
            let want = (n * 6 + i + 2) * 8 + 1;
            assert_eq!(Mask::<S, Lo>::row_start::<P>(row), want, "{row}");
        }
        // A rank-1 source: one row, after the padding.
        assert_eq!(Mask::<Shape![4], Shape![3]>::row_start::<Shape![9]>(0), 3);
        // Padding before only the last of four axes.
        type Four = Shape![2, 3, 4, 5];
        let at = Mask::<Four, Shape![2]>::row_start::<Shape![2, 3, 4, 8]>(23);
        assert_eq!(at, ((3 + 2) * 4 + 3) * 8 + 2); // [1, 2, 3, 0] + [0, 0, 0, 2]
    }
}
