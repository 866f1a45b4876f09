//! [`Requant`]: a real multiplier stored as a Q31 integer and a power of
//! two, and the integer-only rescaling of an `i32` accumulator by it.
//!
//! The semantics are TensorFlow Lite 2.x's reference kernels, the variant
//! built without `TFLITE_SINGLE_ROUNDING` (its default):
//! `QuantizeMultiplier` (`tensorflow/lite/kernels/internal/quantization_util.cc`)
//! for [`Requant::from_scale`], and `MultiplyByQuantizedMultiplier`
//! (`tensorflow/lite/kernels/internal/common.h`) with gemmlowp's
//! `SaturatingRoundingDoublingHighMul` and `RoundingDivideByPOT`
//! (`fixedpoint/fixedpoint.h`) for [`Requant::apply`].
//!
//! ```
//! use tensor_core::prelude::*;
//! const RQ: Requant = Requant::from_scale(0.25); // computed by the compiler
//! assert_eq!((RQ.multiplier(), RQ.shift()), (1 << 30, -1)); // 0.5 · 2^-1
//! assert_eq!((RQ.apply(10), RQ.apply(-10), RQ.apply(-9)), (3, -3, -2));
//! ```

use super::params::QuantError;

/// A positive real multiplier `scale ≈ multiplier · 2^(shift - 31)`, with
/// `multiplier` in `[2^30, 2^31)` (or 0 for a scale below about 2^-32) and
/// `shift` in `-31..=30`, as TensorFlow Lite's `QuantizeMultiplier` makes it.
///
/// [`Requant::apply`] multiplies an `i32` by it with integer arithmetic
/// only, so a firmware whose `Requant`s are constants links no float code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Requant {
    multiplier: i32,
    shift: i32,
}

/// Bits of an `f64`: 52 of fraction, 11 of exponent with bias 1023.
const FRACTION_BITS: u32 = 52;
const EXPONENT_MASK: u64 = 0x7ff;

impl Requant {
    /// TensorFlow Lite's `QuantizeMultiplier(scale)`, as a `const fn`: `frexp`
    /// splits `scale` into `q · 2^shift` with `q` in `[0.5, 1)`, the
    /// multiplier is `round(q · 2^31)` (halves away from zero); a multiplier
    /// that rounds up to `2^31` is halved and the shift increased; a shift
    /// below -31 gives the zero multiplier (and shift 0).
    ///
    /// # Panics
    ///
    /// For a scale that is not finite, not greater than 0, or 2^30 or more
    /// (TensorFlow Lite would shift left by 31 or more); in a `const` this is
    /// a compile error with that message. [`Requant::try_from_scale`]
    /// returns these as `Err`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// const RQ: Requant = Requant::from_scale(0.0123);
    /// assert_eq!((RQ.multiplier(), RQ.shift()), (1690499128, -6));
    /// let run_time = Requant::from_scale(std::hint::black_box(0.0123));
    /// assert_eq!(run_time, RQ);
    /// ```
    pub const fn from_scale(scale: f64) -> Self {
        match Self::try_from_scale(scale) {
            Ok(rq) => rq,
            Err(QuantError::ScaleTooLarge(_)) => {
                panic!("Requant::from_scale: the scale must be below 2^30")
            }
            Err(_) => panic!("Requant::from_scale: the scale must be finite and greater than 0"),
        }
    }

    /// [`Requant::from_scale`], with a bad scale as `Err` instead of a panic.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// assert!(Requant::try_from_scale(0.5).is_ok());
    /// assert_eq!(
    ///     Requant::try_from_scale(-0.5).unwrap_err().to_string(),
    ///     "scale must be finite and greater than 0, found -0.5"
    /// );
    /// assert!(Requant::try_from_scale(f64::INFINITY).is_err());
    /// assert!(Requant::try_from_scale(2e9).is_err());
    /// ```
    pub const fn try_from_scale(scale: f64) -> Result<Self, QuantError> {
        let bits = scale.to_bits();
        let exponent = (bits >> FRACTION_BITS) & EXPONENT_MASK;
        if bits >> 63 != 0 || bits == 0 || exponent == EXPONENT_MASK {
            return Err(QuantError::Scale(scale));
        }
        if exponent == 0 {
            // Subnormal: frexp's exponent is below -1021, far below -31.
            return Ok(Requant::ZERO);
        }
        // frexp: scale = (mantissa / 2^53) · 2^shift, mantissa / 2^53 in [0.5, 1).
        let mantissa = (bits & ((1 << FRACTION_BITS) - 1)) | (1 << FRACTION_BITS);
        let mut shift = exponent as i32 - 1022;
        // round(q · 2^31) = round(mantissa / 2^22), a positive half rounded up.
        let mut q_fixed = (mantissa + (1 << 21)) >> 22;
        if q_fixed == 1 << 31 {
            q_fixed /= 2;
            shift += 1;
        }
        if shift < -31 {
            return Ok(Requant::ZERO);
        }
        if shift > 30 {
            return Err(QuantError::ScaleTooLarge(scale));
        }
        Ok(Requant {
            multiplier: q_fixed as i32,
            shift,
        })
    }

    /// The multiplier of a scale too small to represent: every result 0.
    const ZERO: Requant = Requant {
        multiplier: 0,
        shift: 0,
    };

    /// The Q31 multiplier: `scale ≈ multiplier() · 2^(shift() - 31)`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// assert_eq!(Requant::from_scale(1.0).multiplier(), 1 << 30);
    /// ```
    pub const fn multiplier(&self) -> i32 {
        self.multiplier
    }

    /// The power of two: positive shifts left, negative right.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// assert_eq!(Requant::from_scale(1.0).shift(), 1);
    /// assert_eq!(Requant::from_scale(0.3).shift(), -1);
    /// ```
    pub const fn shift(&self) -> i32 {
        self.shift
    }

