//! `assign_qdense`: TensorFlow Lite's int8 `FullyConnected` with its own
//! weight layout, `[N, K]` (a row of `K` weights per output), so that each
//! output is one contiguous dot product. On a Cortex-M4/M7 (`dsp`) the dot
//! product takes four weights a load and runs on `SXTB16` and `SMLAD` (two
//! 16-bit multiply-accumulates an instruction), the input offset by its
//! zero point and widened to `i16` once per row, as CMSIS-NN's s8 kernels
//! do; elsewhere it is a plain loop. Same results as
//! [`assign_qmatmul`](crate::Tensor::assign_qmatmul) with the transposed
//! weights.
//!
//! ```
//! use tensor_core::prelude::*;
//! let x = tensor![[1i8, 2, 3, 4, 5]];
//! let w = tensor![[1i8, 1, 1, 1, 1], [1, -1, 1, -1, 1]]; // [N = 2, K = 5]
//! let rqs = Tensor::full(Requant::from_scale(1.0));
//! let mut y = Tensor::<i8, Shape![1, 2]>::zeros();
//! y.assign_qdense(&x, 0, &w, &tensor![0, 10], &rqs, 0, (-128, 127));
//! assert_eq!(y, tensor![[15, 13]]);
//! let mut z = Tensor::<i8, Shape![1, 2]>::zeros();
//! z.assign_qmatmul(&x, 0, &w.t().to_tensor(), 0, &tensor![0, 10], &rqs, 0, (-128, 127));
//! assert_eq!(y, z);
//! ```

use super::{check_clamp, finish, zero_point, Requant};
use crate::dim::Dimension;
use crate::tensor::Tensor;

impl<M: Dimension, N: Dimension> Tensor<i8, (M, N)> {
    /// Writes `out[m, n] = clamp(out_zp + rqs[n].apply(bias[n] + Σk
    /// (x[m, k] - x_zp) · w[n, k]), lo, hi)` for weights `w` of shape
    /// `[N, K]` (TensorFlow Lite's `FullyConnected` layout; symmetric, zero
    /// point 0), accumulated in `i32` (wrapping). Bit for bit TensorFlow
    /// Lite's reference kernel.
    ///
    /// # Panics
    ///
    /// With a message, when a zero point is outside `-128..=127` or
    /// `lo > hi`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = Tensor::<i8, Shape![2, 64]>::from_flat_fn(|i| (i % 7) as i8 - 3);
    /// let w = Tensor::<i8, Shape![3, 64]>::from_flat_fn(|i| (i % 5) as i8 - 2);
    /// let (bias, rqs) = (tensor![1, -2, 3], Tensor::full(Requant::from_scale(0.1)));
    /// let mut fast = Tensor::<i8, Shape![2, 3]>::zeros();
    /// fast.assign_qdense(&x, -1, &w, &bias, &rqs, 4, (-128, 127));
    /// let mut plain = Tensor::<i8, Shape![2, 3]>::zeros();
    /// plain.assign_qmatmul(&x, -1, &w.t().to_tensor(), 0, &bias, &rqs, 4, (-128, 127));
    /// assert_eq!(fast, plain);
    /// ```
    #[allow(clippy::too_many_arguments)] // TensorFlow Lite's operands, one each
    pub fn assign_qdense<K: Dimension>(
        &mut self,
        x: &Tensor<i8, (M, K)>,
        x_zp: impl Into<i32>,
        w: &Tensor<i8, (N, K)>,
        bias: &Tensor<i32, (N,)>,
        rqs: &Tensor<Requant, (N,)>,
        out_zp: impl Into<i32>,
        (lo, hi): (i8, i8),
    ) {
        const OP: &str = "assign_qdense";
        let x_zp = zero_point(OP, "x", x_zp.into());
        let out_zp = zero_point(OP, "the output", out_zp.into());
        check_clamp(OP, lo, hi);
        let k = K::VALUE;
        let (x, w, out) = (x.as_slice(), w.as_slice(), self.as_mut_slice());
        let (bias, rqs) = (bias.as_slice(), rqs.as_slice());
        let mut row = Tensor::<i16, (K,)>::zeros();
        for m in 0..M::VALUE {
            offset_row(&x[m * k..(m + 1) * k], x_zp, row.as_mut_slice());
            let outs = &mut out[m * N::VALUE..(m + 1) * N::VALUE];
            for (n, o) in outs.iter_mut().enumerate() {
                let acc = bias[n].wrapping_add(dot(row.as_slice(), &w[n * k..(n + 1) * k]));
                *o = finish(acc, &rqs[n], out_zp, lo, hi);
            }
        }
    }
}

