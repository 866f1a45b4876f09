//! [`Float`]: the floating-point functions of `std` (`sqrt`, `exp`, `ln`,
//! `tanh`, ...), for `#![no_std]` too.
//!
//! `f32::sqrt`, `exp`, `ln` and the like are methods of `std`, not of
//! `core`: a `#![no_std]` crate (firmware on a microcontroller) cannot call
//! them. [`Float`] gives the same functions on `f32` and `f64` on every
//! target through the [`libm`] crate (a port of musl's libm, the standard
//! `no_std` math library), so the tensor methods of
//! [`FloatOps`](crate::ops::float::FloatOps) work everywhere. With the
//! `std` feature they are `std`'s own, bit for bit (the platform's math
//! library: glibc's `expf` is 7.5× the `libm` crate's speed). The two
//! agree to within an ulp or two (`sqrt` exactly: both are correctly
//! rounded), so the last bit may differ between a `std` and a `no_std`
//! build.
//!
//! Where `std` is linked, its inherent methods win over these for a plain
//! `x.sqrt()`; call `Float::sqrt(x)` to get this trait's on every target.
//!
//! ```
//! use tensor_core::num::Float;
//! assert_eq!(Float::sqrt(2.25f32), 1.5);
//! assert_eq!(Float::powi(2.0f64, -2), 0.25);
//! assert!((Float::tanh(0.5f32) - 0.462_117_16).abs() < 1e-7);
//! ```

use core::ops::{Add, Div, Mul, Neg, Sub};

use crate::num::{Accumulate, One, Zero};

/// A floating-point number with the elementary functions, for `f32` and `f64`
/// on every target (`#![no_std]` included).
///
/// Open: implement it (and [`Accumulate`], which sums such as `softmax`'s
/// run in) for your own float type (a fixed-point or half type) to call the
/// tensor methods of [`FloatOps`](crate::ops::float::FloatOps) on tensors
/// of it.
///
/// ```
/// use tensor_core::num::Float;
/// fn softplus<F: Float>(x: F) -> F { (x.exp() + F::ONE).ln() }
/// assert!((softplus(0.0f32) - 2.0f32.ln()).abs() < 1e-7);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a float type: `sqrt`, `exp`, `ln`, `tanh` and the other float functions take `f32` or `f64` elements",
    label = "not a float",
    note = "convert the elements first, e.g. `t.map(|&x| x as f32)`"
)]
pub trait Float:
    Copy
    + Accumulate
    + PartialOrd
    + Zero
    + One
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Neg<Output = Self>
{
    /// `|x|`.
    fn abs(self) -> Self;
    /// The square root; NaN for a negative number.
    fn sqrt(self) -> Self;
    /// `e^x`.
    fn exp(self) -> Self;
    /// The natural logarithm; `-inf` at 0, NaN below.
    fn ln(self) -> Self;
    /// The base-2 logarithm.
    fn log2(self) -> Self;
    /// The base-10 logarithm.
    fn log10(self) -> Self;
    /// The sine (radians).
    fn sin(self) -> Self;
    /// The cosine (radians).
    fn cos(self) -> Self;
    /// The hyperbolic tangent.
    fn tanh(self) -> Self;
    /// `x^n`, by repeated squaring (as `std`'s `powi` on its usual targets).
    fn powi(self, n: i32) -> Self;
    /// `x^y`.
    fn powf(self, y: Self) -> Self;
    /// The logistic function `1 / (1 + e^-x)`.
    fn sigmoid(self) -> Self;
}

/// `x^n` by binary exponentiation, `1 / x^-n` for a negative `n`: the
/// algorithm of compiler-rt's `__powisf2`, which `std`'s `powi` calls, so
/// that both round alike.
pub(super) fn powi_by_squaring<F: Float>(mut x: F, n: i32) -> F {
    let mut bits = n.unsigned_abs();
    let mut result = F::ONE;
    loop {
        if bits & 1 == 1 {
            result = result * x;
        }
        bits >>= 1;
        if bits == 0 {
            break;
        }
        x = x * x;
    }
    if n < 0 {
        F::ONE / result
    } else {
        result
    }
}

