//! `max` and `min`: the folds of their definition (NaN wins, the first
//! of two NaNs, the first of equal values), their fast forms for elements
//! that are not NaN, and the extremum of a run or of a whole view.

use super::run::{empty, fold_run, fold_strided};
use crate::layout::Layout;
use crate::num::type_of::{is_primitive, slice_as};
use crate::view::View;

/// `b` if it is larger than `a`, else `a`; NaN (unordered) wins, `a` if
/// both are. Written as two comparisons and a select (`&`: no
/// short-circuit branch): `b` is taken when it is not at most `a` (larger,
/// or unordered with it) and `a` is ordered with itself (not a NaN). LLVM
/// vectorises a loop of them where the target has a vector select (x86
/// from SSE 4.1's `blendvps`), not on the x86-64 baseline (SSE2): there
/// the max pools and [`extreme_run`] fold NaN-free input with
/// [`larger_of_ordered`].
#[inline(always)]
#[allow(clippy::neg_cmp_op_on_partial_ord)] // `!(b <= a)`: also true when unordered
pub(crate) fn larger<T: PartialOrd>(a: T, b: T) -> T {
    if !(b <= a) & ordered_with_itself(&a) {
        b
    } else {
        a
    }
}

/// `b` if it is smaller than `a`, else `a`; NaN (unordered) wins, `a` if
/// both are (as [`larger`]).
#[inline(always)]
#[allow(clippy::neg_cmp_op_on_partial_ord)] // `!(b >= a)`: also true when unordered
pub(crate) fn smaller<T: PartialOrd>(a: T, b: T) -> T {
    if !(b >= a) & ordered_with_itself(&a) {
        b
    } else {
        a
    }
}

/// `larger(a, b)` for an `a` ordered with itself (not a NaN): `b` when
/// `!(b <= a)`. For a primitive number that is `b > a` (only a NaN is
/// unordered, and `a` is none; `maxps` on x86), cheaper where a select is
/// slow: `cmpleps` and a blend, against `maxps`, measured 3.2× the hand
/// loop against 1.9–2.4× in the max pools. Any other `PartialOrd` may have
/// incomparable pairs, where `b` is the definition's result, so it keeps
/// the test.
#[inline(always)]
pub(crate) fn larger_of_ordered<T: PartialOrd>(a: T, b: T) -> T {
    let take_b = match is_primitive::<T>() {
        true => b > a,
        #[allow(clippy::neg_cmp_op_on_partial_ord)] // true when incomparable
        false => !(b <= a),
    };
    if take_b {
        b
    } else {
        a
    }
}

/// `smaller(a, b)` for an `a` ordered with itself, as
/// [`larger_of_ordered`]: `b < a` for a primitive number (`minps`).
#[inline(always)]
pub(crate) fn smaller_of_ordered<T: PartialOrd>(a: T, b: T) -> T {
    let take_b = match is_primitive::<T>() {
        true => b < a,
        #[allow(clippy::neg_cmp_op_on_partial_ord)] // true when incomparable
        false => !(b >= a),
    };
    if take_b {
        b
    } else {
        a
    }
}

/// `max` or `min`: the definition's fold (`exact`, [`larger`] or
/// [`smaller`]) and its form for elements ordered with themselves
/// (`fast`, [`larger_of_ordered`] or [`smaller_of_ordered`]).
pub(crate) struct Extremum<T> {
    /// The fold of the definition: NaN wins, the first of two NaNs, the
    /// first of equal values.
    pub(crate) exact: fn(T, T) -> T,
    /// The same fold where `a` is not a NaN.
    pub(crate) fast: fn(T, T) -> T,
}

impl<T> Clone for Extremum<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Extremum<T> {}

impl<T: PartialOrd> Extremum<T> {
    /// The largest element.
    pub(crate) const MAX: Self = Extremum {
        exact: larger,
        fast: larger_of_ordered,
    };
    /// The smallest element.
    pub(crate) const MIN: Self = Extremum {
        exact: smaller,
        fast: smaller_of_ordered,
    };
}

/// Whether `x` is ordered with itself (not a NaN); always for a total
/// order, where it folds to `true`.
#[inline(always)]
#[allow(clippy::eq_op)]
pub(crate) fn ordered_with_itself<T: PartialOrd>(x: &T) -> bool {
    x == x
}

