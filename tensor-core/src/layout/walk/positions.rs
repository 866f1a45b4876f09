//! The buffer positions of a view's elements in logical (row-major) order,
//! one at a time: the walker of iterators, `fill` and the destinations
//! written element by element.
//!
//! The path is [`Walk::of`] the layout, a constant:
//!
//! * [`Walk::Contiguous`]: the first position, then one more each time;
//! * [`Walk::Rows`]: an odometer over the layout's constant strides: each
//!   step adds the last axis's stride, and a row's end carries into the
//!   axes before it. No index is divided, where `Layout::offset` of an
//!   unravelled flat index divides once per axis;
//! * [`Walk::Elements`] (no constant strides: a reshape whose strides do
//!   not merge): each flat index unravelled and mapped by
//!   [`Layout::offset`], the composition that layout is.

use core::iter::FusedIterator;

use super::{first_position, is_contiguous, last, Walk};
use crate::index::unravel;
use crate::layout::{Layout, Padded, MAX_RANK};
use crate::shape::Shape;

/// The buffer positions of the elements of a view laid out by `L`, in
/// logical row-major order (see the module documentation).
///
/// With constant strides the positions come a row at a time: within a row
/// each is the last one plus the row's step (one test per element, for the
/// row's end), and a new row's start is carried by an odometer over the
/// other axes. A contiguous layout is one row of all its elements.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Positions<L: Layout> {
    /// The view's run-time state.
    state: L::State,
    /// The next position in the current row.
    at: isize,
    /// The positions left in the current row; for a layout without
    /// constant strides, the positions left in all.
    left: usize,
    /// The rows not yet started.
    rows: usize,
    /// The first position of the current row.
    row_start: isize,
    /// The odometer's index over the axes before the last.
    index: Padded<usize>,
}

impl<L: Layout> Positions<L> {
    /// Walked by strides: a contiguous layout (one row) or constant strides
    /// and at least one axis (rows along the last axis).
    const STRIDED: bool = !matches!(Walk::of::<L>(), Walk::Elements);
    /// The axes the odometer carries through: all but the last (none for a
    /// contiguous layout).
    const OUTER: usize = match is_contiguous::<L>() {
        true => 0,
        false => <L::Shape as Shape>::RANK.saturating_sub(1),
    };
    /// The positions of a row.
    const WIDTH: usize = match is_contiguous::<L>() {
        true => <L::Shape as Shape>::SIZE,
        false => last(<L::Shape as Shape>::PADDED, <L::Shape as Shape>::RANK),
    };
    /// The number of rows.
    const ROWS: usize = match Self::WIDTH {
        0 => 0,
        width => <L::Shape as Shape>::SIZE / width,
    };
    /// The distance between the positions of a row.
    const STEP: isize = match (is_contiguous::<L>(), L::STRIDES) {
        (true, _) => 1,
        (false, Some(strides)) => strides[<L::Shape as Shape>::RANK.saturating_sub(1)],
        (false, None) => 0,
    };
    /// The strides of the odometer's axes.
    const STRIDES: Padded<isize> = match L::STRIDES {
        Some(strides) => strides,
        None => [0; MAX_RANK],
    };

    /// The positions of the view laid out by `L` with `state`.
    #[inline(always)]
    pub(crate) fn new(state: L::State) -> Self {
        let first = first_position::<L>(&state) as isize;
        let (left, rows) = match Self::STRIDED {
            true => (0, Self::ROWS),
            false => (<L::Shape as Shape>::SIZE, 0),
        };
        Positions {
            state,
            at: first,
            left,
            rows,
            row_start: first,
            index: [0; MAX_RANK],
        }
    }

    /// Starts the next row, if there is one: the first starts at the
    /// first position, each other one step of the odometer after the last.
    #[inline(always)]
    fn next_row(&mut self) -> bool {
        if self.rows == 0 {
            return false;
        }
        if self.rows != Self::ROWS {
            let (dims, strides) = (<L::Shape as Shape>::PADDED, Self::STRIDES);
            // The carry never runs past axis 0: rows are counted.
            for k in (0..Self::OUTER).rev() {
                self.index[k] += 1;
                self.row_start += strides[k];
                if self.index[k] < dims[k] {
                    break;
                }
                self.index[k] = 0;
                self.row_start -= strides[k] * dims[k] as isize;
            }
        }
        self.rows -= 1;
        self.left = Self::WIDTH;
        self.at = self.row_start;
        true
    }
}

