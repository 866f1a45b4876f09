//! The numbers `zeros()` and `ones()` fill with: [`Zero`] and [`One`]; and
//! [`Float`], the float functions (`sqrt`, `exp`, ...) without `std`.
//!
//! [`Zero`] and [`One`] are implemented for every primitive integer and float
//! type; implement them for your own element types to get `Tensor::zeros`
//! and `Tensor::ones`. With the `num-traits` feature they, and [`Float`],
//! are implemented instead for every type with num-traits' `ConstZero`,
//! `ConstOne` and `Float`, so generic code bounded by num-traits calls the
//! tensor operations with the bounds it already has (a type of your own then
//! gets them by implementing num-traits'; implementing both this crate's
//! `Zero` and num-traits' `ConstZero` for one type conflicts when the
//! feature is on).
//!
//! ```
//! use tensor_core::num::{One, Zero};
//! assert_eq!(<f32 as Zero>::ZERO, 0.0);
//! assert_eq!(<u8 as One>::ONE, 1);
//! ```

mod accumulate;
mod float;
#[cfg(all(feature = "half", not(feature = "num-traits")))]
mod half;
pub(crate) mod type_of;

pub use accumulate::{Acc, Accumulate, MulAccumulate};
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

#[cfg(not(feature = "num-traits"))]
macro_rules! impl_identities {
    ($zero:literal, $one:literal; $($t:ty),+) => {
        $(
            impl Zero for $t { const ZERO: Self = $zero; }
            impl One for $t { const ONE: Self = $one; }
        )+
    };
}

#[cfg(not(feature = "num-traits"))]
impl_identities!(0, 1; u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);
#[cfg(not(feature = "num-traits"))]
impl_identities!(0.0, 1.0; f32, f64);

// With the `num-traits` feature, the identities come from num-traits'
// `ConstZero`/`ConstOne` instead (every primitive has them), so that a
// user's `T: num_traits::ConstZero` bound is enough for `zeros()`.
#[cfg(feature = "num-traits")]
mod with_num_traits;

/// How `mean_axes` averages elements of this type.
///
/// By default the elements are summed with `+` and the sum is divided by
/// [`FromCount::from_count`] of their number, which suits floats (an empty
/// mean is then NaN). The primitive integers instead set
/// [`FromCount::EXACT_MEAN`] and compute [`FromCount::mean_of`] exactly: the
/// sum is taken in `i128`/`u128` (or, for the 128-bit types, as a quotient
/// and a remainder by the count), so it cannot wrap whatever the count,
/// and the mean is the true mean rounded toward zero, as `/` rounds.
///
/// ```
/// use tensor_core::prelude::*;
/// let t = Tensor::<u8, Shape![300]>::full(200);
/// assert_eq!(t.mean_axes::<Axes![0]>()[[]], 200);
/// assert_eq!(<i8 as FromCount>::mean_of([-128, -127, 1].into_iter(), 3), -84);
/// ```
pub trait FromCount: Sized {
    /// Whether `mean_axes` averages through [`FromCount::mean_of`] (exact)
    /// rather than by a sum in `Self` divided by `from_count`.
    const EXACT_MEAN: bool = false;

    /// `n` converted (as by `as`).
    fn from_count(n: usize) -> Self;

    /// The mean of the `n` values `values` yields (`n > 0`). Provided: their
    /// sum divided by `from_count(n)`.
    fn mean_of(values: impl Iterator<Item = Self>, n: usize) -> Self
    where
        Self: crate::num::Zero + core::ops::Add<Output = Self> + core::ops::Div<Output = Self>,
    {
        values.fold(Self::ZERO, |a, x| a + x) / Self::from_count(n)
    }
}

/// Floats: a sum divided by the count.
macro_rules! impl_from_count {
    ($($t:ty),+) => {
        $(impl FromCount for $t {
            fn from_count(n: usize) -> Self {
                n as $t
            }
        })+
    };
}

impl_from_count!(f32, f64);

/// Integers up to 64 bits: the sum in a 128-bit integer of the same
/// signedness, which `n` values below `2^64` each cannot overflow.
macro_rules! impl_wide_mean {
    ($wide:ty; $($t:ty),+) => {
        $(impl FromCount for $t {
            const EXACT_MEAN: bool = true;

            fn from_count(n: usize) -> Self {
                n as $t
            }

            fn mean_of(values: impl Iterator<Item = Self>, n: usize) -> Self {
                let sum = values.fold(0 as $wide, |a, x| a + x as $wide);
                // The mean of values of `$t` is a value of `$t`.
                (sum / n as $wide) as $t
            }
        })+
    };
}

impl_wide_mean!(u128; u8, u16, u32, u64, usize);
impl_wide_mean!(i128; i8, i16, i32, i64, isize);

impl FromCount for u128 {
    const EXACT_MEAN: bool = true;

    fn from_count(n: usize) -> Self {
        n as u128
    }

    /// The sum kept as `q * n + r`, `r < n`: `q` never exceeds the mean.
    fn mean_of(values: impl Iterator<Item = Self>, n: usize) -> Self {
        let n = n as u128;
        let (mut q, mut r) = (0u128, 0u128);
        for x in values {
            q += x / n;
            r += x % n;
            if r >= n {
                r -= n;
                q += 1;
            }
        }
        q
    }
}

impl FromCount for i128 {
    const EXACT_MEAN: bool = true;

    fn from_count(n: usize) -> Self {
        n as i128
    }

    /// The sum kept as `q * n + r`, `|r| < n`: `|q|` never exceeds the
    /// largest `|x|`; the mean is then rounded toward zero.
    fn mean_of(values: impl Iterator<Item = Self>, n: usize) -> Self {
        let n = n as i128;
        let (mut q, mut r) = (0i128, 0i128);
        for x in values {
            q += x / n;
            r += x % n;
            if r >= n {
                r -= n;
                q += 1;
            } else if r <= -n {
                r += n;
                q -= 1;
            }
        }
        match (q.signum(), r.signum()) {
            (1, -1) => q - 1,
            (-1, 1) => q + 1,
            _ => q,
        }
    }
}
