//! The compile-time checks of `einsum!`: each operand's rank against its
//! subscript, and each label's size in every place it appears.
//!
//! The macro sees the spec and the operand expressions, not their types, so
//! it emits calls whose bounds rustc checks once the types are known:
//! [`same_label`] for every repeated label, and a rank trait of its own per
//! operand (its message quotes the subscript). An axis a subscript names
//! but the operand lacks is [`NoAxis`] here, which agrees with every size,
//! so a wrong rank is one error, not one per label.
//!
//! ```
//! use core::marker::PhantomData;
//! use tensor_core::ops::einsum::check::{same_label, Pick};
//! use tensor_core::prelude::*;
//! // `ij,jk->ik` on `[2, 3]` and `[3, 4]`: label `j` is axis 1 of operand 0
//! // and axis 0 of operand 1.
//! same_label::<'j', 0, 1, 2, 1, 0, 2, _, _>(PhantomData::<Shape![2, 3]>, PhantomData::<Shape![3, 4]>);
//! let _: <Shape![2, 3] as Pick<1>>::Dim = Dim::<3>;
//! ```

use core::marker::PhantomData;

use crate::dim::{Dim1, Dimension};

/// The axis a subscript names beyond an operand's rank (only in a program
/// that already has a rank error): it agrees with every size in
/// [`SameLabel`], and reads as size 1 in the result's shape.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoAxis;

/// A shape's axes padded with [`NoAxis`] to 8 (the most a shape has).
pub trait Padded8 {
    /// `(D0, .., Dr, NoAxis, ..)`, 8 entries.
    type Axes;
}

/// A shape's axes padded with [`NoAxis`] to 8 when its rank is `R`, and
/// all [`NoAxis`] otherwise: the label checks of an operand whose rank
/// differs from its subscript's (`R` labels) all pass, leaving the rank
/// error alone.
pub trait RankChecked<const R: usize> {
    /// `(D0, .., Dr, NoAxis, ..)` or 8 `NoAxis`.
    type Axes;
}

/// Eight [`NoAxis`].
type Nothing = (
    NoAxis,
    NoAxis,
    NoAxis,
    NoAxis,
    NoAxis,
    NoAxis,
    NoAxis,
    NoAxis,
);

/// Implements [`RankChecked`] for the tuple of `dims`: its axes at its own
/// rank `r`, [`Nothing`] at each other rank.
macro_rules! rank_checked {
    ($($dims:tt $r:literal [$($other:literal)*];)*) => {$(
        rank_checked!(@one $dims $r <Self as Padded8>::Axes);
        $(rank_checked!(@one $dims $other Nothing);)*
    )*};
    (@one [$($d:ident)*] $r:literal $axes:ty) => {
        impl<$($d),*> RankChecked<$r> for ($($d,)*) {
            type Axes = $axes;
        }
    };
}

rank_checked! {
    [] 0 [1 2 3 4 5 6 7 8];
    [A] 1 [0 2 3 4 5 6 7 8];
    [A B] 2 [0 1 3 4 5 6 7 8];
    [A B C] 3 [0 1 2 4 5 6 7 8];
    [A B C D] 4 [0 1 2 3 5 6 7 8];
    [A B C D E] 5 [0 1 2 3 4 6 7 8];
    [A B C D E F] 6 [0 1 2 3 4 5 7 8];
    [A B C D E F G] 7 [0 1 2 3 4 5 6 8];
    [A B C D E F G H] 8 [0 1 2 3 4 5 6 7];
}

/// Entry `I` of an 8-tuple.
pub trait Nth<const I: usize> {
    /// The entry.
    type Out;
}

/// Axis `I` of a shape, for `einsum!`'s checks and result.
pub trait Pick<const I: usize> {
    /// The dimension, or [`NoAxis`] beyond the rank.
    type Check;
    /// The dimension, or [`Dim1`] beyond the rank.
    type Dim: Dimension;
}

impl<S: Padded8, const I: usize> Pick<I> for S
where
    S::Axes: Nth<I, Out: OrOne>,
{
    type Check = <S::Axes as Nth<I>>::Out;
    type Dim = <<S::Axes as Nth<I>>::Out as OrOne>::Dim;
}

/// A dimension as itself, [`NoAxis`] as [`Dim1`].
pub trait OrOne {
    /// The dimension.
    type Dim: Dimension;
}

