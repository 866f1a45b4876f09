//! Shape compatibility as traits: what each view operation requires of its
//! shapes, and the compile error a user sees when a shape breaks the rule.
//!
//! Each rule is a trait implemented exactly for the shapes that follow it
//! (the per-rank impls are generated: `generated/shape_ops.rs`). A call that
//! breaks a rule fails `cargo check` at the call, with the headline of the
//! trait's `#[diagnostic::on_unimplemented]`, which names the operation and
//! the rule. Shapes print with decimal dimensions (`(Dim<2>, Dim<3>)`).
//!
//! ```
//! use tensor_core::constraint::{AxisOf, PermuteShape};
//! use tensor_core::prelude::*;
//! type P = <shape![2, 3, 4] as PermuteShape<axes![2, 0, 1]>>::Output;
//! assert_eq!(P::DIMS, [4, 2, 3]);
//! ```

use typenum::{Eq, IsEqual, Unsigned, B1, U1};

use crate::dim::Dimension;
use crate::shape::Shape;

/// The dimension at axis `I`: `(D0, D1, ..)::Dim = DI`, for `I < RANK`.
#[diagnostic::on_unimplemented(
    message = "axis {I} is out of range for shape `{Self}`",
    label = "this shape has no axis {I}"
)]
pub trait AxisOf<const I: usize> {
    /// The dimension type at axis `I`.
    type Dim: Dimension;
}

/// `permute::<P>()`: output axis `k` is input axis `P[k]`. Implemented when
/// `P` lists `RANK` axes, each below `RANK`; `axes!` rejects repeats, so that
/// makes `P` a permutation of `0..RANK`.
#[diagnostic::on_unimplemented(
    message = "cannot permute shape `{Self}` by `{P}`: the axes must be a permutation of 0..RANK",
    label = "not a permutation of this shape's axes"
)]
pub trait PermuteShape<P> {
    /// The permuted shape.
    type Output: Shape;
}

/// `flip::<A>()`: every axis listed in `A` exists.
#[diagnostic::on_unimplemented(
    message = "cannot flip shape `{Self}` along `{A}`: an axis is out of range",
    label = "axis out of range"
)]
pub trait FlipShape<A> {}

/// `.t()`: the axes that swap the last two; implemented for rank 2 and more.
#[diagnostic::on_unimplemented(
    message = "cannot transpose shape `{Self}`: `.t()` swaps the last two axes and needs at least 2",
    label = "fewer than 2 axes"
)]
pub trait Transpose {
    /// `axes![0, 1, .., R - 1, R - 2]`.
    type Axes: crate::axis::Axes;
}

/// The number of elements as a typenum: the product of the dims' typenums.
pub trait ElementCount {
    /// The product.
    type Count: Unsigned;
}

/// `reshape::<T>()` of a shape `S`: the element counts are equal. The check
/// is `Eq<Count<S>, Count<T>>: SameCount<S, T>`, implemented only for
/// typenum's `True` (`B1`), so a mismatch is reported with this headline
/// rather than as a typenum type mismatch.
#[diagnostic::on_unimplemented(
    message = "cannot reshape `{S}` into `{T}`: the element counts differ",
    label = "element counts differ"
)]
pub trait SameCount<S, T> {}

impl<S, T> SameCount<S, T> for B1 {}

/// `S` reshapes to `T`: their element counts are equal.
pub trait ReshapesTo<T>: Shape {}

impl<S, T> ReshapesTo<T> for S
where
    S: Shape + ElementCount,
    T: Shape + ElementCount,
    S::Count: IsEqual<T::Count>,
    Eq<S::Count, T::Count>: SameCount<S, T>,
{
}

/// One dimension broadcasts to another: they are equal, or it is 1.
#[diagnostic::on_unimplemented(
    message = "cannot broadcast dimension `{Self}` to `{T}`: a dimension broadcasts only to itself, or from 1",
    label = "incompatible dimensions"
)]
pub trait DimBroadcastsTo<T> {}

/// `Eq<S, T> | Eq<S, 1>` as a marker: implemented for `B1` only.
#[diagnostic::on_unimplemented(
    message = "cannot broadcast dimension `{S}` to `{T}`: a dimension broadcasts only to itself, or from 1",
    label = "incompatible dimensions"
)]
pub trait Broadcastable<S, T> {}

impl<S, T> Broadcastable<S, T> for B1 {}

impl<S: Dimension, T: Dimension> DimBroadcastsTo<T> for S
where
    S::Num: IsEqual<T::Num> + IsEqual<U1>,
    Eq<S::Num, T::Num>: core::ops::BitOr<Eq<S::Num, U1>>,
    typenum::Or<Eq<S::Num, T::Num>, Eq<S::Num, U1>>: Broadcastable<S, T>,
{
}

/// `expand::<T>()` of a shape `S` (NumPy `broadcast_to`): aligned from the
/// right, each dimension of `S` equals `T`'s or is 1, and `T` has at least
/// as many axes.
#[diagnostic::on_unimplemented(
    message = "cannot broadcast shape `{Self}` to `{T}`: aligned from the right, each dimension must equal the target's or be 1",
    label = "not broadcast-compatible"
)]
pub trait BroadcastTo<T> {}

/// The empty type-level list.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nil;

/// A type-level list: `H` followed by the list `T`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cons<H, T>(core::marker::PhantomData<(H, T)>);

/// A shape tuple as a type-level list of dimensions.
pub trait AsList {
    /// `Cons<D0, Cons<D1, .. Nil>>`.
    type List;
}

/// A type-level list of dimensions as a shape tuple.
#[diagnostic::on_unimplemented(
    message = "the result would have more than 8 axes",
    label = "too many axes"
)]
pub trait AsTuple {
    /// `(D0, D1, ..)`.
    type Tuple: Shape;
}
