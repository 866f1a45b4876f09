//! The reductions over axes written into a [`Destination`]: by the slot
//! kernels of `axes.rs` when the destination is one row-major run, else
//! each element folded from the reduced elements, in order.

use super::axes::{extreme_into, reduced_elements, sum_into};
use super::extreme::Extremum;
use super::rule::{ReduceShape, Reduced};
use super::run::check_not_empty;
use crate::axis::Axes;
use crate::num::{Accumulate, Zero};
use crate::ops::destination::{write_with, Destination};
use crate::ops::{AsView, ShapeOf};

/// The sums of `a` over `X` into `out`, whose elements are as many as the
/// reduced shape's, in its order (the dropped or the kept form).
#[inline]
pub(crate) fn sum_to<D, A, X>(out: &mut D, a: &A)
where
    D: Destination + ?Sized,
    A: AsView<Elem = D::Elem> + ?Sized,
    X: Axes,
    ShapeOf<A>: ReduceShape<X>,
    D::Elem: Accumulate,
{
    let v = a.as_view();
    write_with(
        out,
        |slots| sum_into::<_, _, X, Reduced<A, X>>(&v, slots),
        |o| {
            let elems = reduced_elements::<_, _, X>(&v, o);
            D::Elem::narrow(elems.fold(Zero::ZERO, |acc, x| acc + x.widen()))
        },
    );
}

/// The largest (`e` = [`Extremum::MAX`]) or smallest elements of `a` over
/// `X` into `out`; `what` names the operation in the panic of an empty
/// reduction.
#[inline]
#[track_caller]
pub(crate) fn extreme_to<D, A, X>(out: &mut D, a: &A, e: Extremum<D::Elem>, what: &'static str)
where
    D: Destination + ?Sized,
    A: AsView<Elem = D::Elem> + ?Sized,
    X: Axes,
    ShapeOf<A>: ReduceShape<X>,
    D::Elem: Copy + PartialOrd,
{
    let v = a.as_view();
    check_not_empty::<ShapeOf<A>, X>(what);
    write_with(
        out,
        |slots| extreme_into::<_, _, X, Reduced<A, X>>(&v, e, what, slots),
        |o| {
            let mut elems = reduced_elements::<_, _, X>(&v, o);
            let first = elems
                .next()
                .expect("a reduced axis of size 0 panicked above");
            elems.fold(first, e.exact)
        },
    );
}
