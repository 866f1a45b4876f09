//! The `slice!` entries that `#[shape]` writes in its generic items: the
//! same ranges and indices, with their bounds checked when the item is
//! instantiated rather than by typenum comparisons.
//!
//! On an axis whose size is a dimension variable `H`, `slice!(x, 1.., ..)`
//! cannot compare `1` with `H` in `cargo check`: `H` has no value there.
//! So in a `#[shape]` item that declares variables, each function body
//! imports the forms of `slice!` and `try_slice!` that wrap each literal
//! index and range in [`AtBuild`]
//! (`tensor-macros/src/expand/slice_calls.rs`):
//!
//! * a range that trims literals off the ends (`a..`, `..-b`, `a..-b`, step
//!   1 or -1) has the length `H - (a + b)`, [`Trim`]: the same type as
//!   `Shape![H - 1]` writes, under the bound `H: SubDim<..>` that the
//!   attribute adds when the item's shapes spell that difference, so a
//!   concrete caller's sizes are checked by `cargo check` at the call;
//! * an index, a range of a length the macro knows (`..3`, `-2..`, `2..5`)
//!   and a window at a run-time position (`i..i + 3`) keep their length,
//!   and their bounds are checked against the axis when the item is
//!   instantiated (`cargo build`), as `reshape_at_build` checks counts.
//!
//! A stepped range that trims literals off the ends (`..;2`, `1..;-3`) has
//! the length `ceil((H - k) / s)`, [`TrimStep`] (or [`WholeStep`] for
//! `k = 0`): the type `Shape![ceil((H - 1) / 3)]` writes, under the bounds
//! the attribute adds for it.
//!
//! ```
//! use tensor_core::prelude::*;
//!
//! #[shape(T, D)]
//! fn shift(x: &Tensor<f32, Shape![T, D]>) -> Tensor<f32, Shape![T - 1, D]> {
//!     slice!(x, 1.., ..) - slice!(x, ..-1, ..)
//! }
//!
//! #[shape(T, D)]
//! fn last(x: &Tensor<f32, Shape![T, D]>) -> Tensor<f32, Shape![D]> {
//!     slice!(x, -1, ..).to_tensor()
//! }
//!
//! let x = Tensor::<f32, Shape![5, 3]>::from_flat_fn(|i| (i * i) as f32);
//! assert_eq!(shift(&x)[[0, 0]], 9.0);
//! assert_eq!(last(&x), tensor![144.0, 169.0, 196.0]);
//! ```

use core::marker::PhantomData;

use super::{range_map, window_map, AxisMap, AxisSpec, DynRange, FromEnd, FromStart, Index, Open};
use super::{Bound, Computed, Cons, Known, Range, RangeLen};
use crate::dim::{Dim1, DimDiff, DimFloorQuot, DimSum, Dimension, FloorDivDim, SubDim};
use crate::seal::SliceItem;
use crate::shape::message::{Message, AT_INSTANTIATION};
use crate::shape::{then_is_y, DimThen};

/// A `slice!` entry `E` whose bounds are checked when the item is
/// instantiated (`docs/generic.md`, "Slicing axes of variable size").
pub struct AtBuild<E>(PhantomData<E>);

/// The length `D - K` of a range that trims `K` elements off the ends of
/// an axis of size `D`.
pub struct Trim<K>(PhantomData<K>);

/// The length `D` of a range over a whole axis of size `D` with step 1 or
/// -1 (`..;-1`, `0..`): in generic items, and in concrete code too, where
/// it spares the trait solver [`Computed`]'s typenum arithmetic (each
/// such entry cost about 4 ms of `cargo check`).
pub struct Whole;

/// The length `ceil((D - K) / Step)` of a range that trims `K` elements
/// off the ends of an axis of size `D` and moves by `Step` (`1..;2`).
pub struct TrimStep<K>(PhantomData<K>);

/// The length `ceil(D / Step)` of a whole axis moved by `Step` (`..;2`).
pub struct WholeStep;

impl<E> SliceItem for AtBuild<E> {}
impl<K> SliceItem for Trim<K> {}
impl SliceItem for Whole {}
impl<K> SliceItem for TrimStep<K> {}
impl SliceItem for WholeStep {}

