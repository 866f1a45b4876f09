//! Dimensions: one type per size, printed in decimal, typenum underneath.
//!
//! A dimension of size `N` is the type [`Dim<N>`] when typenum maps `N` to a
//! type-level number (every value in `0..=1024`, and each power of two and of
//! ten up to `usize::MAX`), and [`BigDim<N, U>`] for any other value, where `U`
//! is the binary typenum of `N`. The macros choose, so a user never writes
//! either: `shape![3, 1000003]` is `(Dim<3>, BigDim<1000003, ...>)`.
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
//! Values outside typenum's table keep their decimal in front (`BigDim<N, U>`)
//! and carry the binary typenum as a second parameter.
//!
//! ```
//! use tensor_core::prelude::*;
//! use typenum::Unsigned;
//!
//! type Big = shape![1000003, 2];
//! assert_eq!(Big::DIMS, [1000003, 2]);
//! // The typenum underneath is available to generic code.
//! type First = <Dim<28> as Dimension>::Num;
//! assert_eq!(First::USIZE, 28);
//! ```

use core::fmt;
use core::marker::PhantomData;

use typenum::{Bit, Const, ToUInt, UInt, Unsigned, U};

use crate::storage::Row;

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
pub trait Dimension: sealed::Sealed + Copy + Default + fmt::Debug + 'static {
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

/// The dimension of size `N` when typenum has no alias for `N`; `Num` is
/// `N`'s binary typenum. `shape!` emits it for such sizes.
///
/// ```
/// use tensor_core::prelude::*;
/// type S = shape![1000003];
/// assert_eq!(S::SIZE, 1000003);
/// ```
pub struct BigDim<const N: usize, Num>(PhantomData<Num>);

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

impl<const N: usize, H, B> sealed::Sealed for BigDim<N, UInt<H, B>> {}

impl<const N: usize, H: Unsigned, B: Bit> Dimension for BigDim<N, UInt<H, B>>
where
    H: 'static,
    B: 'static,
{
    const VALUE: usize = N;
    type Num = UInt<H, B>;
    type Array<E> = [E; N];
}

impl<const N: usize, Num> Clone for BigDim<N, Num> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<const N: usize, Num> Copy for BigDim<N, Num> {}

impl<const N: usize, Num> Default for BigDim<N, Num> {
    fn default() -> Self {
        BigDim(PhantomData)
    }
}

impl<const N: usize, Num> fmt::Debug for BigDim<N, Num> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BigDim<{N}>")
    }
}
