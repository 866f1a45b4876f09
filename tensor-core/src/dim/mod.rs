//! Dimensions: one type per size, printed in decimal, typenum underneath.
//!
//! Every size that fits the target's `usize` has exactly one dimension type:
//! [`Dim<N>`] for `N` in `0..=1024` (but 1), [`Dim1`] for 1, and
//! [`BigDim<Hi, Lo>`] for `Hi * 1024 + Lo` above 1024, `Hi` a dimension and
//! `Lo` a digit below 1024 (a `Dim<..>` or `Dim1`). Size 1 is its own type
//! because broadcasting treats it apart (see [`broadcast`]). The macros
//! choose, so a user never writes any of them: `Shape![3, 1, 3072]` is
//! `(Dim<3>, Dim1, BigDim<Dim<3>, Dim<0>>)`, and `Dim![3072]` names that
//! last type.
//!
//! Dimensions can be computed: `Shape![H - K + 1]` is the dimension type of
//! that value ([`arith`]), in concrete and in generic code, and a computed
//! size is the same type as its literal: `3 * 32 * 32`, `96 * 32` and
//! `1024 * 3` all give `Dim![3072]`. Sums and products go through [`Nat`],
//! which defines them for every size with no where-clause.
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
//! Values above 1024 are written in base 1024 (`BigDim<Hi, Lo>`), each digit
//! a `Dim<..>`, so they print as decimal digits: 3072 is
//! `BigDim<Dim<3>, Dim<0>>`, 1000003 is `BigDim<Dim<976>, Dim<579>>`. The
//! value itself is not a parameter, because a type computed from a typenum
//! cannot carry a const on stable Rust; `Debug` prints it (`Dim<3072>`).
//!
//! ```
//! use tensor_core::prelude::*;
//! use typenum::Unsigned;
//!
//! type Big = Shape![1000003, 2];
//! assert_eq!(Big::DIMS, [1000003, 2]);
//! assert_eq!(format!("{:?}", <Dim![3072]>::default()), "Dim<3072>");
//! // The typenum underneath is available to generic code.
//! type First = <Dim<28> as Dimension>::Num;
//! assert_eq!(First::USIZE, 28);
//! ```

use core::fmt;
use core::marker::PhantomData;

use crate::storage::{BigArray, Row};

pub mod arith;
pub mod broadcast;
pub mod nat;

pub use nat::{Nat, NatBit};

pub use arith::{
    AddDim, DimDiff, DimFloorQuot, DimProd, DimQuot, DimSum, DivDim, FloorDivDim, MulDim, SubDim,
};
pub use broadcast::{BroadcastDim, BroadcastPair, ExpandDim, ExpandTarget};

/// Two dimensions are the same: implemented only as `D: SameDim<D>`, so it
/// holds in generic code without proof.
#[diagnostic::on_unimplemented(
    message = "dimensions `{Self}` and `{D}` differ",
    label = "dimensions differ"
)]
pub trait SameDim<D> {}

impl<D: Dimension> SameDim<D> for D {}

