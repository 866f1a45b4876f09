//! Reductions: `sum`, `max`, `min` over every element, and `sum_axes`,
//! `max_axes`, `min_axes`, `mean_axes` over the axes of an `axes![..]` list,
//! which the result's shape drops (NumPy `x.sum(axis=(..))`).
//!
//! A contiguous run of elements is summed into 8 independent accumulators,
//! so the sum is not one chain of dependent adds; a reduction over leading
//! axes adds whole rows into the result, which vectorizes along the row.
//! `max` and `min` propagate NaN, as NumPy does.
//!
//! ```
//! use tensor_core::prelude::*;
//! let t = tensor![[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]];
//! assert_eq!(t.sum(), 21.0);
//! assert_eq!(t.max(), 6.0);
//! assert_eq!(t.sum_axes::<axes![0]>(), tensor![5.0, 7.0, 9.0]);
//! assert_eq!(t.max_axes::<axes![1]>(), tensor![5.0, 6.0]);
//! assert_eq!(t.mean_axes::<axes![0, 1]>()[[]], 3.5);
//! ```

use core::ops::{Add, Div};

use super::{AsView, ShapeOf};
use crate::axis::Axes;
use crate::constraint::ReduceShape;
use crate::index::unravel;
use crate::layout::Layout;
use crate::num::{FromCount, Zero};
use crate::shape::{MultiIndex, Shape};
use crate::tensor::Tensor;
use crate::view::View;

