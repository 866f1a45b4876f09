//! Float functions of every element: `exp`, `ln`, `sqrt`, `tanh`, ... on
//! tensors and views, in `#![no_std]` too.
//!
//! Each method of [`FloatOps`] is a [`map`](super::elementwise::Elementwise::map)
//! of the scalar function of [`Float`] (the `libm` crate underneath, so no
//! `std` is needed), and returns a new tensor of the operand's shape; it
//! reads any view (transposed, sliced, broadcast) as `map` does. The
//! elements must be floats (`f32`, `f64`, or your own [`Float`] type); on
//! integer tensors the methods are a compile error naming the element type.
//!
//! Each has an in-place form writing into a tensor, a box or a mutable view
//! the caller owns, with no temporary: `out.assign(x.lazy().map(Float::exp))`
//! ([`Lazy::map`](super::lazy::Lazy::map)), which composes with the lazy
//! operators (`x.lazy().map(Float::exp) * 2.0 + &b`).
//!
//! ```
//! use tensor_core::prelude::*;
//! let a = tensor![[1.0f32, 4.0], [9.0, 16.0]];
//! assert_eq!(a.sqrt(), tensor![[1.0, 2.0], [3.0, 4.0]]);
//! assert_eq!(a.t().sqrt(), tensor![[1.0, 3.0], [2.0, 4.0]]); // any view
//! // The README's root mean square, without std:
//! let rms = (&a * &a).mean_axes::<Axes![1]>().sqrt();
//! assert!((rms[[0]] - 8.5f32.sqrt()).abs() < 1e-6);
//! ```

use super::elementwise::Elementwise;
use super::{AsView, ShapeOf};
use crate::num::Float;
use crate::tensor::Tensor;

/// The float functions, element by element, on anything that reads as a
/// view (tensors, views, references to them). Implemented for every
/// [`AsView`]; a method exists where the elements are [`Float`].
pub trait FloatOps: AsView {
    /// `|x|` of each element.
    ///
    /// In place, into a tensor, a box or a view: `out.assign(x.lazy().map(Float::abs))`
    /// ([`Lazy::map`](crate::ops::lazy::Lazy::map)).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// assert_eq!(tensor![-1.5f32, 2.0].abs(), tensor![1.5, 2.0]);
    /// ```
    fn abs(&self) -> Tensor<Self::Elem, ShapeOf<Self>>
    where
        Self::Elem: Float,
    {
        self.map(|&x| x.abs())
    }

    /// The square root of each element (NaN for a negative one).
    ///
    /// In place, into a tensor, a box or a view: `out.assign(x.lazy().map(Float::sqrt))`
    /// ([`Lazy::map`](crate::ops::lazy::Lazy::map)).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// assert_eq!(tensor![4.0f64, 0.25].sqrt(), tensor![2.0, 0.5]);
    /// ```
    fn sqrt(&self) -> Tensor<Self::Elem, ShapeOf<Self>>
    where
        Self::Elem: Float,
    {
        self.map(|&x| x.sqrt())
    }

    /// `e^x` of each element.
    ///
    /// In place, into a tensor, a box or a view: `out.assign(x.lazy().map(Float::exp))`
    /// ([`Lazy::map`](crate::ops::lazy::Lazy::map)).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let e = tensor![0.0f32, 1.0].exp();
    /// assert_eq!(e[[0]], 1.0);
    /// assert!((e[[1]] - core::f32::consts::E).abs() < 1e-6);
    /// ```
    fn exp(&self) -> Tensor<Self::Elem, ShapeOf<Self>>
    where
        Self::Elem: Float,
    {
        self.map(|&x| x.exp())
    }

    /// The natural logarithm of each element.
    ///
    /// In place, into a tensor, a box or a view: `out.assign(x.lazy().map(Float::ln))`
    /// ([`Lazy::map`](crate::ops::lazy::Lazy::map)).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let l = tensor![1.0f32, core::f32::consts::E].ln();
    /// assert!(l[[0]] == 0.0 && (l[[1]] - 1.0).abs() < 1e-6);
    /// ```
    fn ln(&self) -> Tensor<Self::Elem, ShapeOf<Self>>
    where
        Self::Elem: Float,
    {
        self.map(|&x| x.ln())
    }

    /// The base-2 logarithm of each element.
    ///
    /// In place, into a tensor, a box or a view: `out.assign(x.lazy().map(Float::log2))`
    /// ([`Lazy::map`](crate::ops::lazy::Lazy::map)).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// assert_eq!(tensor![1.0f32, 8.0, 0.5].log2(), tensor![0.0, 3.0, -1.0]);
    /// ```
    fn log2(&self) -> Tensor<Self::Elem, ShapeOf<Self>>
    where
        Self::Elem: Float,
    {
        self.map(|&x| x.log2())
    }

    /// The base-10 logarithm of each element.
    ///
    /// In place, into a tensor, a box or a view: `out.assign(x.lazy().map(Float::log10))`
    /// ([`Lazy::map`](crate::ops::lazy::Lazy::map)).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// assert_eq!(tensor![1.0f64, 1000.0].log10(), tensor![0.0, 3.0]);
    /// ```
    fn log10(&self) -> Tensor<Self::Elem, ShapeOf<Self>>
    where
        Self::Elem: Float,
    {
        self.map(|&x| x.log10())
    }

