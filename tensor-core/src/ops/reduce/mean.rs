//! `mean_axes`: the mean over some axes, correct for every element type and
//! count.
//!
//! Floats sum with the fast reductions of `axes.rs` and divide by the
//! count (an empty mean is NaN, as in NumPy). Integers cannot: their sum
//! wraps past the type, and the count may not fit it (a count of 256 is 0
//! in `u8`). They are averaged per result element by
//! [`FromCount::mean_of`], exactly (see [`FromCount`]), and a mean over no
//! element is a panic at the caller naming the operation and the shape.
//!
//! ```
//! use tensor_core::prelude::*;
//! let t = Tensor::<u8, Shape![2, 300]>::from_fn(|[i, j]| if j < 2 { 255 } else { i as u8 });
//! // 2 * 255 / 300 = 1.7 and (2 * 255 + 298) / 300 = 2.69, rounded toward zero.
//! assert_eq!(t.mean_axes::<Axes![1]>(), tensor![1u8, 2]);
//! ```

use core::ops::{Add, Div};

use super::axes::reduced_elements;
use super::rule::{ReduceShape, Reduced};
use super::run::reduced_count;
use super::write::sum_to;
use crate::axis::Axes;
use crate::num::{Accumulate, FromCount, Zero};
use crate::ops::destination::{write_each, Destination};
use crate::ops::{AsView, ShapeOf};
use crate::shape::Shape;

/// The means of `a` over `X` into `out`, whose elements are as many as
/// the reduced shape's, in its order (the dropped or the kept form).
#[inline]
#[track_caller]
pub(crate) fn mean_to<D, A, X>(out: &mut D, a: &A)
where
    D: Destination + ?Sized,
    A: AsView<Elem = D::Elem> + ?Sized,
    X: Axes,
    ShapeOf<A>: ReduceShape<X>,
    D::Elem: Accumulate + Zero + Add<Output = D::Elem> + Div<Output = D::Elem> + FromCount,
{
    let count = reduced_count::<ShapeOf<A>, X>();
    if !D::Elem::EXACT_MEAN {
        sum_to::<D, A, X>(out, a);
        let n = D::Elem::from_count(count);
        out.for_each_indexed(|_, x| *x = *x / n);
        return;
    }
    check_mean::<A, X>();
    let v = a.as_view();
    write_each(out, |o| {
        let elems = reduced_elements::<_, _, X>(&v, o);
        D::Elem::mean_of(elems, count)
    });
}

/// Panics at the caller when the elements of `A` are averaged exactly
/// (integers) and a reduced axis of `X` has size 0 while the result has
/// elements: a mean of nothing.
#[inline]
#[track_caller]
pub(crate) fn check_mean<A, X>()
where
    A: AsView + ?Sized,
    X: Axes,
    ShapeOf<A>: ReduceShape<X>,
    A::Elem: FromCount,
{
    let count = reduced_count::<ShapeOf<A>, X>();
    if A::Elem::EXACT_MEAN && count == 0 && <Reduced<A, X> as Shape>::SIZE != 0 {
        empty_mean(<ShapeOf<A> as Shape>::DIMS.as_ref(), X::AXES.as_ref());
    }
}

/// The panic of an integer mean over no element.
#[cold]
#[inline(never)]
#[track_caller]
fn empty_mean(dims: &[usize], axes: &[usize]) -> ! {
    panic!("mean_axes of no element: shape {dims:?} has size 0 along the axes {axes:?}")
}

#[cfg(test)]
mod tests {
    use crate::prelude::*;

    #[test]
    fn integer_means_do_not_wrap_whatever_the_count() {
        // The issue's case: 300 elements, 200 of them 1 (mean 0.67).
        let t = Tensor::<u8, Shape![300]>::from_flat_fn(|i| u8::from(i < 200));
        assert_eq!(t.mean_axes::<Axes![0]>()[[]], 0);
        // 256 elements: the count is 0 as a `u8`.
        let t = Tensor::<u8, Shape![256]>::full(255);
        assert_eq!(t.mean_axes::<Axes![0]>()[[]], 255);
        let t = Tensor::<i8, Shape![2, 129]>::from_fn(|[i, _]| if i == 0 { -128 } else { 127 });
        assert_eq!(t.mean_axes::<Axes![1]>(), tensor![-128i8, 127]);
        assert_eq!(
            t.mean_axes::<Axes![0]>(),
            Tensor::<i8, Shape![129]>::full(0)
        );
    }

    #[test]
    fn means_of_128_bit_integers_round_toward_zero() {
        let big = Tensor::<u128, Shape![3]>::full(u128::MAX);
        assert_eq!(big.mean_axes::<Axes![0]>()[[]], u128::MAX);
        let t = tensor![i128::MAX, i128::MAX, i128::MIN];
        assert_eq!(t.mean_axes::<Axes![0]>()[[]], (i128::MAX - 1) / 3);
        let t = tensor![i128::MIN, i128::MIN, i128::MIN];
        assert_eq!(t.mean_axes::<Axes![0]>()[[]], i128::MIN);
        for (xs, want) in [([-7i128, 1, 0], -2), ([7, -1, 0], 2), ([5, 5, -1], 3)] {
            assert_eq!(
                tensor![xs[0], xs[1], xs[2]].mean_axes::<Axes![0]>()[[]],
                want
            );
        }
    }

    #[test]
    fn means_over_views_and_mixed_axes() {
        let t = Tensor::<i32, Shape![3, 4, 5]>::from_flat_fn(|i| i as i32 * 7 - 100);
        let got = t.t().mean_axes::<Axes![0, 2]>();
        let want = Tensor::<i32, Shape![5]>::from_fn(|[j]| {
            let pairs = (0..3).flat_map(|i| (0..4).map(move |k| (i, k)));
            let sum: i64 = pairs.map(|(i, k)| i64::from(t[[i, k, j]])).sum();
            (sum / 12) as i32
        });
        assert_eq!(got, want);
    }

    #[test]
    #[should_panic(
        expected = "mean_axes of no element: shape [2, 0] has size 0 along the axes [1]"
    )]
    fn an_integer_mean_over_no_element_panics_with_the_shape() {
        let _ = Tensor::<i32, Shape![2, 0]>::zeros().mean_axes::<Axes![1]>();
    }

    #[test]
    fn an_empty_result_needs_no_element() {
        let m = Tensor::<i32, Shape![0, 0]>::zeros().mean_axes::<Axes![1]>();
        assert_eq!(m.shape(), [0]);
    }
}
