//! `conv2d`: a 2-D convolution with channels, valid padding and stride 1,
//! as in deep-learning libraries (cross-correlation: the kernel is not
//! flipped). An input `[C, H, W]` by weights `[O, C, KH, KW]` gives
//! `[O, H - KH + 1, W - KW + 1]`, every shape checked by `cargo check`
//! ([`Conv2dWeights`]).
//!
//! `out[o, i, j] = Σ_c Σ_a Σ_b w[o, c, a, b] · x[c, i + a, j + b]`, the
//! terms added in that order (as the hand-written loop of `bench/` does).
//!
//! ```
//! use tensor_core::prelude::*;
//! let img = Tensor::<f32, Shape![1, 4, 4]>::from_flat_fn(|i| i as f32);
//! let edge = tensor![[[[-1.0f32, 1.0]]]]; // [1, 1, 1, 2]: x[j + 1] - x[j]
//! let y = img.conv2d(&edge);              // [1, 4, 3]
//! assert_eq!(y, Tensor::<f32, Shape![1, 4, 3]>::ones());
//! ```

use crate::shape::MAX_RANK;

use super::{AsView, ShapeOf};
use crate::constraint::{Conv2dStepWeights, Conv2dWeights};
use crate::dim::Agree;
use crate::num::MulAccumulate;
use crate::shape::Shape;
use crate::tensor::Tensor;

pub(in crate::ops) mod kernel;

use kernel::{convolve_new, Pads};

/// The shape of the convolution of `X` by `K`.
pub type Convolved<X, K, P = Agree> = <ShapeOf<K> as Conv2dWeights<ShapeOf<X>, P>>::Output;

/// The shape of the convolution of `X` by `K` with the steps `St`.
pub type ConvolvedStep<X, K, St, P = Agree> =
    <ShapeOf<K> as Conv2dStepWeights<ShapeOf<X>, St, P>>::Output;

/// Convolution of any operand `[C, H, W]` by weights `[O, C, KH, KW]`.
pub trait Conv<P = Agree>: AsView {
    /// The valid, stride-1 convolution of `self` (`[C, H, W]`) by
    /// `weights` (`[O, C, KH, KW]`): `[O, H - KH + 1, W - KW + 1]`.
    /// Channels that differ, or a kernel larger than the image, do not
    /// compile.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = Tensor::<f32, Shape![2, 5, 5]>::ones();
    /// let w = Tensor::<f32, Shape![3, 2, 3, 3]>::from_flat_fn(|i| (i / 18) as f32);
    /// let y = x.conv2d(&w); // each output channel o sums 18 weights equal to o
    /// assert_eq!(y.shape(), [3, 3, 3]);
    /// assert_eq!((y[[0, 0, 0]], y[[2, 1, 2]]), (0.0, 36.0));
    /// ```
    fn conv2d<K>(&self, weights: &K) -> Tensor<Self::Elem, Convolved<Self, K, P>>
    where
        K: AsView<Elem = Self::Elem>,
        ShapeOf<K>: Conv2dWeights<ShapeOf<Self>, P>,
        Self::Elem: MulAccumulate,
    {
        const {
            assert!(
                output_size(<ShapeOf<Self>>::PADDED, <ShapeOf<K>>::PADDED, [1, 1])
                    == <Convolved<Self, K, P>>::SIZE,
                "conv2d: the output shape's arithmetic is wrong"
            )
        };
        // The kernel without padding: its interior is the whole output.
        convolve_new(self.as_view(), weights, [1, 1], Pads::none())
    }

    /// [`conv2d`](Conv::conv2d) with the kernel moved by the steps `St`
    /// (`Shape![SH, SW]`, none 0; PyTorch's `stride`):
    /// `[O, (H - KH) / SH + 1, (W - KW) / SW + 1]`, output `[o, i, j]`
    /// reading the input from `[.., i * SH, j * SW]`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = Tensor::<f32, Shape![1, 5, 6]>::from_flat_fn(|i| i as f32);
    /// let pick = tensor![[[[1.0f32]]]]; // a 1x1 kernel: every second pixel
    /// let y = x.conv2d_step::<_, Shape![2, 2]>(&pick); // [1, 3, 3]
    /// assert_eq!(y, tensor![[[0.0, 2.0, 4.0], [12.0, 14.0, 16.0], [24.0, 26.0, 28.0]]]);
    /// ```
    fn conv2d_step<K, St: Shape>(
        &self,
        weights: &K,
    ) -> Tensor<Self::Elem, ConvolvedStep<Self, K, St, P>>
    where
        K: AsView<Elem = Self::Elem>,
        ShapeOf<K>: Conv2dStepWeights<ShapeOf<Self>, St, P>,
        Self::Elem: MulAccumulate,
    {
        let step = [St::DIMS.as_ref()[0], St::DIMS.as_ref()[1]];
        const {
            assert!(
                St::RANK == 2
                    && output_size(
                        <ShapeOf<Self>>::PADDED,
                        <ShapeOf<K>>::PADDED,
                        [St::PADDED[0], St::PADDED[1]]
                    ) == <ConvolvedStep<Self, K, St, P>>::SIZE,
                "conv2d_step: the output shape's arithmetic is wrong"
            )
        };
        convolve_new(self.as_view(), weights, step, Pads::none())
    }
}

impl<A: AsView + ?Sized, P> Conv<P> for A {}

