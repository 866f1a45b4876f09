//! Convolution over a padded input: `x.pad::<Shape![1, 1]>().conv2d(&w)`
//! on a [`PaddedView`], and `x.conv2d_same(&w)`, whose output keeps the
//! image's size (PyTorch's `padding="same"`; with steps, TensorFlow's
//! `"SAME"`). Nothing is copied: the kernel reads the source and the pad
//! value in place of a padded copy.
//!
//! The kernel is the valid convolution's (`conv/kernel.rs`), given the
//! padding: the output is split into its interior, whose every tap reads
//! the source (`i * SH >= LO` and `i * SH - LO + KH <= H` on rows, alike on
//! columns), and its border. The interior runs with no test per tap; only
//! the border outputs test each tap and read the pad value outside the
//! source. Every output adds its terms in the order of the valid
//! convolution over a padded copy (channel, row, column, the pad value's
//! terms included), so the two agree bit for bit.
//!
//! ```
//! use tensor_core::prelude::*;
//! let img = Tensor::<f32, Shape![1, 5, 5]>::from_flat_fn(|i| i as f32);
//! let w = Tensor::<f32, Shape![2, 1, 3, 3]>::from_flat_fn(|i| (i % 4) as f32 - 1.5);
//! let same = img.conv2d_same(&w); // [2, 5, 5]
//! let copied = img.pad::<Shape![1, 1]>().to_tensor().conv2d(&w);
//! assert_eq!(same, copied);
//! assert_eq!(img.pad::<Shape![1, 1]>().conv2d(&w), copied);
//! ```

use crate::shape::MAX_RANK;

use super::conv::kernel::{convolve_new, Pads};
use super::conv::output_size;
use super::{AsView, ShapeOf};
use crate::constraint::{
    Conv2dSameStepWeights, Conv2dSameWeights, Conv2dStepWeights, Conv2dWeights,
};
use crate::dim::Agree;
use crate::layout::Layout;
use crate::num::MulAccumulate;
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::view::pad::{PadShape, PaddedShape, PaddedView};

/// The shape of the same convolution of `X` by `K`: `[O, H, W]`.
pub type ConvolvedSame<X, K, P = Agree> = <ShapeOf<K> as Conv2dSameWeights<ShapeOf<X>, P>>::Output;

/// The shape of the same convolution of `X` by `K` with the steps `St`.
pub type ConvolvedSameStep<X, K, St, P = Agree> =
    <ShapeOf<K> as Conv2dSameStepWeights<ShapeOf<X>, St, P>>::Output;

/// The shape of the valid convolution of `L`'s view padded by `Lo` and
/// `Hi` by `K`.
pub type PaddedConvolved<L, Lo, Hi, K, P = Agree> =
    <ShapeOf<K> as Conv2dWeights<PaddedShape<L, Lo, Hi>, P>>::Output;

/// The shape of the strided convolution of `L`'s view padded by `Lo` and
/// `Hi` by `K` with the steps `St`.
pub type PaddedConvolvedStep<L, Lo, Hi, K, St> =
    <ShapeOf<K> as Conv2dStepWeights<PaddedShape<L, Lo, Hi>, St>>::Output;

/// "Same" convolution of any operand `[C, H, W]` by weights `[O, C, KH, KW]`.
pub trait ConvSame<P = Agree>: AsView {
    /// The stride-1 convolution of `self` (`[C, H, W]`) by `weights`
    /// (`[O, C, KH, KW]`) over the input padded with zeros so that the
    /// output keeps its size: `[O, H, W]` (PyTorch
    /// `conv2d(x, w, padding="same")`: `(KH - 1) / 2` rows before, the rest
    /// after, alike for columns). Channels that differ do not compile.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = Tensor::<f32, Shape![1, 3, 3]>::ones();
    /// let y = x.conv2d_same(&Tensor::<f32, Shape![1, 1, 3, 3]>::ones());
    /// assert_eq!(y, tensor![[[4.0, 6.0, 4.0], [6.0, 9.0, 6.0], [4.0, 6.0, 4.0]]]);
    /// ```
    fn conv2d_same<K>(&self, weights: &K) -> Tensor<Self::Elem, ConvolvedSame<Self, K, P>>
    where
        K: AsView<Elem = Self::Elem>,
        ShapeOf<K>: Conv2dSameWeights<ShapeOf<Self>, P>,
        Self::Elem: MulAccumulate,
    {
        let lo = const {
            same_padding(
                <ShapeOf<Self>>::PADDED,
                <ShapeOf<K>>::PADDED,
                <ConvolvedSame<Self, K, P>>::PADDED,
                [1, 1],
            )
        };
        convolve_new(self.as_view(), weights, [1, 1], Pads::zeros(lo))
    }

