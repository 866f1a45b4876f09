//! The layout of a reduction: a view's axes split into the kept axes, which
//! number the results, and the folded axes, walked within each result's
//! group of elements.
//!
//! Both halves are read off the layout's constant strides and coalesced
//! (CuTe's `coalesce`: axes of size 1 dropped, an axis merged into the next
//! one when its stride is the next one's stride times its size), so a group
//! of `[8, 16, 32, 32]` over `Axes![0, 2, 3]` (a channel of a batch) is 8
//! runs of 1024 contiguous elements. A group's first element is one
//! unravel of its number over the kept axes; within it, runs are walked by
//! the layout's [`odometer`], elements by additions. No index is divided.
//!
//! A layout without constant strides ([`Walk::Elements`](super::Walk)) is
//! read element by element through [`Layout::offset`].
//!
//! ```
//! use tensor_core::prelude::*;
//! let t = Tensor::<i32, Shape![2, 3, 4]>::from_flat_fn(|i| i as i32);
//! // Group 1 of a reduction over axes 0 and 2: t[i][1][k] for all i, k.
//! let want = (0..2).flat_map(|i| (0..4).map(move |k| t[[i, 1, k]])).sum::<i32>();
//! assert_eq!(t.sum_axes::<Axes![0, 2]>()[[1]], want);
//! ```

use core::marker::PhantomData;

use super::{first_position, odometer, run_span};
use crate::axis::Axes;
use crate::layout::{Layout, Padded, MAX_RANK};
use crate::shape::{MultiIndex, Shape};

/// Some axes of a strided layout: their sizes and strides, the first
/// `rank` entries in use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Strided {
    /// The sizes.
    pub(crate) dims: Padded<usize>,
    /// The strides.
    pub(crate) strides: Padded<isize>,
    /// How many axes.
    pub(crate) rank: usize,
}

/// Whether `axis` is among the first `count` of `axes`.
pub(crate) const fn listed(axes: &Padded<usize>, count: usize, axis: usize) -> bool {
    let mut i = 0;
    while i < count {
        if axes[i] == axis {
            return true;
        }
        i += 1;
    }
    false
}

/// The axes of `dims`/`strides` (rank `rank`) that are (`folded`) or are
/// not among the first `count` of `axes`, in their order, coalesced: axes
/// of size 1 dropped, and an axis merged into the one after it when its
/// stride is that axis's stride times its size (the two then read as one
/// axis, in the same order).
pub(crate) const fn split(
    (dims, strides, rank): (&Padded<usize>, &Padded<isize>, usize),
    (axes, count): (&Padded<usize>, usize),
    folded: bool,
) -> Strided {
    let mut out = Strided {
        dims: [1; MAX_RANK],
        strides: [0; MAX_RANK],
        rank: 0,
    };
    let mut k = 0;
    while k < rank {
        if listed(axes, count, k) == folded && dims[k] != 1 {
            let last = out.rank.wrapping_sub(1);
            if out.rank > 0 && out.strides[last] == strides[k] * dims[k] as isize {
                out.dims[last] *= dims[k];
                out.strides[last] = strides[k];
            } else {
                out.dims[out.rank] = dims[k];
                out.strides[out.rank] = strides[k];
                out.rank += 1;
            }
        }
        k += 1;
    }
    out
}

/// The groups of a reduction of a view laid out by `L` over the axes `X`:
/// see the module documentation.
pub(crate) struct Groups<L, X>(PhantomData<(L, X)>);

impl<L: Layout, X: Axes> Groups<L, X> {
    /// Whether the groups are walked by strides (the layout has constant
    /// strides); otherwise element by element through `L::offset`.
    pub(crate) const STRIDED: bool = L::STRIDES.is_some();
    /// The layout's strides (0s when it has none).
    const STRIDES: Padded<isize> = match L::STRIDES {
        Some(strides) => strides,
        None => [0; MAX_RANK],
    };
    /// The layout's axes, for [`split`].
    const AXES: (&Padded<usize>, &Padded<isize>, usize) = (
        &<L::Shape as Shape>::PADDED,
        &Self::STRIDES,
        <L::Shape as Shape>::RANK,
    );
    /// The kept axes, coalesced: a result's number, unravelled over them,
    /// gives its group's first element.
    const KEPT: Strided = split(Self::AXES, (&X::PADDED, X::LEN), false);
    /// The folded axes, coalesced: walked within a group.
    const FOLDED: Strided = split(Self::AXES, (&X::PADDED, X::LEN), true);
    /// The elements of a run: the last folded axis (1 when none is left).
    pub(crate) const RUN: usize = match Self::FOLDED.rank {
        0 => 1,
        r => Self::FOLDED.dims[r - 1],
    };
    /// The stride of a run (0 when no folded axis is left).
    pub(crate) const STEP: isize = match Self::FOLDED.rank {
        0 => 0,
        r => Self::FOLDED.strides[r - 1],
    };
    /// The axes whose odometer starts the runs: all folded axes but the last.
    const OUTER: usize = Self::FOLDED.rank.saturating_sub(1);
    /// The elements of a group: the product of the folded axes' sizes.
    pub(crate) const COUNT: usize = crate::layout::count(Self::FOLDED.dims, Self::FOLDED.rank);

