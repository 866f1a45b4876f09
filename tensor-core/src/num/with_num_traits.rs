//! The `num-traits` feature: the crate's number traits for every type that
//! has num-traits' (in place of the impls for the primitive types).
//!
//! ```
//! # #[cfg(feature = "num-traits")] {
//! use tensor_core::prelude::*;
//! use num_traits::{ConstOne, ConstZero};
//!
//! // Bounded by num-traits only: the tensor operations accept it.
//! fn normalized<T, S: Shape>(x: &Tensor<T, S>) -> Tensor<T, S>
//! where
//!     T: num_traits::Float + ConstZero + ConstOne,
//! {
//!     let total = x.map(|&v| v.exp()).sum();
//!     x.map(|&v| v.exp() / total)
//! }
//! let p = normalized(&tensor![0.0f32, 0.0]);
//! assert_eq!(p, tensor![0.5, 0.5]);
//! let z = Tensor::<f64, Shape![2]>::zeros(); // ConstZero gives Zero
//! assert_eq!(z.sum(), 0.0);
//! # }
//! ```

use num_traits::{ConstOne, ConstZero};

use super::{Float, One, Zero};

/// Every `ConstZero` type is [`Zero`] with the same constant.
impl<T: ConstZero> Zero for T {
    const ZERO: Self = <T as ConstZero>::ZERO;
}

/// Every `ConstOne` type is [`One`] with the same constant.
impl<T: ConstOne> One for T {
    const ONE: Self = <T as ConstOne>::ONE;
}

/// Every num-traits float (with constant identities) is a [`Float`], through
/// num-traits' functions (`std`'s where the `std` feature is on, `libm`'s
/// otherwise).
impl<T: num_traits::Float + ConstZero + ConstOne> Float for T {
    fn abs(self) -> Self {
        num_traits::Float::abs(self)
    }
    fn sqrt(self) -> Self {
        num_traits::Float::sqrt(self)
    }
    fn exp(self) -> Self {
        num_traits::Float::exp(self)
    }
    fn ln(self) -> Self {
        num_traits::Float::ln(self)
    }
    fn log2(self) -> Self {
        num_traits::Float::log2(self)
    }
    fn log10(self) -> Self {
        num_traits::Float::log10(self)
    }
    fn sin(self) -> Self {
        num_traits::Float::sin(self)
    }
    fn cos(self) -> Self {
        num_traits::Float::cos(self)
    }
    fn tanh(self) -> Self {
        num_traits::Float::tanh(self)
    }
    /// The same algorithm as without the feature (compiler-rt's), so that
    /// turning the feature on does not change `powi`'s rounding.
    fn powi(self, n: i32) -> Self {
        super::float::powi_by_squaring(self, n)
    }
    fn powf(self, y: Self) -> Self {
        num_traits::Float::powf(self, y)
    }
    fn sigmoid(self) -> Self {
        <T as ConstOne>::ONE / (<T as ConstOne>::ONE + num_traits::Float::exp(-self))
    }
}
