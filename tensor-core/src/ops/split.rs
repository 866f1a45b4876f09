//! Splitting: `x.split::<Axis<k>, A, B>()`, the inverse of `concat`: the
//! first elements along axis `k` into a tensor of shape `A`, the rest into
//! one of shape `B` (NumPy `np.split(x, [a], axis=k)`).
//!
//! `A` and `B` are checked against `x`'s shape by `cargo check`
//! ([`SplitShape`]): they agree with it on every other axis and their
//! sizes along `k` sum to its own. Either both are written in the call or
//! both are inferred from the result's type.
//!
//! ```
//! use tensor_core::prelude::*;
//! let x = tensor![[1, 2, 3], [4, 5, 6], [7, 8, 9]];
//! let (top, rest) = x.split::<Axis<0>, Shape![1, 3], Shape![2, 3]>();
//! assert_eq!((top, rest), (tensor![[1, 2, 3]], tensor![[4, 5, 6], [7, 8, 9]]));
//! let (l, r): (Tensor<i32, Shape![3, 2]>, Tensor<i32, Shape![3, 1]>) = x.split::<Axis<1>, _, _>();
//! assert_eq!(l.concat::<Axis<1>>(&r), x);
//! ```

use core::marker::PhantomData;

use super::concat::ConcatShape;
use super::destination::{write_each, Destination};
use super::{AsView, ShapeOf};
use crate::dim::Agree;
use crate::layout::narrow::{self, Narrow, Narrowed};
use crate::layout::{Layout, Padded};
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::uninit::{build_pair_with, Slots};
use crate::view::copy::write_into;
use crate::view::View;

/// `split::<Axis<I>, A, B>()` of a tensor of shape `Self`: the exact
/// inverse of `concat`, so `A` and `B` agree with `Self` on every axis but
/// `I`, where their sizes sum to `Self`'s ([`ConcatShape`] of `A` and `B`
/// is `Self`). The impl is `do_not_recommend`: a mismatch is this error.
#[diagnostic::on_unimplemented(
    message = "cannot split `{Self}` along `{I}` into `{A}` and `{B}`: the parts must have its rank, its dimensions on every other axis, and sizes along the axis that sum to its own",
    label = "parts do not split this shape along this axis",
    note = "in generic code the parts' sizes along the axis must add up to the whole's as the item writes it: `Shape![A + B, ..]` splits into `A` and `B` (`C / 2` twice is not `C`)"
)]
pub trait SplitShape<A, B, I, P = Agree> {
    /// The axis along which the shape is cut.
    const AXIS: usize;
}

#[diagnostic::do_not_recommend]
impl<S, A, B, I, P> SplitShape<A, B, I, P> for S
where
    A: ConcatShape<B, I>,
    A::Output: SameShape<S, P>,
{
    const AXIS: usize = A::AXIS;
}

/// Two shapes are the same: implemented only as `S: SameShape<S, Agree>`.
/// [`SplitShape`] compares the parts' concatenation with the split shape
/// through it, with the proof parameter `P` left to inference by `split`:
/// when the sizes do not sum to the axis, no impl applies and `P` stays
/// unknown, so rustc suggests no where-clause (the rule as a bound would be
/// the wrong fix).
pub trait SameShape<S, P = Agree> {}

impl<S> SameShape<S, Agree> for S {}

/// Splitting of any operand in two along one axis.
pub trait Split<P = Agree>: AsView {
    /// The elements of `self` along the axis `I` (`Axis<k>`): the first
    /// `A`'s size of them into a tensor of shape `A`, the rest into `B`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = Tensor::<i32, Shape![2, 5]>::from_flat_fn(|i| i as i32);
    /// let (a, b) = x.t().split::<Axis<0>, Shape![2, 2], Shape![3, 2]>();
    /// assert_eq!(a, tensor![[0, 5], [1, 6]]);
    /// assert_eq!(b[[2, 1]], 9);
    /// ```
    ///
    /// The pair is built in place, where the caller keeps it; in an
    /// unoptimized build, `let (a, b) = x.split()` then moves the parts
    /// into two more locals (a copy of the pair on the stack): keep the
    /// pair (`parts.0`, `parts.1`), or write into destinations of your
    /// own with [`assign_split`](Split::assign_split).
    fn split<I, A: Shape, B: Shape>(&self) -> (Tensor<Self::Elem, A>, Tensor<Self::Elem, B>)
    where
        ShapeOf<Self>: SplitShape<A, B, I, P>,
        Self::Elem: Clone,
    {
        let v = self.as_view();
        let (a, b) = parts::<Self, A, B>(&v);
        build_pair_with(|out| write_into(&a, out), |out| write_into(&b, out))
    }