/// `x - zp` as `i16`s, each group of four stored as `[x0, x2, x1, x3]`:
/// the order in which `SXTB16` (bytes 0 and 2) and `SXTB16 ROR 8` (bytes 1
/// and 3) of four weights pair with them. A tail shorter than four stays
/// in order.
#[inline(always)]
fn offset_row(x: &[i8], zp: i32, row: &mut [i16]) {
    let zp = zp as i16;
    for (dst, src) in row.chunks_exact_mut(4).zip(x.chunks_exact(4)) {
        let [a, b, c, d] = [src[0], src[1], src[2], src[3]].map(|v| v as i16 - zp);
        dst.copy_from_slice(&[a, c, b, d]);
    }
    let tail = x.len() / 4 * 4;
    for (dst, &v) in row[tail..].iter_mut().zip(&x[tail..]) {
        *dst = v as i16 - zp;
    }
}

/// `Σ row[k] · w[k]` with `row` in [`offset_row`]'s order, wrapping.
#[inline(always)]
fn dot(row: &[i16], w: &[i8]) -> i32 {
    let mut acc = 0i32;
    let tail = w.len() / 4 * 4;
    for (r, q) in row.chunks_exact(4).zip(w.chunks_exact(4)) {
        acc = dsp::dot4(acc, [r[0], r[1], r[2], r[3]], [q[0], q[1], q[2], q[3]]);
    }
    for (&r, &q) in row[tail..].iter().zip(&w[tail..]) {
        acc = acc.wrapping_add(r as i32 * q as i32);
    }
    acc
}

/// Four multiply-accumulates: `acc + r0·w0 + r1·w2 + r2·w1 + r3·w3` (the
/// row in [`offset_row`]'s order).
#[cfg(all(target_arch = "arm", target_feature = "dsp"))]
mod dsp {
    use core::arch::asm;

    #[inline(always)]
    pub(super) fn dot4(acc: i32, r: [i16; 4], w: [i8; 4]) -> i32 {
        let w = u32::from_le_bytes(w.map(|b| b as u8));
        let even = (r[0] as u16 as u32) | (r[1] as u16 as u32) << 16;
        let odd = (r[2] as u16 as u32) | (r[3] as u16 as u32) << 16;
        let (w02, w13): (u32, u32);
        let out: i32;
        // SAFETY: register-only DSP instructions of every ARMv7E-M core
        // (cfg `dsp`): SXTB16 sign-extends bytes 0 and 2 (after ROR #8:
        // bytes 1 and 3) into two halfwords; SMLAD adds both halfword
        // products to the accumulator (wrapping; it may set the sticky Q
        // flag, so flags are not declared preserved). No memory is touched.
        unsafe {
            asm!(
                "sxtb16 {w02}, {w}",
                "sxtb16 {w13}, {w}, ror #8",
                "smlad {out}, {w02}, {even}, {acc}",
                "smlad {out}, {w13}, {odd}, {out}",
                w = in(reg) w,
                w02 = out(reg) w02,
                w13 = out(reg) w13,
                even = in(reg) even,
                odd = in(reg) odd,
                acc = in(reg) acc,
                out = out(reg) out,
                options(pure, nomem, nostack),
            );
        }
        let _ = (w02, w13);
        out
    }
}

/// [`dsp`]'s four multiply-accumulates as plain arithmetic.
#[cfg(not(all(target_arch = "arm", target_feature = "dsp")))]
mod dsp {
    #[inline(always)]
    pub(super) fn dot4(acc: i32, r: [i16; 4], w: [i8; 4]) -> i32 {
        let terms = [(r[0], w[0]), (r[1], w[2]), (r[2], w[1]), (r[3], w[3])];
        terms
            .iter()
            .fold(acc, |a, &(r, w)| a.wrapping_add(r as i32 * w as i32))
    }
}
