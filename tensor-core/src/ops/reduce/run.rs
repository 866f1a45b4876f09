//! Reductions of one run or of a whole view to one value: the sum in
//! independent accumulators, folds in logical order, and the counts and
//! panics the reductions over axes share.

use crate::axis::Axes;
use crate::layout::walk::Rows;
use crate::layout::Layout;
use crate::num::{Acc, Accumulate, Zero};
use crate::shape::Shape;
use crate::view::View;

/// How many elements each result of a reduction over `X` folds: the
/// product of the reduced axes' sizes.
pub(crate) fn reduced_count<S: Shape, X: Axes>() -> usize {
    let dims = S::DIMS;
    X::AXES
        .as_ref()
        .iter()
        .map(|&axis| dims.as_ref()[axis])
        .product()
}

/// Panics at the caller when an axis of `X` has size 0: a maximum or minimum
/// over no element is undefined (NumPy raises too, even when the result is
/// empty).
#[track_caller]
pub(crate) fn check_not_empty<S: Shape, X: Axes>(what: &str) {
    if reduced_count::<S, X>() == 0 {
        empty::<()>(what);
    }
}

#[cold]
#[track_caller]
pub(super) fn empty<T>(what: &str) -> T {
    panic!("{what} of no element: a reduced axis has size 0")
}

/// The sum of a run, in independent accumulators: [`ACCUMULATOR_BYTES`] of
/// them for elements of 4 bytes or fewer, 8 for larger ones.
///
/// LLVM keeps the accumulators in vector registers, and the sums of
/// consecutive runs overlap once inlined. Slower variants (measured with 8
/// accumulators on SSE2, 3.0 µs for the row sums of `[256, 256]`):
/// summing the eight pairwise at the end (`(a + e) + ...`: LLVM split them
/// into four 2-lane chains, 5.6 µs), a call per run (through
/// `from_flat_fn`: 6.4 µs), two runs interleaved (7.1 µs). (16 or 32
/// accumulators measured 3.1 to 4.9 µs then; with the current inlining 16
/// are the faster, see [`ACCUMULATOR_BYTES`].)
#[inline(always)]
pub(crate) fn sum_run<T: Accumulate>(xs: &[T]) -> T {
    sum_run_of(xs, |x| x)
}

/// The sum of `f` of each element of a run, in the accumulators of
/// [`sum_run`] (the variances' squared deviations, `ops/moments.rs`).
///
/// (How many accumulators changes only the speed and how a float sum
/// rounds, which no test pins: mutants of the arms and of the count
/// survive; so does deleting `sum_run_in`'s `[]` arm, which gives the same
/// total without the fold over no element.)
#[inline(always)]
pub(crate) fn sum_run_of<T: Accumulate>(xs: &[T], f: impl Fn(T) -> T) -> T {
    match size_of::<Acc<T>>() {
        0..=4 => sum_run_in::<T, { ACCUMULATOR_BYTES / 4 }>(xs, f),
        _ => sum_run_in::<T, 8>(xs, f),
    }
}

/// [`sum_run_of`] in `N` accumulators.
#[inline(always)]
fn sum_run_in<T: Accumulate, const N: usize>(xs: &[T], f: impl Fn(T) -> T) -> T {
    let mut acc = [Acc::<T>::ZERO; N];
    let chunks = xs.chunks_exact(N);
    let rest = chunks.remainder();
    for chunk in chunks {
        for (a, &x) in acc.iter_mut().zip(chunk) {
            *a = *a + f(x).widen();
        }
    }
    let total = acc[1..].iter().fold(acc[0], |s, &x| s + x);
    // Not `total + 0` when nothing is left: LLVM keeps that add (-0.0).
    T::narrow(match rest {
        [] => total,
        _ => rest.iter().fold(total, |s, &x| s + f(x).widen()),
    })
}

/// The bytes of partial sums [`sum_run`] keeps for elements of 4 bytes or
/// fewer: four vector registers of independent chains whatever the vector
/// width (64 bytes: 16 `f32`). Measured on the `[256, 256]` row sums of
/// `bench/benches/ops.rs`, against a hand loop with 8 accumulators: 32
/// bytes 1.02–1.03 on SSE2 and 1.00 with AVX-512; 64 bytes 0.91 and 0.86;
/// 128 bytes 1.16 with AVX-512; 256 bytes 2.1.
const ACCUMULATOR_BYTES: usize = 64;

/// `combine` folded over a non-empty run.
#[track_caller]
pub(super) fn fold_run<T: Copy>(xs: &[T], combine: impl Fn(T, T) -> T, what: &str) -> T {
    match xs.split_first() {
        Some((&first, rest)) => rest.iter().fold(first, |a, &x| combine(a, x)),
        None => empty(what),
    }
}

/// `combine` folded from `init` over every element of `v` in logical order:
/// row by row through the walker (`layout/walk.rs`) when the layout has
/// constant strides, element by element otherwise.
///
/// (Both ways give the same fold in the same order: the row reader reads
/// a layout without constant strides through its map too. The rows are
/// the faster, so a mutant swapping the two survives.)
#[inline]
pub(super) fn fold_strided<T: Copy, L: Layout, A>(
    v: &View<'_, T, L>,
    init: A,
    combine: impl Fn(A, T) -> A,
) -> A {
    if !const { Rows::<T, L>::STRIDED } {
        return v.iter().fold(init, |acc, &x| combine(acc, x));
    }
    let (rows, width) = (Rows::new(v), Rows::<T, L>::WIDTH);
    let count = <L::Shape as Shape>::SIZE.checked_div(width).unwrap_or(0);
    (0..count).fold(init, |acc, r| {
        let row = rows.row(r);
        (0..width).fold(acc, |acc, j| combine(acc, *rows.at(&row, j)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sum_run_uses_every_element() {
        let xs: std::vec::Vec<i64> = (1..=21).collect();
        assert_eq!(sum_run(&xs), 231);
        assert_eq!(sum_run::<i64>(&[]), 0);
        assert_eq!(sum_run_of(&xs, |x| x * x), 3311);
        let odd: std::vec::Vec<f32> = (0..37).map(|i| i as f32).collect();
        assert_eq!(sum_run_of(&odd, |x| 2.0 * x), 1332.0);
    }
}
