//! Shape compatibility as traits: what each view operation requires of its
//! shapes, and the compile error a user sees when a shape breaks the rule.
//!
//! Each rule is a trait implemented exactly for the shapes that follow it
//! (the per-rank impls are generated: `generated/shape_ops.rs`). A call that
//! breaks a rule fails `cargo check` at the call, with the headline of the
//! trait's `#[diagnostic::on_unimplemented]`, which names the operation and
//! the rule. Shapes print with decimal dimensions (`(Dim<2>, Dim<3>)`).
//!
//! ```
//! use tensor_core::constraint::{AxisOf, PermuteShape};
//! use tensor_core::prelude::*;
//! type P = <Shape![2, 3, 4] as PermuteShape<Axes![2, 0, 1]>>::Output;
//! assert_eq!(P::DIMS, [4, 2, 3]);
//! ```

use typenum::{Unsigned, B1};

use crate::dim::{Dim1, Dimension};
pub use crate::list::{AsList, AsTuple, Cons, Nil};
use crate::shape::Shape;

/// The dimension at axis `I`: `(D0, D1, ..)::Dim = DI`, for `I < RANK`.
#[diagnostic::on_unimplemented(
    message = "axis {I} is out of range for shape `{Self}`",
    label = "this shape has no axis {I}"
)]
pub trait AxisOf<const I: usize> {
    /// The dimension type at axis `I`.
    type Dim: Dimension;
}

impl<S: Shape, A: crate::axis::Axes> crate::seal::ShapeAxes<A> for S {}

impl<S: Shape, W: Shape> crate::seal::ShapePair<W> for S {}

/// `permute::<P>()`: output axis `k` is input axis `P[k]`. Implemented when
/// `P` lists `RANK` axes, each below `RANK`; `Axes!` rejects repeats, so that
/// makes `P` a permutation of `0..RANK`. Sealed (`seal.rs`): the views
/// trust `Output` to be the input's dimensions reordered.
#[diagnostic::on_unimplemented(
    message = "cannot permute shape `{Self}` by `{P}`: the axes must be a permutation of 0..RANK",
    label = "not a permutation of this shape's axes"
)]
pub trait PermuteShape<P>: crate::seal::ShapeAxes<P> {
    /// The permuted shape.
    type Output: Shape;
}

/// `flip::<A>()`: every axis listed in `A` exists. Sealed (`seal.rs`).
#[diagnostic::on_unimplemented(
    message = "cannot flip shape `{Self}` along `{A}`: an axis is out of range",
    label = "axis out of range"
)]
pub trait FlipShape<A>: crate::seal::ShapeAxes<A> {}

/// `.t()`: the axes that swap the last two; implemented for rank 2 and more.
#[diagnostic::on_unimplemented(
    message = "cannot transpose shape `{Self}`: `.t()` swaps the last two axes and needs at least 2",
    label = "fewer than 2 axes"
)]
pub trait Transpose {
    /// `Axes![0, 1, .., R - 1, R - 2]`.
    type Axes: crate::axis::Axes;
}

/// The number of elements as a typenum: the product of the dims' typenums.
pub trait ElementCount {
    /// The product.
    type Count: Unsigned;
}

/// `reshape::<T>()` of a shape `S`: the element counts are equal. The check
/// is `Count<S>: SameCount<S, T, Count<T>>`, implemented only when the two
/// counts are one type, so a mismatch is reported with this headline rather
/// than as a typenum type mismatch. For concrete shapes both counts are
/// canonical typenums; for dimension variables they are one type when the
/// shapes differ only by size-1 axes (see [`Dimension::Times`]).
#[diagnostic::on_unimplemented(
    message = "cannot reshape `{S}` into `{T}`: the element counts differ",
    label = "element counts differ"
)]
pub trait SameCount<S, T, Other> {}

impl<S, T, N> SameCount<S, T, N> for N {}

