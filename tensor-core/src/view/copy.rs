//! `to_tensor`: a view's elements copied into a contiguous row-major tensor.
//!
//! The output is written once, in place: the copy fills uninitialised slots
//! ([`MaybeUninit`]) in output order, and only then is the tensor assumed
//! initialised. How the input is walked is decided at compile time from the
//! layout's walk ([`Walk`], `layout/walk.rs`), refined here, see [`Path`]:
//!
//! * no strides (a reshape that composes index maps), rank 0 or no elements:
//!   element by element through [`Layout::offset`];
//! * the last axis is the input's most contiguous: row by row, one slice
//!   copy per row when its stride is 1 (a `memcpy` for plain data);
//! * another axis has stride 1 in the input (a transpose, a permute): tiles of
//!   [`BAND`] × [`GROUP`] written straight to the output rows, or, when those
//!   rows are a multiple of 2 KiB apart and would fight over cache sets,
//!   staged in a small buffer and written in runs of [`STAGE`] elements.
//!   For `copy_from` of 4-byte `Copy` elements on a CPU with AVX2 (found
//!   at run time), the tiles are instead whole planes transposed in 8 × 8
//!   or 16 × 16 SIMD blocks (`plane.rs`), the trailing axes that read as
//!   one run merged into one ([`run`]).
//!
//! Outer axes are walked by an odometer that adds strides: no index is
//! divided outside the per-element path.
//!
//! Measured on `f32` (`bench/benches/copies.rs`; `bench/README.md` has the
//! tables), against the 2.2 µs `memcpy` of a `[256, 256]` transpose and the
//! 19 µs of a `[64, 64, 64]` permute `(2, 0, 1)`, without the planes of
//! `plane.rs` (which take 3.5–3.7 µs and 28–29 µs): scalar tiles of 8 × 8,
//! 16 × 16 or 32 × 8 transpose in 9.5–10 µs; the vectorised 32 × 4 tile in
//! 7 µs. Straight to the output rows, the permute's 32 rows, 16 KiB apart,
//! take 355 µs; staged in runs of 64, 128 or 256 they take 56, 41 and 41 µs.
//! Writing into uninitialised memory rather than over a first fill saves
//! 23% to 30%.
//!
//! ```
//! use tensor_core::prelude::*;
//! let t = Tensor::<i32, Shape![40, 6, 36]>::from_flat_fn(|i| i as i32);
//! let p = t.permute::<Axes![2, 0, 1]>(); // axis 0 of `p` is contiguous in `t`
//! let c = p.to_tensor(); // tiles
//! assert_eq!(c[[5, 7, 2]], t[[7, 2, 5]]);
//! assert_eq!(c, p);
//! assert_eq!(t.flip::<Axes![0]>().to_tensor()[[0, 0, 0]], t[[39, 0, 0]]); // rows
//! ```

use core::marker::PhantomData;
use core::mem::{self, MaybeUninit};

use super::block::{self, Bitwise};
use super::plane::{self, Plane};
use super::View;
use crate::index::unravel;
use crate::layout::walk::{odometer, run_at, run_span, Walk};
use crate::layout::{count, row_major_unsigned, Layout, Padded, MAX_RANK};
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::uninit::{build_with, fill, Filler};

/// The input elements a tile reads along the contiguous axis, hence the
/// output rows it writes: 32 keeps LLVM's vectorised loop (16 elements or
/// fewer are unrolled into scalar moves instead).
const BAND: usize = 32;

/// The input rows a tile reads, hence the output elements per row it writes:
/// a 4-way interleave is what LLVM vectorises with SSE2 shuffles.
const GROUP: usize = block::BLOCK;
const _: () = assert!(GROUP == 4);

/// The output elements of each of the [`BAND`] rows held back in the stage
/// before they are written out, so that rows a multiple of 2 KiB apart
/// (which crowd into the same cache sets) are written in runs rather than
/// [`GROUP`] elements at a time. The stage is [`BAND`] × `STAGE` elements
/// on the stack (16 KiB of `f32`).
const STAGE: usize = 128;

/// How the elements are walked; see the module documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Path {
    /// Element by element through [`Layout::offset`].
    PerElement,
    /// Output row by output row, along the last axis.
    Rows,
    /// Tiles over `axis` (stride 1 in the input) and the last axis.
    Tiles {
        /// The output axis that is contiguous in the input.
        axis: usize,
        /// Whether full tiles go straight to the output rows (see [`direct`]).
        direct: bool,
    },
}

