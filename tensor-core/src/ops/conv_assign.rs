//! The convolutions written into a [`Destination`] the caller owns (a
//! tensor, a boxed one, a mutable view): `assign_conv2d`,
//! `assign_conv2d_step`, `assign_conv2d_same`, `assign_conv2d_same_step`.
//! The kernels are those of the returning forms (`conv.rs`,
//! `conv_pad.rs`), storing each output once: into the elements directly
//! when they are one row-major run, else through
//! [`Destination::flat_mut`].
//!
//! ```
//! use tensor_core::prelude::*;
//! let x = Tensor::<f32, Shape![1, 5, 5]>::from_flat_fn(|i| i as f32);
//! let w = tensor![[[[1.0f32, -1.0]]]]; // [1, 1, 1, 2]
//! let mut y = Tensor::<f32, Shape![1, 5, 4]>::zeros();
//! y.assign_conv2d(&x, &w);
//! assert_eq!(y, x.conv2d(&w));
//! let mut t = Tensor::<f32, Shape![1, 4, 5]>::zeros();
//! t.view_mut().permute::<Axes![0, 2, 1]>().assign_conv2d(&x, &w); // strided
//! assert_eq!(t.permute::<Axes![0, 2, 1]>(), x.conv2d(&w));
//! ```

use super::conv::kernel::{convolve, dims3, Pads};
use super::conv::output_size;
use super::conv_pad::{same_padding, steps};
use super::destination::Destination;
use super::{AsView, ShapeOf};
use crate::constraint::{
    Conv2dSameStepWeights, Conv2dSameWeights, Conv2dStepWeights, Conv2dWeights,
};
use crate::dim::Agree;
use crate::num::MulAccumulate;
use crate::shape::Shape;

/// `$body` with `$store` the store of the destination `$out`:
/// `$store(k, v)` writes `v` at logical row-major position `k`. Expanded
/// twice, so that each kernel is compiled with its store inlined and its
/// dimensions constant (a closure between the caller and the kernel that
/// LLVM did not inline made the interior of `conv2d_same` 9x slower).
macro_rules! storing {
    ($out:expr, |$store:ident| $body:expr) => {
        match $out.as_contiguous_mut() {
            Some(elems) => {
                let $store = |k: usize, v| elems[k] = v;
                $body
            }
            None => {
                let $store = |k: usize, v| *$out.flat_mut(k) = v;
                $body
            }
        }
    };
}

/// The valid convolutions written into a [`Destination`]: implemented for
/// every destination.
pub trait AssignConv<P = Agree>: Destination {
    /// Writes [`x.conv2d(weights)`](super::conv::Conv::conv2d) into this
    /// destination, without the copy that returning the result by value
    /// costs.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = Tensor::<f32, Shape![1, 3, 3]>::ones();
    /// let mut out = Tensor::<f32, Shape![2, 2, 2]>::zeros();
    /// out.assign_conv2d(&x, &Tensor::<f32, Shape![2, 1, 2, 2]>::full(0.5));
    /// assert_eq!(out, Tensor::full(2.0));
    /// ```
    fn assign_conv2d<X, K>(&mut self, x: &X, weights: &K)
    where
        X: AsView<Elem = Self::Elem> + ?Sized,
        K: AsView<Elem = Self::Elem> + ?Sized,
        ShapeOf<K>: Conv2dWeights<ShapeOf<X>, P, Output = ShapeOf<Self>>,
        Self::Elem: MulAccumulate,
    {
        const {
            assert!(
                output_size(<ShapeOf<X>>::PADDED, <ShapeOf<K>>::PADDED, [1, 1])
                    == <ShapeOf<Self>>::SIZE,
                "conv2d: the output shape's arithmetic is wrong"
            )
        };
        into::<Self, X, K>(self, x, weights, [1, 1], Pads::none());
    }

    /// Writes [`x.conv2d_step::<_, St>(weights)`](super::conv::Conv::conv2d_step)
    /// into this destination.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = Tensor::<f32, Shape![1, 5, 6]>::from_flat_fn(|i| i as f32);
    /// let pick = tensor![[[[1.0f32]]]];
    /// let mut y = Tensor::<f32, Shape![1, 3, 3]>::zeros();
    /// y.assign_conv2d_step::<_, _, Shape![2, 2]>(&x, &pick);
    /// assert_eq!(y, x.conv2d_step::<_, Shape![2, 2]>(&pick));
    /// ```
    fn assign_conv2d_step<X, K, St: Shape>(&mut self, x: &X, weights: &K)
    where
        X: AsView<Elem = Self::Elem> + ?Sized,
        K: AsView<Elem = Self::Elem> + ?Sized,
        ShapeOf<K>: Conv2dStepWeights<ShapeOf<X>, St, P, Output = ShapeOf<Self>>,
        Self::Elem: MulAccumulate,
    {
        let step = steps::<St>();
        const {
            assert!(
                output_size(
                    <ShapeOf<X>>::PADDED,
                    <ShapeOf<K>>::PADDED,
                    [St::PADDED[0], St::PADDED[1]]
                ) == <ShapeOf<Self>>::SIZE,
                "conv2d_step: the output shape's arithmetic is wrong"
            )
        };
        into::<Self, X, K>(self, x, weights, step, Pads::none());
    }
}