/// `std`'s inherent method `$method` of the primitive `Self` where `std`
/// is linked (feature `std`: the platform's math library, whose `expf`,
/// glibc's, measured 7.5× faster than the `libm` crate's, 5.6 against 42
/// ns, and made `softmax` 5× a hand-written loop), else the `libm` crate's
/// `$libm`. Both are within an ulp or so of the exact result; the last bit
/// may differ between a `std` and a `no_std` build.
#[cfg(not(feature = "num-traits"))]
macro_rules! math {
    ($libm:ident, $method:ident, $x:expr $(, $y:expr)?) => {{
        // Inherent methods come before the trait's, so this is `std`'s.
        #[cfg(feature = "std")]
        let value = <Self>::$method($x $(, $y)?);
        #[cfg(not(feature = "std"))]
        let value = libm::$libm($x $(, $y)?);
        value
    }};
}

/// Implements [`Float`] for a primitive type with `std`'s methods or the
/// `libm` functions of its width (`expf` for `f32`, `exp` for `f64`, ...),
/// by [`math!`].
#[cfg(not(feature = "num-traits"))]
macro_rules! impl_float {
    ($t:ty: $abs:ident, $sqrt:ident, $exp:ident, $ln:ident, $log2:ident, $log10:ident,
     $sin:ident, $cos:ident, $tanh:ident, $pow:ident) => {
        impl Float for $t {
            fn abs(self) -> Self {
                math!($abs, abs, self)
            }
            fn sqrt(self) -> Self {
                math!($sqrt, sqrt, self)
            }
            fn exp(self) -> Self {
                math!($exp, exp, self)
            }
            fn ln(self) -> Self {
                math!($ln, ln, self)
            }
            fn log2(self) -> Self {
                math!($log2, log2, self)
            }
            fn log10(self) -> Self {
                math!($log10, log10, self)
            }
            fn sin(self) -> Self {
                math!($sin, sin, self)
            }
            fn cos(self) -> Self {
                math!($cos, cos, self)
            }
            fn tanh(self) -> Self {
                math!($tanh, tanh, self)
            }
            fn powi(self, n: i32) -> Self {
                powi_by_squaring(self, n)
            }
            fn powf(self, y: Self) -> Self {
                math!($pow, powf, self, y)
            }
            fn sigmoid(self) -> Self {
                1.0 / (1.0 + math!($exp, exp, -self))
            }
        }
    };
}

#[cfg(not(feature = "num-traits"))]
impl_float!(f32: fabsf, sqrtf, expf, logf, log2f, log10f, sinf, cosf, tanhf, powf);
#[cfg(not(feature = "num-traits"))]
impl_float!(f64: fabs, sqrt, exp, log, log2, log10, sin, cos, tanh, pow);

#[cfg(test)]
mod tests {
    use super::Float;

    /// With `std`, `std`'s methods (the platform's math library); without
    /// it, the `libm` crate's functions: bit for bit.
    #[test]
    #[cfg(not(feature = "num-traits"))]
    fn functions_come_from_std_with_std_and_from_libm_without() {
        let std_build = cfg!(feature = "std");
        for x in INPUTS.into_iter().flat_map(|x| [x, -x]) {
            let (want, got) = match std_build {
                true => (
                    [x.exp(), x.ln(), x.tanh(), x.powf(0.75)],
                    [
                        Float::exp(x),
                        Float::ln(x),
                        Float::tanh(x),
                        Float::powf(x, 0.75),
                    ],
                ),
                false => (
                    [
                        libm::exp(x),
                        libm::log(x),
                        libm::tanh(x),
                        libm::pow(x, 0.75),
                    ],
                    [
                        Float::exp(x),
                        Float::ln(x),
                        Float::tanh(x),
                        Float::powf(x, 0.75),
                    ],
                ),
            };
            assert_eq!(want.map(f64::to_bits), got.map(f64::to_bits), "f64 at {x}");
            let x = x as f32;
            let got = [
                Float::exp(x),
                Float::ln(x),
                Float::sqrt(x.abs()),
                Float::sigmoid(x),
            ];
            let want = match std_build {
                true => [x.exp(), x.ln(), x.abs().sqrt(), 1.0 / (1.0 + (-x).exp())],
                false => [
                    libm::expf(x),
                    libm::logf(x),
                    libm::sqrtf(x.abs()),
                    1.0 / (1.0 + libm::expf(-x)),
                ],
            };
            assert_eq!(want.map(f32::to_bits), got.map(f32::to_bits), "f32 at {x}");
        }
    }

