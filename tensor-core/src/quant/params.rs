//! Quantization parameters ([`QParams`]: a scale and a zero point) and the
//! conversions between `f32` and `i8` tensors they define, as TensorFlow
//! Lite's reference `Quantize` and `Dequantize` kernels compute them.
//!
//! ```
//! use tensor_core::prelude::*;
//! let p = QParams::new(0.5, -3).unwrap();
//! let q = tensor![0.0f32, 0.25, -0.25, 1.0, 1000.0].quantize(p);
//! assert_eq!(q, tensor![-3, -2, -4, -1, 127]); // halves round away from zero
//! assert_eq!(q.dequantize(p), tensor![0.0, 0.5, -0.5, 1.0, 65.0]);
//! ```

use core::fmt;

use crate::ops::elementwise::Elementwise;
use crate::ops::{AsView, ShapeOf};
use crate::tensor::Tensor;

/// The affine map between real numbers and `i8`: `real = scale · (q - zero_point)`
/// (TensorFlow Lite's per-tensor asymmetric quantization).
///
/// The fields are public, so a `const` or `static` can spell them; build one
/// from run-time values with [`QParams::new`], which checks them.
///
/// ```
/// use tensor_core::prelude::*;
/// const P: QParams = QParams { scale: 0.05, zero_point: -3 };
/// assert_eq!(QParams::new(0.05, -3), Ok(P));
/// assert!(QParams::new(0.0, 0).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QParams {
    /// The real value of one step of the integer; finite and greater than 0.
    pub scale: f32,
    /// The integer that stands for the real value 0; in `-128..=127`.
    pub zero_point: i32,
}

/// A quantization parameter that cannot be used: what was wrong and the value.
///
/// ```
/// use tensor_core::prelude::*;
/// let err = QParams::new(0.1, 128).unwrap_err();
/// assert_eq!(err.to_string(), "zero point must be in -128..=127 (i8), found 128");
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum QuantError {
    /// A scale that is not finite or not greater than 0.
    Scale(f64),
    /// A requantization scale of 2^30 or more: TensorFlow Lite's
    /// `MultiplyByQuantizedMultiplier` would shift left by 31 or more.
    ScaleTooLarge(f64),
    /// A zero point outside the range of `i8`.
    ZeroPoint(i32),
}

impl fmt::Display for QuantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QuantError::Scale(s) => write!(f, "scale must be finite and greater than 0, found {s}"),
            QuantError::ScaleTooLarge(s) => {
                write!(f, "requantization scale must be below 2^30, found {s}")
            }
            QuantError::ZeroPoint(z) => {
                write!(f, "zero point must be in -128..=127 (i8), found {z}")
            }
        }
    }
}

impl core::error::Error for QuantError {}

impl QParams {
    /// Checked parameters: `Err` for a scale that is not finite or not
    /// greater than 0, or a zero point outside `-128..=127`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// assert!(QParams::new(0.02, 5).is_ok());
    /// assert_eq!(
    ///     QParams::new(f32::NAN, 0).unwrap_err().to_string(),
    ///     "scale must be finite and greater than 0, found NaN"
    /// );
    /// ```
    pub fn new(scale: f32, zero_point: i32) -> Result<Self, QuantError> {
        let p = QParams { scale, zero_point };
        p.check()?;
        Ok(p)
    }

    /// `Ok` when the fields are usable (see [`QParams::new`]).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// assert!(QParams { scale: -1.0, zero_point: 0 }.check().is_err());
    /// ```
    pub fn check(&self) -> Result<(), QuantError> {
        if !(self.scale.is_finite() && self.scale > 0.0) {
            return Err(QuantError::Scale(self.scale as f64));
        }
        if !(-128..=127).contains(&self.zero_point) {
            return Err(QuantError::ZeroPoint(self.zero_point));
        }
        Ok(())
    }

    /// One real value quantized: `clamp(round(x / scale) + zero_point,
    /// -128, 127)`, the division in `f64` and halves rounded away from zero
    /// (TensorFlow Lite's reference `AffineQuantize`; NaN gives the zero
    /// point). Panics when the parameters fail [`QParams::check`].
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let p = QParams { scale: 0.125, zero_point: 10 };
    /// assert_eq!((p.quantize_one(0.1875), p.quantize_one(-0.1875)), (12, 8)); // ±1.5 steps
    /// // 0.1f32 is a little above 0.1: 0.25 is just under 2.5 steps of it.
    /// assert_eq!(QParams { scale: 0.1, zero_point: 0 }.quantize_one(0.25), 2);
    /// ```
    pub fn quantize_one(&self, x: f32) -> i8 {
        self.expect_valid("quantize");
        let steps = round_half_away(x as f64 / self.scale as f64);
        // `as` saturates (and maps NaN to 0), so the sum cannot overflow.
        let q = (steps as i32).saturating_add(self.zero_point);
        q.clamp(-128, 127) as i8
    }

    /// One integer dequantized: `(q - zero_point) · scale`, computed in
    /// `f64` and rounded to `f32` (TensorFlow Lite's reference `Dequantize`).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// assert_eq!(QParams { scale: 0.5, zero_point: -1 }.dequantize_one(3), 2.0);
    /// ```
    pub fn dequantize_one(&self, q: i8) -> f32 {
        ((q as i32 - self.zero_point) as f64 * self.scale as f64) as f32
    }

    fn expect_valid(&self, op: &str) {
        if let Err(e) = self.check() {
            panic!("{op}: invalid quantization parameters: {e}");
        }
    }
}

/// `v` rounded to an integer, halves away from zero (C's `round`), without
/// `std`: below 2^52 in magnitude the truncation is exact and so is the
/// fractional part; above, every `f64` is already an integer.
fn round_half_away(v: f64) -> f64 {
    if !(v > -4503599627370496.0 && v < 4503599627370496.0) {
        return v;
    }
    let t = v as i64 as f64;
    let frac = v - t;
    if frac >= 0.5 {
        t + 1.0
    } else if frac <= -0.5 {
        t - 1.0
    } else {
        t
    }
}

/// `quantize` and `dequantize` for tensors and views (any [`AsView`]).
pub trait Quantize: AsView {
    /// Every element quantized with `p` ([`QParams::quantize_one`]). Panics
    /// with a message when `p` fails [`QParams::check`].
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = tensor![[0.0f32, 0.5], [-0.5, 2.0]];
    /// let p = QParams { scale: 0.25, zero_point: 1 };
    /// assert_eq!(x.quantize(p), tensor![[1, 3], [-1, 9]]);
    /// assert_eq!(x.t().quantize(p), tensor![[1, -1], [3, 9]]); // a view
    /// ```
    fn quantize(&self, p: QParams) -> Tensor<i8, ShapeOf<Self>>
    where
        Self: AsView<Elem = f32>,
    {
        p.expect_valid("quantize");
        self.map(|&x| p.quantize_one(x))
    }

    /// Every element dequantized with `p` ([`QParams::dequantize_one`]).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let q = tensor![-3i8, 0, 7];
    /// assert_eq!(q.dequantize(QParams { scale: 0.5, zero_point: -3 }), tensor![0.0, 1.5, 5.0]);
    /// ```
    fn dequantize(&self, p: QParams) -> Tensor<f32, ShapeOf<Self>>
    where
        Self: AsView<Elem = i8>,
    {
        self.map(|&q| p.dequantize_one(q))
    }
}

impl<A: AsView + ?Sized> Quantize for A {}
