//! `assign_sum_axes`, `assign_max_axes`, `assign_min_axes`,
//! `assign_mean_axes` and their `*_keep` forms: reductions written into a
//! [`Destination`] the caller owns (a tensor, a boxed one, a mutable view),
//! each result element written once, with no temporary.
//!
//! A destination that is one row-major run is written by the kernels of
//! the returning reductions (`reduce.rs`), so the results are the same
//! bits; a strided view folds each of its elements in order (a float sum
//! may then round differently in its last bits).
//!
//! ```
//! use tensor_core::prelude::*;
//! let t = Tensor::<i32, Shape![2, 3, 4]>::from_flat_fn(|i| i as i32);
//! let mut out = Tensor::<i32, Shape![3]>::zeros();
//! out.assign_sum_axes::<Axes![0, 2], _>(&t);
//! assert_eq!(out, t.sum_axes::<Axes![0, 2]>());
//! let mut kept = Tensor::<i32, Shape![1, 3, 1]>::zeros();
//! kept.assign_sum_axes_keep::<Axes![0, 2], _>(&t);
//! assert_eq!(kept, t.sum_axes_keep::<Axes![0, 2]>());
//! ```

use core::ops::{Add, Div};

use super::destination::Destination;
use super::reduce::rule::{KeepShape, ReduceShape};
use super::reduce::{extreme_to, mean_to, sum_to, Extremum};
use super::{AsView, ShapeOf};
use crate::axis::Axes;
use crate::num::{Accumulate, FromCount, Zero};

/// The reductions over axes, written into a [`Destination`]: implemented
/// for every destination.
pub trait AssignReduce: Destination {
    /// Writes [`a.sum_axes::<X>()`](super::reduce::Reduce::sum_axes) into
    /// this destination, whose shape must be the reduced one.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// # #[cfg(feature = "alloc")] {
    /// let a = Tensor::<f32, Shape![256, 1024]>::boxed_full(0.5);
    /// let mut col = Tensor::<f32, Shape![1024]>::boxed_zeros();
    /// col.assign_sum_axes::<Axes![0], _>(&*a);
    /// assert!(col.iter().all(|&x| x == 128.0));
    /// # }
    /// ```
    fn assign_sum_axes<X: Axes, A>(&mut self, a: &A)
    where
        A: AsView<Elem = Self::Elem> + ?Sized,
        ShapeOf<A>: ReduceShape<X, Output = ShapeOf<Self>>,
        Self::Elem: Accumulate,
    {
        sum_to::<Self, A, X>(self, a);
    }

    /// Writes [`a.sum_axes_keep::<X>()`](super::reduce::Reduce::sum_axes_keep)
    /// into this destination (the reduced axes kept as size 1).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[1, 2], [3, 5]];
    /// let mut s = Tensor::<i32, Shape![2, 1]>::zeros();
    /// s.assign_sum_axes_keep::<Axes![1], _>(&t);
    /// assert_eq!(s, tensor![[3], [8]]);
    /// ```
    fn assign_sum_axes_keep<X: Axes, A>(&mut self, a: &A)
    where
        A: AsView<Elem = Self::Elem> + ?Sized,
        ShapeOf<A>: KeepShape<X, Output = ShapeOf<Self>>,
        Self::Elem: Accumulate,
    {
        sum_to::<Self, A, X>(self, a);
    }

    /// Writes [`a.mean_axes::<X>()`](super::reduce::Reduce::mean_axes)
    /// into this destination: floats divide the sums by the count (NaN for
    /// an empty axis), integers are averaged exactly, as `mean_axes` does.
    ///
    /// # Panics
    ///
    /// For integers, when a reduced axis has size 0 (a mean of nothing).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let mut out = Tensor::<u8, Shape![2]>::zeros();
    /// out.assign_mean_axes::<Axes![1], _>(&tensor![[255u8, 255, 0], [1, 2, 3]]);
    /// assert_eq!(out, tensor![170, 2]); // no wrap-around
    /// ```
    #[track_caller]
    fn assign_mean_axes<X: Axes, A>(&mut self, a: &A)
    where
        A: AsView<Elem = Self::Elem> + ?Sized,
        ShapeOf<A>: ReduceShape<X, Output = ShapeOf<Self>>,
        Self::Elem:
            Accumulate + Zero + Add<Output = Self::Elem> + Div<Output = Self::Elem> + FromCount,
    {
        mean_to::<Self, A, X>(self, a);
    }

