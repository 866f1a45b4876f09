//! The shape rules of `matmul` and `dot` (this folder): the operands'
//! matrix and batch axes, the inner dimensions, and the product's shape.
//! The per-rank impls are generated (`generated/shape_ops.rs`).

use crate::dim::Dimension;
use crate::shape::Shape;

/// `matmul`: `[.., M, K] x [.., K, N] -> [.., M, N]`, the batch axes `..`
/// broadcast (NumPy `matmul`). The inner dimensions agree through
/// [`InnerDim`], whose only impl is `K: InnerDim<K>`: generic code such as
/// `fn f<M, K, N>(a: &Tensor<T, (M, K)>, b: &Tensor<T, (K, N)>)` needs no
/// bound to call `a.matmul(b)`, and a mismatch names the two sizes.
///
/// One blanket impl over [`MatrixAxes`] (each operand split into its batch
/// axes and its matrix): a mistake is reported by the rule it breaks (an
/// operand of fewer than 2 axes, inner dimensions, batch axes), without a
/// list of the per-rank impls.
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
    A::Cols: InnerDim<B::Rows>,
    A::Batch: MatmulBatch<B::Batch>,
    <A::Batch as MatmulBatch<B::Batch>>::Output: Append2<A::Rows, B::Cols>,
{
    type Output = <<A::Batch as MatmulBatch<B::Batch>>::Output as Append2<A::Rows, B::Cols>>::Out;
    const ROWS: usize = <A::Rows as Dimension>::VALUE;
    const INNER: usize = <A::Cols as Dimension>::VALUE;
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

/// [`MatmulShapes`] stated from the right operand's side: `B: MatmulRhs<A>`
/// exactly when `A: MatmulShapes<B>`. `matmul` bounds its argument's shape
/// with it, so that while the argument's type is still being inferred the
/// obligation waits (its self type is unknown) rather than failing early
/// with `_` for the argument's shape.
#[diagnostic::on_unimplemented(
    message = "cannot matmul `{A}` by `{Self}`: both need at least 2 axes, `[.., M, K] x [.., K, N]`",
    label = "fewer than 2 axes"
)]
pub trait MatmulRhs<A>: Shape {
    /// `[.., M, N]`.
    type Output: Shape;
    /// `M`.
    const ROWS: usize;
    /// `K`.
    const INNER: usize;
    /// `N`.
    const COLS: usize;
}

impl<A: MatmulShapes<B>, B: Shape> MatmulRhs<A> for B {
    type Output = A::Output;
    const ROWS: usize = A::ROWS;
    const INNER: usize = A::INNER;
    const COLS: usize = A::COLS;
}

/// The inner dimensions of a matrix product agree: implemented only as
/// `K: InnerDim<K>`, so it holds in generic code without proof.
#[diagnostic::on_unimplemented(
    message = "cannot matmul: the inner dimensions differ, `{Self}` (columns of the left operand) and `{K}` (rows of the right)",
    label = "inner dimensions differ"
)]
pub trait InnerDim<K> {}

impl<K: Dimension> InnerDim<K> for K {}

/// `dot`: two vectors of the same size, by type identity (no proof needed
/// in generic code). Stated from the right operand's side (`Self` is its
/// shape, `A` the left's), like [`MatmulRhs`], so the obligation waits for
/// the argument's type.
#[diagnostic::on_unimplemented(
    message = "cannot dot `{A}` with `{Self}`: `dot` takes two vectors (one axis each) of the same size",
    label = "not two vectors of one size"
)]
pub trait DotShapes<A> {}

impl<K: Dimension, K2: Dimension> DotShapes<(K,)> for (K2,) where K: SameLength<K2> {}

/// Two vectors have the same size: implemented only as `K: SameLength<K>`.
#[diagnostic::on_unimplemented(
    message = "cannot dot: the vectors' sizes differ, `{Self}` and `{K}`",
    label = "sizes differ"
)]
pub trait SameLength<K> {}

impl<K: Dimension> SameLength<K> for K {}