/// The compile-time constants of copying `L`'s elements of type `T`.
pub(crate) struct Plan<T, L>(PhantomData<(fn() -> T, L)>);

impl<T, L: Layout> Plan<T, L> {
    /// The rank of the view.
    const RANK: usize = <L::Shape as Shape>::RANK;
    /// The view's dims, padded with 1s.
    const DIMS: Padded<usize> = <L::Shape as Shape>::PADDED;
    /// The input strides (all 0 when the layout has none).
    const STRIDES: Padded<isize> = match L::STRIDES {
        Some(strides) => strides,
        None => [0; MAX_RANK],
    };
    /// The output's row-major strides.
    const OUT: Padded<usize> = row_major_unsigned(Self::DIMS, Self::RANK);
    /// The trailing axes read as one run when the path is tiles ([`run`]).
    const RUN: (usize, usize, isize) = match Self::PATH {
        Path::Tiles { axis, .. } => run(Self::DIMS, Self::STRIDES, Self::RANK, axis),
        _ => (0, 0, 0),
    };
    /// The path this copy takes.
    pub(crate) const PATH: Path = match Walk::of::<L>() {
        Walk::Elements => Path::PerElement,
        // Tiles write out of order, which a guard cannot follow: elements
        // with drop glue go row by row, in order (`uninit.rs`).
        _ if mem::needs_drop::<T>() => match choose(L::STRIDES, Self::DIMS, Self::RANK, 0) {
            Path::Tiles { .. } => Path::Rows,
            path => path,
        },
        _ => choose(L::STRIDES, Self::DIMS, Self::RANK, mem::size_of::<T>()),
    };
}

/// The path for a view of `dims` (rank `rank`) whose input strides are
/// `strides`, with elements of `size` bytes: tiles when an axis other than
/// the last has stride 1 and is at least a [`BAND`] long, the last axis is
/// at least a [`GROUP`] long, and the view has at least as many elements as
/// the stage, each at most 16 bytes (so the stage, on the stack, is never
/// larger than the tensor it serves, nor than 64 KiB).
const fn choose(
    strides: Option<Padded<isize>>,
    dims: Padded<usize>,
    rank: usize,
    size: usize,
) -> Path {
    let Some(strides) = strides else {
        return Path::PerElement;
    };
    let elements = count(dims, MAX_RANK);
    if rank == 0 || elements == 0 {
        return Path::PerElement;
    }
    let last = rank - 1;
    let small = elements < BAND * STAGE || size > 16;
    if strides[last] == 1 || dims[last] < GROUP || small {
        return Path::Rows;
    }
    let mut axis = 0;
    while axis < last {
        if strides[axis] == 1 && dims[axis] >= BAND {
            let row_bytes = row_major_unsigned(dims, rank)[axis] * size;
            return Path::Tiles {
                axis,
                direct: direct(row_bytes),
            };
        }
        axis += 1;
    }
    Path::Rows
}

/// The view's elements copied into a tensor built in place.
#[inline]
pub(crate) fn to_tensor<T: Clone, L: Layout>(view: &View<'_, T, L>) -> Tensor<T, L::Shape> {
    build_with(|out| write::<T, L>(view.data, &view.state, out, None))
}

/// Writes `L`'s elements of `data`, in row-major order, into every slot of
/// `out` (`L::Shape::SIZE` long). With `bits` (`T: Copy`), full tiles of
/// 4-byte elements may be moved by the SIMD block transposes of `block.rs`.
/// Elements with drop glue are written in order through a guard, which
/// drops them if a `clone` panics (`uninit.rs`).
#[inline]
pub(crate) fn write<T: Clone, L: Layout>(
    data: &[T],
    state: &L::State,
    out: &mut [MaybeUninit<T>],
    bits: Option<Bitwise>,
) {
    match Plan::<T, L>::PATH {
        Path::PerElement => per_element::<T, L>(data, state, out),
        Path::Rows => rows::<T, L>(data, base::<L>(state), out),
        Path::Tiles { axis, direct } => {
            tiles::<T, L>(data, base::<L>(state), (axis, direct, bits), out)
        }
    }
}

/// The input position of the view's first element.
#[inline(always)]
fn base<L: Layout>(state: &L::State) -> isize {
    super::first_position::<L>(state) as isize
}

