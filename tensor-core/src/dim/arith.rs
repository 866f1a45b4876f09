//! Arithmetic on dimensions: `Shape![H - K + 1, C * H * W, A + B, N / 2]`.
//!
//! Each operator is a trait whose `Output` is the dimension type of the
//! result, computed with typenum numbers underneath and mapped back to the
//! type a literal of that size has ([`ToDim`]), so `Shape![28 - 3 + 1]` and
//! `Shape![H - K + 1]` at `H = 28, K = 3` are both `Dim<26>`, and
//! `Shape![C * H * W]` at 3, 32, 32 is `Dim![3072]`. `Shape!` folds
//! operations on literals itself; with dimension names it writes
//! `DimDiff<H, K>` (`<H as SubDim<K>>::Output`) for a difference or
//! quotient, and for a sum or product the projection the alias normalizes
//! to, `<C as Dimension>::Product<H>` (`DimProd<C, H>` is the same type).
//!
//! Sums and products are defined for every pair of dimensions ([`Nat`]), so
//! they need no bound anywhere, in generic code or in its callers.
//! Differences and quotients can fail, so `#[shape(..)]` adds each such step
//! to its item's where-clause, and a caller's sizes are checked by
//! `cargo check` at the call, with the rule in words:
//!
//! * a difference must not be negative;
//! * a quotient must be exact, and not by 0;
//! * `floor(a / b)` rounds down ([`FloorDivDim`]: a strided convolution's
//!   or window's output, `floor((H - K) / S) + 1`), and must not be by 0.
//!
//! ```
//! use tensor_core::prelude::*;
//!
//! #[shape(H, K)]
//! fn valid_len(_x: &Tensor<f32, Shape![H]>, _k: &Tensor<f32, Shape![K]>) -> usize {
//!     <Shape![H - K + 1]>::SIZE
//! }
//! assert_eq!(valid_len(&Tensor::<f32, Shape![28]>::zeros(), &tensor![1.0, 2.0, 1.0]), 26);
//! assert_eq!(<Shape![28 - 3 + 1, 4 * 7, 10 / 2]>::DIMS, [26, 28, 5]);
//! ```

use core::ops::Sub;

use typenum::{Diff, NonZero, U0};

use super::{Agree, Dimension, Nat, ToDim};

/// `Self + B`: defined for every two dimensions, so it needs no bound.
pub trait AddDim<B> {
    /// The dimension of the sum.
    type Output: Dimension;
}

/// `Self - B`.
#[diagnostic::on_unimplemented(
    message = "cannot compute the dimension `{Self} - {B}`: it is negative, or, in generic code, no `Shape![..]` of this item spells it",
    label = "negative or unspelled dimension",
    note = "in generic code, a difference or quotient of dimensions is known to be valid only where a `#[shape]` item writes that expression in a `Shape![..]`: in its signature, or in a `let` annotation"
)]
pub trait SubDim<B> {
    /// The dimension of the difference.
    type Output: Dimension;
}

/// `Self * B`: defined for every two dimensions, so it needs no bound.
pub trait MulDim<B> {
    /// The dimension of the product.
    type Output: Dimension;
}

/// `Self / B`, exact. `P` is the proof parameter ([`Agree`], the
/// default, the only one that holds): left to inference by the pools, it
/// stays unknown while the division is not known exact ([`Exact`]).
#[diagnostic::on_unimplemented(
    message = "cannot compute the dimension `{Self} / {B}`: the division must be exact and not by 0 (in generic code, spelled in a `Shape![..]` of this item)",
    label = "inexact or unspelled dimension division",
    note = "in generic code, a difference or quotient of dimensions is known to be valid only where a `#[shape]` item writes that expression in a `Shape![..]`: in its signature, or in a `let` annotation"
)]
pub trait DivDim<B, P = Agree> {
    /// The dimension of the quotient.
    type Output: Dimension;
}