impl<L: Layout> Iterator for Positions<L> {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if const { !Self::STRIDED } {
            if self.left == 0 {
                return None;
            }
            let flat = <L::Shape as Shape>::SIZE - self.left;
            self.left -= 1;
            return Some(L::offset(&unravel::<L::Shape>(flat), &self.state));
        }
        if self.left == 0 && !self.next_row() {
            return None;
        }
        self.left -= 1;
        let at = self.at;
        self.at += Self::STEP;
        Some(at as usize)
    }

    #[inline(always)]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.left + self.rows * Self::WIDTH;
        (left, Some(left))
    }

    /// Skips `n` positions a row at a time: within a row by one multiply,
    /// each whole row by one step of the odometer (a split skips the other
    /// part's rows this way, `ops/split.rs`).
    #[inline]
    fn nth(&mut self, mut n: usize) -> Option<usize> {
        if const { !Self::STRIDED } {
            self.left = self.left.saturating_sub(n);
            return self.next();
        }
        loop {
            // (`<=` would do as well: at `n == left` it ends the row and
            // the next `next` starts the following one, as the carry below
            // does.)
            if n < self.left {
                self.at += n as isize * Self::STEP;
                self.left -= n;
                return self.next();
            }
            n -= self.left;
            self.left = 0;
            if !self.next_row() {
                return None;
            }
        }
    }

    /// A row at a time: within a row, a counted loop LLVM can unroll.
    #[inline(always)]
    fn fold<B, F: FnMut(B, usize) -> B>(mut self, init: B, mut f: F) -> B {
        if const { !Self::STRIDED } {
            let mut acc = init;
            for at in self.by_ref() {
                acc = f(acc, at);
            }
            return acc;
        }
        let mut acc = init;
        loop {
            let (at, left) = (self.at, self.left);
            for j in 0..left {
                acc = f(acc, (at + j as isize * Self::STEP) as usize);
            }
            if !self.next_row() {
                return acc;
            }
        }
    }
}

impl<L: Layout> ExactSizeIterator for Positions<L> {}

impl<L: Layout> FusedIterator for Positions<L> {}

/// The elements of a view of `data` laid out by `L`, in logical row-major
/// order: the slice's own iterator when they are one run, else each at its
/// position from [`Positions`].
#[derive(Clone, Debug)]
pub(crate) enum Elements<'a, T, L: Layout> {
    /// A contiguous layout's elements.
    Run(core::slice::Iter<'a, T>),
    /// Any other layout's buffer and positions.
    At(&'a [T], Positions<L>),
}

impl<'a, T, L: Layout> Elements<'a, T, L> {
    /// The elements of the view of `data` laid out by `L` with `state`.
    #[inline(always)]
    pub(crate) fn new(data: &'a [T], state: L::State) -> Self {
        match super::contiguous::<T, L>(data, &state) {
            Some(run) => Elements::Run(run.iter()),
            None => Elements::At(data, Positions::new(state)),
        }
    }
}

impl<'a, T, L: Layout> Iterator for Elements<'a, T, L> {
    type Item = &'a T;

    #[inline(always)]
    fn next(&mut self) -> Option<&'a T> {
        match self {
            Elements::Run(run) => run.next(),
            Elements::At(data, positions) => positions.next().map(|at| &data[at]),
        }
    }

    #[inline(always)]
    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            Elements::Run(run) => run.size_hint(),
            Elements::At(_, positions) => positions.size_hint(),
        }
    }

    #[inline]
    fn nth(&mut self, n: usize) -> Option<&'a T> {
        match self {
            Elements::Run(run) => run.nth(n),
            Elements::At(data, positions) => positions.nth(n).map(|at| &data[at]),
        }
    }

    #[inline(always)]
    fn fold<B, F: FnMut(B, &'a T) -> B>(self, init: B, mut f: F) -> B {
        match self {
            Elements::Run(run) => run.fold(init, f),
            Elements::At(data, positions) => positions.fold(init, |acc, at| f(acc, &data[at])),
        }
    }
}

impl<T, L: Layout> ExactSizeIterator for Elements<'_, T, L> {}

