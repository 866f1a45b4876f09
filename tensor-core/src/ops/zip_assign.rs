//! `assign_zip`: `f` of the matching elements of two operands, broadcast
//! to the shape of a [`Destination`] the caller owns (a tensor, a boxed
//! one, a mutable view): the in-place form of
//! [`zip_map`](super::elementwise::Elementwise::zip_map) and of the
//! operators (NumPy's `np.add(a, b, out=t)`).
//!
//! ```
//! use tensor_core::prelude::*;
//! let a = tensor![[1, 2, 3], [4, 5, 6]];
//! let mut t = Tensor::<i32, Shape![3, 2]>::zeros();
//! t.view_mut().t().assign_zip(&a, &tensor![10, 20, 30], |&x, &y| x + y);
//! assert_eq!(t.t(), a.zip_map(&tensor![10, 20, 30], |&x, &y| x + y));
//! ```

use super::destination::{write_each, Destination};
use super::elementwise::zip_same_into;
use super::{AsView, ShapeOf};
use crate::constraint::BroadcastFrom;
use crate::uninit::as_slots;
use crate::view::ViewOps;

/// `zip_map` written into a [`Destination`]: implemented for every
/// destination.
pub trait AssignZip: Destination {
    /// Sets every element to `f` of the matching elements of `a` and `b`,
    /// both broadcast to this destination's shape (nalgebra's `add_to`,
    /// NumPy's `np.add(a, b, out=t)`): the loops of `a + b` without a new
    /// tensor, whose return by value costs a copy.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let a = tensor![[1, 2, 3], [4, 5, 6]];
    /// let mut out = Tensor::<i32, Shape![2, 3]>::zeros();
    /// out.assign_zip(&a, &tensor![10, 20, 30], |&x, &y| x + y);
    /// assert_eq!(out, tensor![[11, 22, 33], [14, 25, 36]]);
    /// ```
    #[inline]
    fn assign_zip<A, B>(
        &mut self,
        a: &A,
        b: &B,
        mut f: impl FnMut(&A::Elem, &B::Elem) -> Self::Elem,
    ) where
        A: AsView + ?Sized,
        B: AsView + ?Sized,
        ShapeOf<Self>: BroadcastFrom<ShapeOf<A>> + BroadcastFrom<ShapeOf<B>>,
        Self::Elem: Copy,
    {
        let a = a.as_view().expand::<ShapeOf<Self>>();
        let b = b.as_view().expand::<ShapeOf<Self>>();
        match self.as_contiguous_mut() {
            Some(elems) => zip_same_into(a, b, f, as_slots(elems)),
            None => write_each(self, |i| f(a.at_flat(i), b.at_flat(i))),
        }
    }
}

impl<D: Destination + ?Sized> AssignZip for D {}