/// [`Path::PerElement`]: each output position unravelled and mapped by
/// [`Layout::offset`], in order (guarded by [`fill`]).
fn per_element<T: Clone, L: Layout>(data: &[T], state: &L::State, out: &mut [MaybeUninit<T>]) {
    fill(out, |flat| {
        data[L::offset(&unravel::<L::Shape>(flat), state)].clone()
    });
}

/// [`Path::Rows`]: every output row along the last axis, in order.
#[inline]
fn rows<T: Clone, L: Layout>(data: &[T], base: isize, out: &mut [MaybeUninit<T>]) {
    let (dims, strides) = (&Plan::<T, L>::DIMS, &Plan::<T, L>::STRIDES);
    let last = Plan::<T, L>::RANK - 1;
    let (len, step) = (dims[last], strides[last]);
    if mem::needs_drop::<T>() {
        return rows_in_order::<T, L>(data, base, out);
    }
    odometer(
        0..last,
        (dims, strides, &Plan::<T, L>::OUT),
        (base, 0),
        |input, output| {
            row(data, input as usize, step, &mut out[output..output + len]);
        },
    );
}

/// [`rows`] for elements with drop glue: written in order through a
/// [`Filler`], which drops them if a `clone` panics.
fn rows_in_order<T: Clone, L: Layout>(data: &[T], base: isize, out: &mut [MaybeUninit<T>]) {
    let (dims, strides) = (&Plan::<T, L>::DIMS, &Plan::<T, L>::STRIDES);
    let last = Plan::<T, L>::RANK - 1;
    let (len, step) = (dims[last], strides[last]);
    let mut filler = Filler::new(out);
    let p = (dims, strides, &Plan::<T, L>::OUT);
    odometer(0..last, p, (base, 0), |input, _| {
        let run = &data[run_span(input as usize, len, step)];
        match step {
            1 => filler.extend_from_slice(run),
            _ => (0..len).for_each(|j| filler.push(run[run_at(j, len, step)].clone())),
        }
    });
    filler.finish();
}

/// Fills `out` with the elements of `data` at `at`, `at + step`, ...
#[inline(always)]
fn row<T: Clone>(data: &[T], at: usize, step: isize, out: &mut [MaybeUninit<T>]) {
    let run = &data[run_span(at, out.len(), step)];
    match step {
        1 => {
            out.write_clone_of_slice(run);
        }
        _ => {
            let len = out.len();
            out.iter_mut().enumerate().for_each(|(j, slot)| {
                slot.write(run[run_at(j, len, step)].clone());
            });
        }
    }
}

/// [`Path::Tiles`]: for each index of the axes before `axis`, the block of
/// `dims[axis]` output rows, one band of [`BAND`] rows at a time.
#[inline]
fn tiles<T: Clone, L: Layout>(
    data: &[T],
    base: isize,
    (axis, direct, bits): (usize, bool, Option<Bitwise>),
    out: &mut [MaybeUninit<T>],
) {
    if let Some(bits) = bits.filter(|&bits| plane::fits::<T>(bits)) {
        return planes::<T, L>(data, base, axis, bits, out);
    }
    let p = (
        &Plan::<T, L>::DIMS,
        &Plan::<T, L>::STRIDES,
        &Plan::<T, L>::OUT,
    );
    let (rows, row_len) = (p.0[axis], p.2[axis]);
    odometer(0..axis, p, (base, 0), |input, output| {
        for first in (0..rows).step_by(BAND) {
            let len = BAND.min(rows - first);
            let band = Band {
                len,
                row_len,
                direct: direct && len == BAND,
                bits: bits.filter(|_| block::fits::<T>() && direct && len == BAND),
            };
            let at = (input + first as isize, output + first * row_len);
            copy_band::<T, L>(data, at, axis, band, out);
        }
    });
}

/// [`Path::Tiles`] of 4-byte `Copy` elements on a CPU with AVX2: for each
/// index of the axes before `axis` and of those between it and the
/// trailing [`run`], one [`Plane`] transposed by `plane.rs`.
#[inline]
fn planes<T: Clone, L: Layout>(
    data: &[T],
    base: isize,
    axis: usize,
    bits: Bitwise,
    out: &mut [MaybeUninit<T>],
) {
    let p = (
        &Plan::<T, L>::DIMS,
        &Plan::<T, L>::STRIDES,
        &Plan::<T, L>::OUT,
    );
    let (first, js, step) = Plan::<T, L>::RUN;
    let (xs, stride) = (p.0[axis], p.2[axis]);
    odometer(0..axis, p, (base, 0), |input, output| {
        odometer(axis + 1..first, p, (input, output), |at, origin| {
            let plane = Plane {
                at,
                step,
                xs,
                js,
                origin,
                stride,
            };
            plane::transpose(bits, data, plane, out);
        });
    });
}

