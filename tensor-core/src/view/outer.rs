//! `outer_iter`: the sub-views of a view along axis 0, and the rule of the
//! shapes that have one ([`OuterAxis`]: rank 1 or more).
//!
//! ```
//! use tensor_core::prelude::*;
//! let t = Tensor::<i32, Shape![3, 32, 32]>::from_flat_fn(|i| (i / 1024) as i32);
//! let sums: Vec<i32> = t.outer_iter().map(|plane| plane.iter().sum()).collect();
//! assert_eq!(sums, [0, 1024, 2 * 1024]);
//! ```

use super::View;
use crate::constraint::{AsList, AsTuple, AxisOf, Cons, Nil};
use crate::dim::Dimension;
use crate::layout::slice::{DynIndex, SliceList};
use crate::layout::{Layout, Sliced};
use crate::shape::Shape;

/// The layout of one sub-view of `outer_iter`: axis 0 fixed at run time.
pub type Outer<L> = Sliced<L, Cons<DynIndex, Nil>, 1>;

/// A shape with an outer axis to iterate over (`outer_iter`): rank 1 or
/// more. Bundles what the sub-views' layout needs.
#[diagnostic::on_unimplemented(
    message = "cannot iterate over the outer axis of shape `{Self}`: `outer_iter` needs at least 1 axis",
    label = "no outer axis"
)]
pub trait OuterAxis:
    Shape + AxisOf<0> + AsList<List: SliceList<Cons<DynIndex, Nil>, Out: AsTuple>>
{
}

impl<'a, T, L: Layout> View<'a, T, L> {
    /// The sub-views along axis 0 (`for row in x:` in NumPy), each of the
    /// remaining axes.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[1, 2], [3, 4], [5, 6]];
    /// let sums: Vec<i32> = t.outer_iter().map(|row| row.iter().sum()).collect();
    /// assert_eq!(sums, [3, 7, 11]);
    /// ```
    pub fn outer_iter(self) -> OuterIter<'a, T, L>
    where
        L::Shape: OuterAxis,
    {
        OuterIter {
            view: self,
            next: 0,
        }
    }
}

/// The sub-views of a view along axis 0; see [`View::outer_iter`].
pub struct OuterIter<'a, T, L: Layout> {
    view: View<'a, T, L>,
    next: usize,
}

impl<'a, T, L: Layout> Iterator for OuterIter<'a, T, L>
where
    L::Shape: OuterAxis,
{
    type Item = View<'a, T, Outer<L>>;

    fn next(&mut self) -> Option<Self::Item> {
        let dim = <<L::Shape as AxisOf<0>>::Dim as Dimension>::VALUE;
        if self.next == dim {
            return None;
        }
        self.next += 1;
        Some(self.view.sliced([self.next - 1]))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = <<L::Shape as AxisOf<0>>::Dim as Dimension>::VALUE - self.next;
        (left, Some(left))
    }
}

impl<T, L: Layout> ExactSizeIterator for OuterIter<'_, T, L> where L::Shape: OuterAxis {}
