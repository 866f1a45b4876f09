//! [`Path::Tiles`](super::plan::Path::Tiles): the tiles of a copy whose input is contiguous along
//! another axis than the last (a transpose, a permute), written straight to
//! the output rows or through a stage, or as whole planes (`plane.rs`).

use super::plan::{Plan, BAND, GROUP, STAGE};
use crate::layout::walk::odometer;
use crate::layout::Layout;
use crate::uninit::{Buffer, Slots};
use crate::view::block::{self, Bitwise};
use crate::view::plane::{self, Plane};

/// [`Path::Tiles`](super::plan::Path::Tiles): for each index of the axes before `axis`, the block of
/// `dims[axis]` output rows, one band of [`BAND`] rows at a time.
#[inline]
pub(super) fn tiles<T: Clone, L: Layout>(
    data: &[T],
    base: isize,
    (axis, direct, bits): (usize, bool, Option<Bitwise>),
    out: &mut Slots<T>,
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

/// [`Path::Tiles`](super::plan::Path::Tiles) of 4-byte `Copy` elements on a CPU with AVX2: for each
/// index of the axes before `axis` and of those between it and the
/// trailing [`run`], one [`Plane`] transposed by `plane.rs`.
#[inline]
fn planes<T: Clone, L: Layout>(
    data: &[T],
    base: isize,
    axis: usize,
    bits: Bitwise,
    out: &mut Slots<T>,
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
    out: &mut Slots<T>,
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
    out: &mut Slots<T>,
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
    fn group(&mut self, data: &[T], rows: [usize; GROUP], column: usize, out: &mut Slots<T>);
    /// Column `column`, read from the input row starting at `row`.
    fn one(&mut self, data: &[T], row: usize, column: usize, out: &mut Slots<T>);
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
    fn group(&mut self, data: &[T], rows: [usize; GROUP], column: usize, out: &mut Slots<T>) {
        if let Some(bits) = self.bits {
            let src = rows.map(|r| &data[r..r + BAND]);
            return block::transpose(bits, src, out, self.origin + column, self.row_len);
        }
        for (x, group) in transpose(data, rows).into_iter().enumerate() {
            let at = self.origin + x * self.row_len + column;
            out[at..at + GROUP].take(group);
        }
    }

    #[inline(always)]
    fn one(&mut self, data: &[T], row: usize, column: usize, out: &mut Slots<T>) {
        for (x, value) in data[row..row + BAND].iter().enumerate() {
            out.write(self.origin + x * self.row_len + column, value.clone());
        }
    }
}

/// The columns of a band held back: up to [`STAGE`] consecutive columns of
/// each row, written out as runs when full.
struct Stage<T> {
    /// `held[x][c]`: row `x`, column `start + c`; `0..filled` are written.
    held: [Buffer<T, STAGE>; BAND],
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
        let held = [const { Buffer::UNINIT }; BAND];
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
    fn reserve(&mut self, column: usize, n: usize, out: &mut Slots<T>) {
        if column != self.start + self.filled || self.filled + n > STAGE {
            self.flush(out);
            self.start = column;
        }
    }

    /// Moves the held columns to their output rows, leaving the stage empty.
    #[inline(always)]
    fn flush(&mut self, out: &mut Slots<T>) {
        let Band { len, row_len, .. } = self.band;
        for (x, held) in self.held[..len].iter_mut().enumerate() {
            let at = self.origin + x * row_len + self.start;
            out[at..at + self.filled].move_from(&mut held.slots()[..self.filled]);
        }
        self.filled = 0;
    }
}

impl<T: Clone> Columns<T> for Stage<T> {
    #[inline(always)]
    fn group(&mut self, data: &[T], rows: [usize; GROUP], column: usize, out: &mut Slots<T>) {
        self.reserve(column, GROUP, out);
        let (c, len) = (self.filled, self.band.len);
        if len == BAND {
            for (held, group) in self.held.iter_mut().zip(transpose(data, rows)) {
                held.slots()[c..c + GROUP].take(group);
            }
        } else {
            for (x, held) in self.held[..len].iter_mut().enumerate() {
                held.slots()[c..c + GROUP].fill(|g| data[rows[g] + x].clone());
            }
        }
        self.filled += GROUP;
    }

    #[inline(always)]
    fn one(&mut self, data: &[T], row: usize, column: usize, out: &mut Slots<T>) {
        self.reserve(column, 1, out);
        for (held, x) in self.held.iter_mut().zip(&data[row..row + self.band.len]) {
            held.slots().write(self.filled, x.clone());
        }
        self.filled += 1;
    }
}

/// The [`BAND`] × [`GROUP`] transpose of the [`BAND`] elements from each of
/// the input rows starting at `rows`: LLVM vectorises this loop with
/// shuffles (a 4-way interleave); a loop it unrolls (16 elements or fewer)
/// stays scalar.
#[inline(always)]
fn transpose<T: Clone>(data: &[T], rows: [usize; GROUP]) -> [Buffer<T, GROUP>; BAND] {
    let rows: [&[T]; GROUP] = core::array::from_fn(|g| &data[rows[g]..rows[g] + BAND]);
    let mut tile = [const { Buffer::UNINIT }; BAND];
    for (x, group) in tile.iter_mut().enumerate() {
        *group = Buffer::from_fn(|g| rows[g][x].clone());
    }
    tile
}