impl<D: Destination + ?Sized, P> AssignConv<P> for D {}

/// The "same" convolutions written into a [`Destination`]: implemented
/// for every destination.
pub trait AssignConvSame<P = Agree>: Destination {
    /// Writes [`x.conv2d_same(weights)`](super::conv_pad::ConvSame::conv2d_same)
    /// into this destination, without the copy that returning the result
    /// costs.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = Tensor::<f32, Shape![1, 4, 4]>::ones();
    /// let mut out = Tensor::<f32, Shape![1, 4, 4]>::zeros();
    /// out.assign_conv2d_same(&x, &Tensor::<f32, Shape![1, 1, 3, 3]>::ones());
    /// assert_eq!((out[[0, 0, 0]], out[[0, 1, 2]], out[[0, 3, 1]]), (4.0, 9.0, 6.0));
    /// ```
    fn assign_conv2d_same<X, K>(&mut self, x: &X, weights: &K)
    where
        X: AsView<Elem = Self::Elem> + ?Sized,
        K: AsView<Elem = Self::Elem> + ?Sized,
        ShapeOf<K>: Conv2dSameWeights<ShapeOf<X>, P, Output = ShapeOf<Self>>,
        Self::Elem: MulAccumulate,
    {
        same_into::<Self, X, K>(self, x, weights, [1, 1]);
    }

    /// Writes [`x.conv2d_same_step::<_, St>(weights)`](super::conv_pad::ConvSame::conv2d_same_step)
    /// into this destination.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = Tensor::<f32, Shape![1, 5, 5]>::from_flat_fn(|i| i as f32);
    /// let w = Tensor::<f32, Shape![2, 1, 3, 3]>::from_flat_fn(|i| i as f32 - 8.0);
    /// let mut y = Tensor::<f32, Shape![2, 3, 3]>::zeros();
    /// y.assign_conv2d_same_step::<_, _, Shape![2, 2]>(&x, &w);
    /// assert_eq!(y, x.conv2d_same_step::<_, Shape![2, 2]>(&w));
    /// ```
    fn assign_conv2d_same_step<X, K, St: Shape>(&mut self, x: &X, weights: &K)
    where
        X: AsView<Elem = Self::Elem> + ?Sized,
        K: AsView<Elem = Self::Elem> + ?Sized,
        ShapeOf<K>: Conv2dSameStepWeights<ShapeOf<X>, St, P, Output = ShapeOf<Self>>,
        Self::Elem: MulAccumulate,
    {
        same_into::<Self, X, K>(self, x, weights, steps::<St>());
    }
}

impl<D: Destination + ?Sized, P> AssignConvSame<P> for D {}

/// The "same" convolution of `x` by `weights` with the steps `step` into
/// `out`, of the shape the caller's bound computed.
#[inline(always)]
fn same_into<D, X, K>(out: &mut D, x: &X, weights: &K, step: [usize; 2])
where
    D: Destination + ?Sized,
    X: AsView<Elem = D::Elem> + ?Sized,
    K: AsView<Elem = D::Elem> + ?Sized,
    D::Elem: MulAccumulate,
{
    let lo = same_padding(
        <ShapeOf<X>>::PADDED,
        <ShapeOf<K>>::PADDED,
        <ShapeOf<D>>::PADDED,
        step,
    );
    into::<D, X, K>(out, x, weights, step, Pads::zeros(lo));
}

/// The convolution of `x` padded by `pads` by `weights` with the steps
/// `step` into `out`, of the shape the caller's bound computed.
#[inline(always)]
fn into<D, X, K>(out: &mut D, x: &X, weights: &K, step: [usize; 2], pads: Pads<D::Elem>)
where
    D: Destination + ?Sized,
    X: AsView<Elem = D::Elem> + ?Sized,
    K: AsView<Elem = D::Elem> + ?Sized,
    D::Elem: MulAccumulate,
{
    const { assert!(<ShapeOf<D>>::RANK == 3, "conv2d: the output has three axes") };
    let dims = dims3::<ShapeOf<D>>();
    storing!(out, |store| convolve(
        x.as_view(),
        weights,
        step,
        pads,
        dims,
        store
    ));
}
