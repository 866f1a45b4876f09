//! Reductions over the axes of an `Axes![..]` list into the result's
//! slots: the kernel is chosen at compile time by where the reduced axes
//! lie (trailing: one run per result; leading: whole rows folded in
//! registers; anything else: each result's elements gathered).

use core::cell::Cell;

use super::extreme::{extreme_run, marking, Extremum, Marked};
use super::run::{check_not_empty, empty, reduced_count, sum_run, sum_run_of};
use crate::axis::Axes;
use crate::layout::walk::{listed, Groups, Rows};
use crate::layout::Layout;
use crate::num::type_of::is_primitive;
use crate::num::{Acc, Accumulate, Zero};
use crate::shape::{Shape, MAX_RANK};
use crate::uninit::Slots;
use crate::view::View;

/// A fold that runs in `A`: `.0` starts it from an element, `.1` adds an
/// element, `.2` ends it (a sum of `half` floats runs in `f32`; `max` and
/// `min` in the element type, `Fold::plain`).
struct Fold<W, C, N>(W, C, N);

impl<T: Copy, C: Fn(T, T) -> T> Fold<fn(T) -> T, C, fn(T) -> T> {
    /// `combine` in the element type itself.
    fn plain(combine: C) -> Self {
        Fold(|x| x, combine, |x| x)
    }
}

/// The bytes of a column strip [`fold_rows`] folds down the rows in
/// registers: 8 independent chains of the target's vectors. With AVX-512
/// (32 registers of 64 bytes) the 128-byte strips of SSE2 are two chains,
/// latency-bound: the `[256, 256]` column sums took 1.72× the hand loop;
/// 256, 512 and 1024 bytes took 1.07, 1.00–1.01 and 1.00.
const STRIP_BYTES: usize = if cfg!(target_feature = "avx512f") {
    1024
} else if cfg!(target_feature = "avx") {
    256
} else {
    128
};

/// Where the reduced axes lie, for choosing a kernel.
#[derive(PartialEq)]
enum Placement {
    /// Only trailing axes are reduced: each result is one run.
    Trailing,
    /// Only leading axes are reduced: the result folds whole rows.
    Leading,
    /// Anything else.
    Mixed,
}

/// Classifies the reduced axes, the first `count` of `axes`, of a
/// rank-`rank` shape. A `const fn`, so that the kernel is chosen at
/// compile time.
const fn placement(axes: &[usize; MAX_RANK], count: usize, rank: usize) -> Placement {
    if all_reduced(axes, count, rank - count, rank) {
        Placement::Trailing
    } else if all_reduced(axes, count, 0, count) {
        Placement::Leading
    } else {
        Placement::Mixed
    }
}

/// Whether every axis of `from..to` is among the first `count` of `axes`.
const fn all_reduced(axes: &[usize; MAX_RANK], count: usize, from: usize, to: usize) -> bool {
    let mut k = from;
    while k < to {
        if !listed(axes, count, k) {
            return false;
        }
        k += 1;
    }
    true
}

/// Whether the groups over `X` of a view laid out by `L` are folded a
/// contiguous run at a time: the layout has constant strides, its runs are
/// contiguous, and `T` is a primitive number (whose sums LLVM vectorises).
#[inline(always)]
fn by_runs<T, L: Layout, X: Axes>() -> bool {
    let contiguous_runs = const { Groups::<L, X>::STRIDED && Groups::<L, X>::STEP == 1 };
    contiguous_runs && is_primitive::<T>()
}

/// The sums of `v` over the axes `X` into the `O::SIZE` slots `out`.
#[inline]
pub(crate) fn sum_into<T: Accumulate, L: Layout, X: Axes, O: Shape>(
    v: &View<'_, T, L>,
    out: &mut Slots<T>,
) {
    let add = Fold(T::widen, |a: Acc<T>, b: T| a + b.widen(), T::narrow);
    fold_axes_into::<_, _, X, O, _>(v, add, sum_run, || T::narrow(Zero::ZERO), out)
}