/// `Self / B`, rounded down: the number of steps of `B` in `Self` (used by
/// strided windows, `(D - W) / S + 1` positions).
#[diagnostic::on_unimplemented(
    message = "cannot compute the dimension `floor({Self} / {B})`: the divisor must not be 0 (in generic code, spelled in a `Shape![..]` of this item)",
    label = "division by 0 or unspelled division",
    note = "in generic code, a difference or quotient of dimensions is known to be valid only where a `#[shape]` item writes that expression in a `Shape![..]`: in its signature, or in a `let` annotation"
)]
pub trait FloorDivDim<B> {
    /// The dimension of the quotient, rounded down.
    type Output: Dimension;
}

/// The dimension `A + B` (what `Shape![A + B]` writes).
pub type DimSum<A, B> = <A as AddDim<B>>::Output;
/// The dimension `A - B` (what `Shape![A - B]` writes).
pub type DimDiff<A, B> = <A as SubDim<B>>::Output;
/// The dimension `A * B` (what `Shape![A * B]` writes).
pub type DimProd<A, B> = <A as MulDim<B>>::Output;
/// The dimension `A / B` (what `Shape![A / B]` writes): the quotient
/// rounded down, [`Dimension::Quot`], a type for every two dimensions with
/// no bound (as sums and products are). That the division is exact and not
/// by 0 is [`DivDim`], which the `#[shape]` attribute and the library's
/// rules require beside it: a concrete size that does not divide is one
/// error, from that bound, and a generic caller of an item that divides
/// gets one error per division it does not spell, from that bound alone.
/// `A / B` and `floor(A / B)` are one type.
pub type DimQuot<A, B> = <A as Dimension>::Quot<B>;
/// The dimension `A / B`, rounded down ([`FloorDivDim`] checks the
/// divisor): [`DimQuot`], the same type.
pub type DimFloorQuot<A, B> = DimQuot<A, B>;

/// A remainder of 0: implemented for typenum's `U0` only, with the proof
/// parameter `P` of [`DivDim`] (always [`Agree`]): a rule that divides
/// leaves `P` to inference, and it stays unknown while the remainder is
/// not known to be 0 (see [`PoolShape`](crate::ops::pool::PoolShape)).
/// Sealed (`seal.rs`): another crate's `impl Exact<Local> for U1` would
/// make an inexact `DivDim<B, Local>` hold, and one for `U0` would leave
/// every concrete pool's proof ambiguous.
pub trait Exact<P = Agree>: crate::seal::Exact<P> {}

impl Exact<Agree> for U0 {}
impl crate::seal::Exact<Agree> for U0 {}

/// `A + B = ToDim(A::Num + B::Num)`, through [`Dimension::Sum`]: no bound.
impl<A: Dimension, B: Dimension> AddDim<B> for A {
    type Output = A::Sum<B>;
}

/// `A - B = ToDim(A::Num - B::Num)`; typenum has no negative unsigned, so
/// `A < B` has no impl.
#[diagnostic::do_not_recommend]
impl<A: Dimension, B: Dimension> SubDim<B> for A
where
    A::Num: Sub<B::Num>,
    Diff<A::Num, B::Num>: ToDim,
{
    type Output = <Diff<A::Num, B::Num> as ToDim>::Dim;
}

/// `A * B = ToDim(A::Num * B::Num)`, through [`Dimension::Product`]: no bound.
impl<A: Dimension, B: Dimension> MulDim<B> for A {
    type Output = A::Product<B>;
}

/// `A / B` when `A % B = 0` and `B > 0` (by [`Nat::Rem`]):
/// the quotient is [`Dimension::Quot`], computed for every pair, so this
/// impl only checks.
#[diagnostic::do_not_recommend]
impl<A: Dimension, B: Dimension, P> DivDim<B, P> for A
where
    B::Num: NonZero,
    <A::Num as Nat>::Rem<B::Num>: Exact<P>,
{
    type Output = A::Quot<B>;
}

/// `A / B`, rounded down, when `B > 0`: only the divisor is checked, so in
/// generic code a division by a nonzero size needs no bound.
#[diagnostic::do_not_recommend]
impl<A: Dimension, B: Dimension> FloorDivDim<B> for A
where
    B::Num: NonZero,
{
    type Output = A::Quot<B>;
}