    /// `acc` times the scale, rounded, with integers only: TensorFlow Lite's
    /// `MultiplyByQuantizedMultiplier(acc, multiplier, shift)`,
    /// `RoundingDivideByPOT(SaturatingRoundingDoublingHighMul(acc ·
    /// 2^max(shift, 0), multiplier), max(-shift, 0))`. The left shift wraps
    /// on overflow, as the `int32_t` product of the C++ source does on the
    /// targets TensorFlow Lite runs on (C++ leaves it undefined).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// // 0.5 = 2^30 · 2^(0 - 31): the doubling high multiply rounds -2.5 up.
    /// let half = Requant::from_scale(0.5);
    /// assert_eq!((half.apply(5), half.apply(-5), half.apply(7)), (3, -2, 4));
    /// // 0.25 shifts right by 1: that division rounds -1.5 away from zero.
    /// assert_eq!(Requant::from_scale(0.25).apply(-6), -2);
    /// ```
    #[inline]
    pub const fn apply(&self, acc: i32) -> i32 {
        let left = if self.shift > 0 { self.shift } else { 0 };
        let right = if self.shift > 0 { 0 } else { -self.shift };
        let scaled = acc.wrapping_mul(1 << left);
        rounding_divide_by_pot(doubling_high_mul(scaled, self.multiplier), right)
    }
}

/// gemmlowp's `SaturatingRoundingDoublingHighMul`: the high 32 bits of
/// `2·a·b`, rounded to nearest (the nudge `2^30`, or `1 - 2^30` below 0,
/// then a division truncating toward 0), and `i32::MAX` for the one
/// overflowing case `i32::MIN · i32::MIN`.
///
/// ```
/// use tensor_core::quant::doubling_high_mul;
/// assert_eq!(doubling_high_mul(1 << 30, 3), 2); // 1.5 rounds up
/// assert_eq!(doubling_high_mul(1 << 30, -3), -1); // -1.5 rounds up too
/// assert_eq!(doubling_high_mul(i32::MIN, i32::MIN), i32::MAX);
/// ```
#[inline]
pub const fn doubling_high_mul(a: i32, b: i32) -> i32 {
    if a == i32::MIN && b == i32::MIN {
        return i32::MAX;
    }
    // gemmlowp adds the nudge `2^30` (or `1 - 2^30` below 0) and divides
    // by `2^31` truncating toward 0. Below 0 that is `ceil((ab + 1 - 2^30)
    // / 2^31) = floor((ab + 2^30) / 2^31)`, and at or above 0 the same floor,
    // so one add and an arithmetic shift give the same bits (CMSIS-NN's
    // `SMLAL` form), without the sign test and the 64-bit division's fix-up.
    ((wide_mul(a, b) + (1 << 30)) >> 31) as i32
}

/// `a · b` exactly. One instruction on 32- and 64-bit targets; where
/// `usize` has 16 bits (an 8-bit AVR), an `i64` multiply is a library call
/// about four times slower than [`mul_by_halves`].
#[inline(always)]
const fn wide_mul(a: i32, b: i32) -> i64 {
    if cfg!(target_pointer_width = "16") {
        mul_by_halves(a, b)
    } else {
        a as i64 * b as i64
    }
}

/// `a · b` from four products of 16-bit halves, each of which fits an
/// `i32`: `a = ah·2^16 + al` with `ah` signed and `al` unsigned, so
/// `a·b = ah·bh·2^32 + (ah·bl + al·bh)·2^16 + al·bl`.
#[inline(always)]
pub(crate) const fn mul_by_halves(a: i32, b: i32) -> i64 {
    let (ah, al) = ((a >> 16) as i64, (a & 0xFFFF) as i64);
    let (bh, bl) = ((b >> 16) as i64, (b & 0xFFFF) as i64);
    let high = (ah as i32 * bh as i32) as i64;
    let cross = (ah as i32 * bl as i32) as i64 + (al as i32 * bh as i32) as i64;
    let low = (al as u32 * bl as u32) as i64;
    (high << 32) + (cross << 16) + low
}

/// gemmlowp's `RoundingDivideByPOT`: `x / 2^exponent` rounded to nearest,
/// halves away from zero, for `exponent` in `0..=31`.
///
/// ```
/// use tensor_core::quant::rounding_divide_by_pot;
/// assert_eq!(rounding_divide_by_pot(6, 2), 2); // 1.5
/// assert_eq!(rounding_divide_by_pot(-6, 2), -2); // -1.5
/// assert_eq!(rounding_divide_by_pot(-5, 2), -1); // -1.25
/// ```
#[inline]
pub const fn rounding_divide_by_pot(x: i32, exponent: i32) -> i32 {
    let mask = ((1u32 << exponent) - 1) as i32; // exponent <= 31: no overflow
    let remainder = x & mask;
    let threshold = (mask >> 1) + (x < 0) as i32;
    (x >> exponent) + (remainder > threshold) as i32
}

#[cfg(test)]
mod tests {
    use super::mul_by_halves;

    #[test]
    fn the_product_by_halves_is_the_product() {
        let edges = [
            i32::MIN,
            i32::MIN + 1,
            -65536,
            -65535,
            -1,
            0,
            1,
            65535,
            65536,
            i32::MAX,
        ];
        for &a in &edges {
            for &b in &edges {
                assert_eq!(mul_by_halves(a, b), a as i64 * b as i64, "{a} · {b}");
            }
        }
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let (a, b) = (x as i32, (x >> 32) as i32);
            assert_eq!(mul_by_halves(a, b), a as i64 * b as i64, "{a} · {b}");
        }
    }
}
