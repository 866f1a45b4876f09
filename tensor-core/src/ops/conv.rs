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
use crate::num::{Acc, MulAccumulate, Zero};
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::uninit::build_with;

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
        // `direct` stores into every slot, as `build_with` requires: its
        // loops run `oc`, `i`, `j` over `O`, `H - KH + 1`, `W - KW + 1`
        // (from the operands' shapes), and `(oc * oh + i) * ow + j`
        // enumerates every position below `O * OH * OW`, which is the
        // slots' count (the constant assertion above; `Conv2dWeights` is
        // generated to say so). The elements need no drop.
        build_with(|slots| {
            with_slices(self, weights, [1, 1], |x, w, dims| {
                direct(x, w, dims, |k, v| {
                    slots[k].write(v);
                })
            })
        })
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
        // As in `conv2d`: `direct` stores into every slot below
        // `O * OH * OW`, the slots' count by the constant assertion above.
        build_with(|slots| {
            with_slices(self, weights, step, |x, w, dims| {
                direct(x, w, dims, |k, v| {
                    slots[k].write(v);
                })
            })
        })
    }
}

impl<A: AsView + ?Sized, P> Conv<P> for A {}

/// `f` of the elements of `x` and `weights` as row-major slices (copied
/// into tensors when a view is not contiguous) and their dimensions.
#[inline(always)]
pub(super) fn with_slices<X, K>(
    x: &X,
    weights: &K,
    step: [usize; 2],
    f: impl FnOnce(&[X::Elem], &[X::Elem], Dims),
) where
    X: AsView + ?Sized,
    K: AsView<Elem = X::Elem> + ?Sized,
    X::Elem: Clone,
{
    // A view that is not contiguous is copied (on the heap with `alloc`,
    // so this frame holds a pointer, not the copy).
    // Two statements: a tuple of the two would be one more slot of each
    // copy's size in an unoptimized build.
    let mut xc = Default::default();
    let mut wc = Default::default();
    let xs = x.as_view().contiguous_in(&mut xc);
    let ws = weights.as_view().contiguous_in(&mut wc);
    let dims = Dims {
        input: dims3::<ShapeOf<X>>(),
        kernel: dims4::<ShapeOf<K>>(),
        step,
    };
    f(xs, ws, dims)
}

/// `O * ((H - KH) / SH + 1) * ((W - KW) / SW + 1)` for an input
/// `[C, H, W]`, weights `[O, C, KH, KW]` (padded shapes) and steps
/// `[SH, SW]`, or `usize::MAX` when the kernel does not fit or a step is 0:
/// the number of outputs `direct` writes.
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

/// The dimensions of a convolution: input `[C, H, W]`, weights
/// `[O, C, KH, KW]`. Constants once inlined.
#[derive(Clone, Copy)]
pub(super) struct Dims {
    pub(super) input: [usize; 3],
    pub(super) kernel: [usize; 4],
    pub(super) step: [usize; 2],
}

pub(super) fn dims3<S: Shape>() -> [usize; 3] {
    let d = S::DIMS;
    [d.as_ref()[0], d.as_ref()[1], d.as_ref()[2]]
}

pub(super) fn dims4<S: Shape>() -> [usize; 4] {
    let d = S::DIMS;
    [d.as_ref()[0], d.as_ref()[1], d.as_ref()[2], d.as_ref()[3]]
}

/// The direct convolution into `out`: a dot product per output element,
/// the terms in the reference's order. With the dimensions constant (they
/// come from the shapes), LLVM unrolls the taps, keeps the weights of an
/// output channel in registers and vectorizes along the output row, as it
/// does the hand-written loop of `bench/benches/conv.rs` (same speed).
/// Measured slower there: adding each tap into the whole output row (3.0×
/// the loop), and blocks of 4 or 8 columns summed in registers across the
/// taps (1.6×, the weights reloaded per block).
#[inline(always)]
pub(super) fn direct<T>(x: &[T], w: &[T], dims: Dims, mut store: impl FnMut(usize, T))
where
    T: MulAccumulate,
{
    let ([c, h, wd], [o, _, kh, kw], [sh, sw]) = (dims.input, dims.kernel, dims.step);
    let (oh, ow) = ((h - kh) / sh + 1, (wd - kw) / sw + 1);
    let (x, w) = (&x[..c * h * wd], &w[..o * c * kh * kw]);
    for oc in 0..o {
        for i in 0..oh {
            for j in 0..ow {
                let mut acc = Acc::<T>::ZERO;
                for ci in 0..c {
                    for a in 0..kh {
                        for b in 0..kw {
                            let wv = w[((oc * c + ci) * kh + a) * kw + b].widen();
                            acc = acc + wv * x[(ci * h + i * sh + a) * wd + j * sw + b].widen();
                        }
                    }
                }
                store((oc * oh + i) * ow + j, T::narrow(acc));
            }
        }
    }
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
