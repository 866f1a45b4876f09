//! `slice!(x, 1..3, .., 2..;2, -1)`: NumPy's basic slicing, as a view.
//!
//! `slice!` turns each entry into a type: [`Full`] (`..`), [`Range`]
//! (`a..b;step`), [`Index`] (a literal index, which drops the axis) or
//! [`DynIndex`] (an index computed at run time, which drops the axis and is
//! checked then). The list of entries is walked against the shape as a
//! type-level list ([`SliceList`]): each kept axis contributes its new
//! dimension, each index drops one, axes past the list are kept whole. A
//! bound out of range, a range whose start lies after its end, or more
//! entries than axes is a compile error.
//!
//! A range's length is computed by `slice!` when its bounds allow it
//! (`Known`), and at the type level from the dimension otherwise (`Computed`: open
//! or negative bounds against the axis size), and mapped back to the
//! dimension type of its value ([`ToDim`](crate::dim::ToDim)), whatever its size.
//!
//! ```
//! use tensor_core::prelude::*;
//! let t = Tensor::<i32, Shape![4, 5]>::from_flat_fn(|i| i as i32);
//! let s = slice!(t, 1..3, ..;2);
//! assert_eq!(s, tensor![[5, 7, 9], [10, 12, 14]]);
//! assert_eq!(slice!(t, -1, 1..), tensor![16, 17, 18, 19]);
//! ```

use core::marker::PhantomData;

use super::{Layout, Padded, MAX_RANK};
use crate::dim::Dimension;
use crate::list::{AsList, AsTuple, Cons, Nil};
use crate::seal::SliceItem;
use crate::shape::{then_is_y, then_through, DimThen, MultiIndex, Shape};

mod at_build;
mod bound;

pub use at_build::{AtBuild, LengthOn, Literal, Position, Trim, TrimStep, Whole, WholeStep};
pub use bound::{
    Bound, BoundFits, InRange, IndexFits, IndexInRange, Ordered, RangeLen, SpanFits, SpanInRange,
    StartsBefore,
};

/// `..`: the whole axis.
pub struct Full;

/// `a..b;step`: bounds `B` and `E` (each [`FromStart`], [`FromEnd`] or
/// [`Open`]), the step's magnitude `Step` (a dimension), the length `Len`
/// ([`Known`] or [`Computed`]), and `REV` for a negative step, which walks
/// `a..b` from its end (ndarray's rule, `x[a:b][::-step]` in NumPy).
pub struct Range<B, E, Step, Len, const REV: bool>(PhantomData<(B, E, Step, Len)>);

/// A literal index `i` or `-i`: the axis is dropped.
pub struct Index<B>(PhantomData<B>);

/// An index given at run time: the axis is dropped.
pub struct DynIndex;

/// `i..i + N;step`: a range of the static span `Span` (`N`) starting at an
/// index given at run time, so its length `Len` (`ceil(N / step)`) is a
/// type while its position is checked when the view is made; `Step` is the
/// step's magnitude, and `REV` walks the range from its end, as [`Range`].
pub struct DynRange<Span, Step, Len, const REV: bool>(PhantomData<(Span, Step, Len)>);

/// A non-negative bound `N` (a dimension type for its value).
pub struct FromStart<N>(PhantomData<N>);

/// A negative bound `-N`: `N` before the end of the axis.
pub struct FromEnd<N>(PhantomData<N>);

/// An omitted bound: the start or the end of the axis.
pub struct Open;

/// A range length `slice!` computed: the dimension `D`.
pub struct Known<D>(PhantomData<D>);

/// A range length computed from the axis size at the type level ([`Nat`](crate::dim::Nat)).
pub struct Computed;

