//! `const fn` constructors: [`Tensor::zeros`], [`Tensor::ones`] and
//! [`Tensor::splat`] can initialise a `static` or a `const`.
//!
//! A generic `const fn` cannot call the storage's builder (a trait method)
//! nor write the nested array literal (its lengths are the shape's, not
//! constants of the function), so `const_fill!` writes the elements one by
//! one into uninitialised storage, in row-major order, and hands the tensor
//! over once all `S::SIZE` of them are written. This is the only place a
//! `const` constructor touches uninitialised memory.
//!
//! ```
//! use tensor_core::prelude::*;
//! static ZEROS: Tensor<f32, Shape![4, 4]> = Tensor::zeros();
//! static HALF: Tensor<f32, Shape![2, 3]> = Tensor::splat(0.5);
//! const EYE: Tensor<u8, Shape![2]> = Tensor::ones();
//! assert_eq!(ZEROS.iter().sum::<f32>(), 0.0);
//! assert_eq!(HALF[[1, 2]], 0.5);
//! assert_eq!(EYE, tensor![1, 1]);
//! ```

use crate::shape::Shape;
use crate::tensor::Tensor;

/// A tensor whose every element is `$value` (evaluated once per element),
/// built in a `const fn`: `const_fill!(T::ZERO)`, inside an
/// `impl<T, S: Shape> Tensor<T, S>` (it names `T` and `S`).
///
/// The elements are written through a pointer into uninitialised storage
/// with a local counter, a loop LLVM turns into a `memset` or vector stores
/// straight into the caller's tensor, as `from_flat_fn` compiles. (A
/// helper struct holding the counter next to the buffer measured worse:
/// the counter was reloaded from memory after each store, and a `[256,
/// 256]` `zeros()` went through a 256 KiB stack temporary instead of one
/// `memset`.)
macro_rules! const_fill {
    ($value:expr) => {{
        let mut out = ::core::mem::MaybeUninit::<Tensor<T, S>>::uninit();
        let first = out.as_mut_ptr().cast::<T>();
        let mut i = 0;
        while i < S::SIZE {
            // SAFETY: a `Tensor<T, S>` is `repr(transparent)` over nested
            // arrays of `T` (the sealed `Shape`'s storage), contiguous and
            // unpadded: `S::SIZE` elements of `T` from its first byte, so
            // slot `i < S::SIZE` is inside `out`, and it is written once.
            unsafe { first.add(i).write($value) };
            i += 1;
        }
        // SAFETY: the loop wrote all `S::SIZE` elements, the whole tensor.
        unsafe { out.assume_init() }
    }};
}

pub(crate) use const_fill;

impl<T, S: Shape> Tensor<T, S> {
    /// A tensor with every element equal to `value`: [`Tensor::full`] as a
    /// `const fn`, for element types that are `Copy`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// static BIAS: Tensor<f32, Shape![8]> = Tensor::splat(0.125);
    /// assert_eq!(BIAS.iter().sum::<f32>(), 1.0);
    /// assert_eq!(Tensor::<i8, Shape![2]>::splat(-1), Tensor::full(-1));
    /// ```
    pub const fn splat(value: T) -> Self
    where
        T: Copy,
    {
        const_fill!(value)
    }
}

#[cfg(test)]
mod tests {
    use crate::prelude::*;

    static Z: Tensor<f64, Shape![3, 5]> = Tensor::zeros();
    static O: Tensor<i16, Shape![2, 2, 2]> = Tensor::ones();
    static S: Tensor<u8, Shape![4, 3]> = Tensor::splat(7);
    static SCALAR: Tensor<u32, Shape![]> = Tensor::splat(9);
    static EMPTY: Tensor<u32, Shape![0, 3]> = Tensor::splat(9);
    const STRINGS: Tensor<Option<&str>, Shape![2]> = Tensor::splat(None);

    #[test]
    fn statics_hold_the_values() {
        assert_eq!(Z, Tensor::from_flat_fn(|_| 0.0));
        assert_eq!(O.as_slice(), &[1; 8]);
        assert_eq!(S, Tensor::full(7));
        assert_eq!(SCALAR[[]], 9);
        assert!(EMPTY.as_slice().is_empty());
        assert_eq!(STRINGS.as_slice(), &[None, None]);
    }

    /// `zeros` and `ones` need `Zero`/`One` only, not `Copy`: each element
    /// is a fresh use of the constant.
    #[test]
    fn zeros_of_a_type_that_is_not_copy() {
        #[derive(Debug, PartialEq)]
        struct Counter(u32);
        impl crate::num::Zero for Counter {
            const ZERO: Self = Counter(0);
        }
        static C: Tensor<Counter, Shape![2, 2]> = Tensor::zeros();
        assert!(C.iter().all(|c| *c == Counter(0)));
    }
}
