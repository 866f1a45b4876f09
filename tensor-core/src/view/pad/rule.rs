//! The shape rule of padding (`pad.rs`): [`PadShape`], a shape padded on
//! its last axes, with its per-rank impls and the plain-number form of the
//! rule, [`is_pad_shape`], that the tests check them against.

use crate::dim::{AddDim, DimSum, Dimension};
use crate::layout::Layout;
use crate::shape::Shape;

/// A shape `Self` padded by `Lo` elements before and `Hi` after each of its
/// last `K` axes, where `Lo` and `Hi` are shapes of rank `K` (at least 1,
/// at most the rank of `Self`): those axes become `D + LO + HI`, the
/// leading ones are kept. Implemented for every rank up to 8.
#[diagnostic::on_unimplemented(
    message = "cannot pad shape `{Self}` by `{Lo}` before and `{Hi}` after: the padding covers the last axes of the shape, one entry per padded axis, as many entries before as after and no more than the shape has axes",
    label = "padding does not fit this shape"
)]
pub trait PadShape<Lo, Hi> {
    /// The padded shape.
    type Output: Shape;
}

/// `D + LO + HI` for one padded axis.
type PadDim<D, Lo, Hi> = DimSum<DimSum<D, Lo>, Hi>;

/// `PadShape` for a shape whose leading axes `$keep` are kept and whose
/// trailing axes `$d` are padded by `$lo` and `$hi`:
/// `(.., D) + (LO, HI) = (.., D + LO + HI)`.
macro_rules! pad_shape {
    ($($keep:ident)* ; $($d:ident $lo:ident $hi:ident)+) => {
        #[diagnostic::do_not_recommend]
        impl<$($keep: Dimension,)* $($d: Dimension + AddDim<$lo>, $lo: Dimension, $hi: Dimension,)+>
            PadShape<($($lo,)+), ($($hi,)+)> for ($($keep,)* $($d,)+)
        where
            $(DimSum<$d, $lo>: AddDim<$hi>,)+
        {
            type Output = ($($keep,)* $(PadDim<$d, $lo, $hi>,)+);
        }
    };
}

// Every split of a rank-N shape (N = 1..=8) into kept and padded axes.
pad_shape!(; A0 L0 H0);
pad_shape!(K0 ; A0 L0 H0);
pad_shape!(; A0 L0 H0 A1 L1 H1);
pad_shape!(K0 K1 ; A0 L0 H0);
pad_shape!(K0 ; A0 L0 H0 A1 L1 H1);
pad_shape!(; A0 L0 H0 A1 L1 H1 A2 L2 H2);
pad_shape!(K0 K1 K2 ; A0 L0 H0);
pad_shape!(K0 K1 ; A0 L0 H0 A1 L1 H1);
pad_shape!(K0 ; A0 L0 H0 A1 L1 H1 A2 L2 H2);
pad_shape!(; A0 L0 H0 A1 L1 H1 A2 L2 H2 A3 L3 H3);
pad_shape!(K0 K1 K2 K3 ; A0 L0 H0);
pad_shape!(K0 K1 K2 ; A0 L0 H0 A1 L1 H1);
pad_shape!(K0 K1 ; A0 L0 H0 A1 L1 H1 A2 L2 H2);
pad_shape!(K0 ; A0 L0 H0 A1 L1 H1 A2 L2 H2 A3 L3 H3);
pad_shape!(; A0 L0 H0 A1 L1 H1 A2 L2 H2 A3 L3 H3 A4 L4 H4);
pad_shape!(K0 K1 K2 K3 K4 ; A0 L0 H0);
pad_shape!(K0 K1 K2 K3 ; A0 L0 H0 A1 L1 H1);
pad_shape!(K0 K1 K2 ; A0 L0 H0 A1 L1 H1 A2 L2 H2);
pad_shape!(K0 K1 ; A0 L0 H0 A1 L1 H1 A2 L2 H2 A3 L3 H3);
pad_shape!(K0 ; A0 L0 H0 A1 L1 H1 A2 L2 H2 A3 L3 H3 A4 L4 H4);
pad_shape!(; A0 L0 H0 A1 L1 H1 A2 L2 H2 A3 L3 H3 A4 L4 H4 A5 L5 H5);
pad_shape!(K0 K1 K2 K3 K4 K5 ; A0 L0 H0);
pad_shape!(K0 K1 K2 K3 K4 ; A0 L0 H0 A1 L1 H1);
pad_shape!(K0 K1 K2 K3 ; A0 L0 H0 A1 L1 H1 A2 L2 H2);
pad_shape!(K0 K1 K2 ; A0 L0 H0 A1 L1 H1 A2 L2 H2 A3 L3 H3);
pad_shape!(K0 K1 ; A0 L0 H0 A1 L1 H1 A2 L2 H2 A3 L3 H3 A4 L4 H4);
pad_shape!(K0 ; A0 L0 H0 A1 L1 H1 A2 L2 H2 A3 L3 H3 A4 L4 H4 A5 L5 H5);
pad_shape!(; A0 L0 H0 A1 L1 H1 A2 L2 H2 A3 L3 H3 A4 L4 H4 A5 L5 H5 A6 L6 H6);
pad_shape!(K0 K1 K2 K3 K4 K5 K6 ; A0 L0 H0);
pad_shape!(K0 K1 K2 K3 K4 K5 ; A0 L0 H0 A1 L1 H1);
pad_shape!(K0 K1 K2 K3 K4 ; A0 L0 H0 A1 L1 H1 A2 L2 H2);
pad_shape!(K0 K1 K2 K3 ; A0 L0 H0 A1 L1 H1 A2 L2 H2 A3 L3 H3);
pad_shape!(K0 K1 K2 ; A0 L0 H0 A1 L1 H1 A2 L2 H2 A3 L3 H3 A4 L4 H4);
pad_shape!(K0 K1 ; A0 L0 H0 A1 L1 H1 A2 L2 H2 A3 L3 H3 A4 L4 H4 A5 L5 H5);
pad_shape!(K0 ; A0 L0 H0 A1 L1 H1 A2 L2 H2 A3 L3 H3 A4 L4 H4 A5 L5 H5 A6 L6 H6);
pad_shape!(; A0 L0 H0 A1 L1 H1 A2 L2 H2 A3 L3 H3 A4 L4 H4 A5 L5 H5 A6 L6 H6 A7 L7 H7);

/// The shape of `L`'s view padded by `Lo` and `Hi`.
pub type PaddedShape<L, Lo, Hi> = <<L as Layout>::Shape as PadShape<Lo, Hi>>::Output;

/// Whether `out` is `dims` (rank `rank`) with its last `k` axes padded by
/// `lo` and `hi`: the rule [`PadShape`] is generated to follow.
pub const fn is_pad_shape(
    dims: [usize; 8],
    rank: usize,
    lo: [usize; 8],
    hi: [usize; 8],
    k: usize,
    out: [usize; 8],
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
