//! The constructors of a [`PaddedView`]: `pad`, `pad_with` and `pad_sides`
//! on views, mutable views and tensors. Each returns its view named
//! through [`PadShape::Then`] ([`PadView`]): padding that does not fit the
//! shape is one error, and a method called on the result adds none.

use super::{PadShape, PaddedView};
use crate::layout::{Layout, RowMajor};
use crate::num::Zero;
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::view::{View, ViewMut};

/// The [`PaddedView`] of a layout `L` padded by `Lo` and `Hi`, named
/// through [`PadShape::Then`] (no type when the padding does not fit).
pub type PadView<'a, T, L, Lo, Hi> =
    <<L as Layout>::Shape as PadShape<Lo, Hi>>::Then<PaddedView<'a, T, L, Lo, Hi>>;

impl<'a, T, L: Layout> View<'a, T, L> {
    /// Zero padding of the last `P::RANK` axes, `P` elements on each side
    /// of each (`Shape![1, 1]`: a border of one around the last two axes),
    /// as a read-only [`PaddedView`] that copies nothing. Padding more axes
    /// than the shape has does not compile.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let img = Tensor::<f32, Shape![1, 28, 28]>::ones();
    /// let p = img.view().pad::<Shape![1, 1]>(); // [1, 30, 30]
    /// assert_eq!((p[[0, 0, 0]], p[[0, 1, 1]], p[[0, 29, 28]]), (0.0, 1.0, 0.0));
    /// ```
    pub fn pad<P: Shape>(self) -> PadView<'a, T, L, P, P>
    where
        T: Zero,
        L::Shape: PadShape<P, P>,
    {
        <L::Shape as PadShape<P, P>>::then(PaddedView::new(self, T::ZERO))
    }

    /// Constant padding: [`pad`](Self::pad) with `value` on the border
    /// (NumPy `np.pad(x, .., constant_values=value)`).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = tensor![[1.0f32]];
    /// let p = x.view().pad_with::<Shape![1, 1]>(f32::NEG_INFINITY);
    /// assert_eq!(p.to_tensor().max(), 1.0);
    /// ```
    pub fn pad_with<P: Shape>(self, value: T) -> PadView<'a, T, L, P, P>
    where
        L::Shape: PadShape<P, P>,
    {
        <L::Shape as PadShape<P, P>>::then(PaddedView::new(self, value))
    }

    /// Padding by `Lo` before and `Hi` after each of the last `Lo::RANK`
    /// axes, with `value` (NumPy
    /// `np.pad(x, ((0, 0), (lo0, hi0), (lo1, hi1)), constant_values=value)`).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = tensor![1, 2];
    /// let p = x.view().pad_sides::<Shape![2], Shape![0]>(0);
    /// assert_eq!(p.to_tensor(), tensor![0, 0, 1, 2]);
    /// ```
    pub fn pad_sides<Lo: Shape, Hi: Shape>(self, value: T) -> PadView<'a, T, L, Lo, Hi>
    where
        L::Shape: PadShape<Lo, Hi>,
    {
        <L::Shape as PadShape<Lo, Hi>>::then(PaddedView::new(self, value))
    }
}

impl<'a, T, L: Layout> ViewMut<'a, T, L> {
    /// [`View::pad`], as a read-only [`PaddedView`].
    pub fn pad<P: Shape>(self) -> PadView<'a, T, L, P, P>
    where
        T: Zero,
        L::Shape: PadShape<P, P>,
    {
        self.into_view().pad()
    }

    /// [`View::pad_with`], as a read-only [`PaddedView`].
    pub fn pad_with<P: Shape>(self, value: T) -> PadView<'a, T, L, P, P>
    where
        L::Shape: PadShape<P, P>,
    {
        self.into_view().pad_with(value)
    }

    /// [`View::pad_sides`], as a read-only [`PaddedView`].
    pub fn pad_sides<Lo: Shape, Hi: Shape>(self, value: T) -> PadView<'a, T, L, Lo, Hi>
    where
        L::Shape: PadShape<Lo, Hi>,
    {
        self.into_view().pad_sides(value)
    }
}

impl<T, S: Shape> Tensor<T, S> {
    /// [`View::pad`] of the whole tensor: zero padding of the last
    /// `P::RANK` axes, `P` on each side of each, without a copy.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let img = Tensor::<f32, Shape![1, 28, 28]>::ones();
    /// let p = img.pad::<Shape![1, 1]>(); // [1, 30, 30]
    /// assert_eq!((p[[0, 0, 0]], p[[0, 1, 1]], p[[0, 29, 28]]), (0.0, 1.0, 0.0));
    /// ```
    pub fn pad<P: Shape>(&self) -> PadView<'_, T, RowMajor<S>, P, P>
    where
        T: Zero,
        S: PadShape<P, P>,
    {
        self.view().pad()
    }

    /// [`View::pad_with`] of the whole tensor: constant padding.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = tensor![[1.0f32]];
    /// let p = x.pad_with::<Shape![1, 1]>(f32::NEG_INFINITY);
    /// assert_eq!(p.to_tensor().max(), 1.0);
    /// ```
    pub fn pad_with<P: Shape>(&self, value: T) -> PadView<'_, T, RowMajor<S>, P, P>
    where
        S: PadShape<P, P>,
    {
        self.view().pad_with(value)
    }

    /// [`View::pad_sides`] of the whole tensor: `Lo` before and `Hi` after.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = tensor![1, 2];
    /// let p = x.pad_sides::<Shape![2], Shape![0]>(0);
    /// assert_eq!(p.to_tensor(), tensor![0, 0, 1, 2]);
    /// ```
    pub fn pad_sides<Lo: Shape, Hi: Shape>(&self, value: T) -> PadView<'_, T, RowMajor<S>, Lo, Hi>
    where
        S: PadShape<Lo, Hi>,
    {
        self.view().pad_sides(value)
    }
}
