//! `assign_qmatmul`: the int8 matrix product of TensorFlow Lite's
//! `FullyConnected` with per-output-channel requantization: `i8` operands
//! with zero points, an `i32` accumulator and bias, a [`Requant`] per
//! output column, the output zero point and an activation clamp.
//!
//! ```
//! use tensor_core::prelude::*;
//! let a = tensor![[1i8, 2, 3]]; // [1, 3]
//! let b = tensor![[1i8, -1], [1, -1], [1, -1]]; // [3, 2]
//! let bias = tensor![4, 0];
//! let rqs = Tensor::full(Requant::from_scale(0.5));
//! let mut out = Tensor::<i8, Shape![1, 2]>::zeros();
//! out.assign_qmatmul(&a, 0, &b, 0, &bias, &rqs, 1, (-128, 127));
//! assert_eq!(out, tensor![[6, -2]]); // (6 + 4) / 2 + 1, -6 / 2 + 1
//! ```

use super::{check_clamp, finish, zero_point, Requant};
use crate::dim::Dimension;
use crate::tensor::Tensor;

impl<M: Dimension, N: Dimension> Tensor<i8, (M, N)> {
    /// Writes the quantized product of `a` (`[M, K]`) and `b` (`[K, N]`):
    /// `out[m, n] = clamp(out_zp + rqs[n].apply(bias[n] + Σk (a[m, k] -
    /// a_zp) · (b[k, n] - b_zp)), lo, hi)`, accumulated in `i32` (wrapping,
    /// as TensorFlow Lite's `int32_t` does on its targets). The result is
    /// TensorFlow Lite's reference `FullyConnected` (per-channel) bit for
    /// bit. `rqs` holds one [`Requant`] per output column; per-tensor
    /// requantization repeats one.
    ///
    /// # Panics
    ///
    /// With a message, when a zero point is outside `-128..=127` or
    /// `lo > hi`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let a = Tensor::<i8, Shape![2, 4]>::from_flat_fn(|i| i as i8 - 4);
    /// let b = Tensor::<i8, Shape![4, 3]>::full(2);
    /// let rqs = tensor![Requant::from_scale(1.0), Requant::from_scale(0.25), Requant::from_scale(0.1)];
    /// let mut out = Tensor::<i8, Shape![2, 3]>::zeros();
    /// // a - (-4) is 0..8, b - 1 is 1: the row sums 6 and 22, no bias.
    /// out.assign_qmatmul(&a, -4, &b, 1, &Tensor::zeros(), &rqs, 0, (-10, 10));
    /// assert_eq!(out, tensor![[6, 2, 1], [10, 6, 2]]); // 22 clamped to 10
    /// ```
    #[allow(clippy::too_many_arguments)] // TensorFlow Lite's operands, one each
    pub fn assign_qmatmul<K: Dimension>(
        &mut self,
        a: &Tensor<i8, (M, K)>,
        a_zp: impl Into<i32>,
        b: &Tensor<i8, (K, N)>,
        b_zp: impl Into<i32>,
        bias: &Tensor<i32, (N,)>,
        rqs: &Tensor<Requant, (N,)>,
        out_zp: impl Into<i32>,
        (lo, hi): (i8, i8),
    ) {
        const OP: &str = "assign_qmatmul";
        let a_zp = zero_point(OP, "a", a_zp.into());
        let b_zp = zero_point(OP, "b", b_zp.into());
        let out_zp = zero_point(OP, "the output", out_zp.into());
        check_clamp(OP, lo, hi);
        let (k, n) = (K::VALUE, N::VALUE);
        let (a, b) = (a.as_slice(), b.as_slice());
        let (bias, rqs) = (bias.as_slice(), rqs.as_slice());
        let out = self.as_mut_slice();
        for m in 0..M::VALUE {
            let row = &a[m * k..(m + 1) * k];
            for col in 0..n {
                let acc = row.iter().enumerate().fold(bias[col], |acc, (i, &x)| {
                    let w = b[i * n + col] as i32 - b_zp;
                    acc.wrapping_add((x as i32 - a_zp) * w)
                });
                out[m * n + col] = finish(acc, &rqs[col], out_zp, lo, hi);
            }
        }
    }
}