    /// Inputs over the ranges that matter: tiny, around 1, large, signed.
    const INPUTS: [f64; 14] = [
        0.0, 1e-30, 1e-7, 0.1, 0.5, 1.0, 1.5, 2.0, 3.25, 10.0, 42.0, 88.0, 700.0, 1e30,
    ];

    /// Whether `a` and `b` are within `ulps` units in the last place (NaNs
    /// agree with NaNs, infinities with themselves).
    fn close32(a: f32, b: f32, ulps: u32) -> bool {
        a == b || (a.is_nan() && b.is_nan()) || a.to_bits().abs_diff(b.to_bits()) <= ulps
    }

    fn close64(a: f64, b: f64, ulps: u64) -> bool {
        a == b || (a.is_nan() && b.is_nan()) || a.to_bits().abs_diff(b.to_bits()) <= ulps
    }

    /// Each function of `Float` against `std`'s method of the same name.
    macro_rules! agree_with_std {
        ($x:expr, $close:ident, $($f:ident),+) => {
            $(
                let (ours, std) = (Float::$f($x), $x.$f());
                assert!($close(ours, std, 2), "{}({:e}): {ours:e} vs std {std:e}", stringify!($f), $x);
            )+
        };
    }

    #[test]
    fn f32_functions_agree_with_std() {
        for x in INPUTS.iter().flat_map(|&x| [x as f32, -x as f32]) {
            agree_with_std!(x, close32, abs, sqrt, exp, ln, log2, log10, sin, cos, tanh);
            assert_eq!(Float::sqrt(x).to_bits(), x.sqrt().to_bits());
            for n in [-3, -1, 0, 1, 2, 5, 16] {
                assert!(close32(Float::powi(x, n), x.powi(n), 1), "{x}^{n}");
                assert!(
                    close32(Float::powf(x, n as f32), x.powf(n as f32), 2),
                    "{x}^{n}"
                );
            }
            let sigmoid = 1.0 / (1.0 + (-x).exp());
            assert!(close32(Float::sigmoid(x), sigmoid, 2), "sigmoid({x})");
        }
    }

    #[test]
    fn f64_functions_agree_with_std() {
        for x in INPUTS.iter().flat_map(|&x| [x, -x]) {
            agree_with_std!(x, close64, abs, sqrt, exp, ln, log2, log10, sin, cos, tanh);
            assert_eq!(Float::sqrt(x).to_bits(), x.sqrt().to_bits());
            for n in [-3, -1, 0, 1, 2, 5, 16] {
                assert!(close64(Float::powi(x, n), x.powi(n), 1), "{x}^{n}");
            }
        }
    }

    #[test]
    fn special_values() {
        assert_eq!(Float::ln(0.0f32), f32::NEG_INFINITY);
        assert!(Float::sqrt(-1.0f32).is_nan());
        assert_eq!(Float::exp(f32::NEG_INFINITY), 0.0);
        assert_eq!(Float::sigmoid(f32::NEG_INFINITY), 0.0);
        assert_eq!(Float::sigmoid(f32::INFINITY), 1.0);
        assert_eq!(Float::powi(0.0f32, -1), f32::INFINITY);
        assert_eq!(Float::tanh(30.0f64), 1.0);
    }
}
