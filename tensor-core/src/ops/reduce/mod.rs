//! Reductions: `sum`, `max`, `min` over every element, and `sum_axes`,
//! `max_axes`, `min_axes`, `mean_axes` over the axes of an `Axes![..]` list,
//! which the result's shape drops (NumPy `x.sum(axis=(..))`), and their
//! `*_keep` forms, which keep those axes with size 1 (`keepdims=True`).
//!
//! A contiguous run of elements is summed into 16 independent accumulators,
//! so the sum is not one chain of dependent adds; a reduction over leading
//! axes adds whole rows into the result, which vectorizes along the row.
//! `max` and `min` propagate NaN, as NumPy does.
//!
//! ```
//! use tensor_core::prelude::*;
//! let t = tensor![[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]];
//! assert_eq!(t.sum(), 21.0);
//! assert_eq!(t.max(), 6.0);
//! assert_eq!(t.sum_axes::<Axes![0]>(), tensor![5.0, 7.0, 9.0]);
//! assert_eq!(t.max_axes::<Axes![1]>(), tensor![5.0, 6.0]);
//! assert_eq!(t.mean_axes::<Axes![0, 1]>()[[]], 3.5);
//! ```

use core::mem::MaybeUninit;
use core::ops::{Add, Div};

use super::destination::build_by;
use super::mean::{check_mean, mean_to};
use super::{AsView, ShapeOf};
use crate::axis::Axes;
use crate::index::unravel;
use crate::layout::walk::Rows;
use crate::layout::Layout;
use crate::num::{Acc, Accumulate, FromCount, Zero};
use crate::shape::{MultiIndex, Shape, MAX_RANK};
use crate::tensor::Tensor;
use crate::uninit::{build_with, fill, init_from};
use crate::view::View;

pub(crate) mod rule;

use rule::{KeepShape, ReduceShape};

/// The shape of `A` reduced over the axes `X`.
pub type Reduced<A, X> = <ShapeOf<A> as ReduceShape<X>>::Output;

/// The shape of `A` reduced over the axes `X`, kept as size 1.
pub type Kept<A, X> = <ShapeOf<A> as KeepShape<X>>::Output;

/// Reductions of every operand.
pub trait Reduce: AsView {
    /// The sum of every element (0 for no element).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// assert_eq!(tensor![[1, 2], [3, 4]].t().sum(), 10);
    /// ```
    fn sum(&self) -> Self::Elem
    where
        Self::Elem: Accumulate,
    {
        let v = self.as_view();
        match v.as_contiguous() {
            Some(elems) => sum_run(elems),
            None => {
                let add = |acc: Acc<Self::Elem>, x: Self::Elem| acc + x.widen();
                Self::Elem::narrow(fold_strided(&v, Zero::ZERO, add))
            }
        }
    }

    /// The largest element; NaN if any element is NaN.
    ///
    /// # Panics
    ///
    /// When the tensor has no element.
    #[track_caller]
    fn max(&self) -> Self::Elem
    where
        Self::Elem: Copy + PartialOrd,
    {
        extreme(&self.as_view(), "max", larger)
    }

    /// The smallest element; NaN if any element is NaN.
    ///
    /// # Panics
    ///
    /// When the tensor has no element.
    #[track_caller]
    fn min(&self) -> Self::Elem
    where
        Self::Elem: Copy + PartialOrd,
    {
        extreme(&self.as_view(), "min", smaller)
    }

    /// Sums over the axes `X`, which the result drops.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = Tensor::<i32, Shape![2, 3, 4]>::from_flat_fn(|i| i as i32);
    /// assert_eq!(t.sum_axes::<Axes![0, 2]>(), tensor![60, 92, 124]);
    /// ```
    fn sum_axes<X: Axes>(&self) -> Tensor<Self::Elem, Reduced<Self, X>>
    where
        ShapeOf<Self>: ReduceShape<X>,
        Self::Elem: Accumulate,
    {
        let v = self.as_view();
        build_with(|out| sum_into::<_, _, X, Reduced<Self, X>>(&v, out))
    }

    /// The largest element over the axes `X`, which the result drops.
    ///
    /// # Panics
    ///
    /// When a reduced axis has size 0.
    #[track_caller]
    fn max_axes<X: Axes>(&self) -> Tensor<Self::Elem, Reduced<Self, X>>
    where
        ShapeOf<Self>: ReduceShape<X>,
        Self::Elem: Copy + PartialOrd,
    {
        let v = self.as_view();
        build_with(|out| extreme_into::<_, _, X, Reduced<Self, X>>(&v, larger, "max_axes", out))
    }

