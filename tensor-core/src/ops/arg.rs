//! Positions of extremes: `argmax`, `argmin` over every element (a
//! `[usize; RANK]` index) and `argmax_axes`, `argmin_axes` over the axes of
//! an `Axes![..]` list, which the result (a `Tensor<usize, ..>`) drops.
//!
//! As in NumPy, the first occurrence wins a tie, and a NaN wins over every
//! number (the first NaN, if there are several).
//!
//! ```
//! use tensor_core::prelude::*;
//! let t = tensor![[1.0, 5.0, 3.0], [6.0, 2.0, 6.0]];
//! assert_eq!(t.argmax(), [1, 0]);
//! assert_eq!(t.argmin(), [0, 0]);
//! assert_eq!(t.argmax_axes::<Axes![1]>(), tensor![1usize, 0]);
//! assert_eq!(t.argmin_axes::<Axes![0]>(), tensor![0usize, 1, 0]);
//! ```

use core::cmp::Ordering;

use super::destination::{write_each, Destination};
use super::elementwise::build;
use super::reduce::reduced_elements;
use super::reduce::{reduced_count, Reduced};
use super::{AsView, ShapeOf};
use crate::axis::Axes;
use crate::constraint::ReduceShape;
use crate::index::unravel;
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::view::View;

/// Index of the largest or smallest element, of every operand.
pub trait ArgReduce: AsView {
    /// The index of the largest element: the first one on a tie, the first
    /// NaN if there is one (NumPy `np.unravel_index(np.argmax(x), x.shape)`).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[3, 9, 9], [1, 2, 9]];
    /// assert_eq!(t.argmax(), [0, 1]);
    /// assert_eq!(t.t().argmax(), [1, 0]);
    /// assert_eq!(tensor![1.0, f64::NAN, 7.0].argmax(), [1]);
    /// ```
    ///
    /// # Panics
    ///
    /// When the tensor has no element (NumPy raises too).
    #[track_caller]
    fn argmax(&self) -> <ShapeOf<Self> as Shape>::Index
    where
        Self::Elem: PartialOrd,
    {
        let v = self.as_view();
        unravel::<ShapeOf<Self>>(first_best(v.iter(), Ordering::Greater, "argmax"))
    }

    /// The index of the smallest element: the first one on a tie, the first
    /// NaN if there is one (NumPy `np.argmin`).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// assert_eq!(tensor![[4, 0], [0, 5]].argmin(), [0, 1]);
    /// ```
    ///
    /// # Panics
    ///
    /// When the tensor has no element.
    #[track_caller]
    fn argmin(&self) -> <ShapeOf<Self> as Shape>::Index
    where
        Self::Elem: PartialOrd,
    {
        let v = self.as_view();
        unravel::<ShapeOf<Self>>(first_best(v.iter(), Ordering::Less, "argmin"))
    }

    /// The position of the largest element over the axes `X`, which the
    /// result drops (NumPy `np.argmax(x, axis=k)` for one axis). With
    /// several axes, the position counts the reduced elements in row-major
    /// order of those axes, as NumPy's argmax over the last axis of `x`
    /// with the reduced axes moved last and merged.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let logits = tensor![[0.1f32, 2.0, -1.0], [5.0, 0.0, 5.0]];
    /// assert_eq!(logits.argmax_axes::<Axes![1]>(), tensor![1usize, 0]);
    /// let t = Tensor::<i32, Shape![2, 2, 3]>::from_flat_fn(|i| (i as i32 * 5) % 7);
    /// // [[[0 5 3] [1 6 4]] [[2 0 5] [3 1 6]]]: over axes 1 and 2 of each block.
    /// assert_eq!(t.argmax_axes::<Axes![1, 2]>(), tensor![4usize, 5]);
    /// ```
    ///
    /// # Panics
    ///
    /// When a reduced axis has size 0.
    #[track_caller]
    fn argmax_axes<X: Axes>(&self) -> Tensor<usize, Reduced<Self, X>>
    where
        ShapeOf<Self>: ReduceShape<X>,
        Self::Elem: PartialOrd + Copy,
    {
        arg_axes::<Self, X>(self, Ordering::Greater, "argmax_axes")
    }

    /// The position of the smallest element over the axes `X`, which the
    /// result drops; see [`argmax_axes`](ArgReduce::argmax_axes).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[3, 1, 1], [0, 2, 0]];
    /// assert_eq!(t.argmin_axes::<Axes![1]>(), tensor![1usize, 0]);
    /// assert_eq!(t.argmin_axes::<Axes![0]>(), tensor![1usize, 0, 1]);
    /// ```
    ///
    /// # Panics
    ///
    /// When a reduced axis has size 0.
    #[track_caller]
    fn argmin_axes<X: Axes>(&self) -> Tensor<usize, Reduced<Self, X>>
    where
        ShapeOf<Self>: ReduceShape<X>,
        Self::Elem: PartialOrd + Copy,
    {
        arg_axes::<Self, X>(self, Ordering::Less, "argmin_axes")
    }
}