impl<D: Dimension> OrOne for D {
    type Dim = D;
}

impl OrOne for NoAxis {
    type Dim = Dim1;
}

/// Implements [`Padded8`] for the tuple of the listed dims, padded by the
/// `NoAxis` list.
macro_rules! padded {
    ($(($($d:ident)*) [$($pad:ident)*];)*) => {$(
        impl<$($d),*> Padded8 for ($($d,)*) {
            type Axes = ($($d,)* $($pad,)*);
        }
    )*};
}

padded! {
    () [NoAxis NoAxis NoAxis NoAxis NoAxis NoAxis NoAxis NoAxis];
    (A) [NoAxis NoAxis NoAxis NoAxis NoAxis NoAxis NoAxis];
    (A B) [NoAxis NoAxis NoAxis NoAxis NoAxis NoAxis];
    (A B C) [NoAxis NoAxis NoAxis NoAxis NoAxis];
    (A B C D) [NoAxis NoAxis NoAxis NoAxis];
    (A B C D E) [NoAxis NoAxis NoAxis];
    (A B C D E F) [NoAxis NoAxis];
    (A B C D E F G) [NoAxis];
    (A B C D E F G H) [];
}

/// Implements [`Nth`] for each listed index of 8-tuples.
macro_rules! nth {
    ($($i:literal => $out:ident),*) => {$(
        impl<A, B, C, D, E, F, G, H> Nth<$i> for (A, B, C, D, E, F, G, H) {
            type Out = $out;
        }
    )*};
}

nth!(0 => A, 1 => B, 2 => C, 3 => D, 4 => E, 5 => F, 6 => G, 7 => H);

/// A label's size where it appears at axis `XB` of operand `OB` (`B`)
/// agrees with its size at axis `XA` of operand `OA` (`Self`): the one
/// impl for dimensions is `D: SameLabel<D, ..>`, so it holds in generic
/// code without proof.
#[diagnostic::on_unimplemented(
    message = "einsum: label {L} is bound to two sizes, `{Self}` (operand {OA}, axis {XA}) and `{B}` (operand {OB}, axis {XB})",
    label = "label {L} has two sizes"
)]
pub trait SameLabel<
    B,
    const L: char,
    const OA: usize,
    const XA: usize,
    const OB: usize,
    const XB: usize,
>
{
}

impl<
        D: Dimension,
        const L: char,
        const OA: usize,
        const XA: usize,
        const OB: usize,
        const XB: usize,
    > SameLabel<D, L, OA, XA, OB, XB> for D
{
}

#[diagnostic::do_not_recommend]
impl<D, const L: char, const OA: usize, const XA: usize, const OB: usize, const XB: usize>
    SameLabel<D, L, OA, XA, OB, XB> for NoAxis
{
}

impl<
        D: Dimension,
        const L: char,
        const OA: usize,
        const XA: usize,
        const OB: usize,
        const XB: usize,
    > SameLabel<NoAxis, L, OA, XA, OB, XB> for D
{
}

/// Checks that label `L` has one size at axis `XA` of the operand of shape
/// `SA` (operand `OA`, whose subscript has `RA` labels) and at axis `XB` of
/// `SB` (operand `OB`, `RB` labels). An operand of another rank than its
/// subscript's passes (its rank check fails instead).
#[inline(always)]
pub fn same_label<
    const L: char,
    const OA: usize,
    const XA: usize,
    const RA: usize,
    const OB: usize,
    const XB: usize,
    const RB: usize,
    SA,
    SB,
>(
    _: PhantomData<SA>,
    _: PhantomData<SB>,
) where
    SA: RankChecked<RA, Axes: Nth<XA>>,
    SB: RankChecked<RB, Axes: Nth<XB>>,
    Axis<SA, RA, XA>: SameLabel<Axis<SB, RB, XB>, L, OA, XA, OB, XB>,
{
}

/// Axis `X` of shape `S` checked against a subscript of `R` labels.
type Axis<S, const R: usize, const X: usize> = <<S as RankChecked<R>>::Axes as Nth<X>>::Out;

/// The shape of a view, as a marker for the checks' type inference.
#[inline(always)]
pub fn shape_of<T, L: crate::layout::Layout>(
    _: &crate::view::View<'_, T, L>,
) -> PhantomData<L::Shape> {
    PhantomData
}