    /// The smallest element over the axes `X`, which the result drops.
    ///
    /// # Panics
    ///
    /// When a reduced axis has size 0.
    #[track_caller]
    fn min_axes<X: Axes>(&self) -> Tensor<Self::Elem, Reduced<Self, X>>
    where
        ShapeOf<Self>: ReduceShape<X>,
        Self::Elem: Copy + PartialOrd,
    {
        let v = self.as_view();
        build_with(|out| extreme_into::<_, _, X, Reduced<Self, X>>(&v, smaller, "min_axes", out))
    }

    /// The mean over the axes `X`, which the result drops. Exact for
    /// integers whatever the count (rounded toward zero; see [`FromCount`]).
    /// When a reduced axis has size 0: NaN for floats, a panic naming the
    /// shape for integers.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[1.0f32, 2.0], [3.0, 5.0]];
    /// assert_eq!(t.mean_axes::<Axes![1]>(), tensor![1.5, 4.0]);
    /// ```
    #[track_caller]
    fn mean_axes<X: Axes>(&self) -> Tensor<Self::Elem, Reduced<Self, X>>
    where
        ShapeOf<Self>: ReduceShape<X>,
        Self::Elem:
            Accumulate + Zero + Add<Output = Self::Elem> + Div<Output = Self::Elem> + FromCount,
    {
        check_mean::<Self, X>();
        build_by(Zero::ZERO, |out| mean_to::<_, Self, X>(out, self))
    }

    /// [`sum_axes`](Reduce::sum_axes) with the reduced axes kept, as size 1
    /// (NumPy `keepdims=True`), so the result broadcasts against `self`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[1.0, 2.0], [3.0, 5.0]];
    /// let s = t.sum_axes_keep::<Axes![1]>(); // [2, 1]
    /// assert_eq!(s, tensor![[3.0], [8.0]]);
    /// assert_eq!(&t / &s, tensor![[1.0 / 3.0, 2.0 / 3.0], [3.0 / 8.0, 5.0 / 8.0]]);
    /// ```
    fn sum_axes_keep<X: Axes>(&self) -> Tensor<Self::Elem, Kept<Self, X>>
    where
        ShapeOf<Self>: KeepShape<X>,
        Self::Elem: Accumulate,
    {
        let v = self.as_view();
        build_with(|out| sum_into::<_, _, X, Reduced<Self, X>>(&v, out))
    }

    /// [`max_axes`](Reduce::max_axes) with the reduced axes kept as size 1.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[1, 7], [4, 2]];
    /// assert_eq!(t.max_axes_keep::<Axes![0]>(), tensor![[4, 7]]);
    /// ```
    ///
    /// # Panics
    ///
    /// When a reduced axis has size 0.
    #[track_caller]
    fn max_axes_keep<X: Axes>(&self) -> Tensor<Self::Elem, Kept<Self, X>>
    where
        ShapeOf<Self>: KeepShape<X>,
        Self::Elem: Copy + PartialOrd,
    {
        let v = self.as_view();
        build_with(|out| extreme_into::<_, _, X, Reduced<Self, X>>(&v, larger, "max_axes", out))
    }

    /// [`min_axes`](Reduce::min_axes) with the reduced axes kept as size 1.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[1, 7], [4, 2]];
    /// assert_eq!(t.min_axes_keep::<Axes![1]>(), tensor![[1], [2]]);
    /// ```
    ///
    /// # Panics
    ///
    /// When a reduced axis has size 0.
    #[track_caller]
    fn min_axes_keep<X: Axes>(&self) -> Tensor<Self::Elem, Kept<Self, X>>
    where
        ShapeOf<Self>: KeepShape<X>,
        Self::Elem: Copy + PartialOrd,
    {
        let v = self.as_view();
        build_with(|out| extreme_into::<_, _, X, Reduced<Self, X>>(&v, smaller, "min_axes", out))
    }

    /// [`mean_axes`](Reduce::mean_axes) with the reduced axes kept as size 1.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[1.0f32, 2.0], [3.0, 5.0]];
    /// assert_eq!(t.mean_axes_keep::<Axes![0]>(), tensor![[2.0, 3.5]]);
    /// ```
    #[track_caller]
    fn mean_axes_keep<X: Axes>(&self) -> Tensor<Self::Elem, Kept<Self, X>>
    where
        ShapeOf<Self>: KeepShape<X>,
        Self::Elem:
            Accumulate + Zero + Add<Output = Self::Elem> + Div<Output = Self::Elem> + FromCount,
    {
        check_mean::<Self, X>();
        build_by(Zero::ZERO, |out| mean_to::<_, Self, X>(out, self))
    }
}