/// `Self` reshapes to `T`: their element counts are equal.
///
/// For concrete shapes the compiler multiplies the dimensions itself, and
/// shapes with dimension variables that differ only by size-1 axes
/// (`[O]`, `[O, 1, 1]`) have one count type. Equal counts the compiler
/// cannot see in generic code (`[C, H, W]` and `[C * H * W]`) need no bound
/// either: in a `#[shape]` item that writes a product of variables, the
/// attribute checks that item's reshapes when it is instantiated
/// (`cargo build`), so callers, generic or not, state nothing:
///
/// ```
/// use tensor_core::prelude::*;
///
/// #[shape(C, H, W)]
/// fn flatten(x: Tensor<f32, Shape![C, H, W]>) -> Tensor<f32, Shape![C * H * W]> {
///     x.into_reshape()
/// }
///
/// #[shape(C, H, W)]
/// fn first(x: Tensor<f32, Shape![C, H, W]>) -> f32 {
///     flatten(x)[[0]] // a generic caller: no bound
/// }
/// assert_eq!(first(Tensor::<f32, Shape![3, 32, 32]>::ones()), 1.0);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot reshape `{Self}` into `{T}`: the element counts differ, or are not known to be equal for every size of the dimension variables",
    label = "element counts differ or are not known to be equal",
    note = "if the counts are equal for every size of the dimension variables (a flatten or a split), write the flattened shape in the `#[shape]` item (`Shape![C * H * W]`; a `let` annotation is enough): the attribute then checks the item's reshapes when it is instantiated"
)]
pub trait ReshapesTo<T> {}

/// Stated through the target's side ([`ReshapeFrom`]), so that while the
/// target is still being inferred (`x.into_reshape()` returned from a
/// function) the obligation waits for it instead of failing early.
#[diagnostic::do_not_recommend]
impl<S: Shape, T: ReshapeFrom<S>> ReshapesTo<T> for S {}

/// [`ReshapesTo`] from the target's side: `T: ReshapeFrom<S>` when the
/// element counts of `S` and `T`, products of typenums, are equal.
#[diagnostic::on_unimplemented(
    message = "cannot reshape `{S}` into `{Self}`: the element counts differ, or are not known to be equal for every size of the dimension variables",
    label = "element counts differ or are not known to be equal"
)]
pub trait ReshapeFrom<S> {}

#[diagnostic::do_not_recommend]
impl<S, T> ReshapeFrom<S> for T
where
    S: Shape + ElementCount,
    T: Shape + ElementCount,
    S::Count: SameCount<S, T, T::Count>,
{
}

/// `expand::<T>()` of a shape `S` (NumPy `broadcast_to`): aligned from the
/// right, each dimension of `S` equals `T`'s or is 1 ([`ExpandDim`](crate::dim::ExpandDim)), and
/// `T` has at least as many axes. The per-rank impls are marked
/// `do_not_recommend`, so a mismatch is one error naming both shapes.
#[diagnostic::on_unimplemented(
    message = "cannot broadcast shape `{Self}` to `{T}`: aligned from the right, each dimension must equal the target's or be 1, and the target needs at least as many axes",
    label = "not broadcast-compatible"
)]
pub trait BroadcastTo<T> {}

/// Picks one of two types by a typenum bit: `B1` gives `A`, `B0` gives `B`.
pub trait Choose<A, B> {
    /// The chosen type.
    type Out;
}

impl<A, B> Choose<A, B> for B1 {
    type Out = A;
}

impl<A, B> Choose<A, B> for typenum::B0 {
    type Out = B;
}

/// NumPy broadcasting of two shapes: aligned from the right, each pair of
/// dimensions broadcasts ([`BroadcastDim`](crate::dim::BroadcastDim): equal, or one of them 1);
/// missing leading axes are taken from the longer shape. `Output` is the
/// result shape. The rule needs no arithmetic, so generic code broadcasts
/// `[M, N]` with `[M, 1]`, `[1, N]` and `[N]` with no where-clause; the
/// per-rank impls are `do_not_recommend`, so a mismatch is one error
/// naming both shapes as written.
#[diagnostic::on_unimplemented(
    message = "shapes `{Self}` and `{B}` do not broadcast: aligned from the right, each pair of dimensions must be equal or contain a 1",
    label = "incompatible shapes"
)]
pub trait BroadcastShapes<B> {
    /// The broadcast shape.
    type Output: Shape;
}

/// `T` is a broadcast target of `X`: `X: BroadcastTo<T>` stated from the
/// target's side, so that a shape computed as a broadcast result can carry
/// it as a bound (`Broadcast::Out`), which generic code then sees.
#[diagnostic::on_unimplemented(
    message = "cannot broadcast shape `{X}` to `{Self}`: aligned from the right, each dimension must equal the target's or be 1, and the target needs at least as many axes",
    label = "not broadcast-compatible"
)]
pub trait BroadcastFrom<X> {}