/// The trailing axes of a view tiled over `axis` that read as one run of
/// equally spaced input elements (each axis's stride is the run after it
/// times its step; the output's are, being row-major): the first of them,
/// the run's length and its step. The `[64, 64, 64]` permute `(2, 0, 1)`
/// reads its last two axes as one run of 4096, 64 apart.
const fn run(
    dims: Padded<usize>,
    strides: Padded<isize>,
    rank: usize,
    axis: usize,
) -> (usize, usize, isize) {
    let (mut first, step) = (rank - 1, strides[rank - 1]);
    let mut len = dims[first];
    while first > axis + 1 && strides[first - 1] == len as isize * step {
        first -= 1;
        len *= dims[first];
    }
    (first, len, step)
}

/// Whether output rows `row_bytes` apart can take the tiles' columns
/// directly: not when the [`BAND`] rows crowd into 2 or fewer sets of every
/// 4 KiB of L1 (16 or more rows to a set of 12 ways), as the rows of a
/// `[64, 64, 64]` permute do (16 KiB apart: 8× slower than staged).
const fn direct(row_bytes: usize) -> bool {
    !row_bytes.is_multiple_of(2048)
}

/// Consecutive output rows of a block, and how they are written.
#[derive(Clone, Copy)]
struct Band {
    /// The number of rows, at most [`BAND`].
    len: usize,
    /// The length of one output row: the product of the dims after the axis.
    row_len: usize,
    /// Whether the columns go straight to the rows ([`Direct`]), or through
    /// the [`Stage`]; only a full band goes straight.
    direct: bool,
    /// Whether the band is full and direct, and its 4-byte `Copy` elements
    /// are moved by [`block`] transposes (see [`block::fits`]).
    bits: Option<Bitwise>,
}

/// The output rows `band` of the block whose element 0 is at input `at.0`
/// and output `at.1`.
#[inline(always)]
fn copy_band<T: Clone, L: Layout>(
    data: &[T],
    at: (isize, usize),
    axis: usize,
    band: Band,
    out: &mut [MaybeUninit<T>],
) {
    if band.direct {
        let mut direct = Direct {
            origin: at.1,
            row_len: band.row_len,
            bits: band.bits,
        };
        columns::<T, L>(data, at.0, axis, &mut direct, out);
    } else {
        let mut stage = Stage::new(at.1, band);
        columns::<T, L>(data, at.0, axis, &mut stage, out);
        stage.flush(out);
    }
}

/// Hands each column of a band to `to`, in output order: the axes between
/// `axis` and the last are walked, the last is read [`GROUP`] input rows at
/// a time, then one at a time. Element 0 of the band is at input `at`.
#[inline(always)]
fn columns<T: Clone, L: Layout>(
    data: &[T],
    at: isize,
    axis: usize,
    to: &mut impl Columns<T>,
    out: &mut [MaybeUninit<T>],
) {
    let p = (
        &Plan::<T, L>::DIMS,
        &Plan::<T, L>::STRIDES,
        &Plan::<T, L>::OUT,
    );
    let last = Plan::<T, L>::RANK - 1;
    let (len, step) = (p.0[last], p.1[last]);
    odometer(axis + 1..last, p, (at, 0), |input, column| {
        let mut j = 0;
        while j + GROUP <= len {
            let rows = core::array::from_fn(|g| (input + (j + g) as isize * step) as usize);
            to.group(data, rows, column + j, out);
            j += GROUP;
        }
        for j in j..len {
            to.one(data, (input + j as isize * step) as usize, column + j, out);
        }
    });
}

/// Where the columns of a band go, on their way to `out`. Column `c` of
/// output row `x` of the band is element `x` of the band's run in the input
/// row read for `c`.
///
/// `out` is an argument rather than a field: only a function's reference
/// arguments tell LLVM that they alias nothing, and without that the
/// stage's flush is an element-by-element loop instead of a `memcpy`
/// (measured: 12% slower on the `[64, 64, 64]` permute).
trait Columns<T> {
    /// Columns `column..column + GROUP`, read from the input rows starting
    /// at `rows`.
    fn group(
        &mut self,
        data: &[T],
        rows: [usize; GROUP],
        column: usize,
        out: &mut [MaybeUninit<T>],
    );
    /// Column `column`, read from the input row starting at `row`.
    fn one(&mut self, data: &[T], row: usize, column: usize, out: &mut [MaybeUninit<T>]);
}

