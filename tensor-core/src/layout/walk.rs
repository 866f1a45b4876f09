//! How a layout is walked, decided once at compile time, and the readers
//! that walk it.
//!
//! Every kernel that reads a view in logical (row-major) order asks
//! [`Walk::of`] how to read it (candle's `strided_blocks`, computed from a
//! layout's constants instead of at run time):
//!
//! * [`Walk::Contiguous`]: one block, the elements in order without gaps (a
//!   tensor, a leading slice of one, a reshape of either): a slice;
//! * [`Walk::Rows`]: uniform rows along the last axis, each at a constant
//!   step (1: a contiguous run; 0: one value splatted; negative: read from
//!   its end), their starts given by the other axes' strides (`Rows`,
//!   `odometer`);
//! * [`Walk::Elements`]: no constant strides (a reshape that composes index
//!   maps) or rank 0: element by element through [`Layout::offset`].
//!
//! Copies (`view/copy.rs`), elementwise kernels (`ops/elementwise.rs`,
//! `ops/lazy.rs`), reductions (`ops/reduce/`) and matrix products
//! (`ops/matmul`, through `Rows::MATRIX` and `Matrix`) take their path
//! from it; iterators, `fill` and element-by-element writes walk the
//! positions it gives one at a time (`Positions`, `walk/positions.rs`).
//!
//! ```
//! use tensor_core::layout::walk::Walk;
//! use tensor_core::layout::{Expanded, Flipped, RowMajor};
//! use tensor_core::prelude::*;
//! type T = RowMajor<Shape![4, 3]>;
//! assert_eq!(Walk::of::<T>(), Walk::Contiguous);
//! assert_eq!(Walk::of::<Flipped<T, Axes![1]>>(), Walk::Rows { step: -1 });
//! assert_eq!(Walk::of::<Expanded<RowMajor<Shape![3]>, Shape![4, 3]>>(), Walk::Rows { step: 1 });
//! ```

use core::ops::Range;

use super::{row_major, Layout, Padded, MAX_RANK};

mod groups;
mod positions;

use crate::index::unravel;
use crate::shape::Shape;
pub(crate) use groups::{listed, Groups};
pub(crate) use positions::{Elements, Positions};

/// How the elements of a layout are read in logical order; see the module
/// documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walk {
    /// One block: flat logical index `i` is at `offset(0) + i`.
    Contiguous,
    /// Rows along the last axis, element `j` of a row `j · step` from its
    /// first element.
    Rows {
        /// The stride of the last axis.
        step: isize,
    },
    /// Element by element through [`Layout::offset`].
    Elements,
}

impl Walk {
    /// How `L` is walked: a constant of the layout.
    pub const fn of<L: Layout>() -> Walk {
        let rank = <L::Shape as Shape>::RANK;
        match L::STRIDES {
            _ if is_contiguous::<L>() => Walk::Contiguous,
            Some(strides) if rank > 0 => Walk::Rows {
                step: strides[rank - 1],
            },
            _ => Walk::Elements,
        }
    }
}

/// Whether `L` maps the flat logical index `i` to `offset(0) + i`: its
/// strides are the row-major strides of its shape (axes of size 1 aside).
pub(crate) const fn is_contiguous<L: Layout>() -> bool {
    let Some(strides) = L::STRIDES else {
        return false;
    };
    let dims = <L::Shape as Shape>::PADDED;
    let row_major = row_major(dims, <L::Shape as Shape>::RANK);
    let mut k = 0;
    while k < <L::Shape as Shape>::RANK {
        if dims[k] != 1 && strides[k] != row_major[k] {
            return false;
        }
        k += 1;
    }
    true
}

/// The buffer positions a run of `len` elements at `step` from `first`
/// covers, lowest first: `first - (len - 1)·|step| ..= first` for a
/// negative step, `first ..= first + (len - 1)·step` otherwise (empty for
/// `len == 0`). The one place where a negative step is turned into a slice.
#[inline(always)]
pub(crate) const fn run_span(first: usize, len: usize, step: isize) -> Range<usize> {
    let span = match len {
        0 => 0,
        n => (n - 1) * step.unsigned_abs() + 1,
    };
    match step < 0 {
        true => first + 1 - span..first + 1,
        false => first..first + span,
    }
}

