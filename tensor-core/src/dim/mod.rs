//! Dimensions: one type per size, printed in decimal, typenum underneath.
//!
//! A dimension of size `N` is the type [`Dim<N>`] when typenum maps `N` to a
//! type-level number (every value in `0..=1024`, and each power of two and of
//! ten up to `usize::MAX`), and [`BigDim<N, Hi, LO>`] for any other value,
//! with `N = Hi * 1024 + LO`. Size 1 is its own type, [`Dim1`], because
//! broadcasting treats it apart (see [`broadcast`]). The macros choose, so a
//! user never writes any of them: `Shape![3, 1, 1000003]` is
//! `(Dim<3>, Dim1, BigDim<1000003, Dim<976>, 579>)`.
//!
//! Dimensions can be computed: `Shape![H - K + 1]` is the dimension type of
//! that value ([`arith`]), in concrete and in generic code.
//!
//! # Why this representation
//!
//! The type of a dimension is what rustc prints when shapes disagree, so it
//! decides whether a shape error can be read. Three were weighed:
//!
//! * a bare typenum (`U3`) prints as `UInt<UInt<UTerm, B1>, B1>`, and a large
//!   one overflows into a "type written to a file" note;
//! * a pair `Dim<3, U3>` prints the typenum next to the decimal;
//! * a const-generic `Dim<3>` prints as `Dim<3>`, and a mismatch reads
//!   "expected `3`, found `4`" with a note `Tensor<_, (Dim<3>, _)>`.
//!
//! The third is the one chosen: the decimal is the whole type, and its typenum
//! is reached through [`Dimension::Num`] (typenum's own `Const<N>: ToUInt`
//! table), so generic code keeps type-level arithmetic (`Prod`, `IsEqual`,
//! ...). The array storage of a tensor is built from the const parameter
//! directly (`[T; N]`), so no typenum-to-array recursion is compiled either.
//! Values outside typenum's table are written in base 1024, each digit in
//! typenum's table (`BigDim<N, Hi, LO>`, `N = Hi * 1024 + LO`), so they too
//! print in decimal, with the value itself first.
//!
//! ```
//! use tensor_core::prelude::*;
//! use typenum::Unsigned;
//!
//! type Big = Shape![1000003, 2];
//! assert_eq!(Big::DIMS, [1000003, 2]);
//! // The typenum underneath is available to generic code.
//! type First = <Dim<28> as Dimension>::Num;
//! assert_eq!(First::USIZE, 28);
//! ```

use core::fmt;
use core::marker::PhantomData;

use core::ops::{Add, Mul};

use typenum::{Const, Prod, Sum, ToUInt, Unsigned, U, U1024};

use crate::storage::Row;

pub mod arith;
pub mod broadcast;

pub use arith::{
    AddDim, DimDiff, DimFloorQuot, DimProd, DimQuot, DimSum, DivDim, FloorDivDim, MulDim, SubDim,
};
pub use broadcast::{BroadcastDim, ExpandDim};

mod sealed {
    pub trait Sealed {}
}

/// A type-level dimension: a size known to the compiler.
///
/// Implemented only by [`Dim`] and [`BigDim`] (the trait is sealed), so every
/// dimension's value, typenum and array agree. Generic code bounds its
/// dimension parameters by it; `#[shape(M, N)]` adds those bounds for you.
///
/// ```
/// use tensor_core::prelude::*;
///
/// fn size<D: Dimension>() -> usize { D::VALUE }
/// assert_eq!(size::<Dim<7>>(), 7);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a dimension",
    label = "not a dimension",
    note = "dimensions are written as integer literals in `Shape![..]`, or declared with `#[shape(M)]`"
)]
///
/// Every dimension broadcasts with itself and with [`Dim1`] (its supertraits
/// say so), which is what lets generic code add `[M, N]` and `[M, 1]` with no
/// where-clause: the rule holds for any `M`, so the compiler needs no proof.
pub trait Dimension:
    sealed::Sealed
    + Copy
    + Default
    + fmt::Debug
    + 'static
    + BroadcastDim<Self, Output = Self>
    + BroadcastDim<Dim1, Output = Self>
    + ExpandDim<Self>
{
    /// The size, as a value.
    const VALUE: usize;
    /// The size as a typenum unsigned integer, for type-level arithmetic.
    type Num: Unsigned;
    /// An array of `VALUE` elements of type `E`: `[E; VALUE]`.
    type Array<E>: Row<E>;
}