/// The shape of `A` reduced over the axes `X`.
pub type Reduced<A, X> = <ShapeOf<A> as ReduceShape<X>>::Output;

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
        Self::Elem: Copy + Zero + Add<Output = Self::Elem>,
    {
        let v = self.as_view();
        match v.as_contiguous() {
            Some(elems) => sum_run(elems),
            None => v.iter().fold(Self::Elem::ZERO, |acc, &x| acc + x),
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
    /// let t = Tensor::<i32, shape![2, 3, 4]>::from_flat_fn(|i| i as i32);
    /// assert_eq!(t.sum_axes::<axes![0, 2]>(), tensor![60, 92, 124]);
    /// ```
    fn sum_axes<X: Axes>(&self) -> Tensor<Self::Elem, Reduced<Self, X>>
    where
        ShapeOf<Self>: ReduceShape<X>,
        Self::Elem: Copy + Zero + Add<Output = Self::Elem>,
    {
        fold_axes::<_, _, X, _>(&self.as_view(), |a, b| a + b, sum_run, || Self::Elem::ZERO)
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
        check_not_empty::<ShapeOf<Self>, X>("max_axes");
        let run = |xs: &[Self::Elem]| fold_run(xs, larger, "max_axes");
        fold_axes::<_, _, X, _>(&self.as_view(), larger, run, || empty("max_axes"))
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
        check_not_empty::<ShapeOf<Self>, X>("min_axes");
        let run = |xs: &[Self::Elem]| fold_run(xs, smaller, "min_axes");
        fold_axes::<_, _, X, _>(&self.as_view(), smaller, run, || empty("min_axes"))
    }

    /// The mean over the axes `X`, which the result drops (NaN for floats,
    /// a division by zero for integers, when a reduced axis has size 0).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[1.0f32, 2.0], [3.0, 5.0]];
    /// assert_eq!(t.mean_axes::<axes![1]>(), tensor![1.5, 4.0]);
    /// ```
    fn mean_axes<X: Axes>(&self) -> Tensor<Self::Elem, Reduced<Self, X>>
    where
        ShapeOf<Self>: ReduceShape<X>,
        Self::Elem: Copy + Zero + Add<Output = Self::Elem> + Div<Output = Self::Elem> + FromCount,
    {
        let count = reduced_count::<ShapeOf<Self>, X>();
        let count = Self::Elem::from_count(count);
        let mut sums = self.sum_axes::<X>();
        sums.iter_mut().for_each(|x| *x = *x / count);
        sums
    }
}

impl<A: AsView + ?Sized> Reduce for A {}

/// `b` if it is larger than `a`, else `a`; NaN (unordered) wins.
fn larger<T: PartialOrd>(a: T, b: T) -> T {
    match b.partial_cmp(&a) {
        Some(core::cmp::Ordering::Greater) => b,
        Some(_) => a,
        None => nan_of(a, b),
    }
}

/// `b` if it is smaller than `a`, else `a`; NaN (unordered) wins.
fn smaller<T: PartialOrd>(a: T, b: T) -> T {
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
fn reduced_count<S: Shape, X: Axes>() -> usize {
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
fn check_not_empty<S: Shape, X: Axes>(what: &str) {
    if reduced_count::<S, X>() == 0 {
        empty::<()>(what);
    }
}

#[cold]
#[track_caller]
fn empty<T>(what: &str) -> T {
    panic!("{what} of no element: a reduced axis has size 0")
}

/// The sum of a run, in 8 independent accumulators.
fn sum_run<T: Copy + Zero + Add<Output = T>>(xs: &[T]) -> T {
    let mut acc = [T::ZERO; 8];
    let chunks = xs.chunks_exact(8);
    let rest = chunks.remainder().iter().fold(T::ZERO, |a, &x| a + x);
    for chunk in chunks {
        for (a, &x) in acc.iter_mut().zip(chunk) {
            *a = *a + x;
        }
    }
    let [a, b, c, d, e, f, g, h] = acc;
    ((a + b) + (c + d)) + ((e + f) + (g + h)) + rest
}

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
            let mut elems = v.iter().copied();
            let first = elems.next().unwrap_or_else(|| empty(what));
            elems.fold(first, combine)
        }
    }
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

/// Classifies the reduced axes `axes` of a rank-`rank` shape.
fn placement(axes: &[usize], rank: usize) -> Placement {
    let reduced = |k: usize| axes.contains(&k);
    let count = axes.len();
    if (rank - count..rank).all(reduced) {
        Placement::Trailing
    } else if (0..count).all(reduced) {
        Placement::Leading
    } else {
        Placement::Mixed
    }
}

/// Reduces the axes `X` of `v` with `combine`; `run` reduces a contiguous
/// run, `none` is the result of an empty reduction.
fn fold_axes<T: Copy, L: Layout, X: Axes, O: Shape>(
    v: &View<'_, T, L>,
    combine: impl Fn(T, T) -> T,
    run: impl Fn(&[T]) -> T,
    none: impl Fn() -> T,
) -> Tensor<T, O> {
    let reduced = reduced_count::<L::Shape, X>();
    if reduced == 0 || O::SIZE == 0 {
        return Tensor::from_flat_fn(|_| none());
    }
    let place = placement(X::AXES.as_ref(), <L::Shape as Shape>::RANK);
    match (v.as_contiguous(), place) {
        (Some(elems), Placement::Trailing) => {
            Tensor::from_flat_fn(|o| run(&elems[o * reduced..][..reduced]))
        }
        (Some(elems), Placement::Leading) => fold_rows(elems, O::SIZE, combine),
        _ => fold_general::<T, L, X, O>(v, reduced, combine),
    }
}

/// The rows of `elems` (each `width` long) folded together elementwise.
fn fold_rows<T: Copy, O: Shape>(
    elems: &[T],
    width: usize,
    combine: impl Fn(T, T) -> T,
) -> Tensor<T, O> {
    let (first, rest) = elems.split_at(width);
    let mut out = Tensor::<T, O>::from_flat_fn(|j| first[j]);
    for row in rest.chunks_exact(width) {
        for (acc, &x) in out.as_mut_slice().iter_mut().zip(row) {
            *acc = combine(*acc, x);
        }
    }
    out
}

/// Any reduction of any view: each result element folds the `reduced`
/// elements whose kept indices are its own.
fn fold_general<T: Copy, L: Layout, X: Axes, O: Shape>(
    v: &View<'_, T, L>,
    reduced: usize,
    combine: impl Fn(T, T) -> T,
) -> Tensor<T, O> {
    let axes = X::AXES;
    let dims = <L::Shape as Shape>::DIMS;
    Tensor::from_flat_fn(|o| {
        let kept = unravel::<O>(o);
        let element = |r: usize| {
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
        };
        (1..reduced).fold(element(0), |acc, r| combine(acc, element(r)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nan_propagates_wherever_it_appears() {
        assert!(larger(f32::NAN, 1.0).is_nan() && larger(1.0, f32::NAN).is_nan());
        assert!(smaller(f64::NAN, 1.0).is_nan() && smaller(1.0, f64::NAN).is_nan());
        assert_eq!((larger(1, 2), smaller(1, 2)), (2, 1));
    }

    #[test]
    fn placement_of_reduced_axes() {
        assert!(placement(&[2, 1], 3) == Placement::Trailing);
        assert!(placement(&[0], 2) == Placement::Leading);
        assert!(placement(&[1], 3) == Placement::Mixed);
    }

    #[test]
    fn sum_run_uses_every_element() {
        let xs: std::vec::Vec<i64> = (1..=21).collect();
        assert_eq!(sum_run(&xs), 231);
        assert_eq!(sum_run::<i64>(&[]), 0);
    }
}