/// Columns of a full band written straight to the output rows.
struct Direct {
    /// The output position of the band's column 0 in its first row.
    origin: usize,
    /// The distance between output rows.
    row_len: usize,
    /// Whether groups go through [`block::transpose`].
    bits: Option<Bitwise>,
}

impl<T: Clone> Columns<T> for Direct {
    #[inline(always)]
    fn group(
        &mut self,
        data: &[T],
        rows: [usize; GROUP],
        column: usize,
        out: &mut [MaybeUninit<T>],
    ) {
        if let Some(bits) = self.bits {
            let src = rows.map(|r| &data[r..r + BAND]);
            return block::transpose(bits, src, out, self.origin + column, self.row_len);
        }
        for (x, group) in transpose(data, rows).into_iter().enumerate() {
            let at = self.origin + x * self.row_len + column;
            move_into(&mut out[at..at + GROUP], group);
        }
    }

    #[inline(always)]
    fn one(&mut self, data: &[T], row: usize, column: usize, out: &mut [MaybeUninit<T>]) {
        for (x, value) in data[row..row + BAND].iter().enumerate() {
            out[self.origin + x * self.row_len + column].write(value.clone());
        }
    }
}

/// The columns of a band held back: up to [`STAGE`] consecutive columns of
/// each row, written out as runs when full.
struct Stage<T> {
    /// `held[x][c]`: row `x`, column `start + c`; `0..filled` are written.
    held: [[MaybeUninit<T>; STAGE]; BAND],
    /// The output position of the band's column 0 in its first row.
    origin: usize,
    /// The band's rows.
    band: Band,
    /// The column of `held[..][0]`.
    start: usize,
    /// The number of columns held.
    filled: usize,
}

impl<T> Stage<T> {
    /// An empty stage for `band`, whose first row starts at `origin`.
    #[inline(always)]
    fn new(origin: usize, band: Band) -> Self {
        let held = [const { [const { MaybeUninit::uninit() }; STAGE] }; BAND];
        Stage {
            held,
            origin,
            band,
            start: 0,
            filled: 0,
        }
    }

    /// Makes room for `n` columns from `column` on: writes out what is held
    /// when they would not follow it or not fit.
    #[inline(always)]
    fn reserve(&mut self, column: usize, n: usize, out: &mut [MaybeUninit<T>]) {
        if column != self.start + self.filled || self.filled + n > STAGE {
            self.flush(out);
            self.start = column;
        }
    }

    /// Moves the held columns to their output rows, leaving the stage empty.
    #[inline(always)]
    fn flush(&mut self, out: &mut [MaybeUninit<T>]) {
        let Band { len, row_len, .. } = self.band;
        for (x, held) in self.held[..len].iter_mut().enumerate() {
            let at = self.origin + x * row_len + self.start;
            let dst = &mut out[at..at + self.filled];
            for (slot, h) in dst.iter_mut().zip(&mut held[..self.filled]) {
                *slot = mem::replace(h, MaybeUninit::uninit());
            }
        }
        self.filled = 0;
    }
}

impl<T: Clone> Columns<T> for Stage<T> {
    #[inline(always)]
    fn group(
        &mut self,
        data: &[T],
        rows: [usize; GROUP],
        column: usize,
        out: &mut [MaybeUninit<T>],
    ) {
        self.reserve(column, GROUP, out);
        let (c, len) = (self.filled, self.band.len);
        if len == BAND {
            for (held, group) in self.held.iter_mut().zip(transpose(data, rows)) {
                move_into(&mut held[c..c + GROUP], group);
            }
        } else {
            for (x, held) in self.held[..len].iter_mut().enumerate() {
                for (slot, &r) in held[c..c + GROUP].iter_mut().zip(&rows) {
                    slot.write(data[r + x].clone());
                }
            }
        }
        self.filled += GROUP;
    }

    #[inline(always)]
    fn one(&mut self, data: &[T], row: usize, column: usize, out: &mut [MaybeUninit<T>]) {
        self.reserve(column, 1, out);
        for (held, x) in self.held.iter_mut().zip(&data[row..row + self.band.len]) {
            held[self.filled].write(x.clone());
        }
        self.filled += 1;
    }
}

