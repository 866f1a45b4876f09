//! Axis numbers as types, and lists of them: `Axes![2, 0, 1]`.
//!
//! `Axes![2, 0, 1]` is the type `(Axis<2>, Axis<0>, Axis<1>)`, the argument of
//! `permute`, `flip` and the `*_axes` reductions. Like dimensions, an axis
//! prints in decimal and has a typenum underneath for type-level checks.
//!
//! ```
//! use tensor_core::prelude::*;
//! type P = Axes![2, 0, 1];
//! assert_eq!(P::AXES, [2, 0, 1]);
//! ```

use core::fmt::Debug;

use crate::shape::MultiIndex;

/// The axis number `N`, as a type.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct Axis<const N: usize>;

/// A list of axis numbers known at compile time; write it with `Axes!`.
///
/// Implemented for tuples of up to 8 [`Axis`] types. The trait is sealed:
/// the layouts read `AXES` and `PADDED` without checking them, so both come
/// from one list, the tuple's, and no other crate can state them.
pub trait Axes: crate::seal::AxisList + Copy + Default + Debug + 'static {
    /// How many axes are listed.
    const LEN: usize;
    /// `[usize; LEN]`.
    type Index: MultiIndex;
    /// The axis numbers, in order.
    const AXES: Self::Index;
    /// `AXES` padded to `MAX_RANK` entries (with 0s), for `const fn`s.
    const PADDED: [usize; crate::shape::MAX_RANK];
}

impl crate::seal::AxisList for () {}

impl Axes for () {
    const LEN: usize = Self::AXES.len();
    type Index = [usize; 0];
    const AXES: [usize; 0] = [];
    const PADDED: [usize; crate::shape::MAX_RANK] = crate::shape::pad(Self::AXES, 0);
}

macro_rules! impl_axes {
    ($len:literal; $($a:ident),+) => {
        impl<$(const $a: usize),+> crate::seal::AxisList for ($(Axis<$a>,)+) {}

        impl<$(const $a: usize),+> Axes for ($(Axis<$a>,)+) {
            const LEN: usize = Self::AXES.len();
            type Index = [usize; $len];
            const AXES: [usize; $len] = [$($a),+];
            // Derived from `AXES`, so the two cannot disagree.
            const PADDED: [usize; crate::shape::MAX_RANK] = crate::shape::pad(Self::AXES, 0);
        }
    };
}

crate::generated::for_each_rank!(impl_axes, A);

/// One axis, given as `Axis<N>` (`softmax::<Axis<1>>()`), seen as the
/// one-entry [`Axes`] list `(Axis<N>,)` that the reductions take.
///
/// ```
/// use tensor_core::axis::SingleAxis;
/// use tensor_core::prelude::*;
/// assert_eq!(<Axis<2> as SingleAxis>::List::AXES, [2]);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a single axis: write `Axis<N>`",
    label = "expected `Axis<N>`"
)]
pub trait SingleAxis {
    /// `(Axis<N>,)`.
    type List: Axes;
}

impl<const N: usize> SingleAxis for Axis<N> {
    type List = (Axis<N>,);
}