/// The largest (`e` = [`Extremum::MAX`]) or smallest elements of `v` over
/// the axes `X` into the `O::SIZE` slots `out`; `what` names the
/// operation in the panic of an empty reduction. A result that is one run
/// is [`extreme_run`]'s; any other folds by `e.exact`.
#[inline]
#[track_caller]
pub(crate) fn extreme_into<T: Copy + PartialOrd, L: Layout, X: Axes, O: Shape>(
    v: &View<'_, T, L>,
    e: Extremum<T>,
    what: &'static str,
    out: &mut Slots<T>,
) {
    check_not_empty::<L::Shape, X>(what);
    let leading = const {
        matches!(
            placement(&X::PADDED, X::LEN, <L::Shape as Shape>::RANK),
            Placement::Leading
        )
    };
    // Whole rows combined: each result is one chain down the rows, in
    // order, so that `e.fast` is exact on NaN-free input; it is vectorised
    // where `e.exact` is not (the SSE2 baseline). The strips mark NaNs in
    // the same pass (a count before it, a second read of the input, took
    // 1.7× the hand loop natively, against 1.2×); if one was met, the
    // columns are folded again by `e.exact`.
    let elems = v.as_contiguous().filter(|_| leading && is_primitive::<T>());
    match elems {
        // (An empty result has no element to fold: no strip is folded.)
        Some(elems) => {
            let (first, rest) = elems.split_at(O::SIZE);
            let out_row = out.init_from(first);
            // A NaN in the first row starts its column's chain, where
            // `b > a` and `b < a` keep it, as `e.exact` does: only the
            // other rows need marks.
            let nan = Cell::new(0);
            let mark = |(x, mark): Marked<T>| {
                nan.set(nan.get() | mark);
                x
            };
            fold_rest(rest, out_row, &Fold(|x| (x, 0), marking(e.fast), mark));
            if nan.get() != 0 {
                out_row.copy_from_slice(first);
                fold_rest(rest, out_row, &Fold::plain(e.exact));
            }
        }
        _ => {
            let run = |xs: &[T]| extreme_run(xs, e, what);
            fold_axes_into::<_, _, X, O, _>(v, Fold::plain(e.exact), run, || empty(what), out)
        }
    }
}

/// Reduces the axes `X` of `v` with `combine` into the `O::SIZE` slots
/// `out`, each written once; `run` reduces a contiguous run, `none` is the
/// result of an empty reduction.
///
/// The arms before the last are speed paths: [`fold_groups`] gives their
/// results too (the same runs, or the same chains in order), so mutants
/// deleting the contiguous arms survive. The strided last-axis arm folds
/// each row in order, where `fold_groups` would sum a contiguous row in
/// independent accumulators: deleting it changes only how a float sum
/// rounds, which no test pins.
#[inline]
fn fold_axes_into<T: Copy, L: Layout, X: Axes, O: Shape, A: Copy>(
    v: &View<'_, T, L>,
    combine: Fold<impl Fn(T) -> A, impl Fn(A, T) -> A, impl Fn(A) -> T>,
    run: impl Fn(&[T]) -> T,
    none: impl Fn() -> T,
    out: &mut Slots<T>,
) {
    let out = &mut out[..O::SIZE];
    let reduced = reduced_count::<L::Shape, X>();
    if reduced == 0 || O::SIZE == 0 {
        return out.fill(|_| none());
    }
    let place = const { placement(&X::PADDED, X::LEN, <L::Shape as Shape>::RANK) };
    match (v.as_contiguous(), place) {
        (Some(elems), Placement::Trailing) => out.fill(|o| run(&elems[o * reduced..][..reduced])),
        (Some(elems), Placement::Leading) => fold_rows(elems, O::SIZE, combine, out),
        // The last axis alone, strided: each result folds one row of the walker.
        (None, Placement::Trailing) if X::LEN == 1 && const { Rows::<T, L>::STRIDED } => {
            let (rows, Fold(widen, combine, narrow)) = (Rows::new(v), combine);
            out.fill(|o| {
                let row = rows.row(o);
                let first = widen(*rows.at(&row, 0));
                narrow((1..reduced).fold(first, |acc, j| combine(acc, *rows.at(&row, j))))
            })
        }
        _ => fold_groups::<T, L, X, A>(v, combine, run, out),
    }
}

/// The rows of `elems` (each `width` long) folded together elementwise.
///
/// Column strips of 128 bytes are folded down all the rows in registers
/// (8 independent chains of `f32` vectors on SSE2), then stored once: a
/// loop that adds each row into the output loads and stores the output for
/// every row, and took 6.0 µs against 2.9 µs for the `[256, 256]` column
/// sums of `bench/benches/ops.rs`.
#[inline(always)]
fn fold_rows<T: Copy, A: Copy>(
    elems: &[T],
    width: usize,
    combine: Fold<impl Fn(T) -> A, impl Fn(A, T) -> A, impl Fn(A) -> T>,
    out: &mut Slots<T>,
) {
    let out_row = out.init_from(&elems[..width]);
    fold_rest(&elems[width..], out_row, &combine);
}

/// Folds the rows of `rest` (each `out.len()` long) into `out` by
/// `combine`, in strips of [`STRIP_BYTES`] of accumulators.
///
/// (The strip widths change only the speed: each column is one chain down
/// the rows whatever the strip, so mutants of the widths and of their
/// match arms survive; so does deleting `extreme_into`'s leading path,
/// whose results the general fold gives too.)
#[inline(always)]
fn fold_rest<T: Copy, A: Copy>(
    rest: &[T],
    out: &mut [T],
    combine: &Fold<impl Fn(T) -> A, impl Fn(A, T) -> A, impl Fn(A) -> T>,
) {
    match size_of::<A>() {
        0..=4 => fold_strips::<T, A, { STRIP_BYTES / 4 }>(rest, out, combine),
        5..=8 => fold_strips::<T, A, { STRIP_BYTES / 8 }>(rest, out, combine),
        9..=16 => fold_strips::<T, A, { STRIP_BYTES / 16 }>(rest, out, combine),
        _ => fold_strips::<T, A, 4>(rest, out, combine),
    }
}

