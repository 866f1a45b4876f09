//! `ViewMut::assign`: a mutable view written from a source the way a
//! tensor is by [`Tensor::assign`](crate::tensor::Tensor::assign): another
//! view or a tensor of its shape (copied element by element, cloned), or a
//! lazy expression (`a.lazy() + &b`, `x.lazy().map(Float::exp)`),
//! broadcast to its shape and evaluated into its elements, each written
//! once.
//!
//! ```
//! use tensor_core::prelude::*;
//! let a = tensor![[1, 2, 3], [4, 5, 6]];
//! let mut t = Tensor::<i32, Shape![3, 3]>::zeros();
//! slice!(t.view_mut(), .., 1..).assign(&a.t()); // a view
//! slice!(t.view_mut(), .., 0).assign(tensor![1, 2, 3].lazy() * 100); // an expression
//! assert_eq!(t, tensor![[100, 1, 4], [200, 2, 5], [300, 3, 6]]);
//! ```

use super::lazy::{Expr, Lazy};
use crate::constraint::BroadcastFrom;
use crate::layout::Layout;
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::view::{View, ViewMut};

/// What [`ViewMut::assign`] takes: a view or a tensor of the destination's
/// shape (`S`), or a [`Lazy`] expression that broadcasts to it.
pub trait AssignSource<T, S: Shape> {
    /// Writes this source into `out`, every element once.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// use tensor_core::ops::view_assign::AssignSource;
    /// let mut t = Tensor::<i32, Shape![2]>::zeros();
    /// (&tensor![4, 5]).assign_to(&mut t.view_mut());
    /// assert_eq!(t, tensor![4, 5]);
    /// ```
    fn assign_to<L: Layout<Shape = S>>(self, out: &mut ViewMut<'_, T, L>);
}

impl<T: Clone, S: Shape, L2: Layout<Shape = S>> AssignSource<T, S> for &View<'_, T, L2> {
    #[inline]
    fn assign_to<L: Layout<Shape = S>>(self, out: &mut ViewMut<'_, T, L>) {
        out.for_each_indexed(|flat, x| *x = self.at_flat(flat).clone());
    }
}

impl<T: Clone, S: Shape> AssignSource<T, S> for &Tensor<T, S> {
    #[inline]
    fn assign_to<L: Layout<Shape = S>>(self, out: &mut ViewMut<'_, T, L>) {
        (&self.view()).assign_to(out);
    }
}

impl<T: Copy, S: Shape, E: Expr<Elem = T>> AssignSource<T, S> for Lazy<E>
where
    S: BroadcastFrom<E::Shape>,
{
    #[inline]
    fn assign_to<L: Layout<Shape = S>>(self, out: &mut ViewMut<'_, T, L>) {
        out.assign_lazy(self);
    }
}

impl<T, L: Layout> ViewMut<'_, T, L> {
    /// Writes `source` into this view: a view or tensor of its shape
    /// (cloned element by element: the in-place `to_tensor` of a view), or
    /// a [`Lazy`] expression broadcast to its shape
    /// ([`assign_lazy`](ViewMut::assign_lazy)). The in-place form of the
    /// elementwise operators, `map`, `clamp` and the float functions, into
    /// a view (`x.lazy().map(Float::exp)`).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let mut t = Tensor::<f32, Shape![2, 2]>::zeros();
    /// t.view_mut().t().assign(&tensor![[1.0, 2.0], [3.0, 4.0]].view());
    /// assert_eq!(t, tensor![[1.0, 3.0], [2.0, 4.0]]);
    /// let x = tensor![0.0f32, 1.0];
    /// slice!(t.view_mut(), 1, ..).assign(x.lazy().map(Float::exp));
    /// assert_eq!(slice!(t, 1, ..), x.exp());
    /// ```
    #[inline]
    pub fn assign<R: AssignSource<T, L::Shape>>(&mut self, source: R) {
        source.assign_to(self);
    }
}
