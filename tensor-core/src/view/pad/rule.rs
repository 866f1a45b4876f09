//! The shape rule of padding (`pad.rs`): [`PadShape`], a shape padded on
//! its last axes (its per-rank impls are generated), and the plain-number
//! form of the rule, [`is_pad_shape`], that the tests check them against.

use crate::dim::DimSum;
use crate::layout::{Layout, Padded};
use crate::shape::{Resolve, Shape};

/// A shape `Self` padded by `Lo` elements before and `Hi` after each of its
/// last `K` axes, where `Lo` and `Hi` are shapes of rank `K` (at least 1,
/// at most the rank of `Self`): those axes become `D + LO + HI`, the
/// leading ones are kept. Implemented for every split of every rank up to
/// [`MAX_RANK`](crate::shape::MAX_RANK) (`generated/shape_ops.rs`).
#[diagnostic::on_unimplemented(
    message = "cannot pad shape `{Self}` by `{Lo}` before and `{Hi}` after: the padding covers the last axes of the shape, one entry per padded axis, as many entries before as after and no more than the shape has axes",
    label = "padding does not fit this shape"
)]
pub trait PadShape<Lo, Hi> {
    /// The padded shape.
    type Output: Shape;
    /// `X` where the padding fits: the padded view's type goes through
    /// it, so that padding that does not fit leaves the view without a
    /// type (one error, none for the methods then called on it).
    type Then<X>: Resolve<X>;
    /// `x` as [`Then<X>`](PadShape::Then) (they are one type).
    #[doc(hidden)]
    fn then<X>(x: X) -> Self::Then<X>;
}

/// `D + (LO + HI)` for one padded axis: the padding summed first, so that
/// a variable `H` padded by literals 1 and 1 is `H + 2`, the type
/// `Shape![H + 2]` writes (`(H + 1) + 1` would be another type in generic
/// code).
pub(crate) type PadDim<D, Lo, Hi> = DimSum<D, DimSum<Lo, Hi>>;

/// The shape of `L`'s view padded by `Lo` and `Hi`.
pub type PaddedShape<L, Lo, Hi> = <<L as Layout>::Shape as PadShape<Lo, Hi>>::Output;

/// Whether `out` is `dims` (rank `rank`) with its last `k` axes padded by
/// `lo` and `hi`: the rule [`PadShape`] is generated to follow.
pub const fn is_pad_shape(
    dims: Padded<usize>,
    rank: usize,
    lo: Padded<usize>,
    hi: Padded<usize>,
    k: usize,
    out: Padded<usize>,
) -> bool {
    if k > rank {
        return false;
    }
    let mut axis = 0;
    while axis < rank {
        let want = if axis < rank - k {
            dims[axis]
        } else {
            dims[axis] + lo[axis - (rank - k)] + hi[axis - (rank - k)]
        };
        if out[axis] != want {
            return false;
        }
        axis += 1;
    }
    true
}
