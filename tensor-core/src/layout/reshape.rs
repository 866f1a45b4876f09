//! `reshape::<Shape![..]>()`: the same elements in C order under a new
//! shape, on any view, without copying.
//!
//! When the view's strides merge into strides for the new shape (PyTorch's
//! `computeStride` rule: each group of new axes must cover a run of old axes
//! that is contiguous in memory), the result is affine with those strides.
//! Otherwise the index map is composed: the new multi-index is raveled in C
//! order, unraveled through the old shape with constant div/mod, and mapped
//! by the old layout (tinygrad keeps a stack of views for the same reason).
//!
//! ```
//! use tensor_core::prelude::*;
//! let t = Tensor::<i32, Shape![2, 3]>::from_flat_fn(|i| i as i32);
//! let r = t.t().reshape::<Shape![6]>(); // transposed: strides do not merge
//! assert_eq!(r.iter().copied().collect::<Vec<_>>(), [0, 3, 1, 4, 2, 5]);
//! ```

use core::marker::PhantomData;

use typenum::Unsigned;

use super::{count, zero, Layout, Padded, MAX_RANK};
use crate::dim::Agree;
use crate::index::unravel;
use crate::shape::Shape;

/// The number of elements as a typenum: the product of the dims' typenums.
pub trait ElementCount {
    /// The product.
    type Count: Unsigned;
}

/// `reshape::<T>()` of a shape `S`: the element counts are equal. The check
/// is `Count<S>: SameCount<S, T, Count<T>>`, implemented only when the two
/// counts are one type, so a mismatch is reported with this headline rather
/// than as a typenum type mismatch. For concrete shapes both counts are
/// canonical typenums; for dimension variables they are one type when the
/// shapes differ only by size-1 axes (see [`Dimension::Times`](crate::dim::Dimension::Times)).
#[diagnostic::on_unimplemented(
    message = "cannot reshape `{S}` into `{T}`: the element counts differ",
    label = "element counts differ"
)]
pub trait SameCount<S, T, Other>: CountProof<S, T, Other> {}

impl<S, T, N> SameCount<S, T, N> for N {}

/// [`SameCount`]'s proof, and its supertrait: [`Agree`] when the counts
/// are one type. Where `SameCount` fails, so does this, and rustc reports
/// the subtrait's failure alone (an error whose predicate implies another's
/// at the same place hides it).
pub trait CountProof<S, T, Other> {
    /// [`Agree`].
    type Proof;
}

impl<S, T, N> CountProof<S, T, N> for N {
    type Proof = Agree;
}

/// `Self` reshapes to `T`: their element counts are equal.
///
/// For concrete shapes the compiler multiplies the dimensions itself, and
/// shapes with dimension variables that differ only by size-1 axes
/// (`[O]`, `[O, 1, 1]`) have one count type. Equal counts the compiler
/// cannot see in generic code (`[C, H, W]` and `[C * H * W]`) need no bound
/// either: in a `#[shape]` item that writes a product of variables, the
/// attribute checks that item's reshapes when it is instantiated
/// (`cargo build`), so callers, generic or not, state nothing:
///
/// ```
/// use tensor_core::prelude::*;
///
/// #[shape(C, H, W)]
/// fn flatten(x: Tensor<f32, Shape![C, H, W]>) -> Tensor<f32, Shape![C * H * W]> {
///     x.into_reshape()
/// }
///
/// #[shape(C, H, W)]
/// fn first(x: Tensor<f32, Shape![C, H, W]>) -> f32 {
///     flatten(x)[[0]] // a generic caller: no bound
/// }
/// assert_eq!(first(Tensor::<f32, Shape![3, 32, 32]>::ones()), 1.0);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot reshape `{Self}` into `{T}`: the element counts differ, or are not known to be equal for every size of the dimension variables",
    label = "element counts differ or are not known to be equal",
    note = "if the counts are equal for every size of the dimension variables (a flatten or a split), write the flattened shape in the `#[shape]` item (`Shape![C * H * W]`; a `let` annotation is enough): the attribute then checks the item's reshapes when it is instantiated"
)]
pub trait ReshapesTo<T> {}

