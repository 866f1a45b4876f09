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

use super::blocks::{assign_blocks, block, fill_blocks, outer, Blocks};
use super::concat::ConcatShape;
use super::destination::{write_each, Destination};
use super::{AsView, ShapeOf};
use crate::dim::Agree;
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::uninit::build_pair_with;
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
        let axis = <ShapeOf<Self> as SplitShape<A, B, I, P>>::AXIS;
        let v = self.as_view();
        if let Some(([a, b], outer)) = contiguous::<Self, A>(&v, axis) {
            return build_pair_with(
                |out| fill_blocks(out, &[a], outer),
                |out| fill_blocks(out, &[b], outer),
            );
        }
        let (first, rest) = parts::<Self, A>(&v, axis);
        build_pair_with(|out| out.fill(first), |out| out.fill(rest))
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
        let axis = <ShapeOf<Self> as SplitShape<ShapeOf<DA>, ShapeOf<DB>, I, P>>::AXIS;
        let v = self.as_view();
        let (first, rest) = parts::<Self, ShapeOf<DA>>(&v, axis);
        match contiguous::<Self, ShapeOf<DA>>(&v, axis) {
            Some(([ba, bb], outer)) => {
                if !assign_blocks(a, &[ba], outer) {
                    write_each(a, first);
                }
                if !assign_blocks(b, &[bb], outer) {
                    write_each(b, rest);
                }
            }
            None => {
                write_each(a, first);
                write_each(b, rest);
            }
        }
    }
}

/// The blocks of the first part and of the rest within `v`'s elements,
/// and their number, when the elements are one run and the blocks wide
/// enough to copy as slices (`blocks.rs`): per index of the axes before
/// the cut one, the first `wa` of a block of `w`, then the other `w - wa`.
fn contiguous<'v, X, A: Shape>(
    v: &View<'v, X::Elem, X::Layout>,
    axis: usize,
) -> Option<([Blocks<'v, X::Elem>; 2], usize)>
where
    X: AsView + ?Sized,
{
    let (w, wa) = (block::<ShapeOf<X>>(axis), block::<A>(axis));
    let elems = v.as_contiguous()?;
    let part = |start, width| Blocks {
        elems,
        start,
        stride: w,
        width,
    };
    let blocks = [part(0, wa), part(wa, w - wa)];
    let outer = outer::<ShapeOf<X>>(axis);
    blocks.iter().all(Blocks::wide).then_some((blocks, outer))
}

/// Element `o` (row-major) of the first part (shape `A`) and of the rest
/// of `v` split along `axis`.
#[allow(clippy::type_complexity)]
fn parts<'v, X, A: Shape>(
    v: &'v View<'_, X::Elem, X::Layout>,
    axis: usize,
) -> (
    impl Fn(usize) -> X::Elem + 'v,
    impl Fn(usize) -> X::Elem + 'v,
)
where
    X: AsView + ?Sized,
    X::Elem: Clone,
{
    // Each outer index (the axes before `axis`) holds a block of the
    // whole width `w`, the first `wa` of it `A`'s, the rest `B`'s.
    let (w, wa) = (block::<ShapeOf<X>>(axis), block::<A>(axis));
    let wb = w - wa;
    (
        move |o| v.at_flat(o / wa * w + o % wa).clone(),
        move |o| v.at_flat(o / wb * w + wa + o % wb).clone(),
    )
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
}