/// Moves `values` into `slots` (as long).
#[inline(always)]
fn move_into<T, const N: usize>(slots: &mut [MaybeUninit<T>], values: [MaybeUninit<T>; N]) {
    for (slot, value) in slots.iter_mut().zip(values) {
        *slot = value;
    }
}

/// The [`BAND`] × [`GROUP`] transpose of the [`BAND`] elements from each of
/// the input rows starting at `rows`: LLVM vectorises this loop with
/// shuffles (a 4-way interleave); a loop it unrolls (16 elements or fewer)
/// stays scalar.
#[inline(always)]
fn transpose<T: Clone>(data: &[T], rows: [usize; GROUP]) -> [[MaybeUninit<T>; GROUP]; BAND] {
    let rows: [&[T]; GROUP] = core::array::from_fn(|g| &data[rows[g]..rows[g] + BAND]);
    let mut tile = [const { [const { MaybeUninit::uninit() }; GROUP] }; BAND];
    for (x, group) in tile.iter_mut().enumerate() {
        *group = core::array::from_fn(|g| MaybeUninit::new(rows[g][x].clone()));
    }
    tile
}

#[cfg(test)]
mod tests {
    use core::fmt::Debug;
    use std::boxed::Box;
    use std::string::{String, ToString};

    use super::*;
    use crate::cpu::{simd, Simd};
    use crate::prelude::*;

    /// Checks that `view` takes `path` and that its copy equals the
    /// per-element map ([`View::iter`] reads each element through
    /// [`Layout::offset`]), on both the stack and, with `alloc`, the heap.
    fn check<T: Clone + PartialEq + Debug, L: Layout>(view: View<'_, T, L>, path: Path) {
        assert_eq!(Plan::<T, L>::PATH, path);
        let copy = view.to_tensor();
        assert!(copy.iter().eq(view.iter()), "{copy:?} != {view:?}");
        #[cfg(feature = "alloc")]
        assert!(view.to_boxed_tensor().iter().eq(view.iter()));
    }

    /// [`Path::Tiles`] over `axis`, `direct` or staged.
    fn tiles(axis: usize, direct: bool) -> Path {
        Path::Tiles { axis, direct }
    }

    /// A tensor holding `0, 1, 2, ...` in row-major order.
    fn counting<S: Shape>() -> Tensor<i32, S> {
        Tensor::from_flat_fn(|i| i as i32)
    }

    /// [`check`], and `copy_from`, which moves full bands of 4-byte
    /// elements by the blocks of `block.rs`, into a tensor of `fill`s.
    fn check_copy<T: Copy + PartialEq + Debug, L: Layout>(
        view: View<'_, T, L>,
        path: Path,
        fill: T,
    ) {
        check(view, path);
        let mut out = Tensor::<T, L::Shape>::from_flat_fn(|_| fill);
        out.copy_from(&view);
        assert!(out.iter().eq(view.iter()), "{out:?} != {view:?}");
    }

    #[test]
    fn copy_from_moves_blocks_on_the_direct_and_staged_paths() {
        check_copy(counting::<Shape![96, 64]>().t(), tiles(0, true), -1);
        check_copy(counting::<Shape![102, 45]>().t(), tiles(0, true), -1);
        check_copy(counting::<Shape![512, 45]>().t(), tiles(0, false), -1);
        let f = Tensor::<f32, Shape![16, 32, 64]>::from_flat_fn(|i| i as f32);
        check_copy(f.permute::<Axes![2, 0, 1]>(), tiles(0, false), -1.0);
        check_copy(
            slice!(f, 2.., ..;-1, ..).permute::<Axes![2, 0, 1]>(),
            tiles(0, true),
            -1.0,
        );
        let u = Tensor::<u8, Shape![64, 64]>::from_flat_fn(|i| i as u8);
        check_copy(u.t(), tiles(0, true), 0);
        let w = Tensor::<i64, Shape![128, 6, 32]>::from_flat_fn(|i| i as i64);
        check_copy(w.permute::<Axes![2, 0, 1]>(), tiles(0, false), -1);
    }

