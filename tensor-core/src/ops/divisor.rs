//! Integer division by zero, explained: `tensor / 0`, `tensor /= 0` and
//! `scalar / tensor` with a zero element panic at the caller's line, naming
//! the shape and, for a zero element, its position; Rust's own panic would
//! name a line inside this crate and nothing else. Floats divide by zero
//! as IEEE 754 says (an infinity or NaN), unchecked.
//!
//! ```should_panic
//! use tensor_core::prelude::*;
//! let t = tensor![[1, 2], [3, 4]];
//! let _ = 12 / &(&t - 3); // the element at [1, 0] is 0
//! ```

use crate::index::unravel;
use crate::layout::Layout;
use crate::shape::Shape;
use crate::view::View;

/// A primitive number as a divisor: whether `/` by it would panic.
pub(crate) trait Divisor: Copy {
    /// Whether this is an integer 0.
    fn is_zero_divisor(self) -> bool;
}

macro_rules! integer_divisors {
    ($($t:ty),+) => {$(
        impl Divisor for $t {
            #[inline(always)]
            fn is_zero_divisor(self) -> bool {
                self == 0
            }
        }
    )+};
}

integer_divisors!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);

impl Divisor for f32 {
    #[inline(always)]
    fn is_zero_divisor(self) -> bool {
        false
    }
}

impl Divisor for f64 {
    #[inline(always)]
    fn is_zero_divisor(self) -> bool {
        false
    }
}

/// Panics at the caller when `divisor` is an integer 0, naming the shape
/// of the tensor divided.
#[inline(always)]
#[track_caller]
pub(crate) fn check_scalar<T: Divisor, S: Shape>(divisor: T) {
    if divisor.is_zero_divisor() {
        by_zero_scalar(S::DIMS.as_ref());
    }
}

/// Panics at the caller when an element of `v` is an integer 0, naming its
/// position and the shape.
#[inline(always)]
#[track_caller]
pub(crate) fn check_elements<T: Divisor, L: Layout>(v: &View<'_, T, L>) {
    if let Some(flat) = v.iter().position(|x| x.is_zero_divisor()) {
        let index = unravel::<L::Shape>(flat);
        by_zero_element(index.as_ref(), <L::Shape as Shape>::DIMS.as_ref());
    }
}

#[cold]
#[inline(never)]
#[track_caller]
fn by_zero_scalar(dims: &[usize]) -> ! {
    panic!("attempt to divide a tensor of shape {dims:?} by zero")
}

#[cold]
#[inline(never)]
#[track_caller]
fn by_zero_element(index: &[usize], dims: &[usize]) -> ! {
    panic!("attempt to divide by zero: the divisor's element at {index:?} (shape {dims:?}) is 0")
}

#[cfg(test)]
mod tests {
    use crate::prelude::*;
    use std::panic::{catch_unwind, Location};
    use std::string::{String, ToString};

    std::thread_local! {
        /// The line of this thread's last panic, as the hook saw it.
        static LINE: core::cell::Cell<u32> = const { core::cell::Cell::new(0) };
    }

    /// The panic message and line of `f`. The hook is global, so it records
    /// the line per thread: other tests' panics, in other threads, do not
    /// overwrite this one's.
    fn panic_of(f: impl FnOnce() + std::panic::UnwindSafe) -> (String, u32) {
        let hook = std::panic::take_hook();
        std::panic::set_hook(std::boxed::Box::new(|info| {
            LINE.with(|l| l.set(info.location().map_or(0, Location::line)));
        }));
        let err = catch_unwind(f).unwrap_err();
        std::panic::set_hook(hook);
        let message = match err.downcast_ref::<String>() {
            Some(s) => s.clone(),
            None => err.downcast_ref::<&str>().unwrap().to_string(),
        };
        (message, LINE.with(|l| l.get()))
    }

    #[test]
    fn division_by_zero_names_the_shape_and_the_callers_line() {
        let t = tensor![[1, 2, 3], [4, 5, 6]];
        let here = line!() + 2;
        let got = panic_of(|| {
            let _ = &t / 0;
        });
        let want = "attempt to divide a tensor of shape [2, 3] by zero";
        assert_eq!(got, (want.to_string(), here));

        let here = line!() + 2;
        let got = panic_of(|| {
            let _ = 60 / t.t().map(|&x| x - 5);
        });
        let want = "attempt to divide by zero: the divisor's element at [1, 1] (shape [3, 2]) is 0";
        assert_eq!(got, (want.to_string(), here));

        let mut u = tensor![1u8, 2];
        let here = line!() + 1;
        let got = panic_of(move || u /= 0);
        let want = "attempt to divide a tensor of shape [2] by zero";
        assert_eq!(got, (want.to_string(), here));
    }

    #[test]
    fn floats_divide_by_zero_as_ieee_754_says() {
        let t = tensor![1.0f32, -1.0, 0.0];
        let q = &t / 0.0;
        assert_eq!(q[[0]], f32::INFINITY);
        assert_eq!(q[[1]], f32::NEG_INFINITY);
        assert!(q[[2]].is_nan());
        assert_eq!((1.0 / &t)[[2]], f32::INFINITY);
    }
}