impl<D: Dimension, B: Bound<D>, E: Bound<D>, Step: Dimension> RangeLen<D, B, E, Step> for Whole {
    type Dim = D;
}

/// A bound's position, as a value.
#[derive(Clone, Copy)]
pub enum Position {
    /// `n`.
    Start(usize),
    /// `-n`.
    End(usize),
    /// Omitted.
    Omitted,
}

/// A bound type's [`Position`].
pub trait Literal: SliceItem {
    /// Where the bound lies.
    const AT: Position;
}

impl<N: Dimension> Literal for FromStart<N> {
    const AT: Position = Position::Start(N::VALUE);
}

impl<N: Dimension> Literal for FromEnd<N> {
    const AT: Position = Position::End(N::VALUE);
}

impl Literal for Open {
    const AT: Position = Position::Omitted;
}

/// The length of the range `B..E` by `Step` on an axis of size `D`, as a
/// dimension type.
#[diagnostic::on_unimplemented(
    message = "`slice!` range `{B}..{E}` by `{Step}` on an axis of size `{D}`: its length is not known for every size",
    label = "length not known for every size",
    note = "in a `#[shape]` item, a range on an axis of variable size `H` has a literal length (`..3`, `-2..`, `i..i + 4`), or `H - k` (`1..`, `..-1`, `1..-1`), or with a step `ceil((H - k) / s)` (`..;2` is `ceil(H / 2)`, `1..;3` is `ceil((H - 1) / 3)`): write that length in one of the item's `Shape![..]`s"
)]
pub trait LengthOn<D: Dimension, B, E, Step>: SliceItem {
    /// The length's dimension type.
    type Dim: Dimension;
}

impl<D: Dimension, B, E, Step, L: Dimension> LengthOn<D, B, E, Step> for Known<L> {
    type Dim = L;
}

impl<D: Dimension + SubDim<K>, B, E, Step, K> LengthOn<D, B, E, Step> for Trim<K> {
    type Dim = DimDiff<D, K>;
}

impl<D: Dimension, B, E, Step> LengthOn<D, B, E, Step> for Whole {
    type Dim = D;
}

/// `ceil(X / S)` as `Shape![ceil(X / S)]` writes it and the SAME-step
/// convolution computes it: `floor((X + S - 1) / S)`. (The bounds below
/// write the sum as `Dimension::Sum`, the form it normalizes to: rustc
/// proves an impl's bounds from each other unnormalized.)
type CeilQuot<X, S> = DimFloorQuot<DimDiff<DimSum<X, S>, Dim1>, S>;

#[diagnostic::do_not_recommend]
impl<D, B, E, Step, K> LengthOn<D, B, E, Step> for TrimStep<K>
where
    D: Dimension + SubDim<K>,
    Step: Dimension,
    <DimDiff<D, K> as Dimension>::Sum<Step>: SubDim<Dim1>,
    DimDiff<<DimDiff<D, K> as Dimension>::Sum<Step>, Dim1>: FloorDivDim<Step>,
{
    type Dim = CeilQuot<DimDiff<D, K>, Step>;
}

#[diagnostic::do_not_recommend]
impl<D, B, E, Step> LengthOn<D, B, E, Step> for WholeStep
where
    D: Dimension,
    Step: Dimension,
    D::Sum<Step>: SubDim<Dim1>,
    DimDiff<D::Sum<Step>, Dim1>: FloorDivDim<Step>,
{
    type Dim = CeilQuot<D, Step>;
}

/// A range whose bounds count from both ends (`-3..2`), its length not a
/// trim of the axis: computed by typenum, so only on an axis of literal
/// size.
#[diagnostic::do_not_recommend]
impl<D, B, E, Step> LengthOn<D, B, E, Step> for Computed
where
    D: Dimension,
    B: Bound<D>,
    E: Bound<D>,
    Step: Dimension,
    Computed: RangeLen<D, B, E, Step>,
{
    type Dim = <Computed as RangeLen<D, B, E, Step>>::Dim;
}

