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

/// `expand::<T>()` of a shape `S` (NumPy `broadcast_to`): aligned from the
/// right, each dimension of `S` equals `T`'s or is 1 ([`ExpandDim`](crate::dim::ExpandDim)), and
/// `T` has at least as many axes. The per-rank impls are marked
/// `do_not_recommend`, so a mismatch is one error naming both shapes.
#[diagnostic::on_unimplemented(
    message = "cannot broadcast shape `{Self}` to `{T}`: aligned from the right, each dimension must equal the target's or be 1, and the target needs at least as many axes",
    label = "not broadcast-compatible"
)]
///
/// `O` carries what [`ExpandedShape`] makes of the shape (the impls hold
/// for any `O`; `BroadcastTo<T>` is `BroadcastTo<T, T>`): an unknown
/// dimension where one does not expand, so the error a failed
/// [`BroadcastFrom`] reports names `BroadcastTo<T, (.., _)>`, for which
/// rustc suggests no where-clause.
pub trait BroadcastTo<T, O = T> {}

/// `Self` expanded to `T`: `T`'s leading dimensions, then each dimension's
/// [`ExpandTarget`](crate::dim::ExpandTarget), unknown where it does not
/// expand (no impl). Its failures are never reported: each is implied by
/// the failure of [`BroadcastTo`]'s where-clause on the same pair
/// ([`ExpandDim`](crate::dim::ExpandDim), a subtrait).
pub trait ExpandedShape<T> {
    /// The expanded shape (`T` where `Self` expands to it).
    type Out;
}

/// NumPy broadcasting of two shapes: aligned from the right, each pair of
/// dimensions broadcasts ([`BroadcastDim`](crate::dim::BroadcastDim): equal, or one of them 1);
/// missing leading axes are taken from the longer shape. `Output` is the
/// result shape. The rule needs no arithmetic, so generic code broadcasts
/// `[M, N]` with `[M, 1]`, `[1, N]` and `[N]` with no where-clause; the
/// per-rank impls are `do_not_recommend`, so a mismatch is one error
/// naming both shapes as written.
#[diagnostic::on_unimplemented(
    message = "shapes `{Self}` and `{B}` do not broadcast: aligned from the right, each pair of dimensions must be equal or contain a 1",
    label = "incompatible shapes"
)]
///
/// `O` is the shape they broadcast to, [`BroadcastOutput`]'s (the impls
/// hold for any `O`; `BroadcastShapes<B>` is `BroadcastShapes<B, B>`): an
/// operator states `A: BroadcastShapes<B, O>` with
/// `O` from `A: BroadcastOutput<B, Output = O>`. Where a pair of
/// dimensions does not broadcast, its place in `O` is unknown, and the
/// error names `BroadcastShapes<B, (.., _)>`: rustc suggests no
/// where-clause for a bound holding an unknown type, in generic code
/// either.
pub trait BroadcastShapes<B, O = B> {}

/// The shape `Self` and `B` broadcast to (NumPy: aligned from the right,
/// each pair through [`BroadcastDim`](crate::dim::BroadcastDim), missing
/// axes from the longer shape). Its failures are never reported: each is
/// implied by the failure of [`BroadcastShapes`]' where-clause on the same
/// pair ([`BroadcastPair`](crate::dim::BroadcastPair), a subtrait), and
/// rustc reports only that one.
pub trait BroadcastOutput<B> {
    /// The broadcast shape.
    type Output: Shape;
}

/// `T` is a broadcast target of `X`: `X: BroadcastTo<T>` stated from the
/// target's side, so that a shape computed as a broadcast result can carry
/// it as a bound (`Broadcast::Out`), which generic code then sees.
#[diagnostic::on_unimplemented(
    message = "cannot broadcast shape `{X}` to `{Self}`: aligned from the right, each dimension must equal the target's or be 1, and the target needs at least as many axes",
    label = "not broadcast-compatible"
)]
pub trait BroadcastFrom<X> {}

/// `O` is [`ExpandedShape`]'s, unknown where a dimension does not expand:
/// not `do_not_recommend`, so that the error is `X: BroadcastTo<T, (.., _)>`
/// (no where-clause suggested) rather than `T: BroadcastFrom<X>`.
impl<X, T, O> BroadcastFrom<X> for T where X: ExpandedShape<T, Out = O> + BroadcastTo<T, O> {}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;

    /// Compiles only if `A` and `B` broadcast to `R`.
    fn broadcasts_to<A: BroadcastShapes<B, R> + BroadcastOutput<B, Output = R>, B, R>() {}

    #[test]
    fn numpy_broadcasting_is_computed_in_the_type() {
        broadcasts_to::<Shape![256, 256], Shape![256], Shape![256, 256]>();
        broadcasts_to::<Shape![8, 1, 6, 1], Shape![7, 1, 5], Shape![8, 7, 6, 5]>();
        broadcasts_to::<Shape![1], Shape![3, 4], Shape![3, 4]>();
        broadcasts_to::<Shape![], Shape![2], Shape![2]>();
        broadcasts_to::<Shape![5, 4], Shape![1], Shape![5, 4]>();
    }
}