/// The proof parameter of the rules that two sizes agree (`InnerDim`,
/// `MatmulRhs`, einsum's `SameLabel`): always `Agree`, fixed by each rule's
/// one impl and left to inference by the call, so that when the sizes
/// differ it stays unknown and rustc does not suggest restating the failed
/// bound as a where-clause (it suggests only bounds it can write out).
#[derive(Clone, Copy, Debug, Default)]
pub struct Agree;

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
    note = "dimensions are written as integer literals in `Shape![..]` and `Dim![..]`, or declared with `#[shape(M)]`",
    note = "a size of 1 is `Dim![1]` (the type `Dim1`), never `Dim<1>`; sizes above 1024 are `Dim![3072]` and the like, never `Dim<3072>`"
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
    + BroadcastPair<Self>
    + BroadcastPair<Dim1>
    + ExpandDim<Self>
{
    /// The size, as a value.
    const VALUE: usize;
    /// The size as a typenum unsigned integer, for type-level arithmetic:
    /// a [`Nat`], so sums and products of dimensions need no bound.
    type Num: Nat;
    /// `Acc * VALUE`, except that size 1 leaves `Acc` as it is, even when
    /// `Acc` is not known: a shape's element count is its dimensions'
    /// `Times` folded from the right onto 1, so `[O]`, `[O, 1, 1]` and
    /// `[1, O]` have one count type for a dimension variable `O`, and
    /// reshapes between them need no bound.
    type Times<Acc: Nat>: Nat;
    /// The dimension `Self + O`, for every `O` (through [`Nat::Add`]); in
    /// generic code it stays `<H as Dimension>::Sum<K>`, which is how rustc
    /// prints it.
    type Sum<O: Dimension>: Dimension;
    /// The dimension `Self * O`, for every `O` (through [`Nat::Mul`]).
    type Product<O: Dimension>: Dimension;
    /// The dimension `L + Self`. A size's [`Sum`](Dimension::Sum) is its
    /// operand's `SumOf`, so in generic code `1 + H` stays
    /// `<H as Dimension>::SumOf<Dim1>`, which is how rustc prints it, rather
    /// than normalizing into typenum's arithmetic on `H`'s bits.
    type SumOf<L: Dimension>: Dimension;
    /// The dimension `L * Self`: `3 * H` stays
    /// `<H as Dimension>::ProductOf<Dim<3>>` in generic code (see
    /// [`SumOf`](Dimension::SumOf)).
    type ProductOf<L: Dimension>: Dimension;
    /// The dimension `floor(Self / O)`, for every `O` (through
    /// [`Nat::Quo`]), so that `Shape![H / 2]` is a type with no bound; for
    /// `O` of size 0 it is some size, and the rules that divide check the
    /// divisor ([`DivDim`], [`FloorDivDim`]).
    type Quot<O: Dimension>: Dimension;
    /// An array of `VALUE` elements of type `E`: `[E; VALUE]`, or nested
    /// arrays of the same layout for sizes above 1024.
    type Array<E>: Row<E>;
}

/// The dimension of size `N`, for `N` in `0..=1024` except 1 (which is
/// [`Dim1`]); larger sizes are [`BigDim`]s. Write it as `Dim![N]`, which
/// picks the right type for any size.
///
/// ```
/// use tensor_core::prelude::*;
/// assert_eq!(<Dim<64> as Dimension>::VALUE, 64);
/// assert_eq!(<Dim![64] as Dimension>::VALUE, 64);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Dim<const N: usize>;

/// The dimension of size 1, a type of its own: NumPy broadcasts a size-1
/// axis against any size, and that rule is an impl for `Dim1` (see
/// [`broadcast`]), which coherence can tell apart from the rule for equal
/// sizes only if 1 is not a `Dim<N>`. `Shape![1]` is `(Dim1,)`, and
/// `Dim![1]` is `Dim1`; `Dim<1>` is not a dimension.
///
/// ```
/// use tensor_core::prelude::*;
/// assert_eq!(<Dim1 as Dimension>::VALUE, 1);
/// assert_eq!(<Shape![2, 1]>::DIMS, [2, 1]);
/// let _: Dim![1] = Dim1;
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Debug)]
pub struct Dim1;

impl sealed::Sealed for Dim1 {}

impl Dimension for Dim1 {
    const VALUE: usize = 1;
    type Num = typenum::U1;
    type Times<Acc: Nat> = Acc;
    type Sum<O: Dimension> = O::SumOf<Dim1>;
    type Product<O: Dimension> = O;
    type SumOf<L: Dimension> = <<L::Num as Nat>::Inc<typenum::B1> as Nat>::Dim;
    type ProductOf<L: Dimension> = L;
    type Quot<O: Dimension> = <<typenum::U1 as Nat>::Quo<O::Num> as Nat>::Dim;
    type Array<E> = [E; 1];
}

/// The dimension of size `Hi * 1024 + Lo::VALUE`, for sizes above 1024:
/// `Hi` is a dimension (at least 1) and `Lo` a digit (`Dim<0>` to
/// `Dim<1023>`, `Dim1` for 1). `Dim![3072]` is `BigDim<Dim<3>, Dim<0>>`.
/// The storage is `Hi` rows of 1024 elements followed by `Lo` elements, the
/// same bytes as one flat array.
///
/// ```
/// use tensor_core::prelude::*;
/// type S = Shape![1000003];
/// assert_eq!(S::SIZE, 1000003);
/// assert_eq!(<BigDim<Dim<976>, Dim<579>> as Dimension>::VALUE, 1000003);
/// let _: Dim![1000003] = BigDim::<Dim<976>, Dim<579>>::default();
/// ```
pub struct BigDim<Hi, Lo>(PhantomData<(Hi, Lo)>);

