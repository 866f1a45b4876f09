//! `assign_qconv2d`: the int8 convolution of TensorFlow Lite's per-channel
//! `Conv2D` (valid padding, stride 1, symmetric weights): `i8` input with a
//! zero point, `i8` weights `[O, C, KH, KW]`, an `i32` bias and a
//! [`Requant`] per output channel, the output zero point and a clamp. The
//! shapes follow [`conv2d`](crate::ops::conv::Conv::conv2d)'s rule
//! ([`Conv2dWeights`]), checked by `cargo check`.
//!
//! ```
//! use tensor_core::prelude::*;
//! let x = Tensor::<i8, Shape![1, 3, 3]>::from_flat_fn(|i| i as i8); // 0..9
//! let w = tensor![[[[1i8, 1], [1, 1]]]]; // [1, 1, 2, 2]: sums of 2×2 windows
//! let mut out = Tensor::<i8, Shape![1, 2, 2]>::zeros();
//! out.assign_qconv2d(&x, 0, &w, &tensor![0], &tensor![Requant::from_scale(1.0)], 0, (-128, 127));
//! assert_eq!(out, tensor![[[8, 12], [20, 24]]]);
//! ```

use super::{check_clamp, finish, zero_point, Requant};
use crate::constraint::Conv2dWeights;
use crate::dim::Dimension;
use crate::shape::Shape;
use crate::tensor::Tensor;

impl<S: Shape> Tensor<i8, S> {
    /// Writes the quantized convolution of `x` (`[C, H, W]`) by `w`
    /// (`[O, C, KH, KW]`) into this `[O, H - KH + 1, W - KW + 1]` tensor:
    /// `out[o, i, j] = clamp(out_zp + rqs[o].apply(bias[o] + Σc,a,b
    /// (x[c, i + a, j + b] - x_zp) · w[o, c, a, b]), lo, hi)`, accumulated
    /// in `i32` (wrapping). The result is TensorFlow Lite's reference
    /// `ConvPerChannel` (int8) bit for bit.
    ///
    /// # Panics
    ///
    /// With a message, when a zero point is outside `-128..=127` or
    /// `lo > hi`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = Tensor::<i8, Shape![2, 4, 4]>::full(3);
    /// let w = Tensor::<i8, Shape![2, 2, 3, 3]>::from_flat_fn(|i| if i < 18 { 1 } else { -1 });
    /// let rqs = Tensor::full(Requant::from_scale(0.5));
    /// let mut out = Tensor::<i8, Shape![2, 2, 2]>::zeros();
    /// // x - 1 = 2 under 18 weights ±1: ±36, plus the bias, halved; ReLU-like clamp.
    /// out.assign_qconv2d(&x, 1, &w, &tensor![2, 0], &rqs, -5, (-5, 127));
    /// assert_eq!(out[[0, 0, 0]], 14); // (36 + 2) / 2 - 5
    /// assert_eq!(out[[1, 1, 1]], -5); // -36 / 2 - 5 = -23, clamped
    /// ```
    #[allow(clippy::too_many_arguments)] // TensorFlow Lite's operands, one each
    pub fn assign_qconv2d<C, H, W, O, C2, KH, KW>(
        &mut self,
        x: &Tensor<i8, (C, H, W)>,
        x_zp: impl Into<i32>,
        w: &Tensor<i8, (O, C2, KH, KW)>,
        bias: &Tensor<i32, (O,)>,
        rqs: &Tensor<Requant, (O,)>,
        out_zp: impl Into<i32>,
        (lo, hi): (i8, i8),
    ) where
        (O, C2, KH, KW): Conv2dWeights<(C, H, W), Output = S>,
        C: Dimension,
        H: Dimension,
        W: Dimension,
        O: Dimension,
        C2: Dimension,
        KH: Dimension,
        KW: Dimension,
    {
        const OP: &str = "assign_qconv2d";
        let x_zp = zero_point(OP, "x", x_zp.into());
        let out_zp = zero_point(OP, "the output", out_zp.into());
        check_clamp(OP, lo, hi);
        let ([c, h, wd], [kh, kw]) = ([C::VALUE, H::VALUE, W::VALUE], [KH::VALUE, KW::VALUE]);
        let (oh, ow) = (h - kh + 1, wd - kw + 1);
        let (x, w, out) = (x.as_slice(), w.as_slice(), self.as_mut_slice());
        for (o, (&bias, rq)) in bias.iter().zip(rqs.iter()).enumerate() {
            let filter = &w[o * c * kh * kw..(o + 1) * c * kh * kw];
            // Σ (x - x_zp)·w = Σ x·w - x_zp·Σ w, equal in wrapping `i32`
            // arithmetic (a ring): one multiply-add a tap.
            let taps_sum = filter.iter().fold(0i32, |s, &v| s.wrapping_add(v as i32));
            let base = bias.wrapping_sub(x_zp.wrapping_mul(taps_sum));
            for i in 0..oh {
                for j in 0..ow {
                    let mut acc = base;
                    for ci in 0..c {
                        for a in 0..kh {
                            let pixels = &x[(ci * h + i + a) * wd + j..][..kw];
                            let taps = &filter[(ci * kh + a) * kw..][..kw];
                            for (&xv, &wv) in pixels.iter().zip(taps) {
                                acc = acc.wrapping_add(xv as i32 * wv as i32);
                            }
                        }
                    }
                    out[(o * oh + i) * ow + j] = finish(acc, rq, out_zp, lo, hi);
                }
            }
        }
    }
}