    /// Writes [`self.split::<I, _, _>()`](Split::split) into two
    /// [`Destination`]s the caller owns (tensors, boxed ones, mutable
    /// views): the first part into `a`, the rest into `b`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = Tensor::<i32, Shape![2, 5]>::from_flat_fn(|i| i as i32);
    /// let mut a = Tensor::<i32, Shape![2, 2]>::zeros();
    /// let mut b = Tensor::<i32, Shape![3, 2]>::zeros();
    /// x.t().assign_split::<Axis<0>, _, _>(&mut a, &mut b);
    /// assert_eq!((a, b), x.t().split::<Axis<0>, _, _>());
    /// ```
    fn assign_split<I, DA, DB>(&self, a: &mut DA, b: &mut DB)
    where
        DA: Destination<Elem = Self::Elem> + ?Sized,
        DB: Destination<Elem = Self::Elem> + ?Sized,
        ShapeOf<Self>: SplitShape<ShapeOf<DA>, ShapeOf<DB>, I, P>,
        Self::Elem: Clone,
    {
        let v = self.as_view();
        let (pa, pb) = parts::<Self, ShapeOf<DA>, ShapeOf<DB>>(&v);
        assign_part(a, &pa);
        assign_part(b, &pb);
    }
}

/// The parts of `v` split into `A` and `B` (along the axis `SplitShape`
/// has checked): views of its buffer, each its layout narrowed to a run of
/// the axis (`layout/narrow.rs`), so that the copies read them as any view
/// (by rows, SIMD transposes).
#[allow(clippy::type_complexity)]
fn parts<'v, X, A, B>(
    v: &View<'v, X::Elem, X::Layout>,
) -> (
    View<'v, X::Elem, Narrowed<X::Layout, A, Part<ShapeOf<X>, A, B, false>>>,
    View<'v, X::Elem, Narrowed<X::Layout, B, Part<ShapeOf<X>, A, B, true>>>,
)
where
    X: AsView + ?Sized,
    A: Shape,
    B: Shape,
{
    (narrowed(v), narrowed(v))
}

/// `v` narrowed to the run `C` of one axis, of shape `S`.
fn narrowed<'v, T, L: Layout, S: Shape, C: Narrow>(
    v: &View<'v, T, L>,
) -> View<'v, T, Narrowed<L, S, C>> {
    // `Narrowed` maps in-range indices to in-range positions when the run
    // fits `L`'s shape; `SplitShape` has checked that the parts do.
    const {
        assert!(narrow::fits::<S, C>(
            <L::Shape as Shape>::PADDED,
            <L::Shape as Shape>::RANK
        ))
    };
    let (data, state) = v.parts();
    View::new(data, state)
}

/// The run of the split axis that a part of `S` split into `A` and `B`
/// takes: from 0 for the first part, from `A`'s size along the axis for the
/// rest. The axis is the first on which a part differs from `S` (the
/// others agree, `SplitShape`; when none differs, every part is empty on
/// it, and the run is empty).
struct Part<S, A, B, const REST: bool>(PhantomData<(S, A, B)>);

impl<S: Shape, A: Shape, B: Shape, const REST: bool> Narrow for Part<S, A, B, REST> {
    const AXIS: usize = split_axis(S::PADDED, A::PADDED, B::PADDED, S::RANK);
    const START: usize = if REST {
        A::PADDED[<Self as Narrow>::AXIS]
    } else {
        0
    };
}

/// The first axis below `rank` on which `a` or `b` differs from `s`, or 0.
const fn split_axis(s: Padded<usize>, a: Padded<usize>, b: Padded<usize>, rank: usize) -> usize {
    let mut k = 0;
    while k < rank {
        if a[k] != s[k] || b[k] != s[k] {
            return k;
        }
        k += 1;
    }
    0
}

