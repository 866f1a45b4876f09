//! The direct convolution over a padded input (`conv_pad.rs`): the
//! output's interior, whose every tap reads the source, runs the loop of
//! the valid convolution with no test per tap; the border tests each tap
//! and reads the pad value outside the source, its rows' interior columns
//! `LANES` at a time.

use core::ops::Range;

use crate::num::{Acc, MulAccumulate, Zero};
use crate::ops::conv::Dims;

/// Where the source lies in the padded input of a convolution: `lo` rows
/// and columns of padding before it, and the value read outside it.
#[derive(Clone, Copy)]
pub(in crate::ops) struct Pads<T> {
    pub(in crate::ops) lo: [usize; 2],
    pub(in crate::ops) value: T,
}

/// The outputs `0..n` of one axis whose every tap reads the source: from
/// `ceil(lo / s)` (the first tap at or after the padding) to the last
/// `i` with `i * s - lo + k <= d`, clamped to `0..n`.
#[inline(always)]
fn interior(lo: usize, d: usize, k: usize, s: usize, n: usize) -> Range<usize> {
    let start = lo.div_ceil(s).min(n);
    let end = match (d + lo).checked_sub(k) {
        Some(last) => (last / s + 1).min(n),
        None => 0,
    };
    start..end.max(start)
}

/// The outputs a border row computes together.
const LANES: usize = 8;

/// The outputs at `[i, j..j + LANES]` of one output channel (weights `wo`),
/// in columns whose taps all lie inside the image's columns: a kernel row
/// reads the image row for every lane or the pad value for every lane, so
/// the lanes run side by side (vectorized), each adding its terms in the
/// order of [`tested`].
#[inline(always)]
fn border_row_lanes<T>(
    x: &[T],
    wo: &[T],
    dims: Dims,
    pads: Pads<T>,
    [i, j]: [usize; 2],
) -> [T; LANES]
where
    T: MulAccumulate,
{
    let ([c, h, wd], [_, _, kh, kw], [sh, sw]) = (dims.input, dims.kernel, dims.step);
    let [lh, lw] = pads.lo;
    let x0 = (j * sw).wrapping_sub(lw);
    let mut accs = [Acc::<T>::ZERO; LANES];
    for ci in 0..c {
        for a in 0..kh {
            let y = (i * sh + a).wrapping_sub(lh);
            let taps = &wo[(ci * kh + a) * kw..(ci * kh + a + 1) * kw];
            if y < h {
                let row = &x[(ci * h + y) * wd..(ci * h + y + 1) * wd];
                for (b, &wv) in taps.iter().enumerate() {
                    for (l, acc) in accs.iter_mut().enumerate() {
                        *acc = *acc + wv.widen() * row[x0 + l * sw + b].widen();
                    }
                }
            } else {
                for &wv in taps {
                    for acc in accs.iter_mut() {
                        *acc = *acc + wv.widen() * pads.value.widen();
                    }
                }
            }
        }
    }
    accs.map(T::narrow)
}

/// The output at `[i, j]` of one output channel (weights `wo`), each tap
/// tested against the source and reading the pad value outside it.
#[inline(always)]
fn tested<T>(x: &[T], wo: &[T], dims: Dims, pads: Pads<T>, [i, j]: [usize; 2]) -> T
where
    T: MulAccumulate,
{
    let ([c, h, wd], [_, _, kh, kw], [sh, sw]) = (dims.input, dims.kernel, dims.step);
    let [lh, lw] = pads.lo;
    let mut acc = Acc::<T>::ZERO;
    for ci in 0..c {
        for a in 0..kh {
            let y = (i * sh + a).wrapping_sub(lh);
            for b in 0..kw {
                let xx = (j * sw + b).wrapping_sub(lw);
                let v = if y < h && xx < wd {
                    x[(ci * h + y) * wd + xx]
                } else {
                    pads.value
                };
                acc = acc + wo[(ci * kh + a) * kw + b].widen() * v.widen();
            }
        }
    }
    T::narrow(acc)
}

