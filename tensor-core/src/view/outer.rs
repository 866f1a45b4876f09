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

/// The sub-views of a view along axis 0; see
/// [`ViewOps::outer_iter`](super::ViewOps::outer_iter).
pub struct OuterIter<'a, T, L: Layout> {
    view: View<'a, T, L>,
    next: usize,
}

impl<'a, T, L: Layout> OuterIter<'a, T, L> {
    /// The sub-views of `view`, from the first.
    pub(crate) fn new(view: View<'a, T, L>) -> Self {
        OuterIter { view, next: 0 }
    }
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
        // `slice!(view, i)` at the run-time index `i` (in range: `next`
        // counts the rows), built here rather than by `ViewOps`, which
        // makes this iterator.
        let index = [self.next - 1];
        const { <<L::Shape as AsList>::List as SliceList<Cons<DynIndex, Nil>>>::CHECK };
        super::bounds::expect_fits::<L, Cons<DynIndex, Nil>, 1>(&index);
        let (data, state) = self.view.parts();
        Some(View::new(data, (index, state)))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = <<L::Shape as AxisOf<0>>::Dim as Dimension>::VALUE - self.next;
        (left, Some(left))
    }
}

impl<T, L: Layout> ExactSizeIterator for OuterIter<'_, T, L> where L::Shape: OuterAxis {}

#[cfg(test)]
mod tests {
    use crate::prelude::*;

    /// The planes of a `[3, 32, 32]` image and of its permuted view, each
    /// the slice at its index, with the length left told at every step.
    #[test]
    fn planes_in_order_with_their_count() {
        let t = Tensor::<i32, Shape![3, 32, 32]>::from_flat_fn(|i| i as i32);
        let mut planes = t.outer_iter();
        for c in 0..3 {
            assert_eq!(planes.len(), 3 - c);
            assert_eq!(planes.size_hint(), (3 - c, Some(3 - c)));
            let plane = planes.next().expect("three planes");
            assert_eq!(plane, slice!(t, c));
        }
        assert_eq!((planes.len(), planes.next()), (0, None));
        let hwc = t.permute::<Axes![1, 2, 0]>(); // [32, 32, 3]
        let rows: std::vec::Vec<_> = hwc.outer_iter().collect();
        assert_eq!(rows.len(), 32);
        for (i, row) in rows.iter().enumerate() {
            assert_eq!(row[[5, 2]], t[[2, i, 5]]);
        }
    }
}
