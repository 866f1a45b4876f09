//! `softmax::<Axis<k>>()` and `log_softmax` along one axis, numerically
//! stable: the maximum along the axis is subtracted before `exp`, so large
//! logits do not overflow (SciPy's `softmax(x, axis=k)`).
//!
//! Built on the keep-dims reductions (`max_axes_keep`, `sum_axes_keep`),
//! whose size-1 axis broadcasts back along `k`; `exp` and `ln` come from
//! [`Float`] (the `libm` crate, or `std`'s with the `std` feature), so both
//! work in `#![no_std]`.
//!
//! ```
//! use tensor_core::prelude::*;
//! let logits = tensor![[1.0f32, 2.0, 3.0], [1000.0, 1000.0, 1000.0]];
//! let p = logits.softmax::<Axis<1>>();
//! assert!((p.sum_axes::<Axes![1]>()[[0]] - 1.0).abs() < 1e-6);
//! assert_eq!(p[[1, 0]], 1.0 / 3.0); // no overflow at 1000
//! ```

use super::destination::{build_by, write_each, Destination};
use super::elementwise::{update_rows, zip_same_into};
use super::reduce::{Kept, Reduce};
use super::{AsView, ShapeOf};
use crate::axis::SingleAxis;
use crate::constraint::KeepShape;
use crate::layout::walk::Rows;
use crate::layout::Layout;
use crate::num::{Float, Zero};
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::uninit::as_slots;
use crate::view::View;

/// The axis `I` (`Axis<k>`) of a softmax is an axis of the shape: the
/// rule of [`Softmax::softmax`], [`Softmax::log_softmax`] and their
/// `assign_` forms, with a message of its own (the reductions' speaks of
/// reducing over an axis list). Holds for every shape of rank above `k`.
///
/// ```
/// use tensor_core::ops::softmax::SoftmaxAxis;
/// use tensor_core::prelude::*;
/// fn along<S: SoftmaxAxis<Axis<1>>>() {}
/// along::<Shape![4, 10]>();
/// ```
#[diagnostic::on_unimplemented(
    message = "no softmax of shape `{Self}` along `{I}`: the shape has no such axis",
    label = "axis out of range",
    note = "the axes of a shape of rank r are `Axis<0>` to `Axis<r - 1>`"
)]
pub trait SoftmaxAxis<I: SingleAxis>: KeepShape<I::List> {}

impl<S: KeepShape<I::List>, I: SingleAxis> SoftmaxAxis<I> for S {}

/// Softmax and log-softmax of every operand whose elements are floats.
pub trait Softmax: AsView {
    /// `exp(x - max) / sum(exp(x - max))` along the axis `I` (`Axis<k>`):
    /// every line along `I` sums to 1. A NaN in a line makes the line NaN.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = tensor![[0.0f64, 0.0], [2.0f64.ln(), 0.0]];
    /// let p = x.softmax::<Axis<0>>(); // columns sum to 1
    /// assert!((p[[1, 0]] - 2.0 / 3.0).abs() < 1e-12 && p[[1, 1]] == 0.5);
    /// assert_eq!(x.t().softmax::<Axis<1>>(), p.t()); // any view
    /// ```
    fn softmax<I: SingleAxis>(&self) -> Tensor<Self::Elem, ShapeOf<Self>>
    where
        ShapeOf<Self>: SoftmaxAxis<I>,
        Self::Elem: Float,
    {
        build_by(Zero::ZERO, |out| out.assign_softmax::<I, _>(self))
    }

    /// `x - max - ln(sum(exp(x - max)))` along the axis `I`: the logarithm
    /// of [`softmax`](Softmax::softmax), without its underflow to 0 (SciPy's
    /// `log_softmax`).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let l = tensor![0.0f32, 0.0, -200.0].log_softmax::<Axis<0>>();
    /// assert!((l[[0]] + 2.0f32.ln()).abs() < 1e-6);
    /// assert!((l[[2]] + 200.0 + 2.0f32.ln()).abs() < 1e-4); // softmax is 0 there
    /// ```
    fn log_softmax<I: SingleAxis>(&self) -> Tensor<Self::Elem, ShapeOf<Self>>
    where
        ShapeOf<Self>: SoftmaxAxis<I>,
        Self::Elem: Float,
    {
        build_by(Zero::ZERO, |out| out.assign_log_softmax::<I, _>(self))
    }
}

impl<A: AsView + ?Sized> Softmax for A {}

