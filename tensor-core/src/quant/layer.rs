//! Quantized layers whose shapes are types: [`QDense`] (`K → N`) and
//! [`QConv2d`] (`[C, H, W] → [O, H - KH + 1, W - KW + 1]`), plain data that
//! a `static` can hold (flash, on a microcontroller), run by
//! [`assign_qdense`](crate::Tensor::assign_qdense) and
//! [`assign_qconv2d`](crate::Tensor::assign_qconv2d).
//!
//! ```
//! use tensor_core::prelude::*;
//! // y = relu(x · w): input zero point -128, symmetric weights, output
//! // zero point -128 and the clamp at it (the ReLU).
//! static LAYER: QDense<Dim<3>, Dim<2>> = QDense {
//!     weights: Tensor::from_array([[1, 2, 3], [-1, -2, -3]]), // [N, K]
//!     bias: Tensor::from_array([0, 0]),
//!     rqs: Tensor::from_array([Requant::from_scale(0.25); 2]),
//!     input_zp: -128,
//!     output_zp: -128,
//!     clamp: (-128, 127),
//! };
//! let x = tensor![[-127i8, -126, -125]]; // 1, 2, 3 above the zero point
//! assert_eq!(LAYER.forward(&x), tensor![[-124, -128]]); // 14 / 4 rounds to 4; -14 / 4 clamped
//! ```

use super::Requant;
use crate::constraint::Conv2dWeights;
use crate::dim::Dimension;
use crate::shape::Shape;
use crate::tensor::Tensor;

/// A quantized dense layer `K → N`:
/// `y[n] = clamp(output_zp + rqs[n].apply(bias[n] + Σk (x[k] - input_zp) · weights[n, k]))`,
/// weights symmetric (zero point 0) in TensorFlow Lite's `FullyConnected`
/// layout, `[N, K]`, so that each output is a contiguous dot product
/// ([`assign_qdense`](crate::Tensor::assign_qdense)).
#[derive(Clone, Debug, PartialEq)]
pub struct QDense<K: Dimension, N: Dimension> {
    /// `[N, K]`: row `n` holds output `n`'s weights.
    pub weights: Tensor<i8, (N, K)>,
    /// `[N]`, in units of the input scale times the weight scale of column `n`.
    pub bias: Tensor<i32, (N,)>,
    /// `[N]`: input scale · weight scale of column `n` / output scale.
    pub rqs: Tensor<Requant, (N,)>,
    /// The zero point of the input.
    pub input_zp: i8,
    /// The zero point of the output.
    pub output_zp: i8,
    /// The activation's clamp `(lo, hi)`; `(output_zp, 127)` is a ReLU.
    pub clamp: (i8, i8),
}

impl<K: Dimension, N: Dimension> QDense<K, N> {
    /// The layer applied to each row of `x` (`[M, K]`): `[M, N]`. Panics
    /// when `clamp.0 > clamp.1`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let id = QDense::<Dim![2], Dim![2]> {
    ///     weights: tensor![[1, 0], [0, 1]],
    ///     bias: tensor![0, 0],
    ///     rqs: Tensor::full(Requant::from_scale(1.0)),
    ///     input_zp: 0,
    ///     output_zp: 0,
    ///     clamp: (-128, 127),
    /// };
    /// assert_eq!(id.forward(&tensor![[5i8, -7], [1, 2]]), tensor![[5, -7], [1, 2]]);
    /// ```
    pub fn forward<M: Dimension>(&self, x: &Tensor<i8, (M, K)>) -> Tensor<i8, (M, N)> {
        let mut out = Tensor::zeros();
        self.forward_into(x, &mut out);
        out
    }

    /// [`QDense::forward`] written into `out`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let sum = QDense::<Dim![3], Dim![1]> {
    ///     weights: Tensor::ones(), // [1, 3]
    ///     bias: tensor![1],
    ///     rqs: tensor![Requant::from_scale(1.0)],
    ///     input_zp: 0,
    ///     output_zp: 0,
    ///     clamp: (0, 127),
    /// };
    /// let mut y = Tensor::zeros();
    /// sum.forward_into(&tensor![[1i8, 2, 3]], &mut y);
    /// assert_eq!(y, tensor![[7]]);
    /// ```
    pub fn forward_into<M: Dimension>(&self, x: &Tensor<i8, (M, K)>, out: &mut Tensor<i8, (M, N)>) {
        let (zp, out_zp) = (self.input_zp, self.output_zp);
        let (w, b, rqs) = (&self.weights, &self.bias, &self.rqs);
        out.assign_qdense(x, zp, w, b, rqs, out_zp, self.clamp);
    }
}

/// A quantized convolution (valid padding, stride 1) with `O` filters of
/// `[C, KH, KW]`, weights symmetric, one [`Requant`] per filter.
#[derive(Clone, Debug, PartialEq)]
pub struct QConv2d<O: Dimension, C: Dimension, KH: Dimension, KW: Dimension> {
    /// `[O, C, KH, KW]`.
    pub weights: Tensor<i8, (O, C, KH, KW)>,
    /// `[O]`, in units of the input scale times the filter's weight scale.
    pub bias: Tensor<i32, (O,)>,
    /// `[O]`: input scale · weight scale of filter `o` / output scale.
    pub rqs: Tensor<Requant, (O,)>,
    /// The zero point of the input.
    pub input_zp: i8,
    /// The zero point of the output.
    pub output_zp: i8,
    /// The activation's clamp `(lo, hi)`; `(output_zp, 127)` is a ReLU.
    pub clamp: (i8, i8),
}

impl<O: Dimension, C: Dimension, KH: Dimension, KW: Dimension> QConv2d<O, C, KH, KW> {
    /// The convolution of `x` (`[C, H, W]`) into `out`
    /// (`[O, H - KH + 1, W - KW + 1]`; other shapes do not compile). Panics
    /// when `clamp.0 > clamp.1`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let blur = QConv2d::<Dim![1], Dim![1], Dim![2], Dim![2]> {
    ///     weights: Tensor::ones(),
    ///     bias: tensor![0],
    ///     rqs: tensor![Requant::from_scale(0.25)],
    ///     input_zp: 0,
    ///     output_zp: 0,
    ///     clamp: (-128, 127),
    /// };
    /// let x = Tensor::<i8, Shape![1, 3, 3]>::from_flat_fn(|i| 4 * i as i8);
    /// let mut y = Tensor::<i8, Shape![1, 2, 2]>::zeros();
    /// blur.forward_into(&x, &mut y);
    /// assert_eq!(y, tensor![[[8, 12], [20, 24]]]); // means of 2×2 windows
    /// ```
    pub fn forward_into<H, W, S>(&self, x: &Tensor<i8, (C, H, W)>, out: &mut Tensor<i8, S>)
    where
        H: Dimension,
        W: Dimension,
        S: Shape,
        (O, C, KH, KW): Conv2dWeights<(C, H, W), Output = S>,
    {
        let (zp, out_zp) = (self.input_zp, self.output_zp);
        out.assign_qconv2d(
            x,
            zp,
            &self.weights,
            &self.bias,
            &self.rqs,
            out_zp,
            self.clamp,
        );
    }
}
