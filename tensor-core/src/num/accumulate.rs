//! [`Accumulate`]: the type sums and products of an element type run in.
//!
//! `sum`, `sum_axes`, `mean_axes`, `matmul`, `dot` and the convolutions
//! widen each element to [`Accumulate::Acc`], add (and multiply) there, and
//! narrow the result back once. For the primitive numbers `Acc` is `Self`
//! and both conversions are the identity, so their kernels are unchanged;
//! with the `half` feature, `f16` and `bf16` accumulate in `f32` (an `f16`
//! sum stalls at 2048, where adding 1 no longer changes it).
//!
//! ```
//! use tensor_core::num::Accumulate;
//! assert_eq!(<i32 as Accumulate>::widen(7), 7);
//! assert_eq!(<f64 as Accumulate>::narrow(0.5), 0.5);
//! ```

use core::ops::{Add, Mul};

use super::Zero;

/// An element type that sums and products accumulate in [`Accumulate::Acc`].
///
/// Implemented by every primitive number (`Acc = Self`) and, with the `half`
/// feature, by `f16` and `bf16` (`Acc = f32`). With the `num-traits`
/// feature it is implemented instead for every type with num-traits'
/// `ConstZero` and `+`, with `Acc = Self`. Implement it for an element type
/// of your own to sum and multiply tensors of it:
///
/// ```
/// use tensor_core::prelude::*;
/// # #[cfg(not(feature = "num-traits"))] {
/// use tensor_core::num::Accumulate;
/// #[derive(Clone, Copy, Debug, PartialEq)]
/// struct Cents(i64);
/// impl core::ops::Add for Cents {
///     type Output = Cents;
///     fn add(self, o: Cents) -> Cents { Cents(self.0 + o.0) }
/// }
/// impl Zero for Cents { const ZERO: Self = Cents(0); }
/// impl Accumulate for Cents {
///     type Acc = Cents;
///     fn widen(self) -> Cents { self }
///     fn narrow(acc: Cents) -> Cents { acc }
/// }
/// assert_eq!(Tensor::<Cents, Shape![3]>::full(Cents(5)).sum(), Cents(15));
/// # }
/// ```
pub trait Accumulate: Copy {
    /// The type the sums (and, where it has `*`, the products) run in.
    type Acc: Copy + Zero + Add<Output = Self::Acc>;

    /// `self` in the accumulator type (exact where the type is wider).
    fn widen(self) -> Self::Acc;

    /// An accumulated value back in the element type (rounded, for `half`).
    fn narrow(acc: Self::Acc) -> Self;

    /// `s` as `f32`s when `Self` is `f32` (`None` otherwise): lets products
    /// of `f32` take the packed vector kernels (`ops/matmul/block.rs`),
    /// whichever impl (this crate's or the `num-traits` blanket one) `f32`
    /// has. Not part of the API.
    #[doc(hidden)]
    #[inline(always)]
    fn f32_slice(s: &[Self]) -> Option<&[f32]> {
        super::type_of::slice_as(s)
    }
}

/// The accumulator type of `T`.
pub type Acc<T> = <T as Accumulate>::Acc;

/// An element whose accumulator also multiplies: the one bound generic code
/// writes for `matmul` and `dot` (implemented for every such type).
///
/// ```
/// use tensor_core::num::MulAccumulate;
/// use tensor_core::prelude::*;
/// #[shape(M, K, N)]
/// fn product<T: MulAccumulate>(
///     a: &Tensor<T, Shape![M, K]>,
///     b: &Tensor<T, Shape![K, N]>,
/// ) -> Tensor<T, Shape![M, N]> {
///     a.matmul(b)
/// }
/// assert_eq!(product(&tensor![[1, 2]], &tensor![[3], [4]]), tensor![[11]]);
/// ```
pub trait MulAccumulate: Accumulate<Acc: Mul<Output = Acc<Self>>> {}

impl<T: Accumulate<Acc: Mul<Output = Acc<T>>>> MulAccumulate for T {}

/// `Acc = Self` for each primitive number.
#[cfg(not(feature = "num-traits"))]
macro_rules! impl_accumulate_self {
    ($($t:ty),+) => {
        $(impl Accumulate for $t {
            type Acc = $t;
            #[inline(always)]
            fn widen(self) -> $t {
                self
            }
            #[inline(always)]
            fn narrow(acc: $t) -> $t {
                acc
            }
        })+
    };
}

#[cfg(not(feature = "num-traits"))]
impl_accumulate_self!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize, f32, f64);

/// With `num-traits`: every `ConstZero` type with `+` accumulates in itself,
/// so generic code bounded by num-traits sums and multiplies tensors.
#[cfg(feature = "num-traits")]
impl<T: num_traits::ConstZero + Copy + Add<Output = T>> Accumulate for T {
    type Acc = T;
    #[inline(always)]
    fn widen(self) -> T {
        self
    }
    #[inline(always)]
    fn narrow(acc: T) -> T {
        acc
    }
}
