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
//! Quotients and remainders ([`Nat::Quo`], [`Nat::Rem`]) are long division
//! the same way, on a subtraction whose borrow is the comparison, so
//! `Shape![H / 2]` is a type for every `H` too; that it is exact is the one
//! bound a quotient needs (`DivDim`).
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
    /// `A` if this bit is 1, else `B`.
    type Pick<A: Nat, B: Nat>: Nat;
    /// The dimension `A` if this bit is 1, else `B`.
    type PickDim<A: Dimension, B: Dimension>: Dimension;
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
    type Pick<A: Nat, B: Nat> = B;
    type PickDim<A: Dimension, B: Dimension> = B;
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
    type HiDim<L: Digit> = super::AfterOne<L>;
    type Pick<A: Nat, B: Nat> = A;
    type PickDim<A: Dimension, B: Dimension> = A;
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
    /// `B1` unless `self` is 0.
    type NonZero: NatBit;
    /// `self - O - C` when that is not negative (else some number).
    #[doc(hidden)]
    type SubC<O: Nat, C: NatBit>: Nat;
    /// `(2 * U + B) - self - C`: the other side of [`Nat::SubC`].
    #[doc(hidden)]
    type SubFrom<U: Nat, B: NatBit, C: NatBit>: Nat;
    /// `B1` when `self < O + C`: the borrow out of [`Nat::SubC`].
    #[doc(hidden)]
    type LtC<O: Nat, C: NatBit>: NatBit;
    /// `B1` when `2 * U + B < self + C`: the other side of [`Nat::LtC`].
    #[doc(hidden)]
    type LtFrom<U: Nat, B: NatBit, C: NatBit>: NatBit;
    /// `floor(self / O)`, by long division (for `O` = 0, some number: a
    /// rule that divides checks the divisor itself, [`super::DivDim`]).
    type Quo<O: Nat>: Nat;
    /// `self % O` (for `O` = 0, `self`).
    type Rem<O: Nat>: Nat;
}

/// The borrow out of the bit subtraction `D - B - C`: at least two of
/// `!D`, `B` and `C` are 1.
type BorrowOut<D, B, C> = <<D as NatBit>::Not as NatBit>::Carry<B, C>;
/// The remainder's next partial: `2 * (U % O) + B`, one step of long
/// division of `UInt<U, B>` by `O`.
type Partial<U, B, O> = <<U as Nat>::Rem<O> as Nat>::Twice<B>;
/// `B1` when the partial is below the divisor (the quotient's bit is 0).
type Below<U, B, O> = <Partial<U, B, O> as Nat>::LtC<O, B0>;

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
    type NonZero = B0;
    type SubC<O: Nat, C: NatBit> = UTerm;
    type SubFrom<U: Nat, B: NatBit, C: NatBit> =
        <<U as Nat>::SubC<UTerm, BorrowOut<B, B0, C>> as Nat>::Twice<<B as NatBit>::Xor<C>>;
    type LtC<O: Nat, C: NatBit> = <<O as Nat>::NonZero as NatBit>::Or<C>;
    type LtFrom<U: Nat, B: NatBit, C: NatBit> = <U as Nat>::LtC<UTerm, BorrowOut<B, B0, C>>;
    type Quo<O: Nat> = UTerm;
    type Rem<O: Nat> = UTerm;
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
    type NonZero = B1;
    type SubC<O: Nat, C: NatBit> = <O as Nat>::SubFrom<U, B, C>;
    type SubFrom<V: Nat, D: NatBit, C: NatBit> =
        <<V as Nat>::SubC<U, BorrowOut<D, B, C>> as Nat>::Twice<
            <<D as NatBit>::Xor<B> as NatBit>::Xor<C>,
        >;
    type LtC<O: Nat, C: NatBit> = <O as Nat>::LtFrom<U, B, C>;
    type LtFrom<V: Nat, D: NatBit, C: NatBit> = <V as Nat>::LtC<U, BorrowOut<D, B, C>>;
    type Quo<O: Nat> = <<U as Nat>::Quo<O> as Nat>::Twice<<Below<U, B, O> as NatBit>::Not>;
    type Rem<O: Nat> =
        <Below<U, B, O> as NatBit>::Pick<Partial<U, B, O>, <Partial<U, B, O> as Nat>::SubC<O, B0>>;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Dim;

    /// The number of the size `$n`.
    macro_rules! num {
        ($n:literal) => {
            <Dim![$n] as Dimension>::Num
        };
    }

    /// `a / b` and `a % b` by [`Nat`] are the numbers `q` and `r` as
    /// typenum writes them (one type, so canonical), and `a / b` as a
    /// dimension is `Dim![q]`, for each `(a, b, q, r)`.
    macro_rules! divides {
        ($(($a:literal, $b:literal, $q:literal, $r:literal)),* $(,)?) => {$({
            let _: num!($q) = <<num!($a) as Nat>::Quo<num!($b)>>::default();
            let _: num!($r) = <<num!($a) as Nat>::Rem<num!($b)>>::default();
            let _: Dim![$q] = <<Dim![$a] as Dimension>::Quot<Dim![$b]>>::default();
        })*};
    }

    #[test]
    fn long_division_gives_the_literals_numbers() {
        divides![
            (0, 1, 0, 0),
            (0, 7, 0, 0),
            (1, 1, 1, 0),
            (1, 2, 0, 1),
            (5, 7, 0, 5),
            (7, 2, 3, 1),
            (28, 2, 14, 0),
            (29, 4, 7, 1),
            (255, 16, 15, 15),
            (256, 16, 16, 0),
            (1024, 1024, 1, 0),
            (1023, 1024, 0, 1023),
            (2049, 2, 1024, 1),
            (3072, 32, 96, 0),
            (3072, 1000, 3, 72),
            (1000003, 7, 142857, 4),
            (1000003, 1000003, 1, 0),
            (1000002, 1000003, 0, 1000002),
        ];
    }

    #[test]
    fn comparison_is_the_borrow_of_a_subtraction() {
        fn lt<A: Nat, B: Nat>() -> bool {
            <<A as Nat>::LtC<B, B0> as Bit>::BOOL
        }
        assert!(lt::<num!(0), num!(1)>() && !lt::<num!(1), num!(1)>());
        assert!(!lt::<num!(2), num!(1)>() && !lt::<num!(0), num!(0)>());
        assert!(lt::<num!(1023), num!(1024)>() && !lt::<num!(1024), num!(1023)>());
        assert!(lt::<num!(6), num!(9)>() && !lt::<num!(9), num!(6)>());
        const { assert!(<<num!(5) as Nat>::LtC<num!(5), B1> as Bit>::BOOL) };
        let _: num!(1000) = <<num!(3072) as Nat>::SubC<num!(2072), B0>>::default();
        let _: num!(5) = <<num!(9) as Nat>::SubC<num!(3), B1>>::default();
        let _: num!(0) = <<num!(1024) as Nat>::SubC<num!(1024), B0>>::default();
    }
}
