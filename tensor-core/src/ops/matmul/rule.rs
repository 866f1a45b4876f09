//! The shape rules of `matmul` and `dot` (this folder): the operands'
//! matrix and batch axes, the inner dimensions, and the product's shape.
//! The per-rank impls are generated (`generated/shape_ops.rs`).

use crate::dim::{Agree, Dimension};
use crate::shape::Shape;

/// `matmul`'s shapes: `[.., M, K] x [.., K2, N] -> [.., M, N]`, the batch
/// axes `..` broadcast (NumPy `matmul`). The inner dimensions `K` and `K2`
/// are checked apart, by [`MatmulRhs`] through [`InnerDim`] (see there);
/// here [`INNER`](MatmulShapes::INNER) only refuses, at build time, a
/// product whose inner dimensions differ, so that no kernel can run one.
///
/// One blanket impl over [`MatrixAxes`] (each operand split into its batch
/// axes and its matrix): a mistake is reported by the rule it breaks (an
/// operand of fewer than 2 axes, batch axes), without a list of the
/// per-rank impls.
#[diagnostic::on_unimplemented(
    message = "cannot matmul `{Self}` by `{B}`: both need at least 2 axes, `[.., M, K] x [.., K, N]`",
    label = "fewer than 2 axes"
)]
pub trait MatmulShapes<B>: Shape {
    /// `[.., M, N]`.
    type Output: Shape;
    /// `M`.
    const ROWS: usize;
    /// `K`.
    const INNER: usize;
    /// `N`.
    const COLS: usize;
}

/// An operand of `matmul`: a shape of at least 2 axes, `[..Batch, Rows,
/// Cols]` (per-rank impls in `generated/shape_ops.rs`).
#[diagnostic::on_unimplemented(
    message = "cannot matmul `{Self}`: each operand of `matmul` needs at least 2 axes, `[.., M, K] x [.., K, N]` (`dot` multiplies two vectors)",
    label = "fewer than 2 axes"
)]
pub trait MatrixAxes: Shape {
    /// The axes before the last two.
    type Batch: Shape;
    /// The second-to-last dimension.
    type Rows: Dimension;
    /// The last dimension.
    type Cols: Dimension;
}

impl<A: MatrixAxes, B: MatrixAxes> MatmulShapes<B> for A
where
    A::Batch: MatmulBatch<B::Batch>,
    <A::Batch as MatmulBatch<B::Batch>>::Output: Append2<A::Rows, B::Cols>,
{
    type Output = <<A::Batch as MatmulBatch<B::Batch>>::Output as Append2<A::Rows, B::Cols>>::Out;
    const ROWS: usize = <A::Rows as Dimension>::VALUE;
    const INNER: usize = {
        let (k, k2) = (<A::Cols as Dimension>::VALUE, <B::Rows as Dimension>::VALUE);
        assert!(k == k2, "matmul: the inner dimensions differ");
        k
    };
    const COLS: usize = <B::Cols as Dimension>::VALUE;
}

/// The batch axes (all but the last two) of a matmul's operands broadcast:
/// `Self` and `B` are the two batch shapes, `Output` their broadcast (the
/// rule of [`BroadcastShapes`](crate::layout::expand::BroadcastShapes), with a matmul headline).
#[diagnostic::on_unimplemented(
    message = "cannot matmul: the batch axes (all but the last two), `{Self}` and `{B}`, do not broadcast",
    label = "batch axes do not broadcast"
)]
pub trait MatmulBatch<B> {
    /// The broadcast batch shape.
    type Output: Shape;
}

/// A shape with two more axes at the end: `(D0, .., X, Y)`.
pub trait Append2<X, Y> {
    /// The longer shape.
    type Out: Shape;
}

/// [`MatmulShapes`] stated from the right operand's side: `B: MatmulDims<A>`
/// exactly when `A: MatmulShapes<B>`, the product's shape and sizes
/// whatever its inner dimensions (the kernels' bound; [`MatmulRhs`] adds
/// the inner dimensions' check).
#[diagnostic::on_unimplemented(
    message = "cannot matmul `{A}` by `{Self}`: both need at least 2 axes, `[.., M, K] x [.., K, N]`",
    label = "fewer than 2 axes"
)]
pub trait MatmulDims<A>: Shape {
    /// `[.., M, N]`.
    type Output: Shape;
    /// `M`.
    const ROWS: usize;
    /// `K`.
    const INNER: usize;
    /// `N`.
    const COLS: usize;
}