/// The position of element `j` of a run of `len` elements at `step` within
/// the slice [`run_span`] cut for it.
#[inline(always)]
pub(crate) const fn run_at(j: usize, len: usize, step: isize) -> usize {
    let s = step.unsigned_abs();
    match step {
        0 => 0,
        1 => j,
        s2 if s2 > 0 => j * s,
        _ => (len - 1 - j) * s,
    }
}

/// Calls `f(input, output)` for each index of `axes`, in row-major order:
/// `input` is `start.0 + Σ index[k] · strides[k]` and `output` is
/// `start.1 + Σ index[k] · out[k]`, kept by additions (an odometer): no
/// index is divided.
#[inline(always)]
pub(crate) fn odometer(
    axes: Range<usize>,
    (dims, strides, out): (&Padded<usize>, &Padded<isize>, &Padded<usize>),
    start: (isize, usize),
    mut f: impl FnMut(isize, usize),
) {
    let (mut index, (mut input, mut output)) = ([0usize; MAX_RANK], start);
    loop {
        f(input, output);
        let mut k = axes.end;
        loop {
            if k == axes.start {
                return;
            }
            k -= 1;
            index[k] += 1;
            input += strides[k];
            output += out[k];
            if index[k] < dims[k] {
                break;
            }
            index[k] = 0;
            input -= strides[k] * dims[k] as isize;
            output -= out[k] * dims[k];
        }
    }
}

/// The buffer position of a view's first element (0 when it has none).
#[inline(always)]
pub(crate) fn first_position<L: Layout>(state: &L::State) -> usize {
    match <L::Shape as Shape>::SIZE {
        0 => 0,
        _ => L::offset(&super::zero::<L::Shape>(), state),
    }
}

/// The lowest buffer position an element of a view laid out by `L` reads,
/// when the layout has constant strides (`None` otherwise): the first
/// position moved back along each axis of negative stride. 0 for a view
/// with no element, which reads nothing.
#[cfg(any(feature = "ndarray", test))]
pub(crate) fn lowest_position<L: Layout>(state: &L::State) -> Option<usize> {
    let strides = L::STRIDES?;
    if <L::Shape as Shape>::SIZE == 0 {
        return Some(0);
    }
    let (rank, dims) = (<L::Shape as Shape>::RANK, <L::Shape as Shape>::PADDED);
    let back: usize = (0..rank)
        .filter(|&k| strides[k] < 0)
        .map(|k| strides[k].unsigned_abs() * (dims[k] - 1))
        .sum();
    Some(first_position::<L>(state) - back)
}

/// The elements of the view of `data` laid out by `L` as one row-major
/// slice, when the layout reads them in order without gaps (a tensor, a
/// leading slice of one, a reshape of either); decided by the layout's
/// constants.
#[inline(always)]
pub(crate) fn contiguous<'a, T, L: Layout>(data: &'a [T], state: &L::State) -> Option<&'a [T]> {
    if !const { is_contiguous::<L>() } {
        return None;
    }
    let (size, start) = (<L::Shape as Shape>::SIZE, first_position::<L>(state));
    Some(&data[start..start + size])
}

/// The element at flat logical position `flat` (row-major) of the view of
/// `data` laid out by `L`: one add for a contiguous layout, an unravel and
/// the layout's map otherwise.
#[inline(always)]
pub(crate) fn at_flat<'a, T, L: Layout>(data: &'a [T], state: &L::State, flat: usize) -> &'a T {
    match contiguous::<T, L>(data, state) {
        Some(elems) => &elems[flat],
        None => &data[L::offset(&unravel::<L::Shape>(flat), state)],
    }
}

/// Reads a view row by row along its last axis ([`Walk::Contiguous`] or
/// [`Walk::Rows`]; for [`Walk::Elements`] each row is read element by
/// element).
pub(crate) struct Rows<'a, T, L: Layout> {
    /// The view's buffer.
    data: &'a [T],
    /// The view's run-time state.
    state: L::State,
    /// The view's elements when contiguous: rows are then cut by index
    /// arithmetic LLVM can bound, with no unravel.
    flat: Option<&'a [T]>,
}

