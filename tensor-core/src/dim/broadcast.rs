//! NumPy's broadcasting rule for one pair of dimensions, as impls the
//! compiler can apply without arithmetic.
//!
//! Two dimensions broadcast when they are equal or one of them is 1; the
//! result is the other one. Each case is an impl of [`BroadcastDim`]:
//!
//! * `D` with `D` gives `D` (one impl per dimension kind: `Dim<N>` with
//!   `Dim<N>`, `BigDim` with itself);
//! * `D` with [`Dim1`] gives `D`;
//! * [`Dim1`] with any `D` gives `D`.
//!
//! The impls do not overlap because 1 has its own type, so coherence accepts
//! them; and because every [`Dimension`] has the first two as supertraits, a
//! generic `M` broadcasts with `M` and with `Dim1` without a where-clause.
//! [`ExpandDim`] is the one-sided rule of `expand` (NumPy `broadcast_to`).
//!
//! ```
//! use tensor_core::dim::BroadcastDim;
//! use tensor_core::prelude::*;
//!
//! fn broadcast<A: BroadcastDim<B>, B>() -> core::marker::PhantomData<A::Output> {
//!     core::marker::PhantomData
//! }
//! let _: core::marker::PhantomData<Dim<3>> = broadcast::<Dim1, Dim<3>>();
//! let _: core::marker::PhantomData<Dim<3>> = broadcast::<Dim<3>, Dim<3>>();
//! ```

use super::{BigDim, Dim, Dim1, Dimension};

/// `Self` and `B` broadcast (NumPy): equal, or one of them is 1. `Output`
/// is the broadcast dimension.
#[diagnostic::on_unimplemented(
    message = "dimensions `{Self}` and `{B}` do not broadcast: they must be equal, or one of them 1",
    label = "dimensions do not broadcast"
)]
pub trait BroadcastDim<B> {
    /// The dimension both broadcast to.
    type Output: Dimension;
}

/// `Dim<N>` with `Dim<N>` is `Dim<N>`.
impl<const N: usize> BroadcastDim<Dim<N>> for Dim<N>
where
    Dim<N>: Dimension,
{
    type Output = Dim<N>;
}

/// `Dim<N>` with 1 is `Dim<N>`.
impl<const N: usize> BroadcastDim<Dim1> for Dim<N>
where
    Dim<N>: Dimension,
{
    type Output = Dim<N>;
}

/// A big dimension with itself is itself.
impl<Hi, Lo> BroadcastDim<BigDim<Hi, Lo>> for BigDim<Hi, Lo>
where
    BigDim<Hi, Lo>: Dimension,
{
    type Output = BigDim<Hi, Lo>;
}

/// A big dimension with 1 is itself.
impl<Hi, Lo> BroadcastDim<Dim1> for BigDim<Hi, Lo>
where
    BigDim<Hi, Lo>: Dimension,
{
    type Output = BigDim<Hi, Lo>;
}

/// 1 with any dimension `D` is `D` (1 with 1 is 1).
impl<D: Dimension> BroadcastDim<D> for Dim1 {
    type Output = D;
}

/// `Self` and `B` broadcast: [`BroadcastDim`] without its result, by impls
/// of the same headers, and its subtrait. Shapes are checked through it
/// (`layout::expand::BroadcastShapes`) and their result computed through
/// `BroadcastDim` (`BroadcastOutput`): where a pair does not broadcast both
/// fail at one place, and rustc reports only this one, whose failure
/// implies the other's.
#[diagnostic::on_unimplemented(
    message = "dimensions `{Self}` and `{B}` do not broadcast: they must be equal, or one of them 1",
    label = "dimensions do not broadcast"
)]
pub trait BroadcastPair<B>: BroadcastDim<B> {}

impl<const N: usize> BroadcastPair<Dim<N>> for Dim<N> where Dim<N>: Dimension {}

impl<const N: usize> BroadcastPair<Dim1> for Dim<N> where Dim<N>: Dimension {}

impl<Hi, Lo> BroadcastPair<BigDim<Hi, Lo>> for BigDim<Hi, Lo> where BigDim<Hi, Lo>: Dimension {}

impl<Hi, Lo> BroadcastPair<Dim1> for BigDim<Hi, Lo> where BigDim<Hi, Lo>: Dimension {}

impl<D: Dimension> BroadcastPair<D> for Dim1 {}

/// `Self` broadcasts to the target dimension `T` (`expand`, NumPy
/// `broadcast_to`): equal to it, or 1.
#[diagnostic::on_unimplemented(
    message = "dimension `{Self}` does not broadcast to `{T}`: it must equal the target or be 1",
    label = "does not broadcast to the target"
)]
pub trait ExpandDim<T>: ExpandTarget<T> {}

/// `Dim<N>` expands to `Dim<N>`.
impl<const N: usize> ExpandDim<Dim<N>> for Dim<N> {}

/// A big dimension expands to itself.
impl<Hi, Lo> ExpandDim<BigDim<Hi, Lo>> for BigDim<Hi, Lo> {}

/// 1 expands to any dimension.
impl<T: Dimension> ExpandDim<T> for Dim1 {}

/// What `Self` expands to, `T`: [`ExpandDim`] with a result, by impls of
/// the same headers, and its supertrait. Shapes compute their expanded
/// form through it (`layout::expand::ExpandedShape`), unknown where a
/// dimension does not expand, and are checked through `ExpandDim`: where
/// both fail at one place rustc reports only `ExpandDim`'s failure, which
/// implies this one's.
pub trait ExpandTarget<T> {
    /// `T`.
    type Out;
}

impl<const N: usize> ExpandTarget<Dim<N>> for Dim<N> {
    type Out = Dim<N>;
}

impl<Hi, Lo> ExpandTarget<BigDim<Hi, Lo>> for BigDim<Hi, Lo> {
    type Out = BigDim<Hi, Lo>;
}

impl<T: Dimension> ExpandTarget<T> for Dim1 {
    type Out = T;
}
