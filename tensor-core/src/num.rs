//! The numbers `zeros()` and `ones()` fill with: [`Zero`] and [`One`]; and
//! [`Float`], the float functions (`sqrt`, `exp`, ...) without `std`.
//!
//! [`Zero`] and [`One`] are implemented for every primitive integer and float
//! type; implement them for your own element types to get `Tensor::zeros`
//! and `Tensor::ones`.
//!
//! ```
//! use tensor_core::num::{One, Zero};
//! assert_eq!(<f32 as Zero>::ZERO, 0.0);
//! assert_eq!(<u8 as One>::ONE, 1);
//! ```

mod float;

pub use float::Float;

/// The additive identity.
pub trait Zero {
    /// Zero.
    const ZERO: Self;
}

/// The multiplicative identity.
pub trait One {
    /// One.
    const ONE: Self;
}

macro_rules! impl_identities {
    ($zero:literal, $one:literal; $($t:ty),+) => {
        $(
            impl Zero for $t { const ZERO: Self = $zero; }
            impl One for $t { const ONE: Self = $one; }
        )+
    };
}

impl_identities!(0, 1; u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);
impl_identities!(0.0, 1.0; f32, f64);

/// A count of elements as a value of the element type, for means.
pub trait FromCount {
    /// `n` converted (as by `as`).
    fn from_count(n: usize) -> Self;
}

macro_rules! impl_from_count {
    ($($t:ty),+) => {
        $(impl FromCount for $t {
            fn from_count(n: usize) -> Self {
                n as $t
            }
        })+
    };
}

impl_from_count!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize, f32, f64);
