//! Quantized int8 inference with TensorFlow Lite's integer semantics, bit
//! for bit: [`QParams`] and [`Quantize`] convert between `f32` and `i8`;
//! [`Requant`] rescales an `i32` accumulator with integers only;
//! [`assign_qmatmul`](crate::Tensor::assign_qmatmul) and
//! [`assign_qconv2d`](crate::Tensor::assign_qconv2d) are the int8 dense and
//! convolution kernels, with per-output-channel requantization, an
//! activation clamp and `i32` accumulation.
//!
//! The semantics followed are those of TensorFlow Lite 2.x's reference
//! kernels (`tensorflow/lite/kernels/internal/`), as built by default
//! (without `TFLITE_SINGLE_ROUNDING`): `QuantizeMultiplier`,
//! `MultiplyByQuantizedMultiplier`, gemmlowp's
//! `SaturatingRoundingDoublingHighMul` and `RoundingDivideByPOT`, and the
//! `reference_integer_ops` `FullyConnected` and `ConvPerChannel` loops. The
//! tests check them against a reference written separately from the
//! published definitions and against cases computed by
//! `scripts/gen_quant_cases.py`.
//!
//! Nothing here uses floating point at inference: only [`Quantize`],
//! [`QParams`] and [`Requant::from_scale`] (a `const fn`) touch `f32`/`f64`.
//!
//! ```
//! use tensor_core::prelude::*;
//! let x = tensor![[0.5f32, -1.0, 2.0]];
//! let px = QParams { scale: 1.0 / 64.0, zero_point: -10 };
//! let xq = x.quantize(px); // [[22, -74, 118]]
//! let w = tensor![[2i8], [1], [1]]; // weights scale 0.5, symmetric
//! // output scale 0.25: requantize by 1/64 · 0.5 / 0.25 = 1/32.
//! let rq = tensor![Requant::from_scale(1.0 / 32.0)];
//! let mut y = Tensor::<i8, Shape![1, 1]>::zeros();
//! y.assign_qmatmul(&xq, px.zero_point, &w, 0, &tensor![0], &rq, 0, (-128, 127));
//! // 0.5·1 - 1·0.5 + 2·0.5 = 1.0, which is 4 steps of 0.25.
//! assert_eq!(y.dequantize(QParams { scale: 0.25, zero_point: 0 }), tensor![[1.0]]);
//! ```

mod layer;
mod params;
mod qconv;
mod qdense;
mod qmatmul;
mod requant;
mod wide;

pub use layer::{QConv2d, QDense};
pub use params::{QParams, QuantError, Quantize};
pub use requant::{doubling_high_mul, rounding_divide_by_pot, Requant};
pub use wide::QDenseWide;

/// `zp` as an `i32`, or a panic naming the operation and operand when it
/// is not an `i8` value.
fn zero_point(op: &str, operand: &str, zp: i32) -> i32 {
    if !(-128..=127).contains(&zp) {
        panic!("{op}: the zero point of {operand} must be in -128..=127 (i8), found {zp}");
    }
    zp
}

/// A panic naming the operation when the clamp range is empty.
fn check_clamp(op: &str, lo: i8, hi: i8) {
    if lo > hi {
        panic!("{op}: the clamp range ({lo}, {hi}) is empty: lo must not exceed hi");
    }
}

/// The end of every TensorFlow Lite int8 kernel: requantize the
/// accumulator, add the output zero point, clamp, narrow.
#[inline(always)]
fn finish(acc: i32, rq: &Requant, out_zp: i32, lo: i8, hi: i8) -> i8 {
    rq.apply(acc)
        .wrapping_add(out_zp)
        .clamp(lo as i32, hi as i32) as i8
}