    /// Writes [`a.mean_axes_keep::<X>()`](super::reduce::Reduce::mean_axes_keep)
    /// into this destination.
    ///
    /// # Panics
    ///
    /// As [`assign_mean_axes`](AssignReduce::assign_mean_axes).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[1.0f32, 2.0], [3.0, 5.0]];
    /// let mut m = Tensor::<f32, Shape![1, 2]>::zeros();
    /// m.assign_mean_axes_keep::<Axes![0], _>(&t);
    /// assert_eq!(m, tensor![[2.0, 3.5]]);
    /// ```
    #[track_caller]
    fn assign_mean_axes_keep<X: Axes, A>(&mut self, a: &A)
    where
        A: AsView<Elem = Self::Elem> + ?Sized,
        ShapeOf<A>: KeepShape<X, Output = ShapeOf<Self>>,
        Self::Elem:
            Accumulate + Zero + Add<Output = Self::Elem> + Div<Output = Self::Elem> + FromCount,
    {
        mean_to::<Self, A, X>(self, a);
    }

    /// Writes [`a.max_axes::<X>()`](super::reduce::Reduce::max_axes) into
    /// this destination.
    ///
    /// # Panics
    ///
    /// When a reduced axis has size 0, as `max_axes`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let mut out = Tensor::<i32, Shape![2]>::zeros();
    /// out.assign_max_axes::<Axes![1], _>(&tensor![[1, 5, 2], [7, 0, 3]]);
    /// assert_eq!(out, tensor![5, 7]);
    /// ```
    #[track_caller]
    fn assign_max_axes<X: Axes, A>(&mut self, a: &A)
    where
        A: AsView<Elem = Self::Elem> + ?Sized,
        ShapeOf<A>: ReduceShape<X, Output = ShapeOf<Self>>,
        Self::Elem: PartialOrd + Copy,
    {
        extreme_to::<Self, A, X>(self, a, Extremum::MAX, "max_axes");
    }

    /// Writes [`a.max_axes_keep::<X>()`](super::reduce::Reduce::max_axes_keep)
    /// into this destination.
    ///
    /// # Panics
    ///
    /// When a reduced axis has size 0.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let mut out = Tensor::<i32, Shape![1, 3]>::zeros();
    /// out.assign_max_axes_keep::<Axes![0], _>(&tensor![[1, 5, 2], [7, 0, 3]]);
    /// assert_eq!(out, tensor![[7, 5, 3]]);
    /// ```
    #[track_caller]
    fn assign_max_axes_keep<X: Axes, A>(&mut self, a: &A)
    where
        A: AsView<Elem = Self::Elem> + ?Sized,
        ShapeOf<A>: KeepShape<X, Output = ShapeOf<Self>>,
        Self::Elem: PartialOrd + Copy,
    {
        extreme_to::<Self, A, X>(self, a, Extremum::MAX, "max_axes");
    }

    /// Writes [`a.min_axes::<X>()`](super::reduce::Reduce::min_axes) into
    /// this destination.
    ///
    /// # Panics
    ///
    /// When a reduced axis has size 0, as `min_axes`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let mut out = Tensor::<i32, Shape![3]>::zeros();
    /// out.assign_min_axes::<Axes![0], _>(&tensor![[1, 5, 2], [7, 0, 3]]);
    /// assert_eq!(out, tensor![1, 0, 2]);
    /// ```
    #[track_caller]
    fn assign_min_axes<X: Axes, A>(&mut self, a: &A)
    where
        A: AsView<Elem = Self::Elem> + ?Sized,
        ShapeOf<A>: ReduceShape<X, Output = ShapeOf<Self>>,
        Self::Elem: PartialOrd + Copy,
    {
        extreme_to::<Self, A, X>(self, a, Extremum::MIN, "min_axes");
    }

    /// Writes [`a.min_axes_keep::<X>()`](super::reduce::Reduce::min_axes_keep)
    /// into this destination.
    ///
    /// # Panics
    ///
    /// When a reduced axis has size 0.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let mut out = Tensor::<i32, Shape![2, 1]>::zeros();
    /// out.assign_min_axes_keep::<Axes![1], _>(&tensor![[1, 5, 2], [7, 0, 3]]);
    /// assert_eq!(out, tensor![[1], [0]]);
    /// ```
    #[track_caller]
    fn assign_min_axes_keep<X: Axes, A>(&mut self, a: &A)
    where
        A: AsView<Elem = Self::Elem> + ?Sized,
        ShapeOf<A>: KeepShape<X, Output = ShapeOf<Self>>,
        Self::Elem: PartialOrd + Copy,
    {
        extreme_to::<Self, A, X>(self, a, Extremum::MIN, "min_axes");
    }
}

impl<D: Destination + ?Sized> AssignReduce for D {}

#[cfg(test)]
mod tests {
    use crate::prelude::*;

