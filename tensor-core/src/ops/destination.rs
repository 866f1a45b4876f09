//! [`Destination`]: where the `assign_*` forms write. A [`Tensor`] (and,
//! through `DerefMut`, a `Box<Tensor>`) or a [`ViewMut`] of any layout:
//! one implementation of each `assign_*` form serves all three.
//!
//! A destination whose elements are one row-major run (a tensor, a
//! contiguous view) is written by the same kernels as the by-value
//! operation; any other view (a transpose, a column, a strided slice of a
//! bigger tensor) element by element, in logical order, and only its own
//! elements: the rest of the tensor it views is left as it was.
//!
//! ```
//! use tensor_core::prelude::*;
//! let t = Tensor::<i32, Shape![3, 4]>::from_flat_fn(|i| i as i32);
//! let mut out = Tensor::<i32, Shape![2, 4]>::full(-1);
//! slice!(out.view_mut(), 1, ..).assign_sum_axes::<Axes![0], _>(&t); // a row
//! assert_eq!(out, tensor![[-1, -1, -1, -1], [12, 15, 18, 21]]);
//! let mut boxed = Box::new(Tensor::<i32, Shape![3]>::zeros());
//! boxed.assign_max_axes::<Axes![1], _>(&t); // a box, through `DerefMut`
//! assert_eq!(*boxed, tensor![3, 7, 11]);
//! ```

use super::AsView;
use crate::layout::{Layout, RowMajor};
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::uninit::{build_with, Slots};
use crate::view::ViewMut;

/// A destination of the `assign_*` forms: a [`Tensor`] or a [`ViewMut`]
/// (a `Box<Tensor>` is one through `DerefMut`). Read back as a view
/// ([`AsView`]), written through the methods below. Sealed: implemented
/// by those two only.
pub trait Destination: AsView + crate::seal::Destination {
    /// The elements as one row-major run, when they are one (a tensor, a
    /// contiguous view).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let mut t = tensor![[1, 2], [3, 4]];
    /// assert_eq!(t.as_contiguous_mut().map(|s| s.len()), Some(4));
    /// assert!(t.view_mut().t().as_contiguous_mut().is_none());
    /// ```
    fn as_contiguous_mut(&mut self) -> Option<&mut [Self::Elem]>;

    /// Calls `f` with each logical row-major position and its element,
    /// in order.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let mut t = Tensor::<usize, Shape![2, 2]>::zeros();
    /// t.view_mut().t().for_each_indexed(|i, x| *x = i);
    /// assert_eq!(t, tensor![[0, 2], [1, 3]]);
    /// ```
    fn for_each_indexed(&mut self, f: impl FnMut(usize, &mut Self::Elem));

    /// The element at logical row-major position `i`, mutably.
    ///
    /// # Panics
    ///
    /// When `i` is not below the number of elements.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let mut t = tensor![[1, 2, 3], [4, 5, 6]];
    /// *t.view_mut().t().flat_mut(1) = 40; // [0, 1] of the transpose
    /// assert_eq!(t, tensor![[1, 2, 3], [40, 5, 6]]);
    /// ```
    #[track_caller]
    fn flat_mut(&mut self, i: usize) -> &mut Self::Elem;
}

impl<T, S: Shape> crate::seal::Destination for Tensor<T, S> {}
impl<T, L: Layout> crate::seal::Destination for ViewMut<'_, T, L> {}

impl<T, S: Shape> Destination for Tensor<T, S> {
    #[inline(always)]
    fn as_contiguous_mut(&mut self) -> Option<&mut [T]> {
        Some(self.as_mut_slice())
    }

    #[inline(always)]
    fn for_each_indexed(&mut self, mut f: impl FnMut(usize, &mut T)) {
        self.iter_mut().enumerate().for_each(|(i, x)| f(i, x));
    }

    #[inline(always)]
    #[track_caller]
    fn flat_mut(&mut self, i: usize) -> &mut T {
        &mut self.as_mut_slice()[i]
    }
}

impl<T, L: Layout> Destination for ViewMut<'_, T, L> {
    #[inline(always)]
    fn as_contiguous_mut(&mut self) -> Option<&mut [T]> {
        self.view().as_contiguous()?;
        let (data, start) = ViewMut::contiguous_mut(self);
        Some(&mut data[start..][..<L::Shape as Shape>::SIZE])
    }

    #[inline(always)]
    fn for_each_indexed(&mut self, f: impl FnMut(usize, &mut T)) {
        ViewMut::for_each_indexed(self, f);
    }

    #[inline(always)]
    #[track_caller]
    fn flat_mut(&mut self, i: usize) -> &mut T {
        let size = <L::Shape as Shape>::SIZE;
        assert!(
            i < size,
            "flat position {i} out of a view of {size} elements"
        );
        let at = self.position_of_flat(i);
        self.element_mut(at)
    }
}