/// A size below 1024 that is the low digit of a [`BigDim`]: each knows the
/// digit and carry of doubling it, which is how [`Nat`] finds the dimension
/// type of any number without a bound. Implemented for `Dim<0>`, `Dim1`
/// and `Dim<2>` to `Dim<1023>` (generated: `generated/dim_table.rs`).
pub trait Digit: Dimension {
    /// The digit `(2 * self) % 1024`.
    type Shift0: Digit;
    /// The digit `(2 * self + 1) % 1024`.
    type Shift1: Digit;
    /// `B1` when doubling carries into the next digit (`self >= 512`).
    type Carry: NatBit;
}

/// The dimension of `1024 + L` for a digit `L`: `Dim<1024>` for 0, else
/// `BigDim<Dim1, L>`. Computed, not a column of the digit table: each of
/// its 1,024 entries was a `Dimension` bound checked when tensor-core is
/// built.
pub(crate) type AfterOne<L> =
    <<<L as Dimension>::Num as Nat>::NonZero as NatBit>::PickDim<BigDim<Dim1, L>, Dim<1024>>;

/// The sizes `Dim<N>` stands for, `0..=1024` without 1, with their typenum
/// (generated: `generated/dim_table.rs`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a dimension type",
    label = "not a dimension type",
    note = "write dimension types with `Dim![..]`: `Dim![1]` is `Dim1` (never `Dim<1>`), and sizes above 1024 are `Dim![3072]` and the like"
)]
pub trait SmallDim {
    /// The size as a typenum.
    type Num: Nat;
}

impl<const N: usize> sealed::Sealed for Dim<N> {}

impl<const N: usize> Dimension for Dim<N>
where
    Dim<N>: SmallDim,
{
    const VALUE: usize = N;
    type Num = <Dim<N> as SmallDim>::Num;
    // `N * Acc`, not `Acc * N`: `Nat::Mul` recurses over the bits of its
    // left operand, and a dimension below 1024 has fewer bits than the
    // product of the axes after it (a shape's count, checked on every
    // reshape: 0.60-0.64 s -> 0.50-0.57 s for the 50-shape file).
    type Times<Acc: Nat> = <<Dim<N> as SmallDim>::Num as Nat>::Mul<Acc>;
    type Sum<O: Dimension> = O::SumOf<Dim<N>>;
    // `O`'s `ProductOf`, except for 0, whose product is 0 (`Nat::ProductWith`).
    type Product<O: Dimension> = <<Dim<N> as SmallDim>::Num as Nat>::ProductWith<Dim<N>, O>;
    type SumOf<L: Dimension> = <<L::Num as Nat>::Add<<Dim<N> as SmallDim>::Num> as Nat>::Dim;
    type ProductOf<L: Dimension> = <<L::Num as Nat>::Mul<<Dim<N> as SmallDim>::Num> as Nat>::Dim;
    type Quot<O: Dimension> = <<<Dim<N> as SmallDim>::Num as Nat>::Quo<O::Num> as Nat>::Dim;
    type Array<E> = [E; N];
}

impl<const N: usize> fmt::Debug for Dim<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Dim<{N}>")
    }
}

impl<Hi, Lo> sealed::Sealed for BigDim<Hi, Lo> {}

/// `N * 2`, a bit shifted in at the bottom.
type Shl1<N> = <N as Nat>::Twice<typenum::B0>;
/// `H * 1024 + L`: the number a [`BigDim`] stands for (`L` below 1024).
/// One generic definition rather than one per digit in the generated
/// table, which halves the table's share of this crate's build.
type Append<H, L> = <Shl1<Shl1<Shl1<Shl1<Shl1<Shl1<Shl1<Shl1<Shl1<Shl1<H>>>>>>>>>> as Nat>::Add<L>;

impl<Hi: Dimension, Lo: Digit> Dimension for BigDim<Hi, Lo> {
    // The storage is sized by the parts too (`Hi` rows of 1024, then `Lo`),
    // so the value and the storage agree by construction; a size that does
    // not fit `usize` stops the build here.
    // (Without the `checked_add` guard the overflowing sum would still stop
    // the build, with rustc's "attempt to add with overflow" instead.)
    const VALUE: usize = match Hi::VALUE.checked_mul(1024) {
        Some(hi) if hi.checked_add(Lo::VALUE).is_some() => hi + Lo::VALUE,
        _ => panic!("a dimension does not fit this target's usize"),
    };
    type Num = Append<Hi::Num, Lo::Num>;
    type Times<Acc: Nat> = <Acc as Nat>::Mul<Append<Hi::Num, Lo::Num>>;
    type Sum<O: Dimension> = O::SumOf<Self>;
    type Product<O: Dimension> = O::ProductOf<Self>;
    type SumOf<L: Dimension> = <<L::Num as Nat>::Add<Append<Hi::Num, Lo::Num>> as Nat>::Dim;
    type ProductOf<L: Dimension> = <<L::Num as Nat>::Mul<Append<Hi::Num, Lo::Num>> as Nat>::Dim;
    type Quot<O: Dimension> = <<Append<Hi::Num, Lo::Num> as Nat>::Quo<O::Num> as Nat>::Dim;
    type Array<E> = BigArray<Hi::Array<[E; 1024]>, Lo::Array<E>>;
}

