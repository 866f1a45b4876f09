//! Layouts: where each element of a view lives, decided at compile time.
//!
//! A view is a borrowed buffer plus a layout type. The layout type records
//! the chain of view operations that produced it (`Permuted<Flipped<
//! RowMajor<S>, A>, P>`), and its [`Layout::offset`] maps a multi-index
//! to a position in the buffer by walking that chain. Permute, flip, slice
//! and expand are affine maps with constant coefficients, so after inlining
//! the walk folds into one constant multiply-add per axis. [`Layout::STRIDES`]
//! records those coefficients when they exist; `reshape` uses them to merge
//! strides (PyTorch's `computeStride` rule) and composes index maps
//! (unravel with constant div/mod, ravel with the inner strides) when they
//! do not merge.
//!
//! Layout constants work on arrays padded to [`MAX_RANK`], so they can be
//! computed by plain `const fn`s whatever the rank.
//!
//! ```
//! use tensor_core::layout::{Layout, RowMajor};
//! use tensor_core::prelude::*;
//! type L = RowMajor<Shape![2, 3]>;
//! assert_eq!(L::offset(&[1, 2], &()), 5);
//! assert_eq!(L::STRIDES.unwrap()[..2], [3, 1]);
//! ```

use core::fmt::Debug;
use core::marker::PhantomData;

use crate::shape::{MultiIndex, Shape};

pub mod expand;
pub mod flip;
pub(crate) mod mask;
pub mod narrow;
pub(crate) mod nest;
pub mod permute;
pub mod reshape;
pub mod slice;
pub mod walk;
pub mod window;

pub use expand::Expanded;
pub use flip::Flipped;
pub use narrow::Narrowed;
pub use permute::Permuted;
pub use reshape::Reshaped;
pub use slice::Sliced;
pub use window::{SteppedWindows, Windowed};

/// The most axes a shape has; layout constants are padded to it.
pub use crate::shape::MAX_RANK;

/// A per-axis constant, padded to [`MAX_RANK`] axes.
pub type Padded<T> = [T; MAX_RANK];

/// How a view's multi-indices map to positions in its buffer.
///
/// Implemented by marker types that record view operations; see the module
/// documentation. The trait is sealed: views index their buffer without a
/// bounds check on the strength of [`Layout::offset`], so only the layouts
/// of this module, each of which keeps in-range indices in range, exist.
pub trait Layout: crate::seal::Layout + 'static {
    /// The logical shape of the view.
    type Shape: Shape;
    /// Indices chosen at run time (by `slice!` with an expression, or by
    /// `outer_iter`), carried by the view; `()` for a fully static layout.
    type State: Copy + Debug;
    /// The stride of each axis, when the map is affine: `offset(i) =
    /// offset(0) + Σ i[k] · STRIDES[k]`. `None` after a reshape whose
    /// strides do not merge.
    const STRIDES: Option<Padded<isize>>;
    /// The length of the buffer under every view of this layout: the size
    /// of the tensor at the root of the chain. Views cut their buffer to it,
    /// so its length is a constant to the optimizer, which can then bound
    /// constant-stride offsets and drop the slice's bounds check.
    const ROOT_SIZE: usize;

    /// The buffer position of `index`, which must be in range on each axis.
    fn offset(index: &<Self::Shape as Shape>::Index, state: &Self::State) -> usize;
}

/// The layout of an owned tensor: row-major (C order), contiguous, offset 0.
pub struct RowMajor<S>(PhantomData<S>);

impl<S> crate::seal::Layout for RowMajor<S> {}

impl<S: Shape> Layout for RowMajor<S> {
    type Shape = S;
    type State = ();
    const STRIDES: Option<Padded<isize>> = Some(row_major(S::PADDED, S::RANK));
    const ROOT_SIZE: usize = S::SIZE;

    #[inline(always)]
    fn offset(index: &S::Index, _: &()) -> usize {
        let strides = S::STRIDES;
        let pairs = index.as_ref().iter().zip(strides.as_ref());
        pairs.map(|(&i, &s)| i * s).sum()
    }
}

/// Row-major strides of the first `rank` of `dims`, as `isize`. A stride
/// above `isize::MAX` (only in a shape with no element, or of an axis of
/// size 1 over zero-sized elements, where no index reads through it) is 0.
pub const fn row_major(dims: Padded<usize>, rank: usize) -> Padded<isize> {
    let unsigned = row_major_unsigned(dims, rank);
    let mut strides = [0isize; MAX_RANK];
    let mut k = 0;
    while k < MAX_RANK {
        strides[k] = if unsigned[k] <= isize::MAX as usize {
            unsigned[k] as isize
        } else {
            0
        };
        k += 1;
    }
    strides
}

pub(crate) use crate::shape::{count_padded as count, row_major_padded as row_major_unsigned};

/// The index of the inner layout at which an outer index starts: all zeros.
#[inline(always)]
pub(crate) fn zero<S: Shape>() -> S::Index {
    S::Index::ZERO
}