/// One row of a view read along its last axis: the elements it reads, in
/// buffer order, or for [`Walk::Elements`] the flat index of its first
/// element.
#[derive(Clone, Copy, Debug)]
pub struct Row<'a, T>(&'a [T], usize);

impl<'a, T, L: Layout> Rows<'a, T, L> {
    /// How the layout is walked.
    const WALK: Walk = Walk::of::<L>();
    /// Whether rows are read with constant strides: [`Walk::Contiguous`] or
    /// [`Walk::Rows`], and at least one axis.
    pub(crate) const STRIDED: bool =
        !matches!(Self::WALK, Walk::Elements) && <L::Shape as Shape>::RANK > 0;
    /// The length of a row: the last dimension (0 for rank 0).
    pub(crate) const WIDTH: usize = last(<L::Shape as Shape>::PADDED, <L::Shape as Shape>::RANK);
    /// The stride of the last axis.
    const STEP: isize = match Self::WALK {
        Walk::Contiguous => 1,
        Walk::Rows { step } => step,
        Walk::Elements => 0,
    };

    /// The reader of the view of `data` laid out by `L` with `state`
    /// (`Rows::new(&view)` in `view/mod.rs` calls it).
    #[inline(always)]
    pub(crate) fn of_parts(data: &'a [T], state: L::State) -> Self {
        Rows {
            data,
            state,
            flat: contiguous::<T, L>(data, &state),
        }
    }

    /// Row `r`: the elements whose flat logical positions are
    /// `r · WIDTH .. (r + 1) · WIDTH`.
    #[inline(always)]
    pub(crate) fn row(&self, r: usize) -> Row<'a, T> {
        if let Some(elems) = self.flat {
            return Row(&elems[r * Self::WIDTH..][..Self::WIDTH], 0);
        }
        if let Walk::Elements = Self::WALK {
            return Row(self.data, r * Self::WIDTH);
        }
        let first = L::offset(&unravel::<L::Shape>(r * Self::WIDTH), &self.state);
        Row(&self.data[run_span(first, Self::WIDTH, Self::STEP)], 0)
    }

    /// The element at flat logical position `i`.
    #[inline(always)]
    pub(crate) fn flat(&self, i: usize) -> &'a T {
        at_flat::<T, L>(self.data, &self.state, i)
    }

    /// Element `j` of `row`.
    #[inline(always)]
    pub(crate) fn at(&self, row: &Row<'a, T>, j: usize) -> &'a T {
        if let Walk::Elements = Self::WALK {
            return at_flat::<T, L>(self.data, &self.state, row.1 + j);
        }
        &row.0[run_at(j, Self::WIDTH, Self::STEP)]
    }
}

impl<'a, T, L: Layout> Rows<'a, T, L> {
    /// The strides of the last two axes (between rows, along a row) when
    /// the layout has constant strides and at least two axes: how matrix
    /// products read an operand.
    pub(crate) const MATRIX: Option<(isize, isize)> = {
        let rank = <L::Shape as Shape>::RANK;
        match L::STRIDES {
            Some(s) if rank >= 2 => Some((s[rank - 2], s[rank - 1])),
            _ => None,
        }
    };
}

/// How matrix products read an operand's last two axes, decided at build
/// time ([`Rows::READ`]): each product then compiles its kernels for the
/// one kind of operand it has, not for every kind a run-time test could
/// pick (four kernel sets per call, most of them dead, had made LLVM's
/// share of a model's release build twice what it is).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MatrixRead {
    /// The whole view is one contiguous row-major run.
    Contiguous,
    /// Constant strides `(rows, 1)` with `rows >= 0`: each row a
    /// contiguous run, the rows going forward ([`Matrix::dense_rows`]).
    DenseRows((isize, isize)),
    /// Other constant strides `(rows, step)`: element by element.
    Strided((isize, isize)),
    /// No constant strides: element by element through the layout's map.
    Mapped,
}