    #[test]
    fn in_place_reductions_equal_the_returning_ones_on_every_path() {
        let t = Tensor::<i64, Shape![6, 5, 7]>::from_flat_fn(|n| (n * 7 % 11) as i64 - 5);
        let mut o = Tensor::<i64, Shape![6, 5]>::full(99);
        o.assign_sum_axes::<Axes![2], _>(&t); // trailing, contiguous
        assert_eq!(
            o,
            Tensor::from_fn(|[i, j]| (0..7).map(|k| t[[i, j, k]]).sum())
        );
        let mut c = Tensor::<i64, Shape![5, 7]>::full(99);
        c.assign_sum_axes::<Axes![0], _>(&t); // leading rows
        assert_eq!(
            c,
            Tensor::from_fn(|[j, k]| (0..6).map(|i| t[[i, j, k]]).sum())
        );
        let mut m = Tensor::<i64, Shape![7, 6]>::full(99);
        m.assign_max_axes::<Axes![1], _>(&t.permute::<Axes![2, 1, 0]>()); // strided, general
        assert_eq!(
            m,
            Tensor::from_fn(|[k, i]| (0..5).map(|j| t[[i, j, k]]).max().unwrap())
        );
        let mut n = Tensor::<i64, Shape![6, 5]>::full(99);
        n.assign_min_axes::<Axes![1], _>(&t.permute::<Axes![0, 2, 1]>()); // strided last axis
        assert_eq!(
            n,
            Tensor::from_fn(|[i, j]| (0..7).map(|k| t[[i, j, k]]).min().unwrap())
        );
    }

    #[test]
    fn keep_forms_and_strided_destinations_equal_the_returning_ones() {
        let t = Tensor::<i64, Shape![6, 5, 7]>::from_flat_fn(|n| (n * 7 % 11) as i64 - 5);
        let mut k = Tensor::<i64, Shape![6, 1, 7]>::full(99);
        k.assign_sum_axes_keep::<Axes![1], _>(&t);
        assert_eq!(k, t.sum_axes_keep::<Axes![1]>());
        k.assign_max_axes_keep::<Axes![1], _>(&t);
        assert_eq!(k, t.max_axes_keep::<Axes![1]>());
        k.assign_min_axes_keep::<Axes![1], _>(&t);
        assert_eq!(k, t.min_axes_keep::<Axes![1]>());
        k.assign_mean_axes_keep::<Axes![1], _>(&t);
        assert_eq!(k, t.mean_axes_keep::<Axes![1]>());
        // Every element of a strided view, folded one by one.
        let mut wide = Tensor::<i64, Shape![7, 12]>::full(99);
        slice!(wide.view_mut(), .., ..;2)
            .t()
            .assign_sum_axes::<Axes![1], _>(&t);
        assert_eq!(slice!(wide, .., ..;2).t(), t.sum_axes::<Axes![1]>());
        slice!(wide.view_mut(), .., ..;2)
            .t()
            .assign_max_axes::<Axes![1], _>(&t);
        assert_eq!(slice!(wide, .., ..;2).t(), t.max_axes::<Axes![1]>());
        slice!(wide.view_mut(), .., ..;2)
            .t()
            .assign_min_axes::<Axes![1], _>(&t);
        assert_eq!(slice!(wide, .., ..;2).t(), t.min_axes::<Axes![1]>());
        slice!(wide.view_mut(), .., ..;2)
            .t()
            .assign_mean_axes::<Axes![1], _>(&t);
        assert_eq!(slice!(wide, .., ..;2).t(), t.mean_axes::<Axes![1]>());
        assert!(slice!(wide, .., 1..;2).iter().all(|&x| x == 99));
    }

    #[test]
    fn in_place_means_equal_mean_axes() {
        let f = Tensor::<f32, Shape![4, 6]>::from_flat_fn(|n| (n * 5 % 7) as f32 - 2.5);
        let mut m = Tensor::<f32, Shape![6]>::zeros();
        m.assign_mean_axes::<Axes![0], _>(&f);
        assert_eq!(m, f.mean_axes::<Axes![0]>());
        let b = Tensor::<u8, Shape![3, 300]>::from_fn(|[i, j]| ((i * 91 + j * 37) % 256) as u8);
        let mut mb = Tensor::<u8, Shape![3]>::zeros();
        mb.assign_mean_axes::<Axes![1], _>(&b.view());
        assert_eq!(mb, b.mean_axes::<Axes![1]>());
        let want: std::vec::Vec<u8> = (0..3)
            .map(|i| ((0..300).map(|j| b[[i, j]] as u32).sum::<u32>() / 300) as u8)
            .collect();
        assert_eq!(mb.as_slice(), &want[..]);
    }

    #[test]
    #[should_panic = "mean_axes of no element: shape [2, 0] has size 0 along the axes [1]"]
    fn an_integer_mean_of_nothing_panics() {
        let mut out = Tensor::<i32, Shape![2]>::zeros();
        out.assign_mean_axes::<Axes![1], _>(&Tensor::<i32, Shape![2, 0]>::zeros());
    }

    #[test]
    #[should_panic = "max_axes"]
    fn an_empty_max_panics_as_max_axes_does() {
        let mut out = Tensor::<i32, Shape![2]>::zeros();
        out.assign_max_axes::<Axes![1], _>(&Tensor::<i32, Shape![2, 0]>::zeros());
    }
}
