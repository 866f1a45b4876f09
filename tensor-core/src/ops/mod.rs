//! Operations on tensors and views: elementwise arithmetic with NumPy
//! broadcasting, reductions, and matrix products.
//!
//! Every operation takes its operands through [`AsView`], so a `Tensor`, a
//! `View`, a `ViewMut` and references to them mix freely; results are owned
//! tensors whose shape is computed in the type. A shape mistake is a compile
//! error naming the operation. Nothing allocates.
//!
//! ```
//! use tensor_core::prelude::*;
//! let a = tensor![[1.0f32, 2.0, 3.0], [4.0, 5.0, 6.0]];
//! let b = tensor![10.0f32, 20.0, 30.0];
//! let c = &a + &b; // [2, 3] + [3] broadcasts to [2, 3]
//! assert_eq!(c, tensor![[11.0, 22.0, 33.0], [14.0, 25.0, 36.0]]);
//! assert_eq!(c.sum_axes::<Axes![0]>(), tensor![25.0, 47.0, 69.0]);
//! assert_eq!(a.matmul(&a.t()), tensor![[14.0, 32.0], [32.0, 77.0]]);
//! ```

use crate::layout::{Layout, RowMajor};
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::view::{View, ViewMut};

pub mod arg;
mod blocks;
pub mod concat;
pub mod conv;
pub mod conv_assign;
pub mod conv_pad;
pub(crate) mod conv_rule;
pub mod destination;
mod divisor;
pub mod einsum;
pub mod elementwise;
pub mod float;
pub mod lazy;
pub mod matmul;
pub mod moments;
pub mod pool;
pub mod reduce;
pub mod reduce_assign;
pub mod softmax;
pub mod split;
pub mod stack;
pub mod view_assign;
pub mod zip_assign;

/// Anything whose elements can be read as a [`View`]: tensors, views,
/// mutable views, and references to them.
pub trait AsView {
    /// The element type.
    type Elem;
    /// The layout of the view.
    type Layout: Layout;
    /// A read-only view of the elements.
    fn as_view(&self) -> View<'_, Self::Elem, Self::Layout>;
}

/// The shape of an operand.
pub type ShapeOf<A> = <<A as AsView>::Layout as Layout>::Shape;

impl<T, S: Shape> AsView for Tensor<T, S> {
    type Elem = T;
    type Layout = RowMajor<S>;
    fn as_view(&self) -> View<'_, T, RowMajor<S>> {
        self.view()
    }
}

impl<T, L: Layout> AsView for View<'_, T, L> {
    type Elem = T;
    type Layout = L;
    fn as_view(&self) -> View<'_, T, L> {
        self.view()
    }
}

impl<T, L: Layout> AsView for ViewMut<'_, T, L> {
    type Elem = T;
    type Layout = L;
    fn as_view(&self) -> View<'_, T, L> {
        self.view()
    }
}

impl<A: AsView + ?Sized> AsView for &A {
    type Elem = A::Elem;
    type Layout = A::Layout;
    fn as_view(&self) -> View<'_, A::Elem, A::Layout> {
        (**self).as_view()
    }
}

impl<A: AsView + ?Sized> AsView for &mut A {
    type Elem = A::Elem;
    type Layout = A::Layout;
    fn as_view(&self) -> View<'_, A::Elem, A::Layout> {
        (**self).as_view()
    }
}

/// A boxed operand (large weights live in boxes): `x.matmul(&w)` for a
/// `w: Box<Tensor<..>>`, without writing `&*w`. Feature `alloc`.
///
/// ```
/// use tensor_core::prelude::*;
/// # #[cfg(feature = "alloc")] {
/// let w = Tensor::<f32, Shape![784, 10]>::boxed_full(0.5);
/// let x = Tensor::<f32, Shape![1, 784]>::ones();
/// assert_eq!(x.matmul(&w)[[0, 9]], 392.0);
/// # }
/// ```
#[cfg(feature = "alloc")]
impl<A: AsView + ?Sized> AsView for boxed_operand::Box<A> {
    type Elem = A::Elem;
    type Layout = A::Layout;
    fn as_view(&self) -> View<'_, A::Elem, A::Layout> {
        (**self).as_view()
    }
}

/// `Box`, for the [`AsView`] impl of boxed operands.
#[cfg(feature = "alloc")]
mod boxed_operand {
    extern crate alloc;
    pub(super) use alloc::boxed::Box;
}
