//! Type-level arithmetic that needs no where-clause: [`Nat`].
//!
//! typenum's numbers (`UTerm`, `UInt<U, B>`) are the numbers here too, but
//! typenum's operators are traits with one impl per case, so generic code
//! that adds or multiplies two dimension variables must state
//! `A: Mul<B>` and pass that bound to every caller. [`Nat`] instead gives
//! each number its operations as generic associated types whose results are
//! again `Nat`s: `<A as Nat>::Mul<B>` is a type for *every* `A: Nat` and
//! `B: Nat`, proved once by the two impls below (for `UTerm` and for
//! `UInt<U, B>`), so `Shape![C * H * W]` in a generic function needs no
//! bound, and neither does any caller. For concrete numbers the projections
//! normalize to typenum's own canonical number, so the results equal
//! typenum's (`Prod<U96, U32>` and `<U96 as Nat>::Mul<U32>` are one type).
//!
//! Each number also knows its dimension type ([`Nat::Dim`]): its base-1024
//! digits, computed bit by bit, give `Dim<N>` below 1024 (and for 1024
//! itself), `Dim1` for 1, and `BigDim<Hi, Lo>` above (`Hi * 1024 + Lo`).
//! So every size that fits a `usize` is a dimension, and a computed size is
//! the type its literal has (see [`crate::dim`]).
//!
//! ```
//! use tensor_core::dim::Nat;
//! use typenum::{Unsigned, U3, U32};
//! type P = <<U3 as Nat>::Mul<U32> as Nat>::Mul<U32>;
//! assert_eq!(P::USIZE, 3072);
//! // the dimension type of 3072 is the literal's
//! let _same: <P as Nat>::Dim = <tensor_core::Dim![3072]>::default();
//! ```

use typenum::{Bit, UInt, UTerm, Unsigned, B0, B1};

use super::{Digit, Dimension};

/// A typenum bit, with the dispatches the adders and the digits need; each
/// result is bounded, so a projection on a generic bit is still usable.
pub trait NatBit: Bit + Copy + Default + 'static {
    /// `!self`.
    type Not: NatBit;
    /// `self & O`.
    type And<O: NatBit>: NatBit;
    /// `self | O`.
    type Or<O: NatBit>: NatBit;
    /// `self ^ O`.
    type Xor<O: NatBit>: NatBit;
    /// The carry of `self + O + C`: at least two of the three are 1.
    type Carry<O: NatBit, C: NatBit>: NatBit;
    /// `N` times this bit: `UTerm` or `N`.
    type Times<N: Nat>: Nat;
    /// This bit as a number: `UTerm` or `U1`.
    type AsNat: Nat;
    /// `UInt<U, B> + self`.
    type IncOf<U: Nat, B: NatBit>: Nat;
    /// `UInt<U, self> + 1`.
    type Bump<U: Nat>: Nat;
    /// The digit `(2 * D + self) % 1024`.
    type ShiftDigit<D: Digit>: Digit;
    /// The dimension of `self * 1024 + L`.
    type HiDim<L: Digit>: Dimension;
}

impl NatBit for B0 {
    type Not = B1;
    type And<O: NatBit> = B0;
    type Or<O: NatBit> = O;
    type Xor<O: NatBit> = O;
    type Carry<O: NatBit, C: NatBit> = <O as NatBit>::And<C>;
    type Times<N: Nat> = UTerm;
    type AsNat = UTerm;
    type IncOf<U: Nat, B: NatBit> = UInt<U, B>;
    type Bump<U: Nat> = UInt<U, B1>;
    type ShiftDigit<D: Digit> = <D as Digit>::Shift0;
    type HiDim<L: Digit> = L;
}

impl NatBit for B1 {
    type Not = B0;
    type And<O: NatBit> = O;
    type Or<O: NatBit> = B1;
    type Xor<O: NatBit> = <O as NatBit>::Not;
    type Carry<O: NatBit, C: NatBit> = <O as NatBit>::Or<C>;
    type Times<N: Nat> = N;
    type AsNat = UInt<UTerm, B1>;
    type IncOf<U: Nat, B: NatBit> = <B as NatBit>::Bump<U>;
    type Bump<U: Nat> = UInt<<U as Nat>::Inc<B1>, B0>;
    type ShiftDigit<D: Digit> = <D as Digit>::Shift1;
    type HiDim<L: Digit> = <L as Digit>::AfterOne;
}