/// Softmax and log-softmax written into a [`Destination`] (a tensor, a
/// boxed one, a mutable view) of the operand's shape: implemented for
/// every destination.
pub trait AssignSoftmax: Destination {
    /// Writes [`a.softmax::<I>()`](Softmax::softmax) into this destination:
    /// the same values, with only the reduced (keep-dims) maxima and sums
    /// as temporaries.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let logits = tensor![[1.0f32, 2.0, 3.0], [0.0, 0.0, 0.0]];
    /// let mut p = Tensor::<f32, Shape![2, 3]>::zeros();
    /// p.assign_softmax::<Axis<1>, _>(&logits);
    /// assert_eq!(p, logits.softmax::<Axis<1>>());
    /// let mut q = Tensor::<f32, Shape![3, 2]>::zeros();
    /// q.view_mut().t().assign_softmax::<Axis<1>, _>(&logits); // a strided view
    /// assert_eq!(q.t(), logits.softmax::<Axis<1>>());
    /// ```
    fn assign_softmax<I: SingleAxis, A>(&mut self, a: &A)
    where
        A: AsView<Elem = Self::Elem> + ?Sized,
        A::Layout: Layout<Shape = ShapeOf<Self>>,
        ShapeOf<Self>: SoftmaxAxis<I>,
        Self::Elem: Float,
    {
        if <ShapeOf<Self> as Shape>::SIZE == 0 {
            return;
        }
        exp_shifted::<Self, I, A>(self, a);
        let sums = self.sum_axes_keep::<I::List>();
        let sums = sums.view().expand_unchecked::<ShapeOf<Self>>();
        update_with(self, &sums, |x, &total| *x = *x / total);
    }

    /// Writes [`a.log_softmax::<I>()`](Softmax::log_softmax) into this
    /// destination (of `a`'s shape), with only reduced temporaries.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let logits = tensor![[1.0f64, 2.0], [3.0, 5.0]];
    /// let mut l = Tensor::<f64, Shape![2, 2]>::zeros();
    /// l.assign_log_softmax::<Axis<0>, _>(&logits);
    /// assert_eq!(l, logits.log_softmax::<Axis<0>>());
    /// ```
    fn assign_log_softmax<I: SingleAxis, A>(&mut self, a: &A)
    where
        A: AsView<Elem = Self::Elem> + ?Sized,
        A::Layout: Layout<Shape = ShapeOf<Self>>,
        ShapeOf<Self>: SoftmaxAxis<I>,
        Self::Elem: Float,
    {
        if <ShapeOf<Self> as Shape>::SIZE == 0 {
            return;
        }
        let max = exp_shifted::<Self, I, A>(self, a);
        // `(x - max) - ln(sum)`: the logarithms taken once per line, then
        // the two differences written row by row.
        let mut ln_sums = self.sum_axes_keep::<I::List>();
        ln_sums.iter_mut().for_each(|s| *s = s.ln());
        zip_kept_into::<Self, I, A>(self, a, &max, |&x, &m| x - m);
        let ln_sums = ln_sums.view().expand_unchecked::<ShapeOf<Self>>();
        update_with(self, &ln_sums, |x, &ln_sum| *x = *x - ln_sum);
    }
}

impl<D: Destination + ?Sized> AssignSoftmax for D {}

/// `exp(a - max(a along I))` into `out` (non-empty); returns the maxima.
fn exp_shifted<D, I, A>(out: &mut D, a: &A) -> Tensor<D::Elem, Kept<A, I::List>>
where
    D: Destination + ?Sized,
    I: SingleAxis,
    A: AsView<Elem = D::Elem> + ?Sized,
    A::Layout: Layout<Shape = ShapeOf<D>>,
    ShapeOf<D>: KeepShape<I::List>,
    D::Elem: Float,
{
    let max = a.max_axes_keep::<I::List>();
    zip_kept_into::<D, I, A>(out, a, &max, |&x, &m| (x - m).exp());
    max
}

/// `f` of each element of `a` and the element of `kept` (reduced along
/// `I`, kept dims) on its line, written into `out`: row by row through the
/// layout's row reader when `out` is one run, element by element
/// otherwise.
fn zip_kept_into<D, I, A>(
    out: &mut D,
    a: &A,
    kept: &Tensor<D::Elem, Kept<A, I::List>>,
    f: impl Fn(&D::Elem, &D::Elem) -> D::Elem,
) where
    D: Destination + ?Sized,
    I: SingleAxis,
    A: AsView<Elem = D::Elem> + ?Sized,
    A::Layout: Layout<Shape = ShapeOf<D>>,
    ShapeOf<D>: KeepShape<I::List>,
    D::Elem: Copy,
{
    let (v, k) = (a.as_view(), kept.view().expand_unchecked::<ShapeOf<D>>());
    match out.as_contiguous_mut() {
        Some(elems) => zip_same_into(v, k, f, as_slots(elems)),
        None => write_each(out, |i| f(v.at_flat(i), k.at_flat(i))),
    }
}