/// The extremum `e` of a non-empty run: `fold_run(xs, e.exact, what)`,
/// computed in independent lanes by `e.fast` for primitive numbers.
///
/// A single chain of `larger` is scalar and bound by its latency: `max()`
/// of `[256, 256]` took 10× a hand loop of `f32::max`
/// (`bench/benches/extremes.rs`). For a primitive number the run is
/// folded in [`LANE_BYTES`] of lanes by `e.fast` (`maxps`), each lane
/// also marking whether it met a NaN, in the same pass. If one did, the
/// definition's result is the first NaN, looked up. Otherwise the lanes
/// give the extreme value; of equal values the definition returns the
/// first, and equal primitive numbers have the same bits except `0.0` and
/// `-0.0`, so a zero result is looked up again as the first element equal
/// to it.
///
/// Measured against this, on the default target and natively (AVX-512):
/// a NaN count per 16 KiB chunk before its fold (two passes: 0.45–0.8×
/// the hand loop on the default target, but 1.3–1.5× natively), and the
/// exact fold in lanes, a NaN result looked up (vectorised as compares and
/// masks: 0.75–1.3× and 1.7–2.2×).
#[track_caller]
pub(super) fn extreme_run<T: Copy + PartialOrd>(xs: &[T], e: Extremum<T>, what: &str) -> T {
    if xs.is_empty() {
        return empty(what);
    }
    if !is_primitive::<T>() {
        return fold_run(xs, e.exact, what);
    }
    let (acc, clean) = fold_lanes(xs, e.fast);
    if !clean {
        return *xs.iter().find(|x| !ordered_with_itself(*x)).unwrap_or(&acc);
    }
    match is_float_zero(&acc) {
        true => *xs.iter().find(|&&x| x == acc).unwrap_or(&acc),
        false => acc,
    }
}

// Mutants that change only the speed, not a result, and survive: the lane
// counts of `fold_lanes` (the zero look-up makes any lane count exact),
// and `is_float_zero` always `true` (the look-up is then always made).

/// Whether every element of `xs` is ordered with itself (none is a NaN);
/// folds to `true` for a total order.
#[inline(always)]
pub(crate) fn none_unordered<T: PartialOrd>(xs: &[T]) -> bool {
    none_flagged(xs, |x| !ordered_with_itself(x))
}

/// Whether `flag` holds for no element of `xs`: counted (in `u32`, by
/// chunks too short to overflow it, and that fit a 16-bit `usize`), not
/// `any`, so that LLVM vectorises it (no early exit, no reduction of
/// flags).
#[inline(always)]
pub(crate) fn none_flagged<T>(xs: &[T], flag: impl Fn(&T) -> bool) -> bool {
    xs.chunks(usize::from(u16::MAX)).all(|chunk| {
        let flags = chunk.iter().map(|x| u32::from(flag(x)));
        flags.sum::<u32>() == 0
    })
}

/// The bytes of independent lanes [`fold_lanes`] keeps: four 16-byte
/// vectors (as `ACCUMULATOR_BYTES` of the sums).
const LANE_BYTES: usize = 64;

/// `combine` folded over a non-empty run in lanes (element `i` into lane
/// `i % lanes`, then the lanes in order, then the elements left over), and
/// whether every element is ordered with itself (no NaN).
#[inline(always)]
fn fold_lanes<T: Copy + PartialOrd>(xs: &[T], combine: fn(T, T) -> T) -> (T, bool) {
    match size_of::<T>() {
        0..=1 => fold_lanes_in::<T, { LANE_BYTES }>(xs, combine),
        2 => fold_lanes_in::<T, { LANE_BYTES / 2 }>(xs, combine),
        3..=4 => fold_lanes_in::<T, { LANE_BYTES / 4 }>(xs, combine),
        _ => fold_lanes_in::<T, { LANE_BYTES / 8 }>(xs, combine),
    }
}

/// [`fold_lanes`] in `N` lanes, each [`Marked`].
#[inline(always)]
fn fold_lanes_in<T: Copy + PartialOrd, const N: usize>(
    xs: &[T],
    combine: fn(T, T) -> T,
) -> (T, bool) {
    let step = marking(combine);
    let mut acc = [(xs[0], 0); N];
    let chunks = xs.chunks_exact(N);
    let rest = chunks.remainder();
    for chunk in chunks {
        for (a, &x) in acc.iter_mut().zip(chunk) {
            *a = step(*a, x);
        }
    }
    let (folded, marks) = acc
        .iter()
        .fold(acc[0], |(m, all), &(x, mark)| (combine(m, x), all | mark));
    let folded = rest.iter().fold(folded, |m, &x| combine(m, x));
    (folded, marks == 0 && none_unordered(rest))
}