    /// [`conv2d_same`](ConvSame::conv2d_same) with the kernel moved by the
    /// steps `St` (`Shape![SH, SW]`, none 0): `[O, ceil(H / SH), ceil(W / SW)]`,
    /// the input padded by `max((OH - 1) * SH + KH - H, 0)` rows, half of
    /// them (rounded down) before, alike for columns (TensorFlow's
    /// `padding="SAME"`).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = Tensor::<f32, Shape![1, 5, 5]>::from_flat_fn(|i| i as f32);
    /// let pick = Tensor::<f32, Shape![1, 1, 1, 1]>::ones();
    /// let y = x.conv2d_same_step::<_, Shape![2, 2]>(&pick); // [1, 3, 3]
    /// assert_eq!(y, tensor![[[0.0, 2.0, 4.0], [10.0, 12.0, 14.0], [20.0, 22.0, 24.0]]]);
    /// ```
    fn conv2d_same_step<K, St: Shape>(
        &self,
        weights: &K,
    ) -> Tensor<Self::Elem, ConvolvedSameStep<Self, K, St, P>>
    where
        K: AsView<Elem = Self::Elem>,
        ShapeOf<K>: Conv2dSameStepWeights<ShapeOf<Self>, St, P>,
        Self::Elem: MulAccumulate,
    {
        let step = steps::<St>();
        let lo = const {
            same_padding(
                <ShapeOf<Self>>::PADDED,
                <ShapeOf<K>>::PADDED,
                <ConvolvedSameStep<Self, K, St, P>>::PADDED,
                [St::PADDED[0], St::PADDED[1]],
            )
        };
        convolve_new(self.as_view(), weights, step, Pads::zeros(lo))
    }
}

impl<A: AsView + ?Sized, P> ConvSame<P> for A {}