impl<Hi, Lo> Clone for BigDim<Hi, Lo> {
    // A zero-sized marker: `*self` and `Default::default()` are the same value.
    fn clone(&self) -> Self {
        *self
    }
}

impl<Hi, Lo> Copy for BigDim<Hi, Lo> {}

impl<Hi, Lo> Default for BigDim<Hi, Lo> {
    fn default() -> Self {
        BigDim(PhantomData)
    }
}

impl<Hi, Lo> PartialEq for BigDim<Hi, Lo> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<Hi, Lo> Eq for BigDim<Hi, Lo> {}

impl<Hi, Lo> core::hash::Hash for BigDim<Hi, Lo> {
    fn hash<H: core::hash::Hasher>(&self, _: &mut H) {}
}

impl<Hi: Dimension, Lo: Digit> fmt::Debug for BigDim<Hi, Lo> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Dim<{}>", <Self as Dimension>::VALUE)
    }
}

/// The dimension type of a typenum: total, so every size a type-level
/// computation produces (an open-ended slice's length, a concatenation's
/// sum) is a dimension, and the same type as the literal `Shape!` writes.
pub trait ToDim {
    /// The dimension type.
    type Dim: Dimension;
}

impl<N: Nat> ToDim for N {
    type Dim = <N as Nat>::Dim;
}

/// The type `Shape!`/`Dim!` write for a size above `u16::MAX`: `D` itself,
/// with the size as a typed `usize` const argument beside it, so that a
/// literal too large for the target's `usize` is rejected by rustc at the
/// user's token (a bare literal in a const argument would be truncated).
#[doc(hidden)]
pub trait Fits<const N: usize> {
    type Dim;
}

impl<D: Dimension, const N: usize> Fits<N> for D {
    type Dim = D;
}

#[cfg(test)]
mod tests {
    use super::*;
    use typenum::Unsigned;

    fn value<D: Dimension>() -> usize {
        D::VALUE
    }

    fn num<D: Dimension>() -> usize {
        D::Num::USIZE
    }

    fn times<D: Dimension, Acc: Nat>() -> usize {
        <D::Times<Acc> as Unsigned>::USIZE
    }

    #[test]
    fn big_dimensions_are_their_digits() {
        type B = BigDim<Dim<976>, Dim<579>>;
        assert_eq!((value::<B>(), num::<B>()), (1000003, 1000003));
        type C = BigDim<Dim1, Dim1>;
        assert_eq!((value::<C>(), num::<C>()), (1025, 1025));
        assert_eq!(std::format!("{:?}", B::default()), "Dim<1000003>");
        assert_eq!(B::default(), B::default().clone());
        assert_eq!(std::format!("{:?}", Dim::<28>), "Dim<28>");
    }

    #[test]
    fn times_multiplies_except_by_one() {
        assert_eq!(times::<Dim<6>, typenum::U7>(), 42);
        assert_eq!(times::<BigDim<Dim<2>, Dim<5>>, typenum::U3>(), 3 * 2053);
        assert_eq!(times::<Dim1, typenum::U7>(), 7);
    }