/// An extremum folded with its NaN mark: the mark or-s whether any element
/// folded in was a NaN. Folding both in one pass lets LLVM vectorise them
/// together (`maxps`, `cmpunordps`, `por`), where counting NaNs first
/// reads the input twice.
pub(super) type Marked<T> = (T, u32);

/// `fast` on the value of a [`Marked`], and the element's NaN mark or-ed
/// into its mark.
#[inline(always)]
pub(super) fn marking<T: Copy + PartialOrd>(
    fast: fn(T, T) -> T,
) -> impl Fn(Marked<T>, T) -> Marked<T> + Copy {
    move |(a, mark), x| (fast(a, x), mark | u32::from(!ordered_with_itself(&x)))
}

/// Whether `x` is an `f32` or `f64` zero (either sign): the only equal
/// primitive numbers with different bits.
#[inline(always)]
fn is_float_zero<T>(x: &T) -> bool {
    let x = core::slice::from_ref(x);
    slice_as::<T, f32>(x).is_some_and(|x| x[0] == 0.0)
        || slice_as::<T, f64>(x).is_some_and(|x| x[0] == 0.0)
}

/// The extremum `e` over every element of a view.
#[track_caller]
pub(super) fn extreme<T: Copy + PartialOrd, L: Layout>(
    v: &View<'_, T, L>,
    what: &str,
    e: Extremum<T>,
) -> T {
    match v.as_contiguous() {
        Some(elems) => extreme_run(elems, e, what),
        None => {
            let first = *v.iter().next().unwrap_or_else(|| empty(what));
            // `combine(first, first)` is `first`: max and min are idempotent.
            fold_strided(v, first, e.exact)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nan_propagates_wherever_it_appears() {
        assert!(larger(f32::NAN, 1.0).is_nan() && larger(1.0, f32::NAN).is_nan());
        assert!(smaller(f64::NAN, 1.0).is_nan() && smaller(1.0, f64::NAN).is_nan());
        assert_eq!((larger(1, 2), smaller(1, 2)), (2, 1));
        assert_eq!((larger(2, 1), smaller(2, 1)), (2, 1));
        assert_eq!(
            (larger(-0.5f32, 0.25), smaller(0.25f32, -0.5)),
            (0.25, -0.5)
        );
        // Of two NaNs, the first (`a`) is kept: told apart by their payloads.
        let (a, b) = (f32::from_bits(0x7fc0_0001), f32::from_bits(0x7fc0_0002));
        assert_eq!(larger(a, b).to_bits(), a.to_bits());
        assert_eq!(smaller(b, a).to_bits(), b.to_bits());
        // Equal values: `a` (told apart by the sign of zero).
        assert!(
            larger(-0.0f32, 0.0).is_sign_negative() && smaller(0.0f32, -0.0).is_sign_positive()
        );
    }

    /// `extreme_run` of `xs` against the definition's fold, bit for bit
    /// (`bits`), for the maximum and the minimum.
    fn check_runs<T: Copy + PartialOrd>(xs: &[T], bits: impl Fn(T) -> u64) {
        for (e, name) in [(Extremum::MAX, "max"), (Extremum::MIN, "min")] {
            let (got, want) = (extreme_run(xs, e, name), fold_run(xs, e.exact, name));
            assert_eq!(bits(got), bits(want), "{name} of {} elements", xs.len());
        }
    }

    /// `len` distinct `f32`, negative and positive (9216: three CIFAR
    /// images).
    fn distinct(len: usize) -> std::vec::Vec<f32> {
        (0..len)
            .map(|i| ((i * 40503) % 65536) as f32 / 256.0 - 128.0)
            .collect()
    }

    #[test]
    fn extreme_runs_are_the_definitions_fold() {
        let bits32 = |x: f32| u64::from(x.to_bits());
        let base = distinct(9216);
        check_runs(&base, bits32);
        for len in 1..70 {
            check_runs(&base[..len], bits32);
        }
        // A NaN anywhere (first, in a lane, at a chunk's edges, last), and
        // a second one of another payload before or after it, in another
        // lane or chunk: the first NaN is the result.
        let (nan1, nan2) = (f32::from_bits(0x7fc0_0001), f32::from_bits(0xffc0_0002));
        // Only in the elements left over after the lanes (9219 = 576 · 16 + 3).
        let mut odd = distinct(9219);
        odd[9217] = nan1;
        check_runs(&odd, bits32);
        let mut last = distinct(9217);
        last[9216] = nan1; // the only element left over
        check_runs(&last, bits32);
        for at in [0, 1, 15, 16, 17, 4095, 4096, 4097, 8191, 8192, 9215] {
            let mut xs = base.clone();
            xs[at] = nan1;
            check_runs(&xs, bits32);
            for other in [at / 2, at + 1, at + 4099] {
                let mut xs = xs.clone();
                if other < xs.len() && other != at {
                    xs[other] = nan2;
                    check_runs(&xs, bits32);
                }
            }
        }
        // Equal values of different bits: zeros of both signs as the
        // extreme, the first of them in a later lane than another.
        for (first, later) in [(5, 16), (16, 5), (3, 4100), (4100, 3)] {
            for (zero_a, zero_b) in [(-0.0f32, 0.0f32), (0.0, -0.0)] {
                let mut below = std::vec![-1.0f32; 9216];
                (below[first], below[later]) = (zero_a, zero_b);
                check_runs(&below, bits32);
                let mut above = std::vec![1.0f32; 9216];
                (above[first], above[later]) = (zero_a, zero_b);
                check_runs(&above, bits32);
            }
        }
        // `f64` (8 lanes), with zeros of both signs too.
        let mut wide: std::vec::Vec<f64> = base.iter().map(|&x| f64::from(x) - 200.0).collect();
        (wide[5], wide[8]) = (-0.0, 0.0);
        check_runs(&wide, f64::to_bits);
        wide[2049] = f64::NAN;
        check_runs(&wide, f64::to_bits);
    }

    #[test]
    fn extreme_runs_of_integers_and_of_partial_orders() {
        for len in [1, 2, 63, 64, 65, 3072, 20000] {
            let bytes: std::vec::Vec<i8> = (0..len).map(|i| (i * 37 % 251) as i8).collect();
            check_runs(&bytes, |x| x as u8 as u64);
            let words: std::vec::Vec<u64> =
                (0..len as u64).map(|i| i * 0x9e37_79b9 % 65537).collect();
            check_runs(&words, |x| x);
            let halves: std::vec::Vec<i16> = (0..len).map(|i| (i * 40503 % 65521) as i16).collect();
            check_runs(&halves, |x| x as u16 as u64);
        }
        // A product order: `(a, b) <= (c, d)` when `a <= c` and `b <= d`,
        // incomparable pairs otherwise. Lanes would reorder the fold.
        #[derive(Clone, Copy, PartialEq)]
        struct P(i32, i32);
        impl PartialOrd for P {
            fn partial_cmp(&self, o: &Self) -> Option<core::cmp::Ordering> {
                use core::cmp::Ordering::*;
                match (self.0.cmp(&o.0), self.1.cmp(&o.1)) {
                    (x, y) if x == y => Some(x),
                    (Equal, y) => Some(y),
                    (x, Equal) => Some(x),
                    _ => None,
                }
            }
        }
        let bits = |p: P| ((p.0 as u64) << 32) | p.1 as u32 as u64;
        let ps: std::vec::Vec<P> = (0..300).map(|i| P(i % 17, (i * 7) % 13)).collect();
        check_runs(&ps, bits);
        // In order, `(0, 5)` replaces `(5, 0)`; in 8 lanes, lane 1's
        // `(5, 0)` would replace lane 0's `(0, 5)`.
        let mut ps = std::vec![P(0, 0); 16];
        (ps[1], ps[8]) = (P(5, 0), P(0, 5));
        check_runs(&ps, bits);
        // The fast folds keep `a` on ties and take an incomparable `b`.
        assert!(larger_of_ordered(0.0f32, -0.0).is_sign_positive());
        assert!(smaller_of_ordered(0.0f32, -0.0).is_sign_positive());
        assert_eq!(bits(larger_of_ordered(P(1, 2), P(2, 1))), bits(P(2, 1)));
        assert_eq!(bits(smaller_of_ordered(P(1, 2), P(2, 1))), bits(P(2, 1)));
        assert_eq!(bits(larger_of_ordered(P(1, 2), P(2, 3))), bits(P(2, 3)));
        assert_eq!(bits(smaller_of_ordered(P(1, 2), P(0, 1))), bits(P(0, 1)));
        assert_eq!(bits(smaller_of_ordered(P(1, 2), P(2, 3))), bits(P(1, 2)));
    }

    #[test]
    fn an_empty_run_panics_with_its_name() {
        let err = std::panic::catch_unwind(|| extreme_run::<f32>(&[], Extremum::MAX, "max_axes"));
        let msg = *err.unwrap_err().downcast::<std::string::String>().unwrap();
        assert!(msg.starts_with("max_axes of no element"), "{msg}");
    }
}