/// Writes `element(i)` into every element `i` of `out`, in order.
#[inline(always)]
pub(crate) fn write_each<D: Destination + ?Sized>(
    out: &mut D,
    mut element: impl FnMut(usize) -> D::Elem,
) {
    out.for_each_indexed(|i, x| *x = element(i));
}

/// Writes `out` by `kernel` (the by-value operation's writer, given the
/// elements as slots) when they are one run, else by `element(i)` for each
/// logical position `i`.
#[inline(always)]
pub(crate) fn write_with<D: Destination + ?Sized>(
    out: &mut D,
    kernel: impl FnOnce(&mut Slots<D::Elem>),
    element: impl FnMut(usize) -> D::Elem,
) where
    D::Elem: Copy,
{
    match out.as_contiguous_mut() {
        Some(elems) => kernel(Slots::of_init(elems)),
        None => write_each(out, element),
    }
}

/// A tensor built in place by `assign`, an `assign_*` form that writes
/// every element of the destination it is given: the returning form of an
/// operation that reads back what it wrote (a softmax divides by the sums
/// of its exponentials), written once where the result will live, with no
/// second copy on the stack. The elements are `first` before `assign`
/// runs (a pass that costs less than a copy).
#[inline(always)]
pub(crate) fn build_by<T: Copy, S: Shape>(
    first: T,
    assign: impl FnOnce(&mut ViewMut<'_, T, RowMajor<S>>),
) -> Tensor<T, S> {
    build_with(|slots| {
        // `S::SIZE` elements: the buffer of a `RowMajor<S>` view (its
        // `ROOT_SIZE`), whose state is `()`.
        let elems = slots.init_with(first);
        assign(&mut ViewMut::new(elems, ()));
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;

    #[test]
    fn contiguous_destinations_give_their_own_run() {
        let mut t = Tensor::<usize, Shape![4, 6]>::zeros();
        t.as_contiguous_mut().unwrap()[23] = 5;
        assert_eq!(
            (t.as_contiguous_mut().map(|s| s.len()), t[[3, 5]]),
            (Some(24), 5)
        );
        let mut rows = slice!(t.view_mut(), 1..3, ..);
        let run = rows.as_contiguous_mut().unwrap();
        assert_eq!(run.len(), 12);
        run[0] = 7;
        assert_eq!(t[[1, 0]], 7);
        assert!(slice!(t.view_mut(), .., 1..).as_contiguous_mut().is_none());
        assert!(t.view_mut().t().as_contiguous_mut().is_none());
    }

    #[test]
    fn flat_positions_are_logical_and_checked() {
        let mut t = Tensor::<usize, Shape![3, 4]>::zeros();
        *t.flat_mut(5) = 1;
        *t.view_mut().t().flat_mut(5) = 2; // [1, 2] of the transpose
        assert_eq!((t[[1, 1]], t[[2, 1]]), (1, 2));
        let mut seen = std::vec::Vec::new();
        t.view_mut().t().for_each_indexed(|i, x| seen.push((i, *x)));
        assert_eq!(seen[5], (5, 2));
        assert_eq!(seen.len(), 12);
        let caught = std::panic::catch_unwind(move || *t.view_mut().t().flat_mut(12) = 0);
        assert!(caught.is_err());
    }

    #[test]
    fn build_by_returns_what_the_assignment_wrote() {
        let t = build_by::<i32, Shape![2, 3]>(-1, |out| {
            assert!(out.view().iter().all(|&x| x == -1));
            out.for_each_indexed(|i, x| *x = i as i32 * 10);
        });
        assert_eq!(t, tensor![[0, 10, 20], [30, 40, 50]]);
    }

    #[test]
    fn strided_destinations_write_only_their_elements_in_order() {
        let mut t = Tensor::<usize, Shape![4, 6]>::full(99);
        write_each(&mut slice!(t.view_mut(), 1..3, ..;2).t(), |i| i);
        let want = Tensor::<usize, Shape![4, 6]>::from_fn(|[i, j]| match (i, j % 2) {
            (1..=2, 0) => (j / 2) * 2 + (i - 1),
            _ => 99,
        });
        assert_eq!(t, want);
        let mut c = Tensor::<usize, Shape![4, 6]>::full(99);
        write_with(
            &mut slice!(c.view_mut(), 1..3, ..),
            |s| s.fill(|_| 7),
            |_| 0,
        );
        assert_eq!(
            c,
            Tensor::from_fn(|[i, _]| if (1..3).contains(&i) { 7 } else { 99 })
        );
    }
}
