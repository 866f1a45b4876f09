//! Joining tensors: `a.concat::<Axis<0>>(&b)` (NumPy `np.concatenate`).
//!
//! The shapes agree on every axis but the one joined, whose dimension in the
//! result is the type-level sum of the two ([`ConcatShape`]); generic code
//! gets the sum as `Shape![M + K, N]`, one arithmetic step that `#[shape]`
//! states for it.
//!
//! ```
//! use tensor_core::prelude::*;
//! let a = tensor![[1, 2], [3, 4]];
//! let b = tensor![[5, 6]];
//! assert_eq!(a.concat::<Axis<0>>(&b), tensor![[1, 2], [3, 4], [5, 6]]);
//! assert_eq!(a.concat::<Axis<1>>(&a.t()), tensor![[1, 2, 1, 3], [3, 4, 2, 4]]);
//! ```

use super::blocks::{assign_blocks, block, fill_blocks, outer, Blocks};
use super::destination::{write_each, Destination};
use super::elementwise::build;
use super::{AsView, ShapeOf};
use crate::dim::Agree;
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::uninit::build_with;
use crate::view::View;

/// `concat::<Axis<I>>()` of shapes `Self` and `B`: equal on every axis but
/// `I`, whose dimension in the result is the sum ([`AddDim`](crate::dim::AddDim)).
/// The other axes agree by type identity (one parameter for both shapes in
/// each impl's header), so generic code needs no bound for them; the sum is
/// one dimension-arithmetic step. The per-rank impls are
/// `do_not_recommend`: a mismatch is one error, this one. `P` is the proof
/// parameter ([`Agree`]), left to inference by `concat`: when no impl
/// applies it stays unknown, and rustc suggests no where-clause.
#[diagnostic::on_unimplemented(
    message = "cannot concatenate `{Self}` and `{B}` along `{I}`: the shapes must have the same rank, that axis, and equal dimensions on every other axis",
    label = "shapes do not concatenate along this axis"
)]
pub trait ConcatShape<B, I, P = Agree> {
    /// The concatenated shape.
    type Output: Shape;
    /// The axis along which the shapes are joined.
    const AXIS: usize;
}

/// No shape: the right operand of no concatenation. Its impl makes two
/// candidates for every left shape and axis, so that rustc waits for the
/// right operand's type instead of taking it from the one impl of that
/// rank and axis (which turned a mismatch into `expected (K, N), found
/// (K, M)` about the argument), and leaves the proof parameter unknown when
/// the shapes do not concatenate (no where-clause suggestion).
pub enum NoShape {}

#[diagnostic::do_not_recommend]
impl<S, I> ConcatShape<NoShape, I, Agree> for S {
    type Output = ();
    const AXIS: usize = 0;
}

/// The shape of `A` and `B` concatenated along the axis `I`.
pub type Joined<A, B, I, P = Agree> = <ShapeOf<A> as ConcatShape<ShapeOf<B>, I, P>>::Output;

/// Concatenation of any operand with another of the same element type.
pub trait Concat<B: AsView, P = Agree>: AsView<Elem = B::Elem> {
    /// `self` followed by `other` along the axis `I` (`Axis<k>`): NumPy
    /// `np.concatenate((self, other), axis=k)`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = Tensor::<i32, Shape![2, 2, 3]>::from_flat_fn(|i| i as i32);
    /// let y = x.concat::<Axis<2>>(&tensor![[[-1], [-2]], [[-3], [-4]]]);
    /// assert_eq!(y.shape(), [2, 2, 4]);
    /// assert_eq!(slice!(y, 1, 0), tensor![6, 7, 8, -3]);
    /// ```
    fn concat<I>(&self, other: &B) -> Tensor<Self::Elem, Joined<Self, B, I, P>>
    where
        ShapeOf<Self>: ConcatShape<ShapeOf<B>, I, P>,
        Self::Elem: Clone;
}

impl<A: AsView + ?Sized, B: AsView<Elem = A::Elem>, P> Concat<B, P> for A {
    fn concat<I>(&self, other: &B) -> Tensor<Self::Elem, Joined<Self, B, I, P>>
    where
        ShapeOf<Self>: ConcatShape<ShapeOf<B>, I, P>,
        Self::Elem: Clone,
    {
        let axis = <ShapeOf<Self> as ConcatShape<ShapeOf<B>, I, P>>::AXIS;
        let (a, b) = (self.as_view(), other.as_view());
        if let Some((sources, outer)) = contiguous::<Self, B>(&a, &b, axis) {
            return build_with(|slots| fill_blocks(slots, &sources, outer));
        }
        build(in_order::<Self, B>(&a, &b, axis))
    }
}