impl<A: AsView + ?Sized> Reduce for A {}

/// `b` if it is larger than `a`, else `a`; NaN (unordered) wins.
pub(crate) fn larger<T: PartialOrd>(a: T, b: T) -> T {
    match b.partial_cmp(&a) {
        Some(core::cmp::Ordering::Greater) => b,
        Some(_) => a,
        None => nan_of(a, b),
    }
}

/// `b` if it is smaller than `a`, else `a`; NaN (unordered) wins.
pub(crate) fn smaller<T: PartialOrd>(a: T, b: T) -> T {
    match b.partial_cmp(&a) {
        Some(core::cmp::Ordering::Less) => b,
        Some(_) => a,
        None => nan_of(a, b),
    }
}

/// Whichever of two unordered values is unordered with itself (NaN).
fn nan_of<T: PartialOrd>(a: T, b: T) -> T {
    if a.partial_cmp(&a).is_none() {
        a
    } else {
        b
    }
}

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
fn empty<T>(what: &str) -> T {
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
    match size_of::<Acc<T>>() {
        0..=4 => sum_run_in::<T, { ACCUMULATOR_BYTES / 4 }>(xs),
        _ => sum_run_in::<T, 8>(xs),
    }
}

/// [`sum_run`] in `N` accumulators.
#[inline(always)]
fn sum_run_in<T: Accumulate, const N: usize>(xs: &[T]) -> T {
    let mut acc = [Acc::<T>::ZERO; N];
    let chunks = xs.chunks_exact(N);
    let rest = chunks.remainder();
    for chunk in chunks {
        for (a, &x) in acc.iter_mut().zip(chunk) {
            *a = *a + x.widen();
        }
    }
    let total = acc[1..].iter().fold(acc[0], |s, &x| s + x);
    // Not `total + 0` when nothing is left: LLVM keeps that add (-0.0).
    T::narrow(match rest {
        [] => total,
        _ => rest.iter().fold(total, |s, &x| s + x.widen()),
    })
}

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

/// The bytes of partial sums [`sum_run`] keeps for elements of 4 bytes or
/// fewer: four vector registers of independent chains whatever the vector
/// width (64 bytes: 16 `f32`). Measured on the `[256, 256]` row sums of
/// `bench/benches/ops.rs`, against a hand loop with 8 accumulators: 32
/// bytes 1.02–1.03 on SSE2 and 1.00 with AVX-512; 64 bytes 0.91 and 0.86;
/// 128 bytes 1.16 with AVX-512; 256 bytes 2.1.
const ACCUMULATOR_BYTES: usize = 64;

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

/// `combine` folded over a non-empty run.
#[track_caller]
fn fold_run<T: Copy>(xs: &[T], combine: impl Fn(T, T) -> T, what: &str) -> T {
    match xs.split_first() {
        Some((&first, rest)) => rest.iter().fold(first, |a, &x| combine(a, x)),
        None => empty(what),
    }
}

/// `combine` over every element of a view.
#[track_caller]
fn extreme<T: Copy, L: Layout>(v: &View<'_, T, L>, what: &str, combine: impl Fn(T, T) -> T) -> T {
    match v.as_contiguous() {
        Some(elems) => fold_run(elems, combine, what),
        None => {
            let first = *v.iter().next().unwrap_or_else(|| empty(what));
            // `combine(first, first)` is `first`: max and min are idempotent.
            fold_strided(v, first, combine)
        }
    }
}

/// `combine` folded from `init` over every element of `v` in logical order:
/// row by row through the walker (`layout/walk.rs`) when the layout has
/// constant strides, element by element otherwise.
#[inline]
fn fold_strided<T: Copy, L: Layout, A>(
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
        let mut i = 0;
        while i < count && axes[i] != k {
            i += 1;
        }
        if i == count {
            return false;
        }
        k += 1;
    }
    true
}

/// The sums of `v` over the axes `X` into the `O::SIZE` slots `out`.
#[inline]
pub(crate) fn sum_into<T: Accumulate, L: Layout, X: Axes, O: Shape>(
    v: &View<'_, T, L>,
    out: &mut [MaybeUninit<T>],
) {
    let add = Fold(T::widen, |a: Acc<T>, b: T| a + b.widen(), T::narrow);
    fold_axes_into::<_, _, X, O, _>(v, add, sum_run, || T::narrow(Zero::ZERO), out)
}