impl<A: MatmulShapes<B>, B: Shape> MatmulDims<A> for B {
    type Output = A::Output;
    const ROWS: usize = A::ROWS;
    const INNER: usize = A::INNER;
    const COLS: usize = A::COLS;
}

/// The rule of `matmul`, stated from the right operand's side: `B:
/// MatmulRhs<A>` when `A` and `B` have the shapes of [`MatmulDims`] and
/// their inner dimensions agree ([`InnerDim`]). `matmul` bounds its
/// argument's shape with it, so that while the argument's type is still
/// being inferred the obligation waits (its self type is unknown) rather
/// than failing early with `_` for the argument's shape. The product's
/// shape is [`MatmulRhs::Product`] (`MatmulRhs<A, P, Product = S>` names
/// it): [`MatmulDims::Output`] once the inner dimensions agree, and no
/// type when they differ, so that a destination's shape is not compared
/// with it (one error per mistake).
///
/// `P` is always [`Agree`]; `matmul` leaves it to inference (see
/// [`InnerDim`]).
#[diagnostic::on_unimplemented(
    message = "cannot matmul `{A}` by `{Self}`: both need at least 2 axes, `[.., M, K] x [.., K, N]`",
    label = "fewer than 2 axes"
)]
pub trait MatmulRhs<A, P = Agree>: MatmulDims<A> {
    /// The product's shape, through [`InnerDim::Then`].
    type Product: Shape;
}

impl<A, B, P> MatmulRhs<A, P> for B
where
    A: MatmulShapes<B> + MatrixAxes,
    B: MatrixAxes,
    A::Cols: InnerDim<B::Rows, P>,
{
    type Product = <A::Cols as InnerDim<B::Rows, P>>::Then<<B as MatmulDims<A>>::Output>;
}

/// The inner dimensions of a matrix product agree: implemented only as
/// `K: InnerDim<K, Agree>`, so it holds in generic code without proof.
///
/// `matmul` leaves `P` to inference: when the dimensions differ it stays
/// unknown, and rustc then does not suggest restating the failed bound as
/// a where-clause (it suggests only bounds it can write out), which would
/// be the wrong fix for a size mismatch.
#[diagnostic::on_unimplemented(
    message = "cannot matmul: the inner dimensions differ, `{Self}` (columns of the left operand) and `{K}` (rows of the right)",
    label = "inner dimensions differ"
)]
pub trait InnerDim<K, P = Agree> {
    /// `X`, the product's shape: `matmul` names its result through this
    /// type, so that when the dimensions differ the result has no type and
    /// rustc reports no follow-on error at its uses (an `expected [1, O],
    /// found [1, I]` after the mismatch itself).
    type Then<X: Shape>: Shape;
}

#[diagnostic::do_not_recommend]
impl<K: Dimension> InnerDim<K, Agree> for K {
    type Then<X: Shape> = X;
}

/// No dimension: the rows of no operand. Its impl only keeps rustc from
/// presenting `K: InnerDim<K>` as "the" impl a mismatch missed, with this
/// file's source, beside the error's own words.
pub enum NoRows {}

#[diagnostic::do_not_recommend]
impl<K: Dimension> InnerDim<NoRows, Agree> for K {
    type Then<X: Shape> = X;
}

/// `dot`: two vectors of the same size, by type identity (no proof needed
/// in generic code). Stated from the right operand's side (`Self` is its
/// shape, `A` the left's), like [`MatmulRhs`], so the obligation waits for
/// the argument's type. `P` is [`SameLength`]'s proof parameter, left to
/// inference by `dot` (see [`InnerDim`]).
#[diagnostic::on_unimplemented(
    message = "cannot dot `{A}` with `{Self}`: `dot` takes two vectors (one axis each) of the same size",
    label = "not two vectors of one size"
)]
pub trait DotShapes<A, P = Agree> {}

#[diagnostic::do_not_recommend]
impl<K: Dimension, K2: Dimension, P> DotShapes<(K,), P> for (K2,) where K: SameLength<K2, P> {}

/// Two vectors have the same size: implemented only as `K: SameLength<K>`.
#[diagnostic::on_unimplemented(
    message = "cannot dot: the vectors' sizes differ, `{Self}` and `{K}`",
    label = "sizes differ"
)]
pub trait SameLength<K, P = Agree> {}

#[diagnostic::do_not_recommend]
impl<K: Dimension> SameLength<K, Agree> for K {}

/// As for [`InnerDim`]: keeps rustc from presenting the one impl, with this
/// file's source, when the sizes differ.
#[diagnostic::do_not_recommend]
impl<K: Dimension> SameLength<NoRows, Agree> for K {}
