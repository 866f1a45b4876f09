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
//! same_label::<'j', 0, 1, 2, 1, 0, 2, _, _, _>(PhantomData::<Shape![2, 3]>, PhantomData::<Shape![3, 4]>);
//! let _: <Shape![2, 3] as Pick<1>>::Dim = Dim::<3>;
//! ```

use core::marker::PhantomData;

use crate::dim::{Agree, Dim1, Dimension};

/// The axis a subscript names beyond an operand's rank (only in a program
/// that already has a rank error): it agrees with every size in
/// [`SameLabel`], and reads as size 1 in the result's shape.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoAxis;

/// A shape's axes padded with [`NoAxis`] to [`MAX_RANK`](crate::shape::MAX_RANK) entries (the most
/// a shape has). Implemented per rank in `generated/shape_ops.rs`.
pub trait PaddedAxes {
    /// `(D0, .., Dr, NoAxis, ..)`, [`MAX_RANK`](crate::shape::MAX_RANK) entries.
    type Axes;
}

/// A shape's axes padded with [`NoAxis`] (as [`PaddedAxes`]) when its rank
/// is `R`, and all [`NoAxis`] otherwise: the label checks of an operand
/// whose rank differs from its subscript's (`R` labels) all pass, leaving
/// the rank error alone. Implemented per rank in `generated/shape_ops.rs`.
pub trait RankChecked<const R: usize> {
    /// `(D0, .., Dr, NoAxis, ..)` or only [`NoAxis`] entries.
    type Axes;
}

/// [`MAX_RANK`](crate::shape::MAX_RANK) [`NoAxis`]: the padded axes of a shape of rank 0.
pub(crate) type Nothing = <() as PaddedAxes>::Axes;

/// Entry `I` of a tuple of [`MAX_RANK`](crate::shape::MAX_RANK) entries (generated per entry).
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

impl<S: PaddedAxes, const I: usize> Pick<I> for S
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

/// A label's size where it appears at axis `XB` of operand `OB` (`B`)
/// agrees with its size at axis `XA` of operand `OA` (`Self`): the one
/// impl for dimensions is `D: SameLabel<D, Agree, ..>`, so it holds in
/// generic code without proof.
///
/// `P` is always [`Agree`], but [`same_label`] leaves it to inference:
/// when the sizes differ it stays unknown, and rustc then does not suggest
/// restating the failed bound as a where-clause (it suggests only bounds it
/// can write out), which would be the wrong fix for a size mismatch.
#[diagnostic::on_unimplemented(
    message = "einsum: label {L} is bound to two sizes, `{Self}` (operand {OA}, axis {XA}) and `{B}` (operand {OB}, axis {XB})",
    label = "label {L} has two sizes"
)]
pub trait SameLabel<
    B,
    P,
    const L: char,
    const OA: usize,
    const XA: usize,
    const OB: usize,
    const XB: usize,
>
{
}

#[diagnostic::do_not_recommend]
impl<
        D: Dimension,
        const L: char,
        const OA: usize,
        const XA: usize,
        const OB: usize,
        const XB: usize,
    > SameLabel<D, Agree, L, OA, XA, OB, XB> for D
{
}

#[diagnostic::do_not_recommend]
impl<D, const L: char, const OA: usize, const XA: usize, const OB: usize, const XB: usize>
    SameLabel<D, Agree, L, OA, XA, OB, XB> for NoAxis
{
}

#[diagnostic::do_not_recommend]
impl<
        D: Dimension,
        const L: char,
        const OA: usize,
        const XA: usize,
        const OB: usize,
        const XB: usize,
    > SameLabel<NoAxis, Agree, L, OA, XA, OB, XB> for D
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
    P,
>(
    _: PhantomData<SA>,
    _: PhantomData<SB>,
) where
    SA: RankChecked<RA, Axes: Nth<XA>>,
    SB: RankChecked<RB, Axes: Nth<XB>>,
    Axis<SA, RA, XA>: SameLabel<Axis<SB, RB, XB>, P, L, OA, XA, OB, XB>,
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