#[diagnostic::do_not_recommend]
impl<X: BroadcastTo<T>, T> BroadcastFrom<X> for T {}

/// Whether the axis list contains axis `I` (a typenum), as typenum's `B1`
/// or `B0`.
pub trait ListsAxis<I> {
    /// `B1` when listed.
    type Found: typenum::Bit;
}

/// Every axis listed in `A` is an axis of the shape.
#[diagnostic::on_unimplemented(
    message = "cannot reduce shape `{Self}` over `{A}`: an axis is out of range",
    label = "axis out of range"
)]
pub trait AxesExist<A> {}

/// The list of dimensions without the axes listed in `A`, numbering this
/// list's first axis `I`: an axis is kept unless `A` lists it.
pub trait DropFrom<A, I> {
    /// The kept dimensions.
    type Out;
}

impl<A, I> DropFrom<A, I> for Nil {
    type Out = Nil;
}

impl<D, R, A, I> DropFrom<A, I> for Cons<D, R>
where
    A: ListsAxis<I>,
    I: core::ops::Add<B1>,
    R: DropFrom<A, typenum::Add1<I>>,
    <A as ListsAxis<I>>::Found: Choose<R::Out, Cons<D, R::Out>>,
{
    type Out = <<A as ListsAxis<I>>::Found as Choose<R::Out, Cons<D, R::Out>>>::Out;
}

/// A reduction over the axes `A` (`sum_axes::<A>()`): they exist, and the
/// result drops them. `Output` is the reduced shape.
#[diagnostic::on_unimplemented(
    message = "cannot reduce shape `{Self}` over `{A}`: an axis is out of range",
    label = "axis out of range"
)]
pub trait ReduceShape<A>: Shape {
    /// The shape without the reduced axes.
    type Output: Shape;
}

impl<S, A> ReduceShape<A> for S
where
    S: Shape + AxesExist<A> + AsList,
    S::List: DropFrom<A, typenum::U0>,
    <S::List as DropFrom<A, typenum::U0>>::Out: AsTuple,
{
    type Output = <<S::List as DropFrom<A, typenum::U0>>::Out as AsTuple>::Tuple;
}

/// The list of dimensions with the axes listed in `A` replaced by 1,
/// numbering this list's first axis `I`.
pub trait KeepFrom<A, I> {
    /// The dimensions, reduced ones as `Dim1`.
    type Out;
}

impl<A, I> KeepFrom<A, I> for Nil {
    type Out = Nil;
}

impl<D, R, A, I> KeepFrom<A, I> for Cons<D, R>
where
    A: ListsAxis<I>,
    I: core::ops::Add<B1>,
    R: KeepFrom<A, typenum::Add1<I>>,
    <A as ListsAxis<I>>::Found: Choose<Cons<Dim1, R::Out>, Cons<D, R::Out>>,
{
    type Out = <<A as ListsAxis<I>>::Found as Choose<Cons<Dim1, R::Out>, Cons<D, R::Out>>>::Out;
}

/// A reduction over the axes `A` that keeps them with size 1
/// (`sum_axes_keep::<A>()`, NumPy `keepdims=True`): they exist, and the
/// result has the same rank with 1 in their place. `Output` is that shape;
/// it has the elements of [`ReduceShape::Output`] in the same order.
#[diagnostic::on_unimplemented(
    message = "cannot reduce shape `{Self}` over `{A}`: an axis is out of range",
    label = "axis out of range"
)]
pub trait KeepShape<A>: ReduceShape<A> {
    /// The shape with the reduced axes set to 1.
    type Output: Shape;
}

impl<S, A> KeepShape<A> for S
where
    S: ReduceShape<A> + AsList,
    S::List: KeepFrom<A, typenum::U0>,
    <S::List as KeepFrom<A, typenum::U0>>::Out: AsTuple,
{
    type Output = <<S::List as KeepFrom<A, typenum::U0>>::Out as AsTuple>::Tuple;
}

/// `concat::<Axis<I>>()` of shapes `Self` and `B`: equal on every axis but
/// `I`, whose dimension in the result is the sum ([`AddDim`](crate::dim::AddDim)).
/// The other axes agree by type identity ([`SameDim`]), so generic code
/// needs no bound for them; the sum is one dimension-arithmetic step. The
/// per-rank impls are `do_not_recommend`: a mismatch is one error, this one.
#[diagnostic::on_unimplemented(
    message = "cannot concatenate `{Self}` and `{B}` along `{I}`: the shapes must have the same rank, that axis, and equal dimensions on every other axis",
    label = "shapes do not concatenate along this axis"
)]
pub trait ConcatShape<B, I> {
    /// The concatenated shape.
    type Output: Shape;
    /// The axis along which the shapes are joined.
    const AXIS: usize;
}