/// The largest (`combine` = [`larger`]) or smallest elements of `v` over
/// the axes `X` into the `O::SIZE` slots `out`; `what` names the
/// operation in the panic of an empty reduction.
#[inline]
#[track_caller]
pub(crate) fn extreme_into<T: Copy, L: Layout, X: Axes, O: Shape>(
    v: &View<'_, T, L>,
    combine: fn(T, T) -> T,
    what: &'static str,
    out: &mut [MaybeUninit<T>],
) {
    check_not_empty::<L::Shape, X>(what);
    let run = |xs: &[T]| fold_run(xs, combine, what);
    fold_axes_into::<_, _, X, O, _>(v, Fold::plain(combine), run, || empty(what), out)
}

/// Reduces the axes `X` of `v` with `combine` into the `O::SIZE` slots
/// `out`, each written once; `run` reduces a contiguous run, `none` is the
/// result of an empty reduction.
#[inline]
fn fold_axes_into<T: Copy, L: Layout, X: Axes, O: Shape, A: Copy>(
    v: &View<'_, T, L>,
    combine: Fold<impl Fn(T) -> A, impl Fn(A, T) -> A, impl Fn(A) -> T>,
    run: impl Fn(&[T]) -> T,
    none: impl Fn() -> T,
    out: &mut [MaybeUninit<T>],
) {
    let out = &mut out[..O::SIZE];
    let reduced = reduced_count::<L::Shape, X>();
    if reduced == 0 || O::SIZE == 0 {
        return fill(out, |_| none());
    }
    let place = const { placement(&X::PADDED, X::LEN, <L::Shape as Shape>::RANK) };
    match (v.as_contiguous(), place) {
        (Some(elems), Placement::Trailing) => fill(out, |o| run(&elems[o * reduced..][..reduced])),
        (Some(elems), Placement::Leading) => fold_rows(elems, O::SIZE, combine, out),
        // The last axis alone, strided: each result folds one row of the walker.
        (None, Placement::Trailing) if X::LEN == 1 && const { Rows::<T, L>::STRIDED } => {
            let (rows, Fold(widen, combine, narrow)) = (Rows::new(v), combine);
            fill(out, |o| {
                let row = rows.row(o);
                let first = widen(*rows.at(&row, 0));
                narrow((1..reduced).fold(first, |acc, j| combine(acc, *rows.at(&row, j))))
            })
        }
        _ => fold_general::<T, L, X, O, A>(v, reduced, combine, out),
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
    out: &mut [MaybeUninit<T>],
) {
    let out_row = init_from(out, &elems[..width]);
    let rest = &elems[width..];
    match size_of::<A>() {
        0..=4 => fold_strips::<T, A, { STRIP_BYTES / 4 }>(rest, out_row, &combine),
        5..=8 => fold_strips::<T, A, { STRIP_BYTES / 8 }>(rest, out_row, &combine),
        _ => fold_strips::<T, A, 4>(rest, out_row, &combine),
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

/// Any reduction of any view: each result element folds the `reduced`
/// elements whose kept indices are its own (`reduced > 0`: `fold_axes`
/// returns early otherwise).
fn fold_general<T: Copy, L: Layout, X: Axes, O: Shape, A: Copy>(
    v: &View<'_, T, L>,
    reduced: usize,
    Fold(widen, combine, narrow): Fold<impl Fn(T) -> A, impl Fn(A, T) -> A, impl Fn(A) -> T>,
    out: &mut [MaybeUninit<T>],
) {
    fill(out, |o| {
        let mut elements = reduced_elements::<T, L, X, O>(v, o, reduced);
        let first = elements.next().unwrap_or_else(|| empty("reduction"));
        narrow(elements.fold(widen(first), &combine))
    });
}

/// The `reduced` elements of `v` that result element `o` of a reduction
/// over `X` folds, in row-major order of the reduced axes.
pub(crate) fn reduced_elements<'v, T: Copy, L: Layout, X: Axes, O: Shape>(
    v: &'v View<'_, T, L>,
    o: usize,
    reduced: usize,
) -> impl Iterator<Item = T> + 'v {
    let kept = unravel::<O>(o);
    let (axes, dims) = (X::AXES, <L::Shape as Shape>::DIMS);
    (0..reduced).map(move |r| {
        let mut index = <L::Shape as Shape>::Index::ZERO;
        let (mut kept_axis, mut rest) = (0, r);
        for axis in (0..<L::Shape as Shape>::RANK).rev() {
            let i = &mut index.as_mut()[axis];
            if axes.as_ref().contains(&axis) {
                let d = dims.as_ref()[axis];
                (*i, rest) = (rest % d, rest / d);
            } else {
                kept_axis += 1;
                *i = kept.as_ref()[O::RANK - kept_axis];
            }
        }
        v[index]
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{tensor, Axes, Shape};

    #[test]
    fn nan_propagates_wherever_it_appears() {
        assert!(larger(f32::NAN, 1.0).is_nan() && larger(1.0, f32::NAN).is_nan());
        assert!(smaller(f64::NAN, 1.0).is_nan() && smaller(1.0, f64::NAN).is_nan());
        assert_eq!((larger(1, 2), smaller(1, 2)), (2, 1));
    }

    #[test]
    fn placement_of_reduced_axes() {
        let of = |axes: &[usize], rank| {
            let mut padded = [0; MAX_RANK];
            padded[..axes.len()].copy_from_slice(axes);
            placement(&padded, axes.len(), rank)
        };
        assert!(of(&[2, 1], 3) == Placement::Trailing);
        assert!(of(&[0], 2) == Placement::Leading);
        assert!(of(&[1], 3) == Placement::Mixed);
        assert!(of(&[0, 1], 2) == Placement::Trailing);
    }

    #[test]
    fn leading_reductions_cover_strips_and_the_columns_left() {
        use crate::prelude::*;
        // 8-byte elements: strips of 16 columns, 2 of them, then 5 alone.
        let t = Tensor::<i64, Shape![5, 37]>::from_flat_fn(|n| (n * 7 % 11) as i64);
        let want = Tensor::<i64, Shape![37]>::from_fn(|[j]| (0..5).map(|i| t[[i, j]]).sum());
        assert_eq!(t.sum_axes::<Axes![0]>(), want);
        let max =
            Tensor::<i64, Shape![37]>::from_fn(|[j]| (0..5).map(|i| t[[i, j]]).max().unwrap());
        assert_eq!(t.max_axes::<Axes![0]>(), max);
        // 4-byte elements: strips of 32, then 6 alone; one row only.
        let f = Tensor::<f32, Shape![3, 70]>::from_flat_fn(|n| n as f32);
        let col = f.sum_axes::<Axes![0]>();
        assert!((0..70).all(|j| col[[j]] == (3 * j + 210) as f32));
        let one = Tensor::<u8, Shape![1, 3]>::from_flat_fn(|n| n as u8);
        assert_eq!(one.sum_axes::<Axes![0]>(), tensor![0, 1, 2]);
    }

    #[test]
    fn strided_reductions_read_rows_of_the_walker() {
        let t = Tensor::<i64, Shape![5, 7]>::from_flat_fn(|i| (i as i64 * 37) % 23 - 11);
        fn check<L: Layout<Shape = Shape![7, 5]>>(v: View<'_, i64, L>) {
            let all: std::vec::Vec<i64> = v.iter().copied().collect();
            assert_eq!(v.sum(), all.iter().sum::<i64>());
            assert_eq!(v.max(), *all.iter().max().unwrap());
            assert_eq!(v.min(), *all.iter().min().unwrap());
            let rows = v.sum_axes::<Axes![1]>();
            let maxes = v.max_axes::<Axes![1]>();
            for (i, row) in all.chunks(5).enumerate() {
                assert_eq!(rows[[i]], row.iter().sum::<i64>());
                assert_eq!(maxes[[i]], *row.iter().max().unwrap());
            }
        }
        check(t.t());
        check(t.t().flip::<Axes![1]>());
        check(t.t().flip::<Axes![0, 1]>());
        check(tensor![1, -2, 3, -4, 5].expand::<Shape![7, 5]>());
        check(tensor![[1], [2], [3], [4], [5], [6], [7]].expand::<Shape![7, 5]>());
        // No constant strides: element by element.
        check(
            t.view()
                .reshape::<Shape![7, 5]>()
                .t()
                .reshape::<Shape![7, 5]>(),
        );
    }

    #[test]
    fn sum_run_uses_every_element() {
        let xs: std::vec::Vec<i64> = (1..=21).collect();
        assert_eq!(sum_run(&xs), 231);
        assert_eq!(sum_run::<i64>(&[]), 0);
    }
}
