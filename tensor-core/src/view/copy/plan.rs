//! The plan of a copy, fixed at compile time: which [`Path`] the elements
//! take, and the constants each path walks by.

use core::marker::PhantomData;
use core::mem;

use crate::layout::walk::Walk;
use crate::layout::{count, row_major_unsigned, Layout, Padded, MAX_RANK};
use crate::shape::Shape;
use crate::view::block;

/// The input elements a tile reads along the contiguous axis, hence the
/// output rows it writes: 32 keeps LLVM's vectorised loop (16 elements or
/// fewer are unrolled into scalar moves instead).
pub(super) const BAND: usize = 32;

/// The input rows a tile reads, hence the output elements per row it writes:
/// a 4-way interleave is what LLVM vectorises with SSE2 shuffles.
pub(super) const GROUP: usize = block::BLOCK;
const _: () = assert!(GROUP == 4);

/// The output elements of each of the [`BAND`] rows held back in the stage
/// before they are written out, so that rows a multiple of 2 KiB apart
/// (which crowd into the same cache sets) are written in runs rather than
/// [`GROUP`] elements at a time. The stage is [`BAND`] × `STAGE` elements
/// on the stack (16 KiB of `f32`).
pub(super) const STAGE: usize = 128;

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
    pub(super) const RANK: usize = <L::Shape as Shape>::RANK;
    /// The view's dims, padded with 1s.
    pub(super) const DIMS: Padded<usize> = <L::Shape as Shape>::PADDED;
    /// The input strides (all 0 when the layout has none).
    pub(super) const STRIDES: Padded<isize> = match L::STRIDES {
        Some(strides) => strides,
        None => [0; MAX_RANK],
    };
    /// The output's row-major strides.
    pub(super) const OUT: Padded<usize> = row_major_unsigned(Self::DIMS, Self::RANK);
    /// The trailing axes read as one run when the path is tiles ([`run`]).
    pub(super) const RUN: (usize, usize, isize) = match Self::PATH {
        Path::Tiles { axis, .. } => run(Self::DIMS, Self::STRIDES, Self::RANK, axis),
        _ => (0, 0, 0),
    };
    /// The path this copy takes.
    pub(crate) const PATH: Path = match Walk::of::<L>() {
        Walk::Elements => Path::PerElement,
        // Tiles write out of order, which a guard cannot follow: elements
        // with drop glue go row by row, in order (`uninit/`).
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
pub(super) const fn direct(row_bytes: usize) -> bool {
    !row_bytes.is_multiple_of(2048)
}