/// [`ConcatShape`] stated from the right operand's side (`Self` is its
/// shape), like [`MatmulRhs`]: the obligation waits until the argument's
/// shape is known, so a mismatch is reported with the rule rather than as
/// a type mismatch inferred from the first operand.
#[diagnostic::on_unimplemented(
    message = "cannot concatenate `{A}` and `{Self}` along `{I}`: the shapes must have the same rank, that axis, and equal dimensions on every other axis",
    label = "shapes do not concatenate along this axis"
)]
pub trait ConcatRhs<A, I> {
    /// The concatenated shape.
    type Output: Shape;
    /// The axis along which the shapes are joined.
    const AXIS: usize;
}

#[diagnostic::do_not_recommend]
impl<A: ConcatShape<B, I>, B, I> ConcatRhs<A, I> for B {
    type Output = A::Output;
    const AXIS: usize = A::AXIS;
}

/// `stack::<Axis<I>>()` of `N` tensors of shape `Self`: the dimension `N`
/// inserted before axis `I`, which may be any of `0..=RANK` (NumPy
/// `np.stack(xs, axis=I)`); the result has at most 8 axes.
#[diagnostic::on_unimplemented(
    message = "cannot stack tensors of shape `{Self}` along `{I}`: the new axis must be at most the rank, and the result at most 8 axes",
    label = "axis out of range for stacking"
)]
pub trait StackShape<N, I> {
    /// The stacked shape.
    type Output: Shape;
    /// The position of the new axis.
    const AXIS: usize;
}

/// `split::<Axis<I>, A, B>()` of a tensor of shape `Self`: the exact
/// inverse of `concat`, so `A` and `B` agree with `Self` on every axis but
/// `I`, where their sizes sum to `Self`'s ([`ConcatShape`] of `A` and `B`
/// is `Self`). The impl is `do_not_recommend`: a mismatch is this error.
#[diagnostic::on_unimplemented(
    message = "cannot split `{Self}` along `{I}` into `{A}` and `{B}`: the parts must have its rank, its dimensions on every other axis, and sizes along the axis that sum to its own",
    label = "parts do not split this shape along this axis"
)]
pub trait SplitShape<A, B, I> {
    /// The axis along which the shape is cut.
    const AXIS: usize;
}

#[diagnostic::do_not_recommend]
impl<S, A, B, I> SplitShape<A, B, I> for S
where
    A: ConcatShape<B, I, Output = S>,
{
    const AXIS: usize = A::AXIS;
}

/// `windows::<W>()` of a shape `Self`: the window `W` (rank `K`) covers
/// the last `K` axes, each at least as large as the window's dimension;
/// the result keeps the leading axes, then has `D - W + 1` window
/// positions per covered axis, then the window's own axes (NumPy
/// `sliding_window_view`). At most 8 axes in all. Sealed (`seal.rs`): the
/// window layout trusts `Output`.
#[diagnostic::on_unimplemented(
    message = "cannot take windows `{W}` of shape `{Self}`: the window must not be larger than the trailing axes it covers, nor have more axes than the shape, and the result has at most 8 axes",
    label = "window does not fit this shape"
)]
pub trait WindowShape<W>: crate::seal::ShapePair<W> {
    /// The shape of the window view.
    type Output: Shape;
}

/// `windows_step::<W, St>()` of a shape `Self`: [`WindowShape`] with the
/// window moved by `St` (one step per window axis, each at least 1), so
/// `(D - W) / St + 1` positions per covered axis (rounded down, NumPy's
/// `sliding_window_view(x, W)[.., ::St]`). Sealed (`seal.rs`).
#[diagnostic::on_unimplemented(
    message = "cannot take windows `{W}` with steps `{St}` of shape `{Self}`: the window must not be larger than the trailing axes it covers, the steps must be one per window axis and not 0, and the result has at most 8 axes",
    label = "strided window does not fit this shape"
)]
pub trait StepWindowShape<W, St>: crate::seal::ShapePair<W> + crate::seal::ShapePair<St> {
    /// The shape of the window view.
    type Output: Shape;
}

