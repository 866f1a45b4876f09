//! The views' invariant, checked where a view is made: every in-range
//! index of a sliced or windowed view reads inside its buffer, once (the
//! invariant on which indexing skips the bounds check). Slices given
//! indices at run time are checked here; windows' shape arithmetic is
//! held to the rule by constant assertions.

use super::View;
use crate::constraint::{AsList, AsTuple, StepWindowShape, WindowShape};
use crate::error::SliceError;
use crate::layout::slice::{AxisMap, SliceList, SlicedShape};
use crate::layout::{Layout, Sliced, SteppedWindows, Windowed};
use crate::shape::Shape;

/// Panics with the [`SliceError`] of an index or window given at run time to
/// `slice!` that does not fit its axis; see [`check_dynamic`].
#[track_caller]
pub(super) fn expect_fits<L: Layout, Spec, const K: usize>(dynamic: &[usize; K])
where
    L::Shape: AsList,
    <L::Shape as AsList>::List: SliceList<Spec>,
    <<L::Shape as AsList>::List as SliceList<Spec>>::Out: AsTuple,
{
    if let Err(err) = check_dynamic::<L, Spec, K>(dynamic) {
        panic!("slice!: {err}");
    }
}

/// The [`SliceError`] of the first index or window given at run time to
/// `slice!` that does not fit its axis.
///
/// It also holds the whole spec to the views' invariant, which indexing
/// trusts, and panics when it is broken: every literal index is in range,
/// every kept axis reads inside its input axis (its first and its last
/// index, computed with checked arithmetic, so no wrap-around can pass), a
/// kept axis of more than one element moves (step not 0: a `ViewMut` never
/// reaches one element by two indices), the output has one axis per kept
/// axis, and there are `K` run-time indices. `slice!`'s types already
/// guarantee all of that (those checks fold away, their inputs being
/// constants); they catch a spec written by hand against the hidden
/// `__slice`.
#[track_caller]
pub(super) fn check_dynamic<L: Layout, Spec, const K: usize>(
    dynamic: &[usize; K],
) -> Result<(), SliceError>
where
    L::Shape: AsList,
    <L::Shape as AsList>::List: SliceList<Spec>,
    <<L::Shape as AsList>::List as SliceList<Spec>>::Out: AsTuple,
{
    let dims = <L::Shape as Shape>::DIMS;
    let out = <SlicedShape<L::Shape, Spec> as Shape>::DIMS;
    let (mut next, mut out_axis) = (dynamic.iter(), 0);
    for (axis, map) in Sliced::<L, Spec, K>::MAP
        .iter()
        .enumerate()
        .take(<L::Shape as Shape>::RANK)
    {
        let dim = dims.as_ref()[axis];
        match *map {
            AxisMap::Dynamic => {
                let Some(&index) = next.next() else {
                    panic!("slice!: more run-time indices in the spec than the {K} given");
                };
                if index >= dim {
                    return Err(SliceError::new(dims.as_ref(), axis, index, None));
                }
            }
            AxisMap::Fixed(at) => assert!(
                at < dim,
                "slice!: index {at} is out of bounds for axis {axis} of size {dim}"
            ),
            AxisMap::Window { span, first, step } => {
                let Some(&start) = next.next() else {
                    panic!("slice!: more run-time indices in the spec than the {K} given");
                };
                let Some(&len) = out.as_ref().get(out_axis) else {
                    panic!("slice!: the spec keeps more axes than its shape has");
                };
                out_axis += 1;
                if start.checked_add(span).is_none_or(|end| end > dim) {
                    return Err(SliceError::new(dims.as_ref(), axis, start, Some(span)));
                }
                assert!(
                    keeps_inside(start + first, step, len, dim),
                    "slice!: axis {axis} of size {dim} kept as {len} elements from {start} + \
                     {first} by {step}: out of range, or not one element per index"
                );
            }
            AxisMap::Keep { first, step } => {
                let Some(&len) = out.as_ref().get(out_axis) else {
                    panic!("slice!: the spec keeps more axes than its shape has");
                };
                out_axis += 1;
                assert!(
                    keeps_inside(first, step, len, dim),
                    "slice!: axis {axis} of size {dim} kept as {len} elements from {first} by \
                     {step}: out of range, or not one element per index"
                );
            }
        }
    }
    assert!(
        out_axis == out.as_ref().len() && next.next().is_none(),
        "slice!: the spec's output axes or run-time indices do not match its entries"
    );
    Ok(())
}

/// `v` through the windows `W`. The constant assertion holds the shape
/// arithmetic of [`WindowShape`] (sealed, generated) to the rule that keeps
/// every in-range index of the result inside the input: the views'
/// invariant, on which indexing skips the bounds check.
pub(super) fn windowed<'a, T, L: Layout, W: Shape>(v: View<'a, T, L>) -> View<'a, T, Windowed<L, W>>
where
    L::Shape: WindowShape<W>,
{
    const {
        assert!(
            crate::layout::window::is_window_shape(
                <L::Shape as Shape>::PADDED,
                <L::Shape as Shape>::RANK,
                W::PADDED,
                W::RANK,
                <<L::Shape as WindowShape<W>>::Output as Shape>::PADDED,
            ),
            "windows: the window shape's arithmetic is wrong"
        )
    };
    let (data, state) = v.parts();
    View::new(data, state)
}

/// `v` through the windows `W` moved by `St`; the constant assertion holds
/// [`StepWindowShape`]'s arithmetic to the rule that keeps every in-range
/// index inside the input, as for [`windowed`].
pub(super) fn stepped<'a, T, L: Layout, W: Shape, St: Shape>(
    v: View<'a, T, L>,
) -> View<'a, T, SteppedWindows<L, W, St>>
where
    L::Shape: StepWindowShape<W, St>,
{
    const {
        assert!(
            St::RANK == W::RANK
                && crate::layout::window::is_step_window_shape(
                    <L::Shape as Shape>::PADDED,
                    <L::Shape as Shape>::RANK,
                    W::PADDED,
                    W::RANK,
                    St::PADDED,
                    <<L::Shape as StepWindowShape<W, St>>::Output as Shape>::PADDED,
                ),
            "windows_step: the window shape's arithmetic is wrong"
        )
    };
    let (data, state) = v.parts();
    View::new(data, state)
}

/// Whether a kept axis of `len` elements, the first at input index `first`
/// and each next `step` further, reads only input indices below `dim`, each
/// once. In `i128`, where `usize` times `isize` cannot overflow: no bound
/// can wrap into range.
const fn keeps_inside(first: usize, step: isize, len: usize, dim: usize) -> bool {
    if len == 0 {
        return true;
    }
    if first >= dim || (len > 1 && step == 0) {
        return false;
    }
    let last = first as i128 + (len as i128 - 1) * step as i128;
    0 <= last && last < dim as i128
}