/// Where one axis of the sliced layout's input comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AxisMap {
    /// Kept: output index `i` reads input index `first + i * step`.
    Keep {
        /// The input index of output index 0.
        first: usize,
        /// The input step per output step (negative walks backwards).
        step: isize,
    },
    /// Dropped at a literal index.
    Fixed(usize),
    /// Dropped at the next index given at run time.
    Dynamic,
    /// Kept, from the next index given at run time, `start`: output index
    /// `i` reads input index `start + first + i * step`, inside
    /// `start..start + span`.
    Window {
        /// The elements of the input the range spans, from `start`.
        span: usize,
        /// The offset from `start` of output index 0.
        first: usize,
        /// The input step per output step (negative walks backwards).
        step: isize,
    },
}

// The entry types, and the lists of dimensions and entries, are the only
// implementors of the `slice!` traits (sealed: see `seal.rs`).
impl SliceItem for Full {}
impl<B, E, Step, Len, const REV: bool> SliceItem for Range<B, E, Step, Len, REV> {}
impl<B> SliceItem for Index<B> {}
impl SliceItem for DynIndex {}
impl<Span, Step, Len, const REV: bool> SliceItem for DynRange<Span, Step, Len, REV> {}
impl<N> SliceItem for FromStart<N> {}
impl<N> SliceItem for FromEnd<N> {}
impl SliceItem for Open {}
impl<D> SliceItem for Known<D> {}
impl SliceItem for Computed {}
impl SliceItem for Nil {}
impl<H, T> SliceItem for Cons<H, T> {}

/// The whole axis, kept.
const WHOLE: AxisMap = AxisMap::Keep { first: 0, step: 1 };

/// One entry of a `slice!` applied to an axis of size `D`.
pub trait AxisSpec<D: Dimension>: SliceItem {
    /// The output list: `Cons<NewDim, Rest>` for a kept axis, `Rest` for a
    /// dropped one.
    type Prepend<Rest>;
    /// Where the axis's input index comes from.
    const MAP: AxisMap;
    /// Stops the build when the entry does not fit its axis; only the
    /// entries `#[shape]` writes in generic items check here
    /// ([`AtBuild`]), the others by their trait bounds.
    const CHECK: () = ();
    /// `Y`, named through the entry's checks: its output length where a
    /// rule computes it ([`DimThen`]; `T - 1` that the item does not spell
    /// has none), and the `Then` of its bound, index, order or span check
    /// ([`BoundFits`], [`IndexFits`], [`StartsBefore`], [`SpanFits`]). An entry
    /// that fails one leaves the sliced view without a type, so the mistake
    /// is one error and a method called on the view adds none.
    type Then<Y>;
    /// `y` as [`Then<Y>`](AxisSpec::Then) (they are one type).
    #[doc(hidden)]
    fn then<Y>(y: Y) -> Self::Then<Y>;
}

impl<D: Dimension> AxisSpec<D> for Full {
    type Prepend<Rest> = Cons<D, Rest>;
    const MAP: AxisMap = WHOLE;
    then_is_y!();
}

impl<D: Dimension> AxisSpec<D> for DynIndex {
    type Prepend<Rest> = Rest;
    const MAP: AxisMap = AxisMap::Dynamic;
    then_is_y!();
}

impl<D, Span, Step, Len, const REV: bool> AxisSpec<D> for DynRange<Span, Step, Len, REV>
where
    D: Dimension,
    Span: Dimension + SpanFits<D>,
    Step: Dimension,
    Len: Dimension,
{
    type Prepend<Rest> = Cons<Len, Rest>;
    const MAP: AxisMap = window_map(Span::VALUE, Step::VALUE, REV);
    then_through!(Span as SpanFits<D>);
}

/// The map of a range spanning `span` elements from a run-time start, with
/// step magnitude `step`: forward from the start, or, reversed, backward
/// from its last element (ndarray's rule, as [`range_map`]).
const fn window_map(span: usize, step: usize, rev: bool) -> AxisMap {
    AxisMap::Window {
        span,
        first: if rev { span.saturating_sub(1) } else { 0 },
        step: if rev { -(step as isize) } else { step as isize },
    }
}