    /// The sine of each element (radians).
    ///
    /// In place, into a tensor, a box or a view: `out.assign(x.lazy().map(Float::sin))`
    /// ([`Lazy::map`](crate::ops::lazy::Lazy::map)).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let s = tensor![0.0f32, core::f32::consts::FRAC_PI_2].sin();
    /// assert_eq!(s, tensor![0.0, 1.0]);
    /// ```
    fn sin(&self) -> Tensor<Self::Elem, ShapeOf<Self>>
    where
        Self::Elem: Float,
    {
        self.map(|&x| x.sin())
    }

    /// The cosine of each element (radians).
    ///
    /// In place, into a tensor, a box or a view: `out.assign(x.lazy().map(Float::cos))`
    /// ([`Lazy::map`](crate::ops::lazy::Lazy::map)).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// assert_eq!(tensor![0.0f32].cos(), tensor![1.0]);
    /// ```
    fn cos(&self) -> Tensor<Self::Elem, ShapeOf<Self>>
    where
        Self::Elem: Float,
    {
        self.map(|&x| x.cos())
    }

    /// The hyperbolic tangent of each element.
    ///
    /// In place, into a tensor, a box or a view: `out.assign(x.lazy().map(Float::tanh))`
    /// ([`Lazy::map`](crate::ops::lazy::Lazy::map)).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[0.0f32, 20.0], [-20.0, 0.5]].tanh();
    /// assert_eq!((t[[0, 0]], t[[0, 1]], t[[1, 0]]), (0.0, 1.0, -1.0));
    /// assert!((t[[1, 1]] - 0.462_117_16).abs() < 1e-7);
    /// ```
    fn tanh(&self) -> Tensor<Self::Elem, ShapeOf<Self>>
    where
        Self::Elem: Float,
    {
        self.map(|&x| x.tanh())
    }

    /// Each element to the integer power `n`.
    ///
    /// In place, into a tensor, a box or a view: `out.assign(x.lazy().map(|v| v.powi(n)))`
    /// ([`Lazy::map`](crate::ops::lazy::Lazy::map)).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// assert_eq!(tensor![2.0f32, -3.0].powi(3), tensor![8.0, -27.0]);
    /// assert_eq!(tensor![2.0f32].powi(-1), tensor![0.5]);
    /// ```
    fn powi(&self, n: i32) -> Tensor<Self::Elem, ShapeOf<Self>>
    where
        Self::Elem: Float,
    {
        self.map(|&x| x.powi(n))
    }

    /// Each element to the power `y`.
    ///
    /// In place, into a tensor, a box or a view: `out.assign(x.lazy().map(|v| v.powf(y)))`
    /// ([`Lazy::map`](crate::ops::lazy::Lazy::map)).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// assert_eq!(tensor![4.0f32, 9.0].powf(0.5), tensor![2.0, 3.0]);
    /// ```
    fn powf(&self, y: Self::Elem) -> Tensor<Self::Elem, ShapeOf<Self>>
    where
        Self::Elem: Float,
    {
        self.map(|&x| x.powf(y))
    }

    /// The logistic function `1 / (1 + e^-x)` of each element.
    ///
    /// In place, into a tensor, a box or a view: `out.assign(x.lazy().map(Float::sigmoid))`
    /// ([`Lazy::map`](crate::ops::lazy::Lazy::map)).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let s = tensor![0.0f32, 100.0, -100.0].sigmoid();
    /// assert_eq!(s[[0]], 0.5);
    /// assert!(s[[1]] == 1.0 && s[[2]] < 1e-40);
    /// ```
    fn sigmoid(&self) -> Tensor<Self::Elem, ShapeOf<Self>>
    where
        Self::Elem: Float,
    {
        self.map(|&x| x.sigmoid())
    }
}

impl<A: AsView + ?Sized> FloatOps for A {}

#[cfg(test)]
mod tests {
    use crate::prelude::*;

    /// Every method against `std`'s function of the element, on a strided
    /// view (a transpose) and on a broadcast.
    #[test]
    fn every_method_matches_std_elementwise() {
        let a = Tensor::<f32, Shape![3, 4]>::from_flat_fn(|i| 0.37 * i as f32 - 1.5);
        let t = a.t();
        macro_rules! check {
            ($($f:ident),+) => {$(
                let got = t.$f();
                for (i, j) in (0..4).flat_map(|i| (0..3).map(move |j| (i, j))) {
                    let (x, want) = (got[[i, j]], a[[j, i]].$f());
                    assert!(x == want || (x.is_nan() && want.is_nan())
                        || (x - want).abs() <= 2.0 * f32::EPSILON * want.abs(),
                        "{}({}) = {x} vs std {want}", stringify!($f), a[[j, i]]);
                }
            )+};
        }
        check!(abs, sqrt, exp, ln, log2, log10, sin, cos, tanh);
        assert_eq!(t.powi(3), t.map(|&x| x.powi(3)));
        let row = tensor![1.0f64, 4.0];
        assert_eq!(
            row.expand::<Shape![2, 2]>().sqrt(),
            tensor![[1.0, 2.0], [1.0, 2.0]]
        );
    }
}