    /// [`write`] with a [`Bitwise`] of each level the CPU takes, so with
    /// each kernel (the generic tiles or 4 × 4 blocks, the AVX planes),
    /// equals the per-element map.
    fn check_levels<T: Copy + PartialEq + Debug, L: Layout>(view: View<'_, T, L>, fill: T) {
        let levels = [Simd::Base, Simd::Avx2, Simd::Avx512];
        for level in levels.into_iter().filter(|&l| l <= simd()) {
            let mut out = std::vec![MaybeUninit::new(fill); <L::Shape as Shape>::SIZE];
            let bits = Some(Bitwise::at::<T>(level));
            write::<T, L>(view.data, &view.state, &mut out, bits);
            // SAFETY: every slot was initialised with `fill` first.
            let got = out.iter().map(|slot| unsafe { slot.assume_init() });
            assert!(got.eq(view.iter().copied()), "{level:?}: {view:?}");
        }
    }

    #[test]
    fn every_vector_width_copies_the_same() {
        check_levels(counting::<Shape![96, 64]>().t(), -1);
        check_levels(counting::<Shape![102, 45]>().t(), -1);
        check_levels(counting::<Shape![512, 45]>().t(), -1);
        check_levels(counting::<Shape![96, 64]>().t().flip::<Axes![1]>(), -1);
        let u = counting::<Shape![192, 64]>();
        check_levels(slice!(u.t(), .., 1..;3), -1);
        check_levels(slice!(u.t(), 3..60, ..;-2), -1);
        let f = Tensor::<f32, Shape![16, 32, 64]>::from_flat_fn(|i| i as f32);
        check_levels(f.permute::<Axes![2, 0, 1]>(), -1.0);
        check_levels(slice!(f, 2.., ..;-1, ..).permute::<Axes![2, 0, 1]>(), -1.0);
        check_levels(
            slice!(f, 1..15, 3..30, 5..).permute::<Axes![2, 0, 1]>(),
            -1.0,
        );
        let r4 = counting::<Shape![2, 40, 3, 34]>();
        check_levels(r4.permute::<Axes![0, 3, 2, 1]>(), -1);
        check_levels(counting::<Shape![64, 1]>().expand::<Shape![64, 80]>(), -1);
        let t = counting::<Shape![3, 96, 64]>();
        for i in 0..3 {
            check_levels(slice!(t, i).t(), -1);
        }
        // Padded 4-byte elements are moved whole; 1- and 8-byte ones take
        // the generic tiles at every level.
        #[derive(Clone, Copy, PartialEq, Debug)]
        #[repr(C)]
        struct Padded(u8, u16);
        let p = Tensor::<Padded, Shape![70, 50]>::from_flat_fn(|i| Padded(i as u8, i as u16));
        check_levels(p.t(), Padded(0, 0));
        check_levels(
            Tensor::<u8, Shape![64, 64]>::from_flat_fn(|i| i as u8).t(),
            0,
        );
        let w = Tensor::<i64, Shape![128, 6, 32]>::from_flat_fn(|i| i as i64);
        check_levels(w.permute::<Axes![2, 0, 1]>(), -1);
    }

    /// The trailing run of `view`'s copy: first axis, length, step.
    fn run_of<T, L: Layout>(_: &View<'_, T, L>) -> (usize, usize, isize) {
        Plan::<T, L>::RUN
    }

    #[test]
    fn trailing_axes_that_read_as_one_run_merge() {
        let f = Tensor::<f32, Shape![16, 32, 64]>::from_flat_fn(|i| i as f32);
        assert_eq!(run_of(&f.permute::<Axes![2, 0, 1]>()), (1, 16 * 32, 64));
        // Reversed rows break the run: axis 1 is walked, runs of 32.
        let back = slice!(f, .., ..;-1, ..).permute::<Axes![2, 0, 1]>();
        assert_eq!(run_of(&back), (2, 32, -64));
        // The axis before the tiled one is never merged.
        let r4 = counting::<Shape![2, 40, 3, 34]>();
        assert_eq!(run_of(&r4.permute::<Axes![0, 3, 2, 1]>()), (3, 40, 34 * 3));
        assert_eq!(run_of(&counting::<Shape![96, 64]>().t()), (1, 96, 64));
    }

    #[test]
    fn transposes_take_tiles_once_large_enough() {
        check(counting::<Shape![96, 64]>().t(), tiles(0, true));
        // A partial band (45 = 32 + 13) and a partial group (102 = 4 · 25 + 2).
        check(counting::<Shape![102, 45]>().t(), tiles(0, true));
        // Output rows 2 KiB apart go through the stage.
        check(counting::<Shape![512, 32]>().t(), tiles(0, false));
        check(counting::<Shape![512, 45]>().t(), tiles(0, false));
        check(counting::<Shape![3, 2]>().t(), Path::Rows);
        check(counting::<Shape![20, 40]>().t(), Path::Rows);
    }