/// Stated through the target's side ([`ReshapeFrom`]), so that while the
/// target is still being inferred (`x.into_reshape()` returned from a
/// function) the obligation waits for it instead of failing early.
///
/// The proof `P` is [`ReshapeProof`]'s, an inference variable when the
/// counts are not known equal (rustc gives a projection it cannot
/// normalize a fresh variable). An unmet reshape is then reported as
/// `T: ReshapeFrom<S, _>`, whose `_` no where-clause can name, so rustc
/// suggests none, in generic code either. Not `do_not_recommend`: that
/// would report this impl's parent, `S: ReshapesTo<T>`, with the
/// suggestion.
impl<S: Shape, T: ReshapeFrom<S, P> + ReshapeProof<S, Proof = P>, P> ReshapesTo<T> for S {}

/// [`ReshapesTo`] from the target's side: `T: ReshapeFrom<S>` when the
/// element counts of `S` and `T`, products of typenums, are equal.
#[diagnostic::on_unimplemented(
    message = "cannot reshape `{S}` into `{Self}`: the element counts differ, or are not known to be equal for every size of the dimension variables",
    label = "element counts differ or are not known to be equal",
    note = "if the counts are equal for every size of the dimension variables (a flatten or a split), write the flattened shape in the `#[shape]` item (`Shape![C * H * W]`; a `let` annotation is enough): the attribute then checks the item's reshapes when it is instantiated"
)]
pub trait ReshapeFrom<S, P = Agree> {}

#[diagnostic::do_not_recommend]
impl<S, T, P> ReshapeFrom<S, P> for T
where
    S: Shape + ElementCount,
    T: Shape + ElementCount,
    S::Count: SameCount<S, T, T::Count>,
{
}

/// The proof of [`ReshapeFrom`]: [`Agree`] when the element counts are one
/// type; with no impl otherwise, so that the reshape's proof parameter is
/// left unknown.
pub trait ReshapeProof<S> {
    /// [`Agree`].
    type Proof;
}

#[diagnostic::do_not_recommend]
impl<S, T> ReshapeProof<S> for T
where
    S: Shape + ElementCount,
    T: Shape + ElementCount,
    S::Count: CountProof<S, T, T::Count>,
{
    type Proof = <S::Count as CountProof<S, T, T::Count>>::Proof;
}

/// `L` read in C order under the shape `S`.
pub struct Reshaped<L, S>(PhantomData<(L, S)>);

impl<L, S> crate::seal::Layout for Reshaped<L, S> {}

// No `ReshapesTo` bound here: the methods that build a `Reshaped` check the
// counts (`reshape` by its bound, `reshape_at_build` when instantiated), and a
// bound on the impl would have to be proved wherever the view is used.
impl<L: Layout, S: Shape> Layout for Reshaped<L, S> {
    type Shape = S;
    type State = L::State;
    const STRIDES: Option<Padded<isize>> = match L::STRIDES {
        Some(old) => merge(
            <L::Shape as Shape>::PADDED,
            <L::Shape as Shape>::RANK,
            old,
            S::PADDED,
            S::RANK,
        ),
        None => None,
    };

    const ROOT_SIZE: usize = L::ROOT_SIZE;

    #[inline(always)]
    fn offset(index: &S::Index, state: &L::State) -> usize {
        match Self::STRIDES {
            Some(strides) => {
                let base = L::offset(&zero::<L::Shape>(), state) as isize;
                let pairs = index.as_ref().iter().zip(&strides);
                (base + pairs.map(|(&i, &s)| i as isize * s).sum::<isize>()) as usize
            }
            None => {
                let flat = pairs_dot(index.as_ref(), S::STRIDES.as_ref());
                L::offset(&unravel::<L::Shape>(flat), state)
            }
        }
    }
}

fn pairs_dot(index: &[usize], strides: &[usize]) -> usize {
    index.iter().zip(strides).map(|(&i, &s)| i * s).sum()
}