/// `part` written into `out`: by the copies of `to_tensor` into row-major
/// elements without drop glue, else cloned element by element in order.
fn assign_part<D, L>(out: &mut D, part: &View<'_, D::Elem, L>)
where
    D: Destination + ?Sized,
    L: Layout<Shape = ShapeOf<D>>,
    D::Elem: Clone,
{
    if let Some(slots) = out
        .as_contiguous_mut()
        .and_then(Slots::of_init_without_drop)
    {
        return write_into(part, slots);
    }
    let mut elems = part.iter();
    write_each(out, |_| {
        elems
            .next()
            .expect("a part has its destination's shape")
            .clone()
    });
}

impl<X: AsView + ?Sized, P> Split<P> for X {}

#[cfg(test)]
mod tests {
    use crate::prelude::*;

    #[test]
    fn split_inverts_concat_on_every_axis() {
        let x = Tensor::<i32, Shape![3, 4, 5]>::from_flat_fn(|i| i as i32 * 3 - 7);
        let (a, b) = x.split::<Axis<0>, Shape![1, 4, 5], Shape![2, 4, 5]>();
        assert_eq!(a.concat::<Axis<0>>(&b), x);
        let (a, b) = x.split::<Axis<1>, Shape![3, 3, 5], Shape![3, 1, 5]>();
        assert_eq!(a.concat::<Axis<1>>(&b), x);
        let (a, b) = x.split::<Axis<2>, Shape![3, 4, 2], Shape![3, 4, 3]>();
        assert_eq!(a.concat::<Axis<2>>(&b), x);
        for i in 0..3 {
            for j in 0..4 {
                for k in 0..5 {
                    let part = if k < 2 {
                        a[[i, j, k]]
                    } else {
                        b[[i, j, k - 2]]
                    };
                    assert_eq!(part, x[[i, j, k]]);
                }
            }
        }
    }

    #[test]
    fn empty_parts() {
        let x = tensor![[1, 2], [3, 4]];
        let (a, b) = x.split::<Axis<1>, Shape![2, 0], Shape![2, 2]>();
        assert_eq!((a.shape(), b), ([2, 0], x));
        let (a, b) = x
            .flip::<Axes![0]>()
            .split::<Axis<0>, Shape![2, 2], Shape![0, 2]>();
        assert_eq!((a, b.shape()), (tensor![[3, 4], [1, 2]], [0, 2]));
    }

    /// A permuted `[3, 32, 32]` view (no contiguous run: walked by its
    /// iterator, each part skipping the other's elements) split along
    /// every axis, by value and into destinations, against indexing.
    #[test]
    fn strided_view_at_cifar_size_along_every_axis() {
        let x = Tensor::<i32, Shape![32, 3, 32]>::from_flat_fn(|i| i as i32 * 7 - 5);
        let v = x.permute::<Axes![1, 2, 0]>(); // [3, 32, 32]: v[[c, i, j]] = x[[j, c, i]]
        let (a0, b0) = v.split::<Axis<0>, Shape![1, 32, 32], Shape![2, 32, 32]>();
        let (a1, b1) = v.split::<Axis<1>, Shape![3, 5, 32], Shape![3, 27, 32]>();
        let (a2, b2) = v.split::<Axis<2>, Shape![3, 32, 30], Shape![3, 32, 2]>();
        let mut into = (
            Tensor::<i32, Shape![3, 5, 32]>::zeros(),
            Tensor::<i32, Shape![3, 27, 32]>::zeros(),
        );
        v.assign_split::<Axis<1>, _, _>(&mut into.0, &mut into.1);
        assert_eq!(into, (a1, b1));
        for c in 0..3 {
            for i in 0..32 {
                for j in 0..32 {
                    let want = x[[j, c, i]];
                    let got0 = if c < 1 {
                        a0[[c, i, j]]
                    } else {
                        b0[[c - 1, i, j]]
                    };
                    let got1 = if i < 5 {
                        a1[[c, i, j]]
                    } else {
                        b1[[c, i - 5, j]]
                    };
                    let got2 = if j < 30 {
                        a2[[c, i, j]]
                    } else {
                        b2[[c, i, j - 30]]
                    };
                    assert_eq!((got0, got1, got2), (want, want, want), "at {c} {i} {j}");
                }
            }
        }
    }

    /// The split axis is the first on which a part differs, at any rank
    /// up to 8; 0 when none does (every part empty on it).
    #[test]
    fn the_split_axis_is_the_first_that_differs() {
        use super::split_axis;
        let whole = [2, 3, 4, 1, 1, 1, 1, 6];
        let part = |axis: usize, d: usize| {
            let mut p = whole;
            p[axis] = d;
            p
        };
        for axis in 0..8 {
            assert_eq!(split_axis(whole, part(axis, 0), whole, 8), axis);
            assert_eq!(split_axis(whole, whole, part(axis, 0), 8), axis);
        }
        assert_eq!(split_axis(whole, whole, whole, 8), 0);
        assert_eq!(split_axis(whole, part(2, 1), part(2, 3), 3), 2);
    }
}