/// The dimension of size `N`, for every `N` that typenum maps (`0..=1024`
/// and the powers of two and of ten).
///
/// ```
/// use tensor_core::prelude::*;
/// assert_eq!(<Dim<64> as Dimension>::VALUE, 64);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Dim<const N: usize>;

/// The dimension of size 1, a type of its own: NumPy broadcasts a size-1
/// axis against any size, and that rule is an impl for `Dim1` (see
/// [`broadcast`]), which coherence can tell apart from the rule for equal
/// sizes only if 1 is not a `Dim<N>`. `Shape![1]` is `(Dim1,)`.
///
/// ```
/// use tensor_core::prelude::*;
/// assert_eq!(<Dim1 as Dimension>::VALUE, 1);
/// assert_eq!(<Shape![2, 1]>::DIMS, [2, 1]);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Debug)]
pub struct Dim1;

impl sealed::Sealed for Dim1 {}

impl Dimension for Dim1 {
    const VALUE: usize = 1;
    type Num = typenum::U1;
    type Array<E> = [E; 1];
}

/// The dimension of size `N` when typenum has no alias for `N`: `N` is
/// `Hi * 1024 + LO`, with `Hi` a dimension itself and `LO < 1024`, so that
/// every part prints in decimal (`BigDim<1000003, Dim<976>, 579>`) and the
/// typenum is `Hi::Num * 1024 + LO`. `Shape!` emits it for such sizes.
///
/// ```
/// use tensor_core::prelude::*;
/// type S = Shape![1000003];
/// assert_eq!(S::SIZE, 1000003);
/// assert_eq!(<BigDim<1000003, Dim<976>, 579> as Dimension>::VALUE, 1000003);
/// ```
pub struct BigDim<const N: usize, Hi, const LO: usize>(PhantomData<Hi>);

impl<const N: usize> sealed::Sealed for Dim<N> {}

impl<const N: usize> Dimension for Dim<N>
where
    Const<N>: ToUInt,
    U<N>: Unsigned,
{
    const VALUE: usize = N;
    type Num = U<N>;
    type Array<E> = [E; N];
}

impl<const N: usize> fmt::Debug for Dim<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Dim<{N}>")
    }
}

impl<const N: usize, Hi, const LO: usize> sealed::Sealed for BigDim<N, Hi, LO> {}

impl<const N: usize, Hi: Dimension, const LO: usize> Dimension for BigDim<N, Hi, LO>
where
    Const<LO>: ToUInt,
    Hi::Num: Mul<U1024>,
    Prod<Hi::Num, U1024>: Add<U<LO>>,
    Sum<Prod<Hi::Num, U1024>, U<LO>>: Unsigned,
{
    // `N` sizes the storage (`Array`), the parts size the typenum (`Num`):
    // they must agree, or a reshape checked on `Num` would read past the
    // storage. A lying `BigDim` stops the build here (`crate::soundness`).
    const VALUE: usize = match Hi::VALUE.checked_mul(1024) {
        Some(hi) if LO < 1024 && hi.checked_add(LO).is_some() && hi + LO == N => N,
        _ => panic!("BigDim<N, Hi, LO>: N must be Hi * 1024 + LO, with LO < 1024"),
    };
    type Num = Sum<Prod<Hi::Num, U1024>, U<LO>>;
    type Array<E> = [E; N];
}

impl<const N: usize, Hi, const LO: usize> Clone for BigDim<N, Hi, LO> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<const N: usize, Hi, const LO: usize> Copy for BigDim<N, Hi, LO> {}

impl<const N: usize, Hi, const LO: usize> Default for BigDim<N, Hi, LO> {
    fn default() -> Self {
        BigDim(PhantomData)
    }
}

impl<const N: usize, Hi, const LO: usize> fmt::Debug for BigDim<N, Hi, LO> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BigDim<{N}>")
    }
}

/// The dimension type of a typenum: `Dim<N>` for `N`'s typenum, for every
/// `N` in typenum's `Const<N>: ToUInt` table (generated:
/// `generated/dim_table.rs`). Dimensions computed by type-level arithmetic
/// (an open-ended slice's length) come back through it, so that they are the
/// same type as the literal `Shape!` writes.
#[diagnostic::on_unimplemented(
    message = "a dimension computed at compile time must be at most 1024, or a power of two or ten",
    label = "computed dimension too large",
    note = "in `slice!`, write both bounds as non-negative literals, so that the macro computes the length itself"
)]
pub trait ToDim {
    /// The dimension type.
    type Dim: Dimension;
}