/// `O * ((H - KH) / SH + 1) * ((W - KW) / SW + 1)` for an input
/// `[C, H, W]`, weights `[O, C, KH, KW]` (padded shapes) and steps
/// `[SH, SW]`, or `usize::MAX` when the kernel does not fit or a step is 0:
/// the number of outputs the kernel writes.
pub(super) const fn output_size(
    input: [usize; MAX_RANK],
    kernel: [usize; MAX_RANK],
    [sh, sw]: [usize; 2],
) -> usize {
    let ([h, w], [o, kh, kw]) = ([input[1], input[2]], [kernel[0], kernel[2], kernel[3]]);
    if kh > h || kw > w || sh == 0 || sw == 0 {
        return usize::MAX;
    }
    o * ((h - kh) / sh + 1) * ((w - kw) / sw + 1)
}

#[cfg(test)]
mod tests {
    use crate::prelude::*;

    /// The reference: the textbook six loops, in the same order of terms.
    fn reference<const C: usize, const H: usize, const W: usize, const O: usize, const K: usize>(
        x: &[f32],
        w: &[f32],
    ) -> std::vec::Vec<f32> {
        let (oh, ow) = (H - K + 1, W - K + 1);
        let mut out = std::vec![0.0; O * oh * ow];
        for o in 0..O {
            for i in 0..oh {
                for j in 0..ow {
                    let mut acc = 0.0;
                    for c in 0..C {
                        for a in 0..K {
                            for b in 0..K {
                                acc += w[((o * C + c) * K + a) * K + b]
                                    * x[(c * H + i + a) * W + j + b];
                            }
                        }
                    }
                    out[(o * oh + i) * ow + j] = acc;
                }
            }
        }
        out
    }

    fn value(n: usize) -> f32 {
        ((n * 7919) % 23) as f32 / 7.0 - 1.5
    }

    #[test]
    fn conv2d_matches_the_six_loops_bit_for_bit() {
        let x = Tensor::<f32, Shape![3, 9, 11]>::from_flat_fn(value);
        let w = Tensor::<f32, Shape![4, 3, 3, 3]>::from_flat_fn(|n| value(n + 5));
        let y = x.conv2d(&w);
        assert_eq!(y.shape(), [4, 7, 9]);
        assert_eq!(
            y.as_slice(),
            reference::<3, 9, 11, 4, 3>(x.as_slice(), w.as_slice())
        );
        let x = Tensor::<f32, Shape![1, 28, 28]>::from_flat_fn(value);
        let w = Tensor::<f32, Shape![8, 1, 3, 3]>::from_flat_fn(|n| value(n * 3));
        assert_eq!(
            x.conv2d(&w).as_slice(),
            reference::<1, 28, 28, 8, 3>(x.as_slice(), w.as_slice())
        );
    }

    #[test]
    fn views_are_convolved_as_their_logical_elements() {
        let x = Tensor::<f32, Shape![6, 5, 2]>::from_flat_fn(value);
        let w = Tensor::<f32, Shape![2, 2, 2, 2]>::from_flat_fn(|n| value(n + 1));
        let xt = x.permute::<Axes![2, 0, 1]>(); // [2, 6, 5]
        let y = xt.conv2d(&w.flip::<Axes![3]>());
        let want = xt.to_tensor().conv2d(&w.flip::<Axes![3]>().to_tensor());
        assert_eq!(y, want);
        assert_eq!(y.shape(), [2, 5, 4]);
        // Integers, and a kernel as large as the image.
        let xi = Tensor::<i32, Shape![1, 3, 3]>::from_flat_fn(|n| n as i32);
        let full = xi.conv2d(&Tensor::<i32, Shape![1, 1, 3, 3]>::ones());
        assert_eq!(full, tensor![[[36]]]);
    }

    #[test]
    fn strided_conv2d_matches_the_reference_loops() {
        let x = Tensor::<f32, Shape![2, 9, 10]>::from_flat_fn(value);
        let w = Tensor::<f32, Shape![3, 2, 3, 2]>::from_flat_fn(|n| value(n + 7));
        let y = x.conv2d_step::<_, Shape![2, 3]>(&w);
        assert_eq!(y.shape(), [3, 4, 3]); // (9 - 3) / 2 + 1, (10 - 2) / 3 + 1
        for o in 0..3 {
            for i in 0..4 {
                for j in 0..3 {
                    let mut acc = 0.0;
                    for c in 0..2 {
                        for a in 0..3 {
                            for b in 0..2 {
                                acc += w[[o, c, a, b]] * x[[c, i * 2 + a, j * 3 + b]];
                            }
                        }
                    }
                    assert_eq!(y[[o, i, j]], acc);
                }
            }
        }
        assert_eq!(x.conv2d_step::<_, Shape![1, 1]>(&w), x.conv2d(&w));
    }

    #[test]
    fn zero_sized_channels_and_outputs() {
        // No input channel: every output is an empty sum, written as 0.
        let x = Tensor::<f32, Shape![0, 3, 3]>::zeros();
        let y = x.conv2d(&Tensor::<f32, Shape![2, 0, 2, 2]>::zeros());
        assert_eq!(y, Tensor::<f32, Shape![2, 2, 2]>::zeros());
        let none = Tensor::<f32, Shape![1, 3, 3]>::ones()
            .conv2d(&Tensor::<f32, Shape![0, 1, 3, 3]>::ones());
        assert_eq!(none.shape(), [0, 1, 1]);
    }
}
