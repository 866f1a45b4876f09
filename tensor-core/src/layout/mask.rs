//! Padding as a mask over a layout, as tinygrad's `View.mask`: a source of
//! shape `S` padded by `Lo` elements before each of its last `Lo::RANK`
//! axes reads, at a padded index `i`, the source at `i - lo` where every
//! axis lies in `lo..lo + d` (the mask), and the pad value elsewhere.
//!
//! This is where a padded view's indices are computed: `view/pad.rs` asks
//! [`Mask`] which positions are inside and which source index a position
//! reads, and copies the source's rows to the positions [`Mask::row_start`]
//! gives; the convolution kernel (`ops/conv/kernel.rs`) asks
//! [`axis_source`] per tap and [`interior`] where no tap needs asking.
//!
//! ```
//! use tensor_core::prelude::*;
//! let x = tensor![[1, 2], [3, 4]];
//! let p = x.pad_sides::<Shape![1, 0], Shape![0, 1]>(0); // [3, 3]
//! assert_eq!(p.to_tensor(), tensor![[0, 0, 0], [1, 2, 0], [3, 4, 0]]);
//! assert_eq!((p.get([1, 0]), p.get([0, 2])), (Some(&1), Some(&0)));
//! ```

use core::marker::PhantomData;
use core::ops::Range;

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
        (first..S::RANK).all(|axis| {
            axis_source(index[axis], Lo::PADDED[axis - first], dims.as_ref()[axis]).is_some()
        })
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
            *i = axis_source(*i, Lo::PADDED[axis - first], dims.as_ref()[axis])?;
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

/// The source position that position `i` of one padded axis reads, the
/// source's `d` positions lying after `lo` of padding, or `None` on the
/// border (a position before the padding wraps around): the mask of one
/// axis, which [`Mask`] applies to every padded axis.
#[inline(always)]
pub(crate) fn axis_source(i: usize, lo: usize, d: usize) -> Option<usize> {
    let at = i.wrapping_sub(lo);
    (at < d).then_some(at)
}

/// The windows `0..n` along one padded axis, each of `k` positions moved
/// by `s` (window `i` covers `i * s..i * s + k`), whose every position
/// reads the source of `d` positions after `lo` of padding: from
/// `ceil(lo / s)` (the first at or after the padding) to the last `i` with
/// `i * s - lo + k <= d`, clamped to `0..n`.
#[inline(always)]
pub(crate) fn interior(lo: usize, d: usize, k: usize, s: usize, n: usize) -> Range<usize> {
    let start = lo.div_ceil(s).min(n);
    let end = match (d + lo).checked_sub(k) {
        Some(last) => (last / s + 1).min(n),
        None => 0,
    };
    start..end.max(start)
}

#[cfg(test)]
mod tests {
    use super::{axis_source, interior, Mask};
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

    #[test]
    fn axis_source_reads_inside_the_padding_only() {
        // A source of 3 after 2 of padding: positions 2, 3, 4 read 0, 1, 2.
        let read: std::vec::Vec<_> = (0..7).map(|i| axis_source(i, 2, 3)).collect();
        assert_eq!(read, [None, None, Some(0), Some(1), Some(2), None, None]);
        assert_eq!(axis_source(0, 0, 1), Some(0));
        assert_eq!(axis_source(0, 0, 0), None);
    }

    #[test]
    fn the_interior_is_where_every_window_position_reads_the_source() {
        // Brute force over small sizes: a window is interior exactly when
        // all its positions land in the source.
        for d in 0..7 {
            for k in 1..5 {
                for lo in 0..4 {
                    for s in 1..4 {
                        let padded = d + lo + 2;
                        let n = if padded >= k { (padded - k) / s + 1 } else { 0 };
                        let r = interior(lo, d, k, s, n);
                        for i in 0..n {
                            let inside = (0..k).all(|a| i * s + a >= lo && i * s + a - lo < d);
                            assert_eq!(r.contains(&i), inside, "d={d} k={k} lo={lo} s={s} i={i}");
                        }
                        assert!(r.start <= r.end && r.end <= n);
                    }
                }
            }
        }
        // Clamped to the windows there are: none, or fewer than fit.
        assert_eq!(interior(0, 5, 2, 1, 0), 0..0);
        assert_eq!(interior(0, 5, 2, 1, 2), 0..2);
    }
}
