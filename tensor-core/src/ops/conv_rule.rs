//! The shape rules of the convolutions (`conv.rs`, `conv_pad.rs`,
//! `conv_assign.rs`): what `conv2d`, `conv2d_step`, `conv2d_same` and
//! `conv2d_same_step` require of the input's and the weights' shapes, and
//! the shape they give. Each rule is one trait, stated from the weights'
//! side (`Self` is their shape, `X` the input's), like
//! [`MatmulRhs`](crate::constraint::MatmulRhs): the obligation waits until
//! the weights' shape is known, so channels that differ are reported with
//! the rule rather than as a type mismatch inferred from the input. The
//! impls are `do_not_recommend`: a mismatch is one error, the rule's.

use crate::dim::{
    AddDim, Agree, Dim1, DimDiff, DimFloorQuot, DimSum, Dimension, FloorDivDim, SubDim,
};
use crate::shape::Shape;

/// `conv2d` of an input of shape `X`, `[C, H, W]`, by weights of shape
/// `Self`, `[O, C, KH, KW]`: the channels agree (the same `C` in the impl's
/// header) and the kernel fits (`KH <= H`, `KW <= W`); the result is
/// `[O, H - KH + 1, W - KW + 1]` (valid padding, stride 1).
///
/// `P` is the proof parameter ([`Agree`]), fixed by the impl and left to
/// inference by `conv2d`: when the channels differ no impl applies and it
/// stays unknown, so rustc suggests no where-clause (the rule as a bound
/// would be the wrong fix) and the output has no type (no follow-on error).
#[diagnostic::on_unimplemented(
    message = "cannot convolve an input of shape `{X}` with weights of shape `{Self}`: the input is `[C, H, W]`, the weights `[O, C, KH, KW]` with the same `C`, and the kernel no larger than the image",
    label = "input and weights do not convolve",
    note = "in a `#[shape]` item the output is `Shape![O, H - KH + 1, W - KW + 1]`, written so in its signature or a `let` annotation (with a 1 x 1 kernel, `H - 1 + 1`; `conv2d_same` gives `[O, H, W]`)"
)]
pub trait Conv2dWeights<X, P = Agree> {
    /// `[O, H - KH + 1, W - KW + 1]`.
    type Output: Shape;
}

#[diagnostic::do_not_recommend]
impl<C, H, W, O, KH, KW> Conv2dWeights<(C, H, W), Agree> for (O, C, KH, KW)
where
    C: Dimension,
    H: Dimension + SubDim<KH>,
    W: Dimension + SubDim<KW>,
    DimDiff<H, KH>: AddDim<Dim1>,
    DimDiff<W, KW>: AddDim<Dim1>,
    O: Dimension,
    KH: Dimension,
    KW: Dimension,
{
    type Output = (
        O,
        DimSum<DimDiff<H, KH>, Dim1>,
        DimSum<DimDiff<W, KW>, Dim1>,
    );
}

/// No dimension: the channels of no weights. Like matmul's `NoRows`, its
/// impls only keep rustc from presenting each rule's one impl, with this
/// file's source, beside the error's own words when the channels differ.
pub enum NoChannels {}

#[diagnostic::do_not_recommend]
impl<X, O, KH, KW> Conv2dWeights<X, Agree> for (O, NoChannels, KH, KW) {
    type Output = ();
}

/// `conv2d_step::<St>` of an input of shape `X`, `[C, H, W]`, by weights
/// `Self`, `[O, C, KH, KW]`, moved by the steps `St`, `[SH, SW]` (none 0):
/// [`Conv2dWeights`]'s rule, with `[O, (H - KH) / SH + 1, (W - KW) / SW + 1]`
/// outputs (rounded down, as PyTorch's `stride`).
#[diagnostic::on_unimplemented(
    message = "cannot convolve an input of shape `{X}` with weights of shape `{Self}` by steps `{St}`: the input is `[C, H, W]`, the weights `[O, C, KH, KW]` with the same `C`, the kernel no larger than the image, and the steps `[SH, SW]`, not 0",
    label = "input, weights and steps do not convolve",
    note = "in a `#[shape]` item the output is `Shape![O, floor((H - KH) / SH) + 1, floor((W - KW) / SW) + 1]`, written with `floor` (`/` alone is exact division)"
)]
pub trait Conv2dStepWeights<X, St, P = Agree> {
    /// `[O, (H - KH) / SH + 1, (W - KW) / SW + 1]`.
    type Output: Shape;
}