impl<'a, T, L: Layout, LH, LW, HH, HW> PaddedView<'a, T, L, (LH, LW), (HH, HW)>
where
    L::Shape: PadShape<(LH, LW), (HH, HW)>,
    (LH, LW): Shape,
    (HH, HW): Shape,
{
    /// The valid, stride-1 convolution of this padded view (`[C, H, W]`
    /// padded on its last two axes) by `weights` (`[O, C, KH, KW]`), as
    /// [`Conv::conv2d`](super::conv::Conv::conv2d) of the padded copy, but
    /// reading the source in place: `[O, H + LO + HI - KH + 1, ..]`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = Tensor::<i32, Shape![1, 2, 2]>::ones();
    /// let y = x.pad_with::<Shape![1, 1]>(10).conv2d(&Tensor::<i32, Shape![1, 1, 2, 2]>::ones());
    /// assert_eq!(y, tensor![[[31, 22, 31], [22, 4, 22], [31, 22, 31]]]);
    /// ```
    #[allow(clippy::type_complexity)] // the padding's two tuples, already behind an alias
    pub fn conv2d<K, P>(
        &self,
        weights: &K,
    ) -> Tensor<T, PaddedConvolved<L, (LH, LW), (HH, HW), K, P>>
    where
        K: AsView<Elem = T>,
        ShapeOf<K>: Conv2dWeights<PaddedShape<L, (LH, LW), (HH, HW)>, P>,
        T: MulAccumulate,
    {
        const {
            assert!(
                output_size(
                    <PaddedShape<L, (LH, LW), (HH, HW)>>::PADDED,
                    <ShapeOf<K>>::PADDED,
                    [1, 1],
                ) == <PaddedConvolved<L, (LH, LW), (HH, HW), K, P>>::SIZE,
                "conv2d over a padded view: the output shape's arithmetic is wrong"
            )
        };
        self.convolve(weights, [1, 1])
    }

    /// [`conv2d`](Self::conv2d) with the kernel moved by the steps `St`
    /// (`Shape![SH, SW]`, none 0), as
    /// [`Conv::conv2d_step`](super::conv::Conv::conv2d_step) of the padded
    /// copy.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = Tensor::<f32, Shape![1, 4, 4]>::from_flat_fn(|i| i as f32);
    /// let w = Tensor::<f32, Shape![3, 1, 3, 3]>::from_flat_fn(|i| (i % 5) as f32);
    /// let p = x.pad::<Shape![1, 1]>();
    /// let y = p.conv2d_step::<_, Shape![2, 2]>(&w); // [3, 2, 2]
    /// assert_eq!(y, p.to_tensor().conv2d_step::<_, Shape![2, 2]>(&w));
    /// ```
    #[allow(clippy::type_complexity)] // as `conv2d`
    pub fn conv2d_step<K, St: Shape>(
        &self,
        weights: &K,
    ) -> Tensor<T, PaddedConvolvedStep<L, (LH, LW), (HH, HW), K, St>>
    where
        K: AsView<Elem = T>,
        ShapeOf<K>: Conv2dStepWeights<PaddedShape<L, (LH, LW), (HH, HW)>, St>,
        T: MulAccumulate,
    {
        let step = steps::<St>();
        const {
            assert!(
                output_size(
                    <PaddedShape<L, (LH, LW), (HH, HW)>>::PADDED,
                    <ShapeOf<K>>::PADDED,
                    [St::PADDED[0], St::PADDED[1]],
                ) == <PaddedConvolvedStep<L, (LH, LW), (HH, HW), K, St>>::SIZE,
                "conv2d over a padded view: the output shape's arithmetic is wrong"
            )
        };
        self.convolve(weights, step)
    }

    /// The convolution of this view by `weights` with the steps `step`
    /// into a new tensor of shape `Out`, which the caller has checked.
    #[inline(always)]
    fn convolve<K, Out: Shape>(&self, weights: &K, step: [usize; 2]) -> Tensor<T, Out>
    where
        K: AsView<Elem = T>,
        T: MulAccumulate,
    {
        let lo = [<(LH, LW)>::PADDED[0], <(LH, LW)>::PADDED[1]];
        let pads = Pads {
            lo,
            value: *self.value(),
        };
        convolve_new(self.inner(), weights, step, pads)
    }
}

/// The steps of `St`, which must have rank 2 (a constant assertion; the
/// shape traits already require it).
pub(super) fn steps<St: Shape>() -> [usize; 2] {
    const { assert!(St::RANK == 2, "conv2d: the steps take two axes") };
    [St::PADDED[0], St::PADDED[1]]
}

/// The padding before the source of a same convolution of an input
/// `[C, H, W]` by weights `[O, C, KH, KW]` into `[O, OH, OW]` (padded
/// shapes) with the steps `step`: half of `(OH - 1) * SH + KH - H` (at
/// least 0), rounded down, alike for columns.
pub(super) const fn same_padding(
    x: [usize; MAX_RANK],
    k: [usize; MAX_RANK],
    out: [usize; MAX_RANK],
    step: [usize; 2],
) -> [usize; 2] {
    const fn half(o: usize, s: usize, k: usize, d: usize) -> usize {
        (o.saturating_sub(1) * s + k).saturating_sub(d) / 2
    }
    [
        half(out[1], step[0], k[2], x[1]),
        half(out[2], step[1], k[3], x[2]),
    ]
}

#[cfg(test)]
mod tests;
