//! The shape rules of the reductions over axes: every listed axis exists,
//! and the result drops the listed axes ([`ReduceShape`]) or keeps them with
//! size 1 ([`KeepShape`]). The per-rank impls of [`ListsAxis`] and
//! [`AxesExist`] are generated (`generated/shape_ops.rs`).

use typenum::B1;

use crate::dim::Dim1;
use crate::list::{AsList, AsTuple, Cons, Nil};
use crate::ops::ShapeOf;
use crate::shape::Shape;

/// The shape of `A` reduced over the axes `X`.
pub type Reduced<A, X> = <ShapeOf<A> as ReduceShape<X>>::Output;

/// The shape of `A` reduced over the axes `X`, kept as size 1.
pub type Kept<A, X> = <ShapeOf<A> as KeepShape<X>>::Output;

/// Picks one of two types by a typenum bit: `B1` gives `A`, `B0` gives `B`.
pub trait Choose<A, B> {
    /// The chosen type.
    type Out;
}

impl<A, B> Choose<A, B> for B1 {
    type Out = A;
}

impl<A, B> Choose<A, B> for typenum::B0 {
    type Out = B;
}

/// Whether the axis list contains axis `I` (a typenum), as typenum's `B1`
/// or `B0`.
pub trait ListsAxis<I> {
    /// `B1` when listed.
    type Found: typenum::Bit;
}

/// Every axis listed in `A` is an axis of the shape.
#[diagnostic::on_unimplemented(
    message = "cannot reduce shape `{Self}` over `{A}`: an axis is out of range",
    label = "axis out of range"
)]
pub trait AxesExist<A> {
    /// `X`, named through each listed axis's [`ReducedAxis`]:
    /// the reductions' result shapes go through it, so that over an axis
    /// out of range the result has no type and nothing is compared with it
    /// (one error per mistake, the rule's, not a follow-on "found
    /// `Tensor<_, (T, D)>`").
    type Then<X: Shape>: Shape;
}

/// An axis a reduction names exists: [`AxisOf`](crate::shape::AxisOf) with
/// the reductions' message, which an out-of-range axis reports (through
/// [`AxesExist`] and, for the result's type, [`AxesExist::Then`]).
/// Generated for ranks 1 to 8.
#[diagnostic::on_unimplemented(
    message = "cannot reduce shape `{Self}` over axis {I}: the shape has no axis {I}",
    label = "axis out of range"
)]
pub trait ReducedAxis<const I: usize> {
    /// The dimension at axis `I`.
    type Dim: crate::dim::Dimension;
}

/// The list of dimensions without the axes listed in `A`, numbering this
/// list's first axis `I`: an axis is kept unless `A` lists it.
pub trait DropFrom<A, I> {
    /// The kept dimensions.
    type Out;
}

impl<A, I> DropFrom<A, I> for Nil {
    type Out = Nil;
}

impl<D, R, A, I> DropFrom<A, I> for Cons<D, R>
where
    A: ListsAxis<I>,
    I: core::ops::Add<B1>,
    R: DropFrom<A, typenum::Add1<I>>,
    <A as ListsAxis<I>>::Found: Choose<R::Out, Cons<D, R::Out>>,
{
    type Out = <<A as ListsAxis<I>>::Found as Choose<R::Out, Cons<D, R::Out>>>::Out;
}

/// A reduction over the axes `A` (`sum_axes::<A>()`): they exist, and the
/// result drops them. `Output` is the reduced shape.
#[diagnostic::on_unimplemented(
    message = "cannot reduce shape `{Self}` over `{A}`: an axis is out of range",
    label = "axis out of range"
)]
pub trait ReduceShape<A>: Shape {
    /// The shape without the reduced axes.
    type Output: Shape;
}

impl<S, A> ReduceShape<A> for S
where
    S: Shape + AxesExist<A> + AsList,
    S::List: DropFrom<A, typenum::U0>,
    <S::List as DropFrom<A, typenum::U0>>::Out: AsTuple,
{
    type Output =
        <S as AxesExist<A>>::Then<<<S::List as DropFrom<A, typenum::U0>>::Out as AsTuple>::Tuple>;
}

/// The list of dimensions with the axes listed in `A` replaced by 1,
/// numbering this list's first axis `I`.
pub trait KeepFrom<A, I> {
    /// The dimensions, reduced ones as `Dim1`.
    type Out;
}

impl<A, I> KeepFrom<A, I> for Nil {
    type Out = Nil;
}

impl<D, R, A, I> KeepFrom<A, I> for Cons<D, R>
where
    A: ListsAxis<I>,
    I: core::ops::Add<B1>,
    R: KeepFrom<A, typenum::Add1<I>>,
    <A as ListsAxis<I>>::Found: Choose<Cons<Dim1, R::Out>, Cons<D, R::Out>>,
{
    type Out = <<A as ListsAxis<I>>::Found as Choose<Cons<Dim1, R::Out>, Cons<D, R::Out>>>::Out;
}

/// A reduction over the axes `A` that keeps them with size 1
/// (`sum_axes_keep::<A>()`, NumPy `keepdims=True`): they exist, and the
/// result has the same rank with 1 in their place. `Output` is that shape;
/// it has the elements of [`ReduceShape::Output`] in the same order.
#[diagnostic::on_unimplemented(
    message = "cannot reduce shape `{Self}` over `{A}`: an axis is out of range",
    label = "axis out of range"
)]
pub trait KeepShape<A>: ReduceShape<A> {
    /// The shape with the reduced axes set to 1.
    type Output: Shape;
}

impl<S, A> KeepShape<A> for S
where
    S: ReduceShape<A> + AxesExist<A> + AsList,
    S::List: KeepFrom<A, typenum::U0>,
    <S::List as KeepFrom<A, typenum::U0>>::Out: AsTuple,
{
    type Output =
        <S as AxesExist<A>>::Then<<<S::List as KeepFrom<A, typenum::U0>>::Out as AsTuple>::Tuple>;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;

    /// Compiles only if reducing `S` over `A` gives `R`.
    fn reduces_to<S: ReduceShape<A, Output = R>, A, R>() {}

    /// Compiles only if reducing `S` over `A` with kept axes gives `R`.
    fn keeps_to<S: KeepShape<A, Output = R>, A, R>() {}

    #[test]
    fn keepdims_reductions_set_the_listed_axes_to_one() {
        keeps_to::<Shape![2, 3, 4], Axes![1], Shape![2, 1, 4]>();
        keeps_to::<Shape![2, 3, 4], Axes![2, 0], Shape![1, 3, 1]>();
        keeps_to::<Shape![2, 3], Axes![], Shape![2, 3]>();
    }

    #[test]
    fn reductions_drop_the_listed_axes() {
        reduces_to::<Shape![2, 3, 4], Axes![1], Shape![2, 4]>();
        reduces_to::<Shape![2, 3, 4], Axes![2, 0], Shape![3]>();
        reduces_to::<Shape![2, 3, 4], Axes![0, 1, 2], Shape![]>();
        reduces_to::<Shape![2, 3, 4], Axes![], Shape![2, 3, 4]>();
    }
}