/// `f` of each element of `out` with the matching element of `b`, a view
/// of `out`'s shape (the sums broadcast along the softmax's axis): row by
/// row through the layout's row reader when `out` is one run and `b` has
/// constant strides, element by element otherwise. (An unravel per
/// element, as before, took 5× a hand-written softmax.)
#[inline]
fn update_with<D, L>(out: &mut D, b: &View<'_, D::Elem, L>, f: impl Fn(&mut D::Elem, &D::Elem))
where
    D: Destination + ?Sized,
    L: Layout<Shape = ShapeOf<D>>,
{
    if const { Rows::<D::Elem, L>::STRIDED } {
        if let Some(elems) = out.as_contiguous_mut() {
            return update_rows(elems, b, f);
        }
    }
    out.for_each_indexed(|i, x| f(x, b.at_flat(i)));
}

#[cfg(test)]
mod tests {
    use crate::prelude::*;

    /// The reference: a line's softmax by the textbook formula, in `f64`.
    fn reference(line: &[f64]) -> std::vec::Vec<f64> {
        let total: f64 = line.iter().map(|x| x.exp()).sum();
        line.iter().map(|x| x.exp() / total).collect()
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-12 * (1.0 + b.abs())
    }

    #[test]
    fn softmax_along_each_axis_matches_the_formula() {
        let t =
            Tensor::<f64, Shape![3, 4, 5]>::from_flat_fn(|i| ((i * 37) % 11) as f64 / 3.0 - 1.5);
        let (p0, p1, p2) = (
            t.softmax::<Axis<0>>(),
            t.softmax::<Axis<1>>(),
            t.softmax::<Axis<2>>(),
        );
        let (l0, l2) = (t.log_softmax::<Axis<0>>(), t.log_softmax::<Axis<2>>());
        for i in 0..3 {
            for j in 0..4 {
                for k in 0..5 {
                    let a0: std::vec::Vec<f64> = (0..3).map(|a| t[[a, j, k]]).collect();
                    let a1: std::vec::Vec<f64> = (0..4).map(|a| t[[i, a, k]]).collect();
                    let a2: std::vec::Vec<f64> = (0..5).map(|a| t[[i, j, a]]).collect();
                    assert!(close(p0[[i, j, k]], reference(&a0)[i]));
                    assert!(close(p1[[i, j, k]], reference(&a1)[j]));
                    assert!(close(p2[[i, j, k]], reference(&a2)[k]));
                    assert!(close(l0[[i, j, k]], reference(&a0)[i].ln()));
                    assert!(close(l2[[i, j, k]], reference(&a2)[k].ln()));
                }
            }
        }
    }

    #[test]
    fn large_logits_do_not_overflow_and_views_work() {
        let t = tensor![[1000.0f32, 999.0], [-1000.0, -1001.0]];
        let p = t.t().softmax::<Axis<0>>();
        let e = 1.0 / (1.0 + (-1.0f32).exp());
        assert!((p[[0, 0]] - e).abs() < 1e-6 && (p[[0, 1]] - e).abs() < 1e-6);
        let l = t.log_softmax::<Axis<1>>();
        assert!((l[[1, 1]] - (1.0 - e).ln()).abs() < 1e-5);
        let nan = tensor![[1.0f32, f32::NAN], [1.0, 2.0]].softmax::<Axis<1>>();
        assert!(nan[[0, 0]].is_nan() && !nan[[1, 0]].is_nan());
    }

    #[test]
    fn empty_tensors_give_empty_results() {
        let t = Tensor::<f32, Shape![2, 0]>::zeros();
        assert_eq!(t.softmax::<Axis<1>>().shape(), [2, 0]);
        assert_eq!(t.log_softmax::<Axis<0>>().shape(), [2, 0]);
    }

    #[test]
    fn in_place_forms_equal_the_returning_ones() {
        let t =
            Tensor::<f64, Shape![3, 4, 5]>::from_flat_fn(|i| ((i * 37) % 11) as f64 / 3.0 - 1.5);
        let mut p = Tensor::<f64, Shape![3, 4, 5]>::zeros();
        p.assign_softmax::<Axis<1>, _>(&t);
        assert_eq!(p, t.softmax::<Axis<1>>());
        let mut l = Tensor::<f64, Shape![5, 4, 3]>::zeros();
        let r = t.permute::<Axes![2, 1, 0]>(); // strided
        l.assign_log_softmax::<Axis<2>, _>(&r);
        assert_eq!(l, r.log_softmax::<Axis<2>>());
    }
}