#[diagnostic::do_not_recommend]
impl<C, H, W, O, KH, KW, SH, SW> Conv2dStepWeights<(C, H, W), (SH, SW), Agree> for (O, C, KH, KW)
where
    C: Dimension,
    H: Dimension + SubDim<KH>,
    W: Dimension + SubDim<KW>,
    DimDiff<H, KH>: FloorDivDim<SH>,
    DimDiff<W, KW>: FloorDivDim<SW>,
    DimFloorQuot<DimDiff<H, KH>, SH>: AddDim<Dim1>,
    DimFloorQuot<DimDiff<W, KW>, SW>: AddDim<Dim1>,
    O: Dimension,
    KH: Dimension,
    KW: Dimension,
    SH: Dimension,
    SW: Dimension,
{
    type Output = (
        O,
        DimSum<DimFloorQuot<DimDiff<H, KH>, SH>, Dim1>,
        DimSum<DimFloorQuot<DimDiff<W, KW>, SW>, Dim1>,
    );
}

#[diagnostic::do_not_recommend]
impl<X, St, O, KH, KW> Conv2dStepWeights<X, St, Agree> for (O, NoChannels, KH, KW) {
    type Output = ();
}

/// `conv2d_same` of an input of shape `X`, `[C, H, W]`, by weights `Self`,
/// `[O, C, KH, KW]`: the channels agree, and the output keeps the image's
/// size, `[O, H, W]` (the input padded by `KH - 1` rows and `KW - 1`
/// columns, the odd one after, as PyTorch's `padding="same"`).
#[diagnostic::on_unimplemented(
    message = "cannot convolve an input of shape `{X}` with weights of shape `{Self}`: the input is `[C, H, W]`, the weights `[O, C, KH, KW]` with the same `C`",
    label = "input and weights do not convolve"
)]
pub trait Conv2dSameWeights<X, P = Agree> {
    /// `[O, H, W]`.
    type Output: Shape;
}

#[diagnostic::do_not_recommend]
impl<C, H, W, O, KH, KW> Conv2dSameWeights<(C, H, W), Agree> for (O, C, KH, KW)
where
    C: Dimension,
    H: Dimension,
    W: Dimension,
    O: Dimension,
    KH: Dimension,
    KW: Dimension,
{
    type Output = (O, H, W);
}

#[diagnostic::do_not_recommend]
impl<X, O, KH, KW> Conv2dSameWeights<X, Agree> for (O, NoChannels, KH, KW) {
    type Output = ();
}

/// `conv2d_same_step::<St>` of an input `X`, `[C, H, W]`, by weights
/// `Self`, `[O, C, KH, KW]`, moved by the steps `St`, `[SH, SW]` (none 0):
/// `[O, ceil(H / SH), ceil(W / SW)]` (TensorFlow's `padding="SAME"`).
#[diagnostic::on_unimplemented(
    message = "cannot convolve an input of shape `{X}` with weights of shape `{Self}` by steps `{St}`: the input is `[C, H, W]`, the weights `[O, C, KH, KW]` with the same `C`, and the steps `[SH, SW]`, not 0",
    label = "input, weights and steps do not convolve",
    note = "in a `#[shape]` item the output is `Shape![O, ceil(H / SH), ceil(W / SW)]`, written with `ceil`"
)]
pub trait Conv2dSameStepWeights<X, St, P = Agree> {
    /// `[O, ceil(H / SH), ceil(W / SW)]`.
    type Output: Shape;
}

/// `ceil(D / S)`, as `(D + S - 1) / S` rounded down.
type CeilQuot<D, S> = DimFloorQuot<DimDiff<DimSum<D, S>, Dim1>, S>;

#[diagnostic::do_not_recommend]
impl<C, H, W, O, KH, KW, SH, SW> Conv2dSameStepWeights<(C, H, W), (SH, SW), Agree>
    for (O, C, KH, KW)
where
    C: Dimension,
    H: Dimension + AddDim<SH>,
    W: Dimension + AddDim<SW>,
    DimSum<H, SH>: SubDim<Dim1>,
    DimSum<W, SW>: SubDim<Dim1>,
    DimDiff<DimSum<H, SH>, Dim1>: FloorDivDim<SH>,
    DimDiff<DimSum<W, SW>, Dim1>: FloorDivDim<SW>,
    O: Dimension,
    KH: Dimension,
    KW: Dimension,
    SH: Dimension,
    SW: Dimension,
{
    type Output = (O, CeilQuot<H, SH>, CeilQuot<W, SW>);
}

#[diagnostic::do_not_recommend]
impl<X, St, O, KH, KW> Conv2dSameStepWeights<X, St, Agree> for (O, NoChannels, KH, KW) {
    type Output = ();
}