/// The direct convolution over the padded input, `out = [O, OH, OW]`: the
/// interior rows' interior columns without a test per tap, every other
/// output testing each tap against the source. The terms are added in the
/// order of `conv::direct` over a padded copy.
#[inline(always)]
pub(super) fn padded<T>(
    x: &[T],
    w: &[T],
    dims: Dims,
    pads: Pads<T>,
    out: [usize; 3],
    mut store: impl FnMut(usize, T),
) where
    T: MulAccumulate,
{
    let ([c, h, wd], [_, _, kh, kw], [sh, sw]) = (dims.input, dims.kernel, dims.step);
    let ([o, oh, ow], [lh, lw]) = (out, pads.lo);
    let (rows, cols) = (interior(lh, h, kh, sh, oh), interior(lw, wd, kw, sw, ow));
    let (x, w) = (&x[..c * h * wd], &w[..o * c * kh * kw]);
    for oc in 0..o {
        let wo = &w[oc * c * kh * kw..(oc + 1) * c * kh * kw];
        // The border: whole rows above and below the interior, and the
        // columns left and right of it on the interior's rows. The
        // dimensions go to `tested` by value: borrowed, they would escape
        // into its calls and the interior would reload them from the stack
        // instead of folding them as constants (measured 20x slower).
        for i in 0..oh {
            let at = (oc * oh + i) * ow;
            let mut tested_from = cols.end;
            if !rows.contains(&i) {
                // A border row's interior columns, `LANES` at a time: each
                // kernel row is in the image or not for all of them.
                let mut j = cols.start;
                while j + LANES <= cols.end {
                    // A plain loop: a closure capturing `store` would let
                    // the output's pointer escape (measured 37 µs against 4).
                    let accs = border_row_lanes(x, wo, dims, pads, [i, j]);
                    for (l, &v) in accs.iter().enumerate() {
                        store(at + j + l, v);
                    }
                    j += LANES;
                }
                tested_from = j;
            }
            for j in (0..cols.start).chain(tested_from..ow) {
                store(at + j, tested(x, wo, dims, pads, [i, j]));
            }
        }
        // The interior, as `conv::direct`: constant bounds once inlined.
        // Where the interior's first output reads: `start * s >= lo` when
        // the range is not empty (`interior`); an empty one reads nothing.
        let r0 = (rows.start * sh).wrapping_sub(lh);
        let c0 = (cols.start * sw).wrapping_sub(lw);
        let (rn, cn) = (rows.len(), cols.len());
        for i in 0..rn {
            for j in 0..cn {
                let mut acc = Acc::<T>::ZERO;
                for ci in 0..c {
                    for a in 0..kh {
                        for b in 0..kw {
                            let wv = w[((oc * c + ci) * kh + a) * kw + b].widen();
                            let xv = x[(ci * h + r0 + i * sh + a) * wd + c0 + j * sw + b];
                            acc = acc + wv * xv.widen();
                        }
                    }
                }
                store(
                    (oc * oh + rows.start + i) * ow + cols.start + j,
                    T::narrow(acc),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::interior;

    #[test]
    fn the_interior_is_where_every_tap_reads_the_source() {
        // Brute force over small sizes: an output is interior exactly when
        // all its taps land in the source.
        for d in 0..7 {
            for k in 1..5 {
                for lo in 0..4 {
                    for s in 1..4 {
                        let padded = d + lo + 2;
                        let n = if padded >= k { (padded - k) / s + 1 } else { 0 };
                        let r = interior(lo, d, k, s, n);
                        for i in 0..n {
                            let reads_source =
                                (0..k).all(|a| i * s + a >= lo && i * s + a - lo < d);
                            assert_eq!(
                                r.contains(&i),
                                reads_source,
                                "d={d} k={k} lo={lo} s={s} i={i}"
                            );
                        }
                        assert!(r.start <= r.end && r.end <= n);
                    }
                }
            }
        }
    }
}