/// `max_pool2d::<Shape![KH, KW]>()` and `avg_pool2d` of a shape `Self`:
/// rank 2 or more, the last two axes multiples of `KH` and `KW`; the
/// result divides them (non-overlapping pools, stride = pool size).
#[diagnostic::on_unimplemented(
    message = "cannot pool shape `{Self}` by `{W}`: the pool takes 2 axes, and the last two axes must be multiples of its sizes",
    label = "pool does not divide this shape"
)]
pub trait PoolShape<W> {
    /// The pooled shape.
    type Output: Shape;
}

/// `conv2d` of an input of shape `Self`, `[C, H, W]`, by weights of shape
/// `K`, `[O, C, KH, KW]`: the channels agree (by type identity, [`SameDim`])
/// and the kernel fits (`KH <= H`, `KW <= W`); the result is
/// `[O, H - KH + 1, W - KW + 1]` (valid padding, stride 1).
#[diagnostic::on_unimplemented(
    message = "cannot convolve an input of shape `{Self}` with weights of shape `{K}`: the input is `[C, H, W]`, the weights `[O, C, KH, KW]` with the same `C`, and the kernel no larger than the image",
    label = "input and weights do not convolve"
)]
pub trait Conv2dShape<K> {
    /// `[O, H - KH + 1, W - KW + 1]`.
    type Output: Shape;
}

#[diagnostic::do_not_recommend]
impl<C, H, W, O, C2, KH, KW> Conv2dShape<(O, C2, KH, KW)> for (C, H, W)
where
    C: Dimension + SameDim<C2>,
    H: Dimension + crate::dim::SubDim<KH>,
    W: Dimension + crate::dim::SubDim<KW>,
    crate::dim::DimDiff<H, KH>: crate::dim::AddDim<Dim1>,
    crate::dim::DimDiff<W, KW>: crate::dim::AddDim<Dim1>,
    O: Dimension,
    C2: Dimension,
    KH: Dimension,
    KW: Dimension,
{
    type Output = (
        O,
        crate::dim::DimSum<crate::dim::DimDiff<H, KH>, Dim1>,
        crate::dim::DimSum<crate::dim::DimDiff<W, KW>, Dim1>,
    );
}

/// [`Conv2dShape`] stated from the weights' side (`Self` is their shape,
/// `X` the input's), like [`MatmulRhs`]: the obligation waits until the
/// weights' shape is known, so channels that differ are reported with the
/// rule rather than as a type mismatch inferred from the input.
#[diagnostic::on_unimplemented(
    message = "cannot convolve an input of shape `{X}` with weights of shape `{Self}`: the input is `[C, H, W]`, the weights `[O, C, KH, KW]` with the same `C`, and the kernel no larger than the image",
    label = "input and weights do not convolve"
)]
pub trait Conv2dWeights<X> {
    /// `[O, H - KH + 1, W - KW + 1]`.
    type Output: Shape;
}

#[diagnostic::do_not_recommend]
impl<X: Conv2dShape<K>, K> Conv2dWeights<X> for K {
    type Output = X::Output;
}

/// `conv2d_step::<St>` of an input of shape `Self`, `[C, H, W]`, by weights
/// `K`, `[O, C, KH, KW]`, moved by the steps `St`, `[SH, SW]` (none 0):
/// [`Conv2dShape`]'s rule, with `[O, (H - KH) / SH + 1, (W - KW) / SW + 1]`
/// outputs (rounded down, as PyTorch's `stride`).
#[diagnostic::on_unimplemented(
    message = "cannot convolve an input of shape `{Self}` with weights of shape `{K}` by steps `{St}`: the input is `[C, H, W]`, the weights `[O, C, KH, KW]` with the same `C`, the kernel no larger than the image, and the steps `[SH, SW]`, not 0",
    label = "input, weights and steps do not convolve"
)]
pub trait Conv2dStepShape<K, St> {
    /// `[O, (H - KH) / SH + 1, (W - KW) / SW + 1]`.
    type Output: Shape;
}