impl<D: Dimension, B: Bound<D> + IndexFits<D>> AxisSpec<D> for Index<B> {
    type Prepend<Rest> = Rest;
    const MAP: AxisMap = AxisMap::Fixed(B::START);
    then_through!(B as IndexFits<D>);
}

impl<D, B, E, Step, Len, const REV: bool> AxisSpec<D> for Range<B, E, Step, Len, REV>
where
    D: Dimension,
    B: Bound<D> + BoundFits<D>,
    E: Bound<D> + BoundFits<D>,
    Step: Dimension,
    Len: RangeLen<D, B, E, Step>,
    B: StartsBefore<E, D>,
{
    type Prepend<Rest> = Cons<Len::Dim, Rest>;
    const MAP: AxisMap = range_map(B::START, E::END, Step::VALUE, REV);
    type Then<Y> = <Len::Dim as DimThen>::Then<
        <B as BoundFits<D>>::Then<<E as BoundFits<D>>::Then<<B as StartsBefore<E, D>>::Then<Y>>>,
    >;
    #[inline(always)]
    fn then<Y>(y: Y) -> Self::Then<Y> {
        let y = <B as StartsBefore<E, D>>::then(y);
        <B as BoundFits<D>>::then(<E as BoundFits<D>>::then(y))
    }
}

/// The map of a kept range `start..end` with step magnitude `step`: forward
/// from `start`, or, reversed, backward from the last element `end - 1`.
const fn range_map(start: usize, end: usize, step: usize, rev: bool) -> AxisMap {
    if rev {
        // An empty range never reads its first index; keep it in bounds.
        let last = if end > start { end - 1 } else { start };
        AxisMap::Keep {
            first: last,
            step: -(step as isize),
        }
    } else {
        AxisMap::Keep {
            first: start,
            step: step as isize,
        }
    }
}

/// A list of `slice!` entries applied to a list of dimensions: the output
/// dimensions, and each input axis's map.
#[diagnostic::on_unimplemented(
    message = "`slice!` has more entries than the shape has axes",
    label = "too many entries for this shape"
)]
pub trait SliceList<Spec>: crate::seal::SliceWith<Spec> {
    /// The output dimensions, as a list.
    type Out;
    /// Each input axis's map, padded with whole axes.
    const MAP: Padded<AxisMap>;
    /// Every entry's [`AxisSpec::CHECK`].
    const CHECK: () = ();
    /// `Y` named through every entry's [`AxisSpec::Then`]: the type of
    /// the view `slice!` builds, which has none when an entry's length
    /// has none.
    type Then<Y>;
    /// `y` as [`Then<Y>`](SliceList::Then) (they are one type).
    #[doc(hidden)]
    fn then<Y>(y: Y) -> Self::Then<Y>;
}

impl SliceList<Nil> for Nil {
    type Out = Nil;
    const MAP: Padded<AxisMap> = [WHOLE; MAX_RANK];
    then_is_y!();
}

impl<D: Dimension, R: SliceList<Nil>> SliceList<Nil> for Cons<D, R> {
    type Out = Cons<D, R::Out>;
    const MAP: Padded<AxisMap> = R::MAP;
    then_is_y!();
}

impl<D: Dimension, R: SliceList<SR>, X: AxisSpec<D>, SR> SliceList<Cons<X, SR>> for Cons<D, R> {
    type Out = X::Prepend<R::Out>;
    const MAP: Padded<AxisMap> = prepend(X::MAP, R::MAP);
    const CHECK: () = {
        let () = X::CHECK;
        R::CHECK
    };
    type Then<Y> = X::Then<R::Then<Y>>;
    #[inline(always)]
    fn then<Y>(y: Y) -> Self::Then<Y> {
        X::then(R::then(y))
    }
}

/// The type of the view `slice!` builds with entries `Spec` on a view of
/// shape `S` whose sliced layout gives the view type `V`: `V`, named
/// through [`SliceList::Then`] (no type when an entry's length has none).
pub type SliceThen<S, Spec, V> = <<S as AsList>::List as SliceList<Spec>>::Then<V>;

