//! `expand::<Shape![..]>()`: NumPy's `broadcast_to`, a read-only view with
//! stride 0 along the broadcast axes.
//!
//! ```
//! use tensor_core::prelude::*;
//! let row = tensor![1, 2, 3];
//! let grid = row.expand::<Shape![2, 3]>();
//! assert_eq!(grid, tensor![[1, 2, 3], [1, 2, 3]]);
//! ```

use core::marker::PhantomData;

use super::{Layout, Padded, MAX_RANK};
use crate::shape::{MultiIndex, Shape};

/// `L` broadcast to the shape `S`: `L`'s axes align with the last of `S`'s;
/// an axis of size 1 under a larger one, and every leading new axis, repeats.
pub struct Expanded<L, S>(PhantomData<(L, S)>);

impl<L, S> crate::seal::Layout for Expanded<L, S> {}

/// The layout itself asks nothing of the shapes: `expand` checks that they
/// broadcast, and the operations that expand internally check it first.
impl<L: Layout, S: Shape> Layout for Expanded<L, S> {
    type Shape = S;
    type State = L::State;
    const STRIDES: Option<Padded<isize>> = match L::STRIDES {
        Some(strides) => Some(broadcast(
            <L::Shape as Shape>::PADDED,
            <L::Shape as Shape>::RANK,
            strides,
            S::RANK,
        )),
        None => None,
    };

    const ROOT_SIZE: usize = L::ROOT_SIZE;

    #[inline(always)]
    fn offset(index: &S::Index, state: &L::State) -> usize {
        let mut inner = <L::Shape as Shape>::Index::ZERO;
        let lead = S::RANK - <L::Shape as Shape>::RANK;
        let dims = <L::Shape as Shape>::DIMS;
        for (k, i) in inner.as_mut().iter_mut().enumerate() {
            *i = if dims.as_ref()[k] == 1 {
                0
            } else {
                index.as_ref()[k + lead]
            };
        }
        L::offset(&inner, state)
    }
}

/// Strides of a view of `dims` (rank `rank`, `strides`) broadcast to rank
/// `to_rank`: 0 for the leading new axes and for axes of size 1.
pub const fn broadcast(
    dims: Padded<usize>,
    rank: usize,
    strides: Padded<isize>,
    to_rank: usize,
) -> Padded<isize> {
    let mut out = [0isize; MAX_RANK];
    let lead = to_rank - rank;
    let mut k = 0;
    while k < rank {
        out[k + lead] = if dims[k] == 1 { 0 } else { strides[k] };
        k += 1;
    }
    out
}