    #[test]
    fn sums_and_products_are_dimensions_of_their_value() {
        assert_eq!(value::<<Dim<96> as Dimension>::Product<Dim<32>>>(), 3072);
        assert_eq!(value::<<Dim1 as Dimension>::Sum<Dim<1023>>>(), 1024);
        assert_eq!(value::<<Dim1 as Dimension>::Product<Dim<9>>>(), 9);
        assert_eq!(
            value::<<BigDim<Dim1, Dim<0>> as Dimension>::Sum<Dim<3>>>(),
            1027
        );
        assert_eq!(
            value::<<BigDim<Dim1, Dim<0>> as Dimension>::Product<Dim<3>>>(),
            3072
        );
        // Each operand on either side, through `SumOf`/`ProductOf`.
        assert_eq!(value::<<Dim<7> as Dimension>::Sum<Dim1>>(), 8);
        assert_eq!(value::<<Dim<7> as Dimension>::Product<Dim1>>(), 7);
        assert_eq!(value::<<Dim<7> as Dimension>::Product<Dim<0>>>(), 0);
        assert_eq!(
            value::<<Dim<3> as Dimension>::Sum<BigDim<Dim<2>, Dim<5>>>>(),
            2056
        );
        assert_eq!(
            value::<<Dim<3> as Dimension>::Product<BigDim<Dim<2>, Dim<5>>>>(),
            6159
        );
        assert_eq!(value::<<Dim<5> as Dimension>::SumOf<Dim<1020>>>(), 1025);
        assert_eq!(value::<<Dim1 as Dimension>::SumOf<Dim1>>(), 2);
        assert_eq!(value::<<Dim1 as Dimension>::ProductOf<Dim<9>>>(), 9);
        assert_eq!(value::<<Dim<2> as Dimension>::ProductOf<Dim<512>>>(), 1024);
        assert_eq!(
            value::<<BigDim<Dim<3>, Dim<0>> as Dimension>::SumOf<Dim<4>>>(),
            3076
        );
        assert_eq!(
            value::<<BigDim<Dim<3>, Dim<0>> as Dimension>::ProductOf<Dim<4>>>(),
            12288
        );
    }

    /// A sum or product with a size on the left is the right operand's
    /// `SumOf`/`ProductOf`: in generic code, `3 * H` and `1 + H` are those
    /// projections (how rustc prints them), not typenum arithmetic on `H`.
    #[test]
    fn a_size_on_the_left_defers_to_the_right_operand() {
        fn same<A: Dimension>(a: A) -> A {
            a
        }
        fn generic<H: Dimension>() {
            let p: <H as Dimension>::ProductOf<Dim<3>> = Default::default();
            let _: <Dim<3> as Dimension>::Product<H> = same(p);
            let s: <H as Dimension>::SumOf<Dim1> = Default::default();
            let _: <Dim1 as Dimension>::Sum<H> = same(s);
            let b: <H as Dimension>::ProductOf<BigDim<Dim<3>, Dim<0>>> = Default::default();
            let _: <BigDim<Dim<3>, Dim<0>> as Dimension>::Product<H> = same(b);
            // 0 times anything is 0, and 1 times `H` is `H`, in generic code.
            let _: Dim<0> = same(<<Dim<0> as Dimension>::Product<H>>::default());
            let _: H = same(<<Dim1 as Dimension>::Product<H>>::default());
        }
        generic::<Dim<4>>();
    }

    /// Concrete sums and products are the canonical type of their value,
    /// with a size or a `BigDim` on either side (type identity, not only
    /// the value).
    #[test]
    fn concrete_sums_and_products_are_canonical() {
        fn same<A: Dimension>(a: A) -> A {
            a
        }
        let _: Dim<0> = same(<<Dim<0> as Dimension>::Product<Dim<7>>>::default());
        let _: Dim<0> = same(<<Dim<7> as Dimension>::Product<Dim<0>>>::default());
        let _: Dim<7> = same(<<Dim<0> as Dimension>::Sum<Dim<7>>>::default());
        let _: Dim<2> = same(<<Dim1 as Dimension>::Sum<Dim1>>::default());
        let _: Dim<1024> = same(<<Dim1 as Dimension>::Sum<Dim<1023>>>::default());
        let _: BigDim<Dim1, Dim1> = same(<<Dim<1024> as Dimension>::Sum<Dim1>>::default());
        let _: BigDim<Dim<3>, Dim<0>> = same(<<Dim<96> as Dimension>::Product<Dim<32>>>::default());
        let _: BigDim<Dim<3>, Dim<0>> =
            same(<<Dim<3> as Dimension>::Product<Dim<1024>>>::default());
        let _: BigDim<Dim<6>, Dim<0>> =
            same(<<Dim<2> as Dimension>::Product<BigDim<Dim<3>, Dim<0>>>>::default());
        let _: BigDim<Dim<6>, Dim<0>> =
            same(<<BigDim<Dim<3>, Dim<0>> as Dimension>::Product<Dim<2>>>::default());
        let _: BigDim<Dim<3>, Dim<4>> =
            same(<<Dim<4> as Dimension>::Sum<BigDim<Dim<3>, Dim<0>>>>::default());
        let _: BigDim<Dim<3>, Dim<4>> =
            same(<<BigDim<Dim<3>, Dim<0>> as Dimension>::Sum<Dim<4>>>::default());
    }
}