#[diagnostic::do_not_recommend]
impl<C, H, W, O, C2, KH, KW, SH, SW> Conv2dStepShape<(O, C2, KH, KW), (SH, SW)> for (C, H, W)
where
    C: Dimension + SameDim<C2>,
    H: Dimension + crate::dim::SubDim<KH>,
    W: Dimension + crate::dim::SubDim<KW>,
    crate::dim::DimDiff<H, KH>: crate::dim::FloorDivDim<SH>,
    crate::dim::DimDiff<W, KW>: crate::dim::FloorDivDim<SW>,
    crate::dim::DimFloorQuot<crate::dim::DimDiff<H, KH>, SH>: crate::dim::AddDim<Dim1>,
    crate::dim::DimFloorQuot<crate::dim::DimDiff<W, KW>, SW>: crate::dim::AddDim<Dim1>,
    O: Dimension,
    C2: Dimension,
    KH: Dimension,
    KW: Dimension,
    SH: Dimension,
    SW: Dimension,
{
    type Output = (
        O,
        crate::dim::DimSum<crate::dim::DimFloorQuot<crate::dim::DimDiff<H, KH>, SH>, Dim1>,
        crate::dim::DimSum<crate::dim::DimFloorQuot<crate::dim::DimDiff<W, KW>, SW>, Dim1>,
    );
}

/// [`Conv2dStepShape`] stated from the weights' side, as [`Conv2dWeights`].
#[diagnostic::on_unimplemented(
    message = "cannot convolve an input of shape `{X}` with weights of shape `{Self}` by steps `{St}`: the input is `[C, H, W]`, the weights `[O, C, KH, KW]` with the same `C`, the kernel no larger than the image, and the steps `[SH, SW]`, not 0",
    label = "input, weights and steps do not convolve"
)]
pub trait Conv2dStepWeights<X, St> {
    /// `[O, (H - KH) / SH + 1, (W - KW) / SW + 1]`.
    type Output: Shape;
}

#[diagnostic::do_not_recommend]
impl<X: Conv2dStepShape<K, St>, K, St> Conv2dStepWeights<X, St> for K {
    type Output = X::Output;
}

/// `conv2d_same` of an input of shape `Self`, `[C, H, W]`, by weights `K`,
/// `[O, C, KH, KW]`: the channels agree, and the output keeps the image's
/// size, `[O, H, W]` (the input padded by `KH - 1` rows and `KW - 1`
/// columns, the odd one after, as PyTorch's `padding="same"`).
#[diagnostic::on_unimplemented(
    message = "cannot convolve an input of shape `{Self}` with weights of shape `{K}`: the input is `[C, H, W]`, the weights `[O, C, KH, KW]` with the same `C`",
    label = "input and weights do not convolve"
)]
pub trait Conv2dSameShape<K> {
    /// `[O, H, W]`.
    type Output: Shape;
}

#[diagnostic::do_not_recommend]
impl<C, H, W, O, C2, KH, KW> Conv2dSameShape<(O, C2, KH, KW)> for (C, H, W)
where
    C: Dimension + SameDim<C2>,
    H: Dimension,
    W: Dimension,
    O: Dimension,
    C2: Dimension,
    KH: Dimension,
    KW: Dimension,
{
    type Output = (O, H, W);
}

/// [`Conv2dSameShape`] stated from the weights' side, as [`Conv2dWeights`].
#[diagnostic::on_unimplemented(
    message = "cannot convolve an input of shape `{X}` with weights of shape `{Self}`: the input is `[C, H, W]`, the weights `[O, C, KH, KW]` with the same `C`",
    label = "input and weights do not convolve"
)]
pub trait Conv2dSameWeights<X> {
    /// `[O, H, W]`.
    type Output: Shape;
}

#[diagnostic::do_not_recommend]
impl<X: Conv2dSameShape<K>, K> Conv2dSameWeights<X> for K {
    type Output = X::Output;
}

/// `conv2d_same_step::<St>` of an input `Self`, `[C, H, W]`, by weights
/// `K`, `[O, C, KH, KW]`, moved by the steps `St`, `[SH, SW]` (none 0):
/// `[O, ceil(H / SH), ceil(W / SW)]` (TensorFlow's `padding="SAME"`).
#[diagnostic::on_unimplemented(
    message = "cannot convolve an input of shape `{Self}` with weights of shape `{K}` by steps `{St}`: the input is `[C, H, W]`, the weights `[O, C, KH, KW]` with the same `C`, and the steps `[SH, SW]`, not 0",
    label = "input, weights and steps do not convolve"
)]
pub trait Conv2dSameStepShape<K, St> {
    /// `[O, ceil(H / SH), ceil(W / SW)]`.
    type Output: Shape;
}