/// The position `at` on an axis of size `dim` (`open` when omitted), or
/// `None` outside `0..=dim`.
const fn resolve(at: Position, open: usize, dim: usize) -> Option<usize> {
    match at {
        Position::Start(n) if n <= dim => Some(n),
        Position::End(n) if n <= dim => Some(dim - n),
        Position::Omitted => Some(open),
        _ => None,
    }
}

/// `m` followed by the bound `at` as `slice!` writes it: `2`, `-1`, or
/// nothing when omitted.
const fn bound(m: Message, at: Position) -> Message {
    match at {
        Position::Start(n) => m.number(n),
        Position::End(n) => m.text("-").number(n),
        Position::Omitted => m,
    }
}

/// What `slice!` says of the index `at` outside an axis of size `dim`.
const fn index_out_of_range(at: Position, dim: usize) -> Message {
    let m = bound(Message::new().text("slice!: the index "), at);
    let m = m.text(" is out of range for an axis of size ").number(dim);
    m.text(AT_INSTANTIATION)
}

/// What `slice!` says of a range of `span` elements at a run-time position
/// on an axis of size `dim` below it.
const fn window_too_long(span: usize, dim: usize) -> Message {
    let m = Message::new().text("slice!: a range of ").number(span);
    let m = m.text(" elements at a run-time position is longer than its axis of size ");
    m.number(dim).text(AT_INSTANTIATION)
}

/// What `slice!` says of the range `written` on an axis of size `dim`:
/// [`range`], `what`, the size and the message's ending.
const fn range_on(written: (Position, Position), what: &str, dim: usize) -> Message {
    range(written).text(what).number(dim).text(AT_INSTANTIATION)
}

/// "slice!: the range `start..end`", as written.
const fn range((start, end): (Position, Position)) -> Message {
    let m = bound(Message::new().text("slice!: the range "), start);
    bound(m.text(".."), end)
}

/// The literal index `at` on an axis of size `dim`, or `None` outside
/// `0..dim`.
const fn index(at: Position, dim: usize) -> Option<usize> {
    match at {
        Position::Start(n) if n < dim => Some(n),
        Position::End(n) if n <= dim && n > 0 => Some(dim - n),
        _ => None,
    }
}

impl<D: Dimension, B: Literal> AxisSpec<D> for AtBuild<Index<B>> {
    type Prepend<Rest> = Rest;
    // Out of range, the map falls back to 0, never read: `CHECK` stops
    // the build.
    const MAP: AxisMap = AxisMap::Fixed(match index(B::AT, D::VALUE) {
        Some(i) => i,
        None => 0,
    });
    const CHECK: () = if index(B::AT, D::VALUE).is_none() {
        panic!("{}", index_out_of_range(B::AT, D::VALUE).as_str())
    };
    then_is_y!();
}

impl<D, B, E, Step, Len, const REV: bool> AxisSpec<D> for AtBuild<Range<B, E, Step, Len, REV>>
where
    D: Dimension,
    B: Literal,
    E: Literal,
    Step: Dimension,
    Len: LengthOn<D, B, E, Step>,
{
    type Prepend<Rest> = Cons<Len::Dim, Rest>;
    // Out of range, the map falls back to `0..0`, never read: `CHECK`
    // stops the build.
    const MAP: AxisMap = match bounds(B::AT, E::AT, D::VALUE) {
        Some((start, end)) => range_map(start, end, Step::VALUE, REV),
        None => range_map(0, 0, Step::VALUE, REV),
    };
    const CHECK: () = range_fits(
        (B::AT, E::AT),
        D::VALUE,
        Step::VALUE,
        <Len::Dim as Dimension>::VALUE,
    );
    type Then<Y> = <Len::Dim as DimThen>::Then<Y>;
    #[inline(always)]
    fn then<Y>(y: Y) -> Self::Then<Y> {
        y
    }
}

/// The start and end of a range on an axis of size `dim`, when both lie in
/// it.
const fn bounds(start: Position, end: Position, dim: usize) -> Option<(usize, usize)> {
    match (resolve(start, 0, dim), resolve(end, dim, dim)) {
        (Some(start), Some(end)) => Some((start, end)),
        _ => None,
    }
}