impl<A: AsView + ?Sized> ArgReduce for A {}

/// Whether `x` is unordered with itself: NaN.
fn is_nan<T: PartialOrd>(x: &T) -> bool {
    x.partial_cmp(x).is_none()
}

/// The position of the first element that `wins` (compares as `wins`
/// against every earlier one) among `elems`; the first NaN ends the search.
#[track_caller]
fn first_best<'a, T: PartialOrd + 'a>(
    elems: impl Iterator<Item = &'a T>,
    wins: Ordering,
    what: &str,
) -> usize {
    let mut best: Option<(usize, &T)> = None;
    for (i, x) in elems.enumerate() {
        if is_nan(x) {
            return i;
        }
        match best {
            Some((_, b)) if x.partial_cmp(b) != Some(wins) => {}
            _ => best = Some((i, x)),
        }
    }
    match best {
        Some((i, _)) => i,
        None => empty(what),
    }
}

#[cold]
#[track_caller]
fn empty<T>(what: &str) -> T {
    panic!("{what} of no element: the tensor or a reduced axis has size 0")
}

/// [`ArgReduce::argmax_axes`] and `argmin_axes`, by `wins`.
#[track_caller]
fn arg_axes<A: AsView + ?Sized, X: Axes>(
    a: &A,
    wins: Ordering,
    what: &str,
) -> Tensor<usize, Reduced<A, X>>
where
    ShapeOf<A>: ReduceShape<X>,
    A::Elem: PartialOrd + Copy,
{
    let v = a.as_view();
    build(arg_element::<A, X>(&v, wins, what))
}

/// The position of the element that `wins` among those result element
/// `o` of a reduction of `v` over `X` folds (after checking, at the
/// caller, that a reduced axis of size 0 has no result to fill).
#[track_caller]
fn arg_element<'v, A: AsView + ?Sized, X: Axes>(
    v: &'v View<'_, A::Elem, A::Layout>,
    wins: Ordering,
    what: &str,
) -> impl FnMut(usize) -> usize + 'v
where
    ShapeOf<A>: ReduceShape<X>,
    A::Elem: PartialOrd + Copy,
{
    let reduced = reduced_count::<ShapeOf<A>, X>();
    if reduced == 0 && <Reduced<A, X> as Shape>::SIZE != 0 {
        empty::<()>(what);
    }
    move |o| {
        let elems = reduced_elements::<_, _, X>(v, o);
        let mut best: Option<(usize, A::Elem)> = None;
        for (r, x) in elems.enumerate() {
            if is_nan(&x) {
                return r;
            }
            match best {
                Some((_, b)) if x.partial_cmp(&b) != Some(wins) => {}
                _ => best = Some((r, x)),
            }
        }
        best.map_or(0, |(r, _)| r)
    }
}

/// `argmax_axes` and `argmin_axes` written into a [`Destination`] of
/// `usize` (a `Tensor<usize, ..>`, a boxed one, a mutable view) of the
/// reduced shape: implemented for every destination.
pub trait AssignArg: Destination<Elem = usize> {
    /// Writes [`a.argmax_axes::<X>()`](ArgReduce::argmax_axes) into this
    /// destination.
    ///
    /// # Panics
    ///
    /// When a reduced axis has size 0.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let logits = tensor![[0.1f32, 2.0, -1.0], [5.0, 0.0, 5.0]];
    /// let mut labels = Tensor::<usize, Shape![2]>::zeros();
    /// labels.assign_argmax_axes::<Axes![1], _>(&logits);
    /// assert_eq!(labels, tensor![1usize, 0]);
    /// ```
    #[track_caller]
    fn assign_argmax_axes<X: Axes, A>(&mut self, a: &A)
    where
        A: AsView + ?Sized,
        ShapeOf<A>: ReduceShape<X, Output = ShapeOf<Self>>,
        A::Elem: PartialOrd + Copy,
    {
        let v = a.as_view();
        write_each(
            self,
            arg_element::<A, X>(&v, Ordering::Greater, "argmax_axes"),
        );
    }

    /// Writes [`a.argmin_axes::<X>()`](ArgReduce::argmin_axes) into this
    /// destination.
    ///
    /// # Panics
    ///
    /// When a reduced axis has size 0.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[3, 1, 1], [0, 2, 0]];
    /// let mut at = Tensor::<usize, Shape![2, 3]>::zeros();
    /// slice!(at.view_mut(), 1, ..).assign_argmin_axes::<Axes![0], _>(&t);
    /// assert_eq!(at, tensor![[0usize, 0, 0], [1, 0, 1]]);
    /// ```
    #[track_caller]
    fn assign_argmin_axes<X: Axes, A>(&mut self, a: &A)
    where
        A: AsView + ?Sized,
        ShapeOf<A>: ReduceShape<X, Output = ShapeOf<Self>>,
        A::Elem: PartialOrd + Copy,
    {
        let v = a.as_view();
        write_each(self, arg_element::<A, X>(&v, Ordering::Less, "argmin_axes"));
    }
}

