//! The compile-time checks of `slice!`'s entries against an axis of size
//! `D`: a bound's value ([`Bound`]), bounds and literal indices in range,
//! a range's start before its end, a range's length ([`RangeLen`]), and a
//! run-time range's span ([`SpanFits`]). Each breach is a `cargo check`
//! error naming the entry and the axis size.

use core::ops::Sub;

use typenum::{Diff, IsLess, IsLessOrEqual, Le, LeEq, Min, Minimum, UTerm, Unsigned, B0, B1, U0};

use super::{Computed, FromEnd, FromStart, Known, Open};
use crate::dim::{Dimension, Nat, NatBit};
use crate::seal::SliceItem;
use crate::shape::{then_is_y, then_items, then_through};

/// A bound's value for an axis of size `D`, as typenum (clamped to `0..=D`,
/// so that arithmetic on it is defined even when the bound is out of range,
/// which [`BoundFits`] reports).
pub trait Bound<D: Dimension>: SliceItem {
    /// The position as a start (an omitted start is 0).
    type Start: Unsigned;
    /// The position as an end (an omitted end is `D`).
    type End: Unsigned;
    /// The position as a start, for the layout constants.
    const START: usize;
    /// The position as an end, for the layout constants.
    const END: usize;
}

impl<N: Dimension, D: Dimension> Bound<D> for FromStart<N>
where
    N::Num: Min<D::Num>,
    Minimum<N::Num, D::Num>: Unsigned,
{
    type Start = Minimum<N::Num, D::Num>;
    type End = Minimum<N::Num, D::Num>;
    const START: usize = min(N::VALUE, D::VALUE);
    const END: usize = min(N::VALUE, D::VALUE);
}

impl<N: Dimension, D: Dimension> Bound<D> for FromEnd<N>
where
    N::Num: Min<D::Num>,
    D::Num: Sub<Minimum<N::Num, D::Num>>,
    Diff<D::Num, Minimum<N::Num, D::Num>>: Unsigned,
{
    type Start = Diff<D::Num, Minimum<N::Num, D::Num>>;
    type End = Diff<D::Num, Minimum<N::Num, D::Num>>;
    const START: usize = D::VALUE - min(N::VALUE, D::VALUE);
    const END: usize = D::VALUE - min(N::VALUE, D::VALUE);
}

impl<D: Dimension> Bound<D> for Open {
    type Start = U0;
    type End = D::Num;
    const START: usize = 0;
    const END: usize = D::VALUE;
}

const fn min(a: usize, b: usize) -> usize {
    if a < b {
        a
    } else {
        b
    }
}

/// A slice bound lies in `-D..=D` for an axis of size `D`.
#[diagnostic::on_unimplemented(
    message = "slice bound `{Self}` is out of range for an axis of size `{D}`",
    label = "bound out of range"
)]
pub trait BoundFits<D> {
    then_items!();
}

/// `LeEq<N, D>: InRange<..>` holds only for typenum's `True`.
#[diagnostic::on_unimplemented(
    message = "slice bound `{B}` is out of range for an axis of size `{D}`",
    label = "bound out of range"
)]
pub trait InRange<B, D> {
    then_items!();
}

impl<B, D> InRange<B, D> for B1 {
    then_is_y!();
}

#[diagnostic::do_not_recommend]
impl<N: Dimension, D: Dimension> BoundFits<D> for FromStart<N>
where
    N::Num: IsLessOrEqual<D::Num>,
    LeEq<N::Num, D::Num>: InRange<FromStart<N>, D>,
{
    then_through!(LeEq<N::Num, D::Num> as InRange<FromStart<N>, D>);
}

#[diagnostic::do_not_recommend]
impl<N: Dimension, D: Dimension> BoundFits<D> for FromEnd<N>
where
    N::Num: IsLessOrEqual<D::Num>,
    LeEq<N::Num, D::Num>: InRange<FromEnd<N>, D>,
{
    then_through!(LeEq<N::Num, D::Num> as InRange<FromEnd<N>, D>);
}

#[diagnostic::do_not_recommend]
impl<D> BoundFits<D> for Open {
    then_is_y!();
}

/// A literal index lies in `-D..D` for an axis of size `D`.
#[diagnostic::on_unimplemented(
    message = "index `{Self}` is out of range for an axis of size `{D}`",
    label = "index out of range"
)]
pub trait IndexFits<D> {
    then_items!();
}

/// `Le<N, D>: IndexInRange<..>` holds only for typenum's `True`.
#[diagnostic::on_unimplemented(
    message = "index `{B}` is out of range for an axis of size `{D}`",
    label = "index out of range"
)]
pub trait IndexInRange<B, D> {
    then_items!();
}

impl<B, D> IndexInRange<B, D> for B1 {
    then_is_y!();
}

#[diagnostic::do_not_recommend]
impl<N: Dimension, D: Dimension> IndexFits<D> for FromStart<N>
where
    N::Num: IsLess<D::Num>,
    Le<N::Num, D::Num>: IndexInRange<FromStart<N>, D>,
{
    then_through!(Le<N::Num, D::Num> as IndexInRange<FromStart<N>, D>);
}