impl<T, L: Layout> FusedIterator for Elements<'_, T, L> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;
    use crate::view::View;
    use std::vec::Vec;

    /// Every position [`Positions`] gives, and every element [`Elements`]
    /// reads, against the layout's own map of each unravelled flat index.
    fn check<L: Layout>(view: View<'_, i32, L>) -> Vec<i32> {
        let (data, state) = view.parts();
        let want: Vec<usize> = (0..<L::Shape as Shape>::SIZE)
            .map(|flat| L::offset(&unravel::<L::Shape>(flat), &state))
            .collect();
        let positions = Positions::<L>::new(state);
        assert_eq!(positions.len(), want.len());
        assert_eq!(positions.collect::<Vec<_>>(), want);
        let elements: Vec<i32> = Elements::<i32, L>::new(data, state).copied().collect();
        assert_eq!(
            elements,
            want.iter().map(|&at| data[at]).collect::<Vec<_>>()
        );
        // `fold` (which `sum` and `for_each` take) reads the same.
        let folded = Elements::<i32, L>::new(data, state).fold(Vec::new(), |mut v, &x| {
            v.push(x);
            v
        });
        assert_eq!(folded, elements);
        elements
    }

    #[test]
    fn positions_follow_every_layout_in_logical_order() {
        let t = Tensor::<i32, Shape![3, 32, 32]>::from_flat_fn(|i| i as i32);
        assert_eq!(check(t.view()), t.iter().copied().collect::<Vec<_>>());
        let p = check(t.permute::<Axes![2, 0, 1]>());
        assert_eq!(p[..3], [0, 32, 64]); // [0, 0, 0], [0, 0, 1], [0, 0, 2]
        assert_eq!(p[32..35], [1024, 1056, 1088]); // [0, 1, 0] is t[1, 0, 0]
        check(t.flip::<Axes![0, 2]>());
        check(slice!(t, 1.., 3..30;4, ..;-3));
        check(slice!(t, .., 5, 7..9)); // an index drops an axis
        check(t.windows_step::<Shape![5, 5], Shape![3, 2]>());
        check(t.t().reshape::<Shape![96, 32]>()); // strides that do not merge
        check(t.reshape::<Shape![96, 32]>().t());
        let row = Tensor::<i32, Shape![1, 784]>::from_flat_fn(|i| i as i32);
        check(row.expand::<Shape![3, 784]>());
        for k in [0, 2] {
            check(slice!(t, k, .., 1..4)); // a run-time index in the state
        }
        let scalar = Tensor::<i32, Shape![]>::full(7);
        assert_eq!(check(scalar.view()), [7]);
        let empty = Tensor::<i32, Shape![4, 0, 3]>::zeros();
        assert!(check(empty.t()).is_empty());
    }

    #[test]
    fn each_layout_takes_its_path() {
        use crate::layout::{Permuted, Reshaped, RowMajor};
        type T = RowMajor<Shape![3, 32, 32]>;
        type Hwc = Permuted<T, Axes![1, 2, 0]>; // [32, 32, 3], strides [32, 1, 1024]
        type Mapped = Reshaped<Permuted<T, Axes![0, 2, 1]>, Shape![96, 32]>;
        fn path<L: Layout>() -> (bool, usize, usize, isize, usize) {
            type P<L> = Positions<L>;
            (
                P::<L>::STRIDED,
                P::<L>::WIDTH,
                P::<L>::ROWS,
                P::<L>::STEP,
                P::<L>::OUTER,
            )
        }
        assert_eq!(path::<T>(), (true, 3072, 1, 1, 0)); // one run
        assert_eq!(path::<Hwc>(), (true, 3, 1024, 1024, 2));
        assert!(!path::<Mapped>().0);
        assert_eq!(path::<RowMajor<Shape![]>>(), (true, 1, 1, 1, 0));
        let empty = path::<RowMajor<Shape![4, 0, 3]>>();
        assert_eq!((empty.1, empty.2), (0, 0)); // no row
    }

    #[test]
    fn positions_stop_and_count_down() {
        let t = Tensor::<i32, Shape![2, 3]>::from_flat_fn(|i| i as i32);
        let (_, state) = t.t().parts();
        type P = crate::layout::Permuted<crate::layout::RowMajor<Shape![2, 3]>, Axes![1, 0]>;
        let mut p = Positions::<P>::new(state);
        assert_eq!(p.size_hint(), (6, Some(6)));
        assert_eq!(p.by_ref().take(4).collect::<Vec<_>>(), [0, 3, 1, 4]);
        assert_eq!(p.size_hint(), (2, Some(2)));
        assert_eq!(p.by_ref().collect::<Vec<_>>(), [2, 5]);
        assert_eq!((p.next(), p.next(), p.len()), (None, None, 0));
        let mut e = t.t().iter(); // borrows `t`, not the temporary view
        assert_eq!(e.size_hint(), (6, Some(6)));
        e.next();
        assert_eq!(e.size_hint(), (5, Some(5)));
        let mut run = t.view().iter();
        run.next();
        assert_eq!(run.size_hint(), (5, Some(5)));
    }
}
