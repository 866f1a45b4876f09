//! `var_axes` and `std_axes`: the population variance and standard
//! deviation over the axes of an `Axes![..]` list (NumPy `x.var(axis=..)`,
//! `ddof=0`), which the result drops.
//!
//! Two passes over the elements of each result: their mean, then the mean
//! of the squared deviations from it, which loses no precision to
//! cancellation as `E[x²] - E[x]²` would. No temporary tensor: the result
//! is written in place, by the same code as the `assign_*` forms.
//!
//! ```
//! use tensor_core::prelude::*;
//! let t = tensor![[1.0f32, 2.0, 3.0, 4.0], [2.0, 2.0, 2.0, 2.0]];
//! assert_eq!(t.var_axes::<Axes![1]>(), tensor![1.25, 0.0]);
//! assert_eq!(t.std_axes::<Axes![0]>(), tensor![0.5, 0.0, 0.5, 1.0]);
//! ```

use super::destination::{build_by, write_each, Destination};
use super::reduce::{group_sum, reduced_count, Reduced};
use super::{AsView, ShapeOf};
use crate::axis::Axes;
use crate::constraint::{KeepShape, ReduceShape};
use crate::num::{Float, FromCount, Zero};
use crate::tensor::Tensor;

/// Variance and standard deviation of every operand of floats.
pub trait Moments: AsView {
    /// The population variance over the axes `X` (the mean of the squared
    /// deviations from the mean; NumPy `ddof=0`); NaN over no element.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[1.0f64, 5.0], [3.0, 3.0]];
    /// assert_eq!(t.var_axes::<Axes![0, 1]>()[[]], 2.0);
    /// assert_eq!(t.t().var_axes::<Axes![1]>(), tensor![1.0, 1.0]);
    /// ```
    fn var_axes<X: Axes>(&self) -> Tensor<Self::Elem, Reduced<Self, X>>
    where
        ShapeOf<Self>: KeepShape<X>,
        Self::Elem: Float + FromCount,
    {
        build_by(Zero::ZERO, |out| out.assign_var_axes::<X, _>(self))
    }

    /// The population standard deviation over the axes `X`: the square
    /// root of [`var_axes`](Moments::var_axes).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[2.0f32, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]];
    /// assert_eq!(t.std_axes::<Axes![1]>(), tensor![2.0]);
    /// ```
    fn std_axes<X: Axes>(&self) -> Tensor<Self::Elem, Reduced<Self, X>>
    where
        ShapeOf<Self>: KeepShape<X>,
        Self::Elem: Float + FromCount,
    {
        build_by(Zero::ZERO, |out| out.assign_std_axes::<X, _>(self))
    }
}

impl<A: AsView + ?Sized> Moments for A {}

/// Variance and standard deviation written into a [`Destination`] (a
/// tensor, a boxed one, a mutable view) of the reduced shape: implemented
/// for every destination.
///
/// Each result folds its own elements twice (their mean, then the mean of
/// the squared deviations from it), with no temporary tensor; the
/// returning forms are these, written into their result in place.
pub trait AssignMoments: Destination {
    /// Writes [`a.var_axes::<X>()`](Moments::var_axes) into this
    /// destination.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[1.0f32, 2.0, 3.0, 4.0], [2.0, 2.0, 2.0, 2.0]];
    /// let mut v = Tensor::<f32, Shape![2]>::zeros();
    /// v.assign_var_axes::<Axes![1], _>(&t);
    /// assert_eq!(v, tensor![1.25, 0.0]);
    /// ```
    fn assign_var_axes<X: Axes, A>(&mut self, a: &A)
    where
        A: AsView<Elem = Self::Elem> + ?Sized,
        ShapeOf<A>: ReduceShape<X, Output = ShapeOf<Self>>,
        Self::Elem: Float + FromCount,
    {
        var_to::<Self, A, X>(self, a, |v| v);
    }

    /// Writes [`a.std_axes::<X>()`](Moments::std_axes) into this
    /// destination.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[2.0f32, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]];
    /// let mut s = Tensor::<f32, Shape![3, 2]>::full(-1.0);
    /// slice!(s.view_mut(), 1, 0..1).assign_std_axes::<Axes![1], _>(&t);
    /// assert_eq!(s, tensor![[-1.0, -1.0], [2.0, -1.0], [-1.0, -1.0]]);
    /// ```
    fn assign_std_axes<X: Axes, A>(&mut self, a: &A)
    where
        A: AsView<Elem = Self::Elem> + ?Sized,
        ShapeOf<A>: ReduceShape<X, Output = ShapeOf<Self>>,
        Self::Elem: Float + FromCount,
    {
        var_to::<Self, A, X>(self, a, |v| v.sqrt());
    }
}

impl<D: Destination + ?Sized> AssignMoments for D {}

/// `then` of the variance of `a` over `X`, into `out`.
fn var_to<D, A, X>(out: &mut D, a: &A, then: impl Fn(D::Elem) -> D::Elem)
where
    D: Destination + ?Sized,
    A: AsView<Elem = D::Elem> + ?Sized,
    X: Axes,
    ShapeOf<A>: ReduceShape<X>,
    D::Elem: Float + FromCount,
{
    let (v, count) = (a.as_view(), reduced_count::<ShapeOf<A>, X>());
    let n = D::Elem::from_count(count);
    write_each(out, |o| {
        let mean = group_sum::<_, _, X>(&v, o, |x| x) / n;
        then(group_sum::<_, _, X>(&v, o, |x| (x - mean) * (x - mean)) / n)
    });
}

#[cfg(test)]
mod tests {
    use crate::prelude::*;

    /// NumPy's `var` of a list: the mean of squared deviations, in `f64`.
    fn reference(xs: &[f64]) -> f64 {
        let mean = xs.iter().sum::<f64>() / xs.len() as f64;
        xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / xs.len() as f64
    }

    #[test]
    fn variance_over_each_axis_and_pairs_matches_the_reference() {
        let t =
            Tensor::<f64, Shape![3, 4, 5]>::from_flat_fn(|i| ((i * 53) % 17) as f64 * 0.7 - 3.0);
        let (v1, v02) = (t.var_axes::<Axes![1]>(), t.var_axes::<Axes![2, 0]>());
        let s2 = t.permute::<Axes![2, 0, 1]>().std_axes::<Axes![0]>();
        for i in 0..3 {
            for k in 0..5 {
                let xs: std::vec::Vec<f64> = (0..4).map(|j| t[[i, j, k]]).collect();
                assert!((v1[[i, k]] - reference(&xs)).abs() < 1e-12);
            }
            for j in 0..4 {
                let xs: std::vec::Vec<f64> = (0..5).map(|k| t[[i, j, k]]).collect();
                assert!((s2[[i, j]] - reference(&xs).sqrt()).abs() < 1e-12);
            }
        }
        for j in 0..4 {
            let xs: std::vec::Vec<f64> = (0..3)
                .flat_map(|i| (0..5).map(move |k| (i, k)))
                .map(|(i, k)| t[[i, j, k]])
                .collect();
            assert!((v02[[j]] - reference(&xs)).abs() < 1e-12);
        }
    }

    #[test]
    fn a_variance_over_no_element_is_nan() {
        let v = Tensor::<f32, Shape![2, 0]>::zeros().var_axes::<Axes![1]>();
        assert!(v.iter().all(|x| x.is_nan()));
    }
}