/// Stops the build unless the range `written` (its start and end) lies in
/// an axis of size `dim`, its start is not after its end, and its length
/// type `len` is what the bounds give; the message names the range and
/// the size in decimal.
const fn range_fits(written: (Position, Position), dim: usize, step: usize, len: usize) {
    let Some((start, end)) = bounds(written.0, written.1, dim) else {
        let m = range_on(written, " does not fit an axis of size ", dim);
        panic!("{}", m.as_str())
    };
    if start > end {
        let m = range_on(written, " starts after it ends on an axis of size ", dim);
        panic!("{}", m.as_str())
    }
    assert!(
        (end - start).div_ceil(step) == len,
        "slice!: a range's length disagrees with its bounds"
    );
}

impl<D, Span, Step, Len, const REV: bool> AxisSpec<D> for AtBuild<DynRange<Span, Step, Len, REV>>
where
    D: Dimension,
    Span: Dimension,
    Step: Dimension,
    Len: Dimension,
{
    type Prepend<Rest> = Cons<Len, Rest>;
    const MAP: AxisMap = window_map(Span::VALUE, Step::VALUE, REV);
    const CHECK: () = if Span::VALUE > D::VALUE {
        panic!("{}", window_too_long(Span::VALUE, D::VALUE).as_str())
    };
    then_is_y!();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dim::Dim;
    use crate::view::ViewOps;

    #[test]
    fn messages_name_the_entry_and_the_axis_size_in_decimal() {
        let late = AT_INSTANTIATION;
        assert_eq!(
            index_out_of_range(Position::End(4), 3).as_str(),
            std::format!("slice!: the index -4 is out of range for an axis of size 3{late}")
        );
        assert_eq!(
            range((Position::Start(2), Position::Omitted)).as_str(),
            "slice!: the range 2.."
        );
        assert_eq!(
            range((Position::Omitted, Position::End(1))).as_str(),
            "slice!: the range ..-1"
        );
        assert_eq!(
            window_too_long(5, 3).as_str(),
            std::format!(
                "slice!: a range of 5 elements at a run-time position is longer than its axis of size 3{late}"
            )
        );
    }

    #[test]
    fn positions_resolve_in_their_axis() {
        assert_eq!(resolve(Position::Start(5), 0, 5), Some(5));
        assert_eq!(resolve(Position::Start(6), 0, 5), None);
        assert_eq!(resolve(Position::End(5), 0, 5), Some(0));
        assert_eq!(resolve(Position::End(2), 0, 5), Some(3));
        assert_eq!(resolve(Position::End(6), 0, 5), None);
        assert_eq!(resolve(Position::Omitted, 7, 5), Some(7));
    }

    #[test]
    fn indices_lie_before_the_end() {
        assert_eq!(index(Position::Start(4), 5), Some(4));
        assert_eq!(index(Position::Start(5), 5), None);
        assert_eq!(index(Position::End(1), 5), Some(4));
        assert_eq!(index(Position::End(5), 5), Some(0));
        assert_eq!(index(Position::End(6), 5), None);
        // `-0` is written `0` by the macro; as an end it is past the axis.
        assert_eq!(index(Position::End(0), 5), None);
        assert_eq!(index(Position::Omitted, 5), None);
        assert_eq!(index(Position::Start(0), 0), None);
    }

    #[test]
    fn bounds_need_both_ends() {
        let (s, e) = (Position::Start(1), Position::End(1));
        assert_eq!(bounds(s, e, 5), Some((1, 4)));
        assert_eq!(
            bounds(Position::Omitted, Position::Omitted, 5),
            Some((0, 5))
        );
        assert_eq!(bounds(Position::Start(6), e, 5), None);
        assert_eq!(bounds(s, Position::Start(6), 5), None);
    }

    #[test]
    fn ranges_that_fit_pass() {
        use Position::{End, Omitted, Start};
        range_fits((Start(1), Start(4)), 5, 1, 3);
        range_fits((Omitted, Omitted), 5, 2, 3);
        range_fits((Start(2), End(3)), 5, 1, 0);
    }

    #[test]
    #[should_panic(expected = "slice!: the range 2..6 does not fit an axis of size 5")]
    fn a_bound_outside_the_axis_stops() {
        range_fits((Position::Start(2), Position::Start(6)), 5, 1, 0);
    }

    #[test]
    #[should_panic(expected = "slice!: the range 3..-3 starts after it ends on an axis of size 5")]
    fn a_range_ending_before_its_start_stops() {
        range_fits((Position::Start(3), Position::End(3)), 5, 1, 0);
    }

    #[test]
    #[should_panic(expected = "disagrees")]
    fn a_length_that_disagrees_stops() {
        range_fits((Position::Omitted, Position::Omitted), 5, 2, 2);
    }

    #[test]
    fn maps_on_a_literal_axis() {
        type D5 = Dim<5>;
        let last = <AtBuild<Index<FromEnd<Dim1>>> as AxisSpec<D5>>::MAP;
        assert_eq!(last, AxisMap::Fixed(4));
        let first = <AtBuild<Index<FromStart<Dim<0>>>> as AxisSpec<D5>>::MAP;
        assert_eq!(first, AxisMap::Fixed(0));
        type Inner = Range<FromStart<Dim1>, FromEnd<Dim1>, Dim1, Trim<Dim<2>>, false>;
        let inner = <AtBuild<Inner> as AxisSpec<D5>>::MAP;
        assert_eq!(inner, AxisMap::Keep { first: 1, step: 1 });
        type Back = Range<FromStart<Dim1>, Open, Dim1, Trim<Dim1>, true>;
        let back = <AtBuild<Back> as AxisSpec<D5>>::MAP;
        assert_eq!(back, AxisMap::Keep { first: 4, step: -1 });
        type Whole5 = Range<Open, Open, Dim1, Whole, true>;
        let whole = <AtBuild<Whole5> as AxisSpec<D5>>::MAP;
        assert_eq!(whole, AxisMap::Keep { first: 4, step: -1 });
        type Win = DynRange<Dim<3>, Dim<2>, Dim<2>, true>;
        let window = <AtBuild<Win> as AxisSpec<D5>>::MAP;
        assert_eq!(
            window,
            AxisMap::Window {
                span: 3,
                first: 2,
                step: -2
            }
        );
    }

    #[test]
    fn trimmed_lengths_are_differences() {
        type Len<L> = <L as LengthOn<Dim<784>, Open, Open, Dim1>>::Dim;
        assert_eq!(<Len<Trim<Dim<2>>> as Dimension>::VALUE, 782);
        assert_eq!(<Len<Whole> as Dimension>::VALUE, 784);
        assert_eq!(<Len<Known<Dim<3>>> as Dimension>::VALUE, 3);
        type Stepped = <Computed as LengthOn<Dim<784>, Open, Open, Dim<3>>>::Dim;
        assert_eq!(<Stepped as Dimension>::VALUE, 262);
        type By<L, S> = <L as LengthOn<Dim<784>, Open, Open, S>>::Dim;
        assert_eq!(<By<WholeStep, Dim<3>> as Dimension>::VALUE, 262);
        assert_eq!(<By<WholeStep, Dim<2>> as Dimension>::VALUE, 392);
        assert_eq!(<By<TrimStep<Dim1>, Dim<3>> as Dimension>::VALUE, 261);
        assert_eq!(<By<TrimStep<Dim<4>>, Dim<5>> as Dimension>::VALUE, 156);
    }

    #[test]
    fn whole_axes_outside_generic_items_keep_the_axis() {
        type Len<S> = <Whole as RangeLen<crate::Dim![3072], FromStart<Dim<0>>, Open, S>>::Dim;
        assert_eq!(<Len<Dim1> as Dimension>::VALUE, 3072);
        let t = crate::Tensor::<i32, crate::Shape![3, 5]>::from_flat_fn(|i| i as i32);
        let (back, from0) = (crate::slice!(t, .., ..;-1), crate::slice!(t, 0.., 0..));
        assert_eq!(back, t.flip::<crate::Axes![1]>());
        assert_eq!(from0, t.view());
    }
}