/// `concat` written into a [`Destination`] (a tensor, a boxed one, a
/// mutable view) of the joined shape: implemented for every destination.
pub trait AssignConcat<P = Agree>: Destination {
    /// Writes [`a.concat::<I>(b)`](Concat::concat) into this destination
    /// (NumPy `np.concatenate((a, b), axis=k, out=self)`).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let (a, b) = (tensor![[1, 2], [3, 4]], tensor![[5, 6]]);
    /// let mut out = Tensor::<i32, Shape![3, 2]>::zeros();
    /// out.assign_concat::<Axis<0>, _, _>(&a, &b);
    /// assert_eq!(out, a.concat::<Axis<0>>(&b));
    /// let mut t = Tensor::<i32, Shape![2, 3]>::zeros();
    /// t.view_mut().t().assign_concat::<Axis<0>, _, _>(&a, &b); // a strided view
    /// assert_eq!(t, tensor![[1, 3, 5], [2, 4, 6]]);
    /// ```
    fn assign_concat<I, A, B>(&mut self, a: &A, b: &B)
    where
        A: AsView<Elem = Self::Elem> + ?Sized,
        B: AsView<Elem = Self::Elem> + ?Sized,
        ShapeOf<A>: ConcatShape<ShapeOf<B>, I, P, Output = ShapeOf<Self>>,
        Self::Elem: Clone,
    {
        let axis = <ShapeOf<A> as ConcatShape<ShapeOf<B>, I, P>>::AXIS;
        let (a, b) = (a.as_view(), b.as_view());
        if let Some((sources, outer)) = contiguous::<A, B>(&a, &b, axis) {
            if assign_blocks(self, &sources, outer) {
                return;
            }
        }
        write_each(self, in_order::<A, B>(&a, &b, axis));
    }
}

impl<D: Destination + ?Sized, P> AssignConcat<P> for D {}

/// The blocks of `a` and `b` (one of each per index of the axes before
/// the joined one) and their number, when both are one run and the blocks
/// are wide enough to copy as slices (`blocks.rs`).
fn contiguous<'v, A, B>(
    a: &View<'v, A::Elem, A::Layout>,
    b: &View<'v, A::Elem, B::Layout>,
    axis: usize,
) -> Option<([Blocks<'v, A::Elem>; 2], usize)>
where
    A: AsView + ?Sized,
    B: AsView<Elem = A::Elem> + ?Sized,
{
    let (wa, wb) = (block::<ShapeOf<A>>(axis), block::<ShapeOf<B>>(axis));
    let blocks = [
        Blocks::of(a.as_contiguous()?, wa),
        Blocks::of(b.as_contiguous()?, wb),
    ];
    let outer = outer::<ShapeOf<A>>(axis);
    blocks.iter().all(Blocks::wide).then_some((blocks, outer))
}

/// The elements of `a` and `b` concatenated along `axis`, one per call, in
/// row-major order of the result (the argument is the position, ignored:
/// the calls come in order).
fn in_order<'v, A, B>(
    a: &'v View<'_, A::Elem, A::Layout>,
    b: &'v View<'_, A::Elem, B::Layout>,
    axis: usize,
) -> impl FnMut(usize) -> A::Elem + 'v
where
    A: AsView + ?Sized,
    B: AsView<Elem = A::Elem> + ?Sized,
    A::Elem: Clone,
{
    // Each outer index (the axes before `axis`) holds a block of `a`,
    // then a block of `b`: the rest of each tensor from `axis` on.
    let (wa, wb) = (block::<ShapeOf<A>>(axis), block::<ShapeOf<B>>(axis));
    let (mut ia, mut ib) = (a.iter(), b.iter());
    // `pos` is the position within the current pair of blocks, counted
    // rather than computed by `%` for every element.
    let mut pos = 0;
    move |_| {
        let next = if pos < wa { ia.next() } else { ib.next() };
        pos = if pos + 1 == wa + wb { 0 } else { pos + 1 };
        next.expect("the blocks cover both operands").clone()
    }
}