#[diagnostic::do_not_recommend]
impl<N: Dimension, D: Dimension> IndexFits<D> for FromEnd<N>
where
    N::Num: IsLessOrEqual<D::Num>,
    LeEq<N::Num, D::Num>: IndexInRange<FromEnd<N>, D>,
{
    then_through!(LeEq<N::Num, D::Num> as IndexInRange<FromEnd<N>, D>);
}

/// A range's start lies at or before its end, once both are resolved
/// against the axis size.
#[diagnostic::on_unimplemented(
    message = "`slice!` range `{B}..{E}` starts after it ends, on an axis of size `{D}`",
    label = "start after end"
)]
pub trait Ordered<B, E, D> {
    then_items!();
}

impl<B, E, D> Ordered<B, E, D> for B1 {
    then_is_y!();
}

/// The start bound `Self` of a range lies at or before its end `E` on an
/// axis of size `D`: [`Ordered`] stated on the bound, so that a breach
/// names the two bounds rather than typenum's bit (as [`BoundFits`]).
#[diagnostic::on_unimplemented(
    message = "`slice!` range `{Self}..{E}` starts after it ends, on an axis of size `{D}`",
    label = "start after end"
)]
pub trait StartsBefore<E, D> {
    then_items!();
}

#[diagnostic::do_not_recommend]
impl<B: Bound<D>, E: Bound<D>, D: Dimension> StartsBefore<E, D> for B
where
    B::Start: IsLessOrEqual<E::End>,
    LeEq<B::Start, E::End>: Ordered<B, E, D>,
{
    then_through!(LeEq<B::Start, E::End> as Ordered<B, E, D>);
}

/// The length of a range on an axis of size `D`, as a dimension type.
#[diagnostic::on_unimplemented(
    message = "`slice!` range `{B}..{E}` on an axis of size `{D}`: its length cannot be computed at compile time",
    label = "length not computable",
    note = "write both bounds as non-negative literals, so that `slice!` computes the length itself; on an axis whose size is a variable, a range takes a literal length (`..3`, `-2..`) or trims literals off the ends with step 1 or -1 (`1..`, `..-1`, `1..-1`)"
)]
pub trait RangeLen<D: Dimension, B: Bound<D>, E: Bound<D>, Step: Dimension>: SliceItem {
    /// The length's dimension type.
    type Dim: Dimension;
}

impl<D: Dimension, B: Bound<D>, E: Bound<D>, Step: Dimension, L: Dimension> RangeLen<D, B, E, Step>
    for Known<L>
{
    type Dim = L;
}

/// `ceil((end - start) / step)`, with the start clamped to the end, by
/// [`Nat`]'s arithmetic: cheaper to check than typenum's `Div` (the ten
/// `..;2` of the 50-shape file of `scripts/compile_cost.sh` cost it 5% of
/// its instructions).
type Length<S, E, Step> =
    <<<E as Nat>::SubC<<<S as Nat>::LtC<E, B0> as NatBit>::Pick<S, E>, B0> as Nat>::Add<
        <Step as Nat>::SubC<UTerm, B1>,
    > as Nat>::Quo<Step>;

// The `Nat` bounds hold for bounds resolved against an axis of literal size
// (typenum's canonical numbers); on an axis of variable size a bound is a
// typenum projection, so the range has no length and `cargo check` reports
// it once (`generic/slice_mixed_signs_on_variable_axis`).
#[diagnostic::do_not_recommend]
impl<D: Dimension, B: Bound<D>, E: Bound<D>, Step: Dimension> RangeLen<D, B, E, Step> for Computed
where
    B::Start: Nat,
    E::End: Nat,
{
    type Dim = <Length<B::Start, E::End, Step::Num> as Nat>::Dim;
}

/// A range of span `Span` at a run-time position fits an axis of size `D`
/// somewhere: `Span <= D`.
#[diagnostic::on_unimplemented(
    message = "`slice!` range of length `{Self}` at a run-time position is longer than its axis of size `{D}`",
    label = "range longer than its axis"
)]
pub trait SpanFits<D> {
    then_items!();
}

/// `LeEq<Span, D>: SpanInRange<..>` holds only for typenum's `True`.
#[diagnostic::on_unimplemented(
    message = "`slice!` range of length `{S}` at a run-time position is longer than its axis of size `{D}`",
    label = "range longer than its axis"
)]
pub trait SpanInRange<S, D> {
    then_items!();
}

impl<S, D> SpanInRange<S, D> for B1 {
    then_is_y!();
}

#[diagnostic::do_not_recommend]
impl<S: Dimension, D: Dimension> SpanFits<D> for S
where
    S::Num: IsLessOrEqual<D::Num>,
    LeEq<S::Num, D::Num>: SpanInRange<S, D>,
{
    then_through!(LeEq<S::Num, D::Num> as SpanInRange<S, D>);
}