    #[test]
    fn permutes_of_rank_3_and_4() {
        let t = counting::<Shape![40, 6, 36]>();
        check(t.permute::<Axes![2, 0, 1]>(), tiles(0, true));
        check(t.permute::<Axes![1, 0, 2]>(), Path::Rows);
        let u = counting::<Shape![2, 40, 3, 34]>();
        check(u.permute::<Axes![0, 3, 2, 1]>(), tiles(1, true));
        // The last axis (3) is too short for a group of 4: rows.
        check(u.permute::<Axes![1, 3, 0, 2]>(), Path::Rows);
        check(u.permute::<Axes![2, 0, 1, 3]>(), Path::Rows);
        // Staged, with 2 columns left over after the groups of 4 in each
        // run of 6, so that runs straddle the stage's end.
        let w = Tensor::<i64, Shape![128, 6, 32]>::from_flat_fn(|i| i as i64);
        check(w.permute::<Axes![2, 0, 1]>(), tiles(0, false));
        check(
            counting::<Shape![16, 32, 64]>().permute::<Axes![2, 0, 1]>(),
            tiles(0, false),
        );
    }

    #[test]
    fn flipped_views() {
        let t = counting::<Shape![96, 64]>();
        check(t.flip::<Axes![1]>(), Path::Rows);
        check(t.flip::<Axes![0]>(), Path::Rows);
        // Flipping the contiguous axis leaves no stride of +1: rows.
        check(t.t().flip::<Axes![0]>(), Path::Rows);
        // Flipping the last axis of a transpose: tiles reading backwards.
        check(t.t().flip::<Axes![1]>(), tiles(0, true));
    }

    #[test]
    fn stepped_slices() {
        let t = counting::<Shape![96, 64]>();
        check(slice!(t, .., ..;2), Path::Rows);
        check(slice!(t, ..;-3, 1..;-5), Path::Rows);
        let u = counting::<Shape![192, 64]>();
        check(slice!(u.t(), .., 1..;3), tiles(0, true));
        check(slice!(u.t(), 3..60, ..;-2), tiles(0, true));
    }

    #[test]
    fn expanded_views() {
        check(counting::<Shape![4]>().expand::<Shape![5, 4]>(), Path::Rows);
        check(
            counting::<Shape![5, 1]>().expand::<Shape![5, 4]>(),
            Path::Rows,
        );
        check(
            counting::<Shape![64, 1]>().expand::<Shape![64, 80]>(),
            tiles(0, true),
        );
    }

    #[test]
    fn composed_reshapes_go_element_by_element() {
        let t = counting::<Shape![96, 64]>();
        check(t.t().reshape::<Shape![6144]>(), Path::PerElement);
        check(t.t().reshape::<Shape![32, 3, 64]>(), Path::PerElement);
        // A reshape whose strides merge keeps its faster path.
        check(t.t().reshape::<Shape![2, 32, 96]>(), tiles(1, true));
    }

    #[test]
    fn empty_and_rank_0() {
        let t = counting::<Shape![4, 5]>();
        check(slice!(t, 2..2), Path::PerElement);
        check(slice!(t, 1, 2), Path::PerElement);
        check(t.view().reshape::<Shape![20, 1]>().t().t(), Path::Rows);
    }

    #[test]
    fn run_time_indices_move_the_base() {
        let t = counting::<Shape![3, 96, 64]>();
        for i in 0..3 {
            check(slice!(t, i).t(), tiles(0, true));
            check(slice!(t.flip::<Axes![0]>(), i, ..;-1), Path::Rows);
        }
    }

    #[test]
    fn elements_that_own_memory_are_cloned_once_each() {
        let t = Tensor::<Box<i32>, Shape![96, 64]>::from_flat_fn(|i| Box::new(i as i32));
        // Tiles write out of order: elements with drop glue go by rows.
        check(t.t(), Path::Rows);
        let u = Tensor::<Box<i32>, Shape![256, 40]>::from_flat_fn(|i| Box::new(i as i32));
        check(u.t(), Path::Rows);
        let s = Tensor::<String, Shape![40, 3]>::from_flat_fn(|i| i.to_string());
        check(s.t(), Path::Rows);
        check(s.t().reshape::<Shape![120]>(), Path::PerElement);
    }
}