impl<D: Destination<Elem = usize> + ?Sized> AssignArg for D {}

#[cfg(test)]
mod tests {
    use crate::prelude::*;
    use std::vec::Vec;

    /// NumPy's `argmax` of a flat list: first maximum, first NaN wins.
    fn reference(xs: &[f32], larger: bool) -> usize {
        if let Some(i) = xs.iter().position(|x| x.is_nan()) {
            return i;
        }
        let mut best = 0;
        for (i, &x) in xs.iter().enumerate() {
            if (larger && x > xs[best]) || (!larger && x < xs[best]) {
                best = i;
            }
        }
        best
    }

    /// Values with many ties, and NaN in some of the cases.
    fn case(seed: usize, nan: bool) -> Tensor<f32, Shape![3, 4, 5]> {
        Tensor::from_flat_fn(|i| {
            let h = (i * 7919 + seed * 104729) % 97;
            if nan && h == 13 {
                f32::NAN
            } else {
                (h % 6) as f32 - 2.0
            }
        })
    }

    #[test]
    fn argmax_and_argmin_over_everything_match_the_reference() {
        for seed in 0..40 {
            let t = case(seed, seed % 3 == 0);
            let p = t.permute::<Axes![2, 0, 1]>();
            let flat: Vec<f32> = p.iter().copied().collect();
            let shape = p.shape();
            let unravel = |f: usize| {
                [
                    f / (shape[1] * shape[2]),
                    f / shape[2] % shape[1],
                    f % shape[2],
                ]
            };
            assert_eq!(p.argmax(), unravel(reference(&flat, true)));
            assert_eq!(p.argmin(), unravel(reference(&flat, false)));
        }
    }

    #[test]
    fn argmax_axes_matches_the_reference_per_axis() {
        for seed in 0..40 {
            let t = case(seed, seed % 4 == 1);
            let along = |k: usize, i: usize, j: usize| -> Vec<f32> {
                match k {
                    0 => (0..3).map(|a| t[[a, i, j]]).collect(),
                    1 => (0..4).map(|a| t[[i, a, j]]).collect(),
                    _ => (0..5).map(|a| t[[i, j, a]]).collect(),
                }
            };
            let a0 = t.argmax_axes::<Axes![0]>();
            let a1 = t.argmin_axes::<Axes![1]>();
            let a2 = t.argmax_axes::<Axes![2]>();
            for i in 0..4 {
                for j in 0..5 {
                    assert_eq!(a0[[i, j]], reference(&along(0, i, j), true));
                }
            }
            for i in 0..3 {
                for j in 0..5 {
                    assert_eq!(a1[[i, j]], reference(&along(1, i, j), false));
                }
                for j in 0..4 {
                    assert_eq!(a2[[i, j]], reference(&along(2, i, j), true));
                }
            }
            // Several axes: row-major position among the reduced elements.
            let a02 = t.argmax_axes::<Axes![0, 2]>();
            for i in 0..4 {
                let xs: Vec<f32> = (0..3)
                    .flat_map(|a| (0..5).map(move |b| (a, b)))
                    .map(|(a, b)| t[[a, i, b]])
                    .collect();
                assert_eq!(a02[[i]], reference(&xs, true));
            }
            let all = t.argmin_axes::<Axes![0, 1, 2]>();
            assert_eq!(all[[]], reference(t.as_slice(), false));
        }
    }

    #[test]
    fn integers_and_ties_take_the_first() {
        let t = tensor![[7u8, 7, 1], [7, 0, 0]];
        assert_eq!((t.argmax(), t.argmin()), ([0, 0], [1, 1]));
        assert_eq!(t.argmin_axes::<Axes![0]>(), tensor![0usize, 1, 1]);
    }

    #[test]
    #[should_panic(expected = "argmax of no element")]
    fn argmax_of_nothing_panics() {
        let _ = Tensor::<f32, Shape![2, 0]>::zeros().argmax();
    }

    #[test]
    #[should_panic(expected = "argmin_axes of no element")]
    fn argmin_over_an_empty_axis_panics() {
        let _ = Tensor::<f32, Shape![2, 0]>::zeros().argmin_axes::<Axes![1]>();
    }

    #[test]
    fn an_empty_result_needs_no_element() {
        assert_eq!(
            Tensor::<i32, Shape![0, 3]>::zeros()
                .argmax_axes::<Axes![1]>()
                .shape(),
            [0]
        );
    }
}
