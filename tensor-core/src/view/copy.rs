//! `to_tensor`: a view's elements copied into a contiguous row-major tensor.
//!
//! The output is written once, in place: the copy fills uninitialised
//! [`Slots`] in output order, and only then is the tensor assumed
//! initialised. How the input is walked is decided at compile time from the
//! layout's walk ([`Walk`](crate::layout::walk::Walk), `layout/walk.rs`), refined here, see [`Path`]:
//!
//! * no strides (a reshape that composes index maps), rank 0 or no elements:
//!   element by element through [`Layout::offset`];
//! * the last axis is the input's most contiguous: row by row, one slice
//!   copy per row when its stride is 1 (a `memcpy` for plain data);
//! * another axis has stride 1 in the input (a transpose, a permute): tiles of
//!   [`BAND`](plan::BAND) × [`GROUP`](plan::GROUP) written straight to the output rows, or, when those
//!   rows are a multiple of 2 KiB apart and would fight over cache sets,
//!   staged in a small buffer and written in runs of [`STAGE`](plan::STAGE) elements.
//!   For `copy_from` of 4-byte `Copy` elements on a CPU with AVX2 (found
//!   at run time), the tiles are instead whole planes transposed in 8 × 8
//!   or 16 × 16 SIMD blocks (`plane.rs`), the trailing axes that read as
//!   one run merged into one ([`run`](plan::run)).
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

use core::mem;

use super::block::Bitwise;
use super::View;
use crate::index::unravel;
use crate::layout::walk::{odometer, run_at, run_span};
use crate::layout::Layout;
use crate::tensor::Tensor;
use crate::uninit::{build_with, Filler, Slots};

mod plan;
#[cfg(test)]
mod tests;
mod tiles;

use plan::{Path, Plan};
use tiles::tiles;

/// The view's elements copied into a tensor built in place (moved by the
/// SIMD transposes when `T` is a primitive: [`Bitwise::of_primitive`]).
#[inline]
pub(crate) fn to_tensor<T: Clone, L: Layout>(view: &View<'_, T, L>) -> Tensor<T, L::Shape> {
    build_with(|out| write_into(view, out))
}

/// Writes the view's elements into `out` (all of its `L::Shape::SIZE`
/// slots, in row-major order), as [`to_tensor`] does (also for copies made
/// in place without `alloc`, `view/contiguous.rs`, and for
/// `ViewMut::assign`).
#[inline]
pub(crate) fn write_into<T: Clone, L: Layout>(view: &View<'_, T, L>, out: &mut Slots<T>) {
    write::<T, L>(view.data, &view.state, out, clone_bits::<T, L>())
}

/// The [`Bitwise`] proof a copy of `L`'s elements of the `Clone` type `T`
/// takes: [`Bitwise::of_primitive`] when the copy goes by tiles (the only
/// path that reads it), so that other copies do not read the CPU's level.
/// (The type test itself folds to a constant.)
#[inline(always)]
pub(crate) fn clone_bits<T: Clone, L: Layout>() -> Option<Bitwise> {
    match Plan::<T, L>::PATH {
        Path::Tiles { .. } => Bitwise::of_primitive::<T>(),
        _ => None,
    }
}

/// Writes `L`'s elements of `data`, in row-major order, into every slot of
/// `out` (`L::Shape::SIZE` long). With `bits` (`T: Copy`), full tiles of
/// 4-byte elements may be moved by the SIMD block transposes of `block.rs`.
/// Elements with drop glue are written in order through a guard, which
/// drops them if a `clone` panics (`uninit/`).
#[inline]
pub(crate) fn write<T: Clone, L: Layout>(
    data: &[T],
    state: &L::State,
    out: &mut Slots<T>,
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
/// [`Layout::offset`], in order (guarded by [`Slots::fill`]).
fn per_element<T: Clone, L: Layout>(data: &[T], state: &L::State, out: &mut Slots<T>) {
    out.fill(|flat| data[L::offset(&unravel::<L::Shape>(flat), state)].clone());
}

/// [`Path::Rows`]: every output row along the last axis, in order.
#[inline]
fn rows<T: Clone, L: Layout>(data: &[T], base: isize, out: &mut Slots<T>) {
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
fn rows_in_order<T: Clone, L: Layout>(data: &[T], base: isize, out: &mut Slots<T>) {
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
fn row<T: Clone>(data: &[T], at: usize, step: isize, out: &mut Slots<T>) {
    let run = &data[run_span(at, out.len(), step)];
    match step {
        1 => out.write_clone_of_slice(run),
        _ => {
            let len = out.len();
            out.fill(|j| run[run_at(j, len, step)].clone());
        }
    }
}