/// A typenum unsigned integer whose sum, product and dimension type are
/// defined for every other `Nat`, with no bound (see the module docs).
///
/// Implemented for `UTerm` and every `UInt<U, B>` with `U: Nat`; numbers are
/// kept canonical (no leading zero bit), as typenum's are.
pub trait Nat: Unsigned + Copy + Default + 'static {
    /// `2 * self + B`, canonical (`2 * 0 + 0` is `UTerm`).
    type Twice<B: NatBit>: Nat;
    /// `self + C` for a bit `C`.
    type Inc<C: NatBit>: Nat;
    /// `self + O + C`.
    type AddC<O: Nat, C: NatBit>: Nat;
    /// `(2 * U + B) + self + C`: the other side of [`Nat::AddC`].
    #[doc(hidden)]
    type AddFrom<U: Nat, B: NatBit, C: NatBit>: Nat;
    /// `self + O`.
    type Add<O: Nat>: Nat;
    /// `self * O`.
    type Mul<O: Nat>: Nat;
    /// `self % 1024`, as a digit.
    type Lo: Digit;
    /// `self / 1024`.
    type Hi: Nat;
    /// The dimension type of this size.
    type Dim: Dimension;
    /// The dimension type of `self * 1024 + L`.
    #[doc(hidden)]
    type DimWith<L: Digit>: Dimension;
    /// The dimension type of `(2 * self + B) * 1024 + L`.
    #[doc(hidden)]
    type DimWithParent<B: NatBit, L: Digit>: Dimension;
    /// `L * O` for a dimension `L` of this size: `Dim<0>` for 0 (so
    /// `0 * H` is `Dim<0>` in generic code too), else `O`'s
    /// [`ProductOf<L>`](Dimension::ProductOf).
    #[doc(hidden)]
    type ProductWith<L: Dimension, O: Dimension>: Dimension;
}

impl Nat for UTerm {
    type Twice<B: NatBit> = <B as NatBit>::AsNat;
    type Inc<C: NatBit> = <C as NatBit>::AsNat;
    type AddC<O: Nat, C: NatBit> = <O as Nat>::Inc<C>;
    type AddFrom<U: Nat, B: NatBit, C: NatBit> = <UInt<U, B> as Nat>::Inc<C>;
    type Add<O: Nat> = O;
    type Mul<O: Nat> = UTerm;
    type Lo = super::Dim<0>;
    type Hi = UTerm;
    type Dim = super::Dim<0>;
    type DimWith<L: Digit> = L;
    type DimWithParent<B: NatBit, L: Digit> = <B as NatBit>::HiDim<L>;
    type ProductWith<L: Dimension, O: Dimension> = super::Dim<0>;
}

impl<U: Nat, B: NatBit> Nat for UInt<U, B> {
    type Twice<C: NatBit> = UInt<UInt<U, B>, C>;
    type Inc<C: NatBit> = <C as NatBit>::IncOf<U, B>;
    type AddC<O: Nat, C: NatBit> = <O as Nat>::AddFrom<U, B, C>;
    type AddFrom<V: Nat, D: NatBit, C: NatBit> =
        <<U as Nat>::AddC<V, <B as NatBit>::Carry<D, C>> as Nat>::Twice<
            <<B as NatBit>::Xor<D> as NatBit>::Xor<C>,
        >;
    type Add<O: Nat> = <O as Nat>::AddFrom<U, B, B0>;
    type Mul<O: Nat> =
        <<<U as Nat>::Mul<O> as Nat>::Twice<B0> as Nat>::Add<<B as NatBit>::Times<O>>;
    type Lo = <B as NatBit>::ShiftDigit<<U as Nat>::Lo>;
    type Hi = <<U as Nat>::Hi as Nat>::Twice<<<U as Nat>::Lo as Digit>::Carry>;
    type Dim = <<Self as Nat>::Hi as Nat>::DimWith<<Self as Nat>::Lo>;
    type DimWith<L: Digit> = <U as Nat>::DimWithParent<B, L>;
    type DimWithParent<C: NatBit, L: Digit> = super::BigDim<<UInt<UInt<U, B>, C> as Nat>::Dim, L>;
    type ProductWith<L: Dimension, O: Dimension> = O::ProductOf<L>;
}