/// PyTorch's `computeStride`: strides for `new` dims (rank `new_rank`) that
/// read the elements of a layout with `old` dims and strides in C order, or
/// `None` when no strides can.
pub const fn merge(
    old: Padded<usize>,
    old_rank: usize,
    old_strides: Padded<isize>,
    new: Padded<usize>,
    new_rank: usize,
) -> Option<Padded<isize>> {
    let mut strides = [0isize; MAX_RANK];
    if old_rank == 0 || count(old, old_rank) == 0 {
        // A scalar or an empty view: any strides read it; take C order.
        return Some(super::row_major(new, new_rank));
    }
    let mut view_d = new_rank as isize - 1;
    let mut chunk_base = old_strides[old_rank - 1];
    let (mut tensor_numel, mut view_numel) = (1isize, 1isize);
    let mut tensor_d = old_rank;
    while tensor_d > 0 {
        tensor_d -= 1;
        tensor_numel *= old[tensor_d] as isize;
        let chunk_ends = tensor_d == 0
            || (old[tensor_d - 1] != 1 && old_strides[tensor_d - 1] != tensor_numel * chunk_base);
        if chunk_ends {
            while view_d >= 0 && (view_numel < tensor_numel || new[view_d as usize] == 1) {
                strides[view_d as usize] = view_numel * chunk_base;
                view_numel *= new[view_d as usize] as isize;
                view_d -= 1;
            }
            if view_numel != tensor_numel {
                return None;
            }
            if tensor_d > 0 {
                chunk_base = old_strides[tensor_d - 1];
                tensor_numel = 1;
                view_numel = 1;
            }
        }
    }
    if view_d != -1 {
        return None;
    }
    Some(strides)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pad(dims: &[usize]) -> Padded<usize> {
        let mut p = [1; MAX_RANK];
        p[..dims.len()].copy_from_slice(dims);
        p
    }

    fn pad_i(strides: &[isize]) -> Padded<isize> {
        let mut p = [0; MAX_RANK];
        p[..strides.len()].copy_from_slice(strides);
        p
    }

    fn merged(old: &[usize], strides: &[isize], new: &[usize]) -> Option<std::vec::Vec<isize>> {
        merge(pad(old), old.len(), pad_i(strides), pad(new), new.len())
            .map(|s| s[..new.len()].to_vec())
    }

    #[test]
    fn contiguous_splits_and_merges() {
        assert_eq!(
            merged(&[2, 3, 4], &[12, 4, 1], &[6, 4]),
            Some(std::vec![4, 1])
        );
        assert_eq!(
            merged(&[6, 4], &[4, 1], &[2, 3, 4]),
            Some(std::vec![12, 4, 1])
        );
        assert_eq!(merged(&[24], &[1], &[2, 1, 12]), Some(std::vec![12, 12, 1]));
    }

    #[test]
    fn transposed_does_not_merge_but_splits() {
        // A transpose of [3, 2] (strides [1, 2]) cannot be flattened...
        assert_eq!(merged(&[2, 3], &[1, 2], &[6]), None);
        // ...but an axis can be split within itself.
        assert_eq!(
            merged(&[4, 3], &[1, 4], &[2, 2, 3]),
            Some(std::vec![2, 1, 4])
        );
    }

    #[test]
    fn stepped_and_flipped_strides_merge_where_contiguous_in_chunks() {
        assert_eq!(merged(&[2, 3], &[-3, 1], &[6]), None);
        // Rows of 2 at stride 2, 4 apart: one run at stride 2.
        assert_eq!(merged(&[4, 2], &[4, 2], &[8]), Some(std::vec![2]));
        // Rows of 2 at stride 2, 8 apart (every other column of a [4, 8]): no.
        assert_eq!(merged(&[4, 2], &[8, 2], &[8]), None);
        assert_eq!(
            merged(&[4, 2], &[4, 2], &[2, 2, 2]),
            Some(std::vec![8, 4, 2])
        );
        assert_eq!(
            merged(&[2, 3], &[6, -2], &[2, 3, 1]),
            Some(std::vec![6, -2, -2])
        );
    }

    #[test]
    fn broadcast_strides_merge_only_within_the_repeat() {
        assert_eq!(merged(&[3, 4], &[0, 1], &[12]), None);
        assert_eq!(
            merged(&[3, 4], &[0, 1], &[3, 2, 2]),
            Some(std::vec![0, 2, 1])
        );
    }
}