impl<'a, T, L: Layout> Rows<'a, T, L> {
    /// How matrix products read this layout ([`MatrixRead`]).
    pub(crate) const READ: MatrixRead = match Self::MATRIX {
        _ if is_contiguous::<L>() => MatrixRead::Contiguous,
        Some((rows, 1)) if rows >= 0 => MatrixRead::DenseRows((rows, 1)),
        Some(strides) => MatrixRead::Strided(strides),
        None => MatrixRead::Mapped,
    };

    /// Whether [`Rows::READ`] reads row slices (`Contiguous` or
    /// `DenseRows`). A `bool`, so that `if const { .. }` on it leaves the
    /// other branch out of the build: rustc skips a branch on a constant
    /// `bool`, not the dead arms of a `match` on a constant enum.
    pub(crate) const DENSE_ROWS: bool = matches!(
        Self::READ,
        MatrixRead::Contiguous | MatrixRead::DenseRows(_)
    );

    /// The first `m` rows of `n` elements of the matrix at flat logical
    /// position `flat` of the view of `data` (`state`), as one slice, and
    /// the distance between rows: for the layouts [`Rows::DENSE_ROWS`]
    /// admits (for the others, an empty slice). No rows when `m` or `n`
    /// is 0, and none are read then.
    #[inline(always)]
    pub(crate) fn dense_matrix(
        (data, state): (&'a [T], L::State),
        flat: usize,
        m: usize,
        n: usize,
    ) -> (&'a [T], usize) {
        match const { Self::READ } {
            MatrixRead::Contiguous => match contiguous::<T, L>(data, &state) {
                Some(elems) => (&elems[flat..][..m * n], n),
                None => (&[], 0),
            },
            MatrixRead::DenseRows(strides) => Matrix::of_parts::<L>((data, state), flat, strides)
                .dense_rows(m, n)
                .unwrap_or((&[], 0)),
            MatrixRead::Strided(_) | MatrixRead::Mapped => (&[], 0),
        }
    }
}

/// A matrix of a view with constant strides: element `(i, j)` at buffer
/// position `base + i · rows + j · step` (either stride of any sign).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Matrix<'a, T> {
    /// The view's buffer.
    data: &'a [T],
    /// The position of element `(0, 0)`.
    base: isize,
    /// The distance between rows.
    rows: isize,
    /// The distance between the elements of a row.
    step: isize,
}

impl<'a, T> Matrix<'a, T> {
    /// The matrix (the last two axes) of the view of `data` laid out by `L`
    /// with `state`, whose first element is at flat logical position
    /// `flat`, read by the strides `(rows, step)` of [`Rows::MATRIX`]
    /// (`Matrix::new(&view, ..)` in `view/mod.rs` calls it).
    #[inline(always)]
    pub(crate) fn of_parts<L: Layout>(
        (data, state): (&'a [T], L::State),
        flat: usize,
        (rows, step): (isize, isize),
    ) -> Self {
        let base = L::offset(&unravel::<L::Shape>(flat), &state) as isize;
        Matrix {
            data,
            base,
            rows,
            step,
        }
    }

    /// Element `(i, j)`.
    #[inline(always)]
    pub(crate) fn at(&self, i: usize, j: usize) -> &'a T {
        &self.data[(self.base + i as isize * self.rows + j as isize * self.step) as usize]
    }

    /// The first `m` rows of `n` elements as one slice and the distance
    /// between rows, when each row is a contiguous run and the rows go
    /// forward (`step` 1, `rows` ≥ 0): row `i` is `slice[i · stride..][..n]`.
    #[inline(always)]
    pub(crate) fn dense_rows(&self, m: usize, n: usize) -> Option<(&'a [T], usize)> {
        if self.step != 1 || self.rows < 0 || m == 0 || n == 0 {
            return None;
        }
        let stride = self.rows as usize;
        let start = self.base as usize;
        Some((&self.data[start..][..(m - 1) * stride + n], stride))
    }
}

/// The last of the first `rank` entries of `dims` (0 for rank 0).
const fn last(dims: Padded<usize>, rank: usize) -> usize {
    match rank {
        0 => 0,
        r => dims[r - 1],
    }
}

#[cfg(test)]
mod tests;