/// Folds the rows of `rows` (each `out.len()` long) into `out`, strip by
/// strip of `W` columns, the last columns one by one.
#[inline(always)]
fn fold_strips<T: Copy, A: Copy, const W: usize>(
    rows: &[T],
    out: &mut [T],
    combine: &Fold<impl Fn(T) -> A, impl Fn(A, T) -> A, impl Fn(A) -> T>,
) {
    let width = out.len();
    let mut strips = out.chunks_exact_mut(W);
    for (s, strip) in strips.by_ref().enumerate() {
        fold_strip::<T, A, W>(rows, width, s * W, strip.try_into().unwrap(), combine);
    }
    let first = width - strips.into_remainder().len();
    for j in first..width {
        fold_strip::<T, A, 1>(
            rows,
            width,
            j,
            (&mut out[j..=j]).try_into().unwrap(),
            combine,
        );
    }
}

/// Folds columns `j0 .. j0 + W` of every row of `rows` (each `width` long)
/// into `acc`, kept in registers down the rows.
#[inline(always)]
fn fold_strip<T: Copy, A: Copy, const W: usize>(
    rows: &[T],
    width: usize,
    j0: usize,
    out: &mut [T; W],
    Fold(widen, combine, narrow): &Fold<impl Fn(T) -> A, impl Fn(A, T) -> A, impl Fn(A) -> T>,
) {
    let mut acc = out.map(widen);
    for row in rows.chunks_exact(width) {
        let xs: &[T; W] = row[j0..][..W].try_into().unwrap();
        for (a, &x) in acc.iter_mut().zip(xs) {
            *a = combine(*a, x);
        }
    }
    *out = acc.map(narrow);
}

/// Any other reduction: each result element folds its group of elements
/// (not empty: `fold_axes_into` returns early otherwise), walked by the
/// layout's [`Groups`]. A group of primitive numbers read in contiguous
/// runs is folded a run at a time by `run` (in independent accumulators,
/// for a sum), the runs' results combined in order; any other group
/// element by element in logical order.
#[inline]
fn fold_groups<T: Copy, L: Layout, X: Axes, A: Copy>(
    v: &View<'_, T, L>,
    Fold(widen, combine, narrow): Fold<impl Fn(T) -> A, impl Fn(A, T) -> A, impl Fn(A) -> T>,
    run: impl Fn(&[T]) -> T,
    out: &mut Slots<T>,
) {
    type G<L, X> = Groups<L, X>;
    let (data, state) = v.parts();
    if !by_runs::<T, L, X>() {
        return out.fill(|o| {
            let mut elements = reduced_elements::<T, L, X>(v, o);
            let first = elements.next().unwrap_or_else(|| empty("reduction"));
            narrow(elements.fold(widen(first), &combine))
        });
    }
    out.fill(|o| {
        let mut acc = None;
        G::<L, X>::each_run(data, &state, o, |xs| {
            let part = run(xs);
            acc = Some(acc.map_or_else(|| widen(part), |a| combine(a, part)));
        });
        narrow(acc.unwrap_or_else(|| empty("reduction")))
    });
}

/// The sum of `f` of each of the `reduced` elements that result element
/// `o` of a reduction of `v` over `X` folds: a contiguous run at a time in
/// independent accumulators ([`sum_run_of`]) for primitive numbers, the
/// runs' sums added in order; otherwise element by element in logical
/// order from 0.
#[inline]
pub(crate) fn group_sum<T: Accumulate + Zero + core::ops::Add<Output = T>, L: Layout, X: Axes>(
    v: &View<'_, T, L>,
    o: usize,
    f: impl Fn(T) -> T,
) -> T {
    type G<L, X> = Groups<L, X>;
    let (data, state) = v.parts();
    if by_runs::<T, L, X>() {
        let mut total = T::ZERO;
        G::<L, X>::each_run(data, &state, o, |xs| total = total + sum_run_of(xs, &f));
        return total;
    }
    let positions = G::<L, X>::positions(state, o);
    positions.fold(T::ZERO, |s, p| s + f(data[p]))
}

/// The elements of `v` that result element `o` of a reduction over `X`
/// folds, in row-major order of the reduced axes: the positions of the
/// layout's [`Groups`].
#[inline]
pub(crate) fn reduced_elements<'v, T: Copy, L: Layout, X: Axes>(
    v: &'v View<'_, T, L>,
    o: usize,
) -> impl Iterator<Item = T> + 'v {
    let (data, state) = v.parts();
    Groups::<L, X>::positions(state, o).map(move |p| data[p])
}

#[cfg(test)]
mod tests;