const fn prepend(first: AxisMap, rest: Padded<AxisMap>) -> Padded<AxisMap> {
    let mut out = [WHOLE; MAX_RANK];
    out[0] = first;
    let mut k = 1;
    while k < MAX_RANK {
        out[k] = rest[k - 1];
        k += 1;
    }
    out
}

/// The output shape of slicing shape `S` by the entries `Spec`.
pub type SlicedShape<S, Spec> = <<<S as AsList>::List as SliceList<Spec>>::Out as AsTuple>::Tuple;

/// `L` sliced by the entries `Spec` (a type-level list), `K` of which are
/// given at run time (indices, and starts of ranges at run-time positions)
/// and carried in the view's state.
pub struct Sliced<L, Spec, const K: usize>(PhantomData<(L, Spec)>);

impl<L, Spec, const K: usize> crate::seal::Layout for Sliced<L, Spec, K> {}

impl<L: Layout, Spec: 'static, const K: usize> Layout for Sliced<L, Spec, K>
where
    L::Shape: AsList,
    <L::Shape as AsList>::List: SliceList<Spec>,
    <<L::Shape as AsList>::List as SliceList<Spec>>::Out: AsTuple,
{
    type Shape = SlicedShape<L::Shape, Spec>;
    type State = ([usize; K], L::State);
    const STRIDES: Option<Padded<isize>> = match L::STRIDES {
        Some(strides) => Some(sliced_strides(
            strides,
            Self::MAP,
            <L::Shape as Shape>::RANK,
        )),
        None => None,
    };

    const ROOT_SIZE: usize = L::ROOT_SIZE;

    #[inline(always)]
    fn offset(index: &<Self::Shape as Shape>::Index, state: &Self::State) -> usize {
        let mut inner = <L::Shape as Shape>::Index::ZERO;
        let (mut out_axis, mut dynamic) = (0, 0);
        for (axis, i) in inner.as_mut().iter_mut().enumerate() {
            *i = match Self::MAP[axis] {
                AxisMap::Keep { first, step } => {
                    out_axis += 1;
                    // `first + i * step`, which `check_dynamic` proved lies
                    // in the axis; modulo 2^BITS, so that it is exact even
                    // past `isize::MAX` (zero-sized elements).
                    let i = index.as_ref()[out_axis - 1];
                    first.wrapping_add(i.wrapping_mul(step as usize))
                }
                AxisMap::Fixed(at) => at,
                AxisMap::Dynamic => {
                    dynamic += 1;
                    state.0[dynamic - 1]
                }
                AxisMap::Window { first, step, .. } => {
                    // `start + first + i * step`, which `check_dynamic`
                    // proved lies in the axis; modulo 2^BITS as for `Keep`.
                    (out_axis, dynamic) = (out_axis + 1, dynamic + 1);
                    let i = index.as_ref()[out_axis - 1];
                    let start = state.0[dynamic - 1].wrapping_add(first);
                    start.wrapping_add(i.wrapping_mul(step as usize))
                }
            };
        }
        L::offset(&inner, &state.1)
    }
}

impl<L: Layout, Spec, const K: usize> Sliced<L, Spec, K>
where
    L::Shape: AsList,
    <L::Shape as AsList>::List: SliceList<Spec>,
{
    /// Each input axis's map.
    pub const MAP: Padded<AxisMap> = <<L::Shape as AsList>::List as SliceList<Spec>>::MAP;
}

/// The strides of the kept axes, in order: input stride times step.
const fn sliced_strides(
    strides: Padded<isize>,
    map: Padded<AxisMap>,
    rank: usize,
) -> Padded<isize> {
    let mut out = [0isize; MAX_RANK];
    let (mut axis, mut kept) = (0, 0);
    while axis < rank {
        if let AxisMap::Keep { step, .. } | AxisMap::Window { step, .. } = map[axis] {
            out[kept] = strides[axis] * step;
            kept += 1;
        }
        axis += 1;
    }
    out
}