    /// The buffer position of group `o`'s first element (`STRIDED` only).
    #[inline(always)]
    fn start(state: &L::State, mut o: usize) -> isize {
        let kept = Self::KEPT;
        let mut at = first_position::<L>(state) as isize;
        for k in (0..kept.rank).rev() {
            at += (o % kept.dims[k]) as isize * kept.strides[k];
            o /= kept.dims[k];
        }
        at
    }

    /// Calls `f` with each run of group `o` of the view of `data` laid out
    /// by `L` with `state`, in logical order (`STRIDED` only): the buffer
    /// positions [`run_span`] of [`Self::RUN`] elements at [`Self::STEP`]
    /// cover; element `j` of a run is at
    /// [`run_at`](super::run_at)`(j, RUN, STEP)` in it. A group of no
    /// element has no run.
    #[inline(always)]
    pub(crate) fn each_run<'a, T>(
        data: &'a [T],
        state: &L::State,
        o: usize,
        mut f: impl FnMut(&'a [T]),
    ) {
        if Self::COUNT == 0 {
            return;
        }
        let folded = Self::FOLDED;
        let axes = (&folded.dims, &folded.strides, &[0; MAX_RANK]);
        odometer(0..Self::OUTER, axes, (Self::start(state, o), 0), |at, _| {
            f(&data[run_span(at as usize, Self::RUN, Self::STEP)])
        });
    }

    /// The buffer positions of group `o`'s elements, in logical order of
    /// the folded axes, for a view laid out by `L` with `state`.
    #[inline(always)]
    pub(crate) fn positions(state: L::State, o: usize) -> GroupPositions<L, X> {
        let at = match Self::STRIDED {
            true => Self::start(&state, o),
            false => 0,
        };
        GroupPositions {
            state,
            o,
            done: 0,
            at,
            run_start: at,
            index: [0; MAX_RANK],
            marker: PhantomData,
        }
    }
}

/// The positions of one group of a reduction ([`Groups::positions`]).
pub(crate) struct GroupPositions<L: Layout, X> {
    /// The view's run-time state.
    state: L::State,
    /// The group's number.
    o: usize,
    /// The positions given so far.
    done: usize,
    /// The next position (`STRIDED`).
    at: isize,
    /// The first position of the current run (`STRIDED`).
    run_start: isize,
    /// The odometer's index over the folded axes but the last (`STRIDED`).
    index: Padded<usize>,
    /// The reduced axes.
    marker: PhantomData<X>,
}

impl<L: Layout, X: Axes> GroupPositions<L, X> {
    /// Element `r` of group `o`, for a layout without constant strides:
    /// the multi-index whose kept axes are `o` and whose folded axes are
    /// `r`, each unravelled in row-major order, mapped by `L::offset`.
    fn offset_of(&self, mut r: usize) -> usize {
        let (dims, mut o) = (<L::Shape as Shape>::PADDED, self.o);
        let mut index = <L::Shape as Shape>::Index::ZERO;
        for (axis, i) in index.as_mut().iter_mut().enumerate().rev() {
            let n = if listed(&X::PADDED, X::LEN, axis) {
                &mut r
            } else {
                &mut o
            };
            (*i, *n) = (*n % dims[axis], *n / dims[axis]);
        }
        L::offset(&index, &self.state)
    }
}

impl<L: Layout, X: Axes> Iterator for GroupPositions<L, X> {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.done == Groups::<L, X>::COUNT {
            return None;
        }
        let r = self.done;
        self.done += 1;
        if const { !Groups::<L, X>::STRIDED } {
            return Some(self.offset_of(r));
        }
        let at = self.at;
        let run = Groups::<L, X>::RUN;
        if !self.done.is_multiple_of(run) {
            self.at += Groups::<L, X>::STEP;
            return Some(at as usize);
        }
        // The run ends: the next one starts a step of the odometer on. (The
        // carry never runs past axis 0: positions are counted.)
        let folded = Groups::<L, X>::FOLDED;
        for k in (0..Groups::<L, X>::OUTER).rev() {
            self.index[k] += 1;
            self.run_start += folded.strides[k];
            if self.index[k] < folded.dims[k] {
                break;
            }
            self.index[k] = 0;
            self.run_start -= folded.strides[k] * folded.dims[k] as isize;
        }
        self.at = self.run_start;
        Some(at as usize)
    }

    #[inline(always)]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = Groups::<L, X>::COUNT - self.done;
        (left, Some(left))
    }
}

#[cfg(test)]
mod tests;