/// `ceil(D / S)`, as `(D + S - 1) / S` rounded down.
type CeilQuot<D, S> =
    crate::dim::DimFloorQuot<crate::dim::DimDiff<crate::dim::DimSum<D, S>, Dim1>, S>;

#[diagnostic::do_not_recommend]
impl<C, H, W, O, C2, KH, KW, SH, SW> Conv2dSameStepShape<(O, C2, KH, KW), (SH, SW)> for (C, H, W)
where
    C: Dimension + SameDim<C2>,
    H: Dimension + crate::dim::AddDim<SH>,
    W: Dimension + crate::dim::AddDim<SW>,
    crate::dim::DimSum<H, SH>: crate::dim::SubDim<Dim1>,
    crate::dim::DimSum<W, SW>: crate::dim::SubDim<Dim1>,
    crate::dim::DimDiff<crate::dim::DimSum<H, SH>, Dim1>: crate::dim::FloorDivDim<SH>,
    crate::dim::DimDiff<crate::dim::DimSum<W, SW>, Dim1>: crate::dim::FloorDivDim<SW>,
    O: Dimension,
    C2: Dimension,
    KH: Dimension,
    KW: Dimension,
    SH: Dimension,
    SW: Dimension,
{
    type Output = (O, CeilQuot<H, SH>, CeilQuot<W, SW>);
}

/// [`Conv2dSameStepShape`] stated from the weights' side.
#[diagnostic::on_unimplemented(
    message = "cannot convolve an input of shape `{X}` with weights of shape `{Self}` by steps `{St}`: the input is `[C, H, W]`, the weights `[O, C, KH, KW]` with the same `C`, and the steps `[SH, SW]`, not 0",
    label = "input, weights and steps do not convolve"
)]
pub trait Conv2dSameStepWeights<X, St> {
    /// `[O, ceil(H / SH), ceil(W / SW)]`.
    type Output: Shape;
}

#[diagnostic::do_not_recommend]
impl<X: Conv2dSameStepShape<K, St>, K, St> Conv2dSameStepWeights<X, St> for K {
    type Output = X::Output;
}

/// Two dimensions are the same: implemented only as `D: SameDim<D>`, so it
/// holds in generic code without proof.
#[diagnostic::on_unimplemented(
    message = "dimensions `{Self}` and `{D}` differ",
    label = "dimensions differ"
)]
pub trait SameDim<D> {}

impl<D: Dimension> SameDim<D> for D {}

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
/// rule of [`BroadcastShapes`], with a matmul headline).
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;

    /// Compiles only if `A` and `B` broadcast to `R`.
    fn broadcasts_to<A: BroadcastShapes<B, Output = R>, B, R>() {}

    #[test]
    fn numpy_broadcasting_is_computed_in_the_type() {
        broadcasts_to::<Shape![256, 256], Shape![256], Shape![256, 256]>();
        broadcasts_to::<Shape![8, 1, 6, 1], Shape![7, 1, 5], Shape![8, 7, 6, 5]>();
        broadcasts_to::<Shape![1], Shape![3, 4], Shape![3, 4]>();
        broadcasts_to::<Shape![], Shape![2], Shape![2]>();
        broadcasts_to::<Shape![5, 4], Shape![1], Shape![5, 4]>();
    }

    /// Compiles only if reducing `S` over `A` gives `R`.
    fn reduces_to<S: ReduceShape<A, Output = R>, A, R>() {}

    /// Compiles only if reducing `S` over `A` with kept axes gives `R`.
    fn keeps_to<S: KeepShape<A, Output = R>, A, R>() {}

    #[test]
    fn keepdims_reductions_set_the_listed_axes_to_one() {
        keeps_to::<Shape![2, 3, 4], Axes![1], Shape![2, 1, 4]>();
        keeps_to::<Shape![2, 3, 4], Axes![2, 0], Shape![1, 3, 1]>();
        keeps_to::<Shape![2, 3], Axes![], Shape![2, 3]>();
    }

    #[test]
    fn reductions_drop_the_listed_axes() {
        reduces_to::<Shape![2, 3, 4], Axes![1], Shape![2, 4]>();
        reduces_to::<Shape![2, 3, 4], Axes![2, 0], Shape![3]>();
        reduces_to::<Shape![2, 3, 4], Axes![0, 1, 2], Shape![]>();
        reduces_to::<Shape![2, 3, 4], Axes![], Shape![2, 3, 4]>();
    }
}
