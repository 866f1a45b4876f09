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

use core::ops::{Add, Div};

use super::destination::build_by;
use super::{AsView, ShapeOf};
use crate::axis::Axes;
use crate::num::{Acc, Accumulate, FromCount, Zero};
use crate::tensor::Tensor;
use crate::uninit::build_with;

mod axes;
mod extreme;
mod mean;
pub(crate) mod rule;
mod run;
mod write;

pub(crate) use axes::{extreme_into, group_sum, reduced_elements, sum_into};
pub(crate) use extreme::{larger, larger_of_ordered, none_flagged, ordered_with_itself, Extremum};
pub(crate) use mean::{check_mean, mean_to};
pub use rule::{Kept, Reduced};
pub(crate) use run::{reduced_count, sum_run};
pub(crate) use write::{extreme_to, sum_to};

use extreme::extreme;
use rule::KeepShape;
use rule::ReduceShape;
use run::fold_strided;

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

    /// The largest element; NaN if any element is NaN. The result is an
    /// element itself, in logical (row-major) order the first NaN, else
    /// the first of the largest (`0.0` or `-0.0`, whichever comes first).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = tensor![[-0.0f32, 0.0], [-1.0, -2.0]];
    /// assert!(x.max().is_sign_negative()); // the first of the two zeros
    /// assert!(x.t().max().is_sign_negative());
    /// ```
    ///
    /// # Panics
    ///
    /// When the tensor has no element.
    #[track_caller]
    fn max(&self) -> Self::Elem
    where
        Self::Elem: Copy + PartialOrd,
    {
        extreme(&self.as_view(), "max", Extremum::MAX)
    }

    /// The smallest element; NaN if any element is NaN. The result is an
    /// element itself, chosen as by [`max`](Reduce::max).
    ///
    /// # Panics
    ///
    /// When the tensor has no element.
    #[track_caller]
    fn min(&self) -> Self::Elem
    where
        Self::Elem: Copy + PartialOrd,
    {
        extreme(&self.as_view(), "min", Extremum::MIN)
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
        build_with(|out| {
            extreme_into::<_, _, X, Reduced<Self, X>>(&v, Extremum::MAX, "max_axes", out)
        })
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
        build_with(|out| {
            extreme_into::<_, _, X, Reduced<Self, X>>(&v, Extremum::MIN, "min_axes", out)
        })
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
        build_with(|out| {
            extreme_into::<_, _, X, Reduced<Self, X>>(&v, Extremum::MAX, "max_axes", out)
        })
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
        build_with(|out| {
            extreme_into::<_, _, X, Reduced<Self, X>>(&v, Extremum::MIN, "min_axes", out)
        })
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
