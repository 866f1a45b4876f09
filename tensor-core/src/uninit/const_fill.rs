//! `const_fill!`: the fill of the `const fn` constructors
//! ([`Tensor::zeros`](crate::tensor::Tensor::zeros),
//! [`Tensor::ones`](crate::tensor::Tensor::ones),
//! [`Tensor::splat`](crate::tensor::Tensor::splat)), which can initialise a
//! `static` or a `const`.
//!
//! A generic `const fn` cannot call the storage's builder (a trait method)
//! nor write the nested array literal (its lengths are the shape's, not
//! constants of the function), nor take a closure, so `const_fill!` writes
//! the elements one by one into uninitialised memory, in order, and hands
//! the value over once all of them are written. This is the only place a
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

/// A value of type `$out` (a [`Contiguous`](super::Contiguous) type) whose
/// every element is `$value` (evaluated once per element), built in a
/// `const fn`: `const_fill!(Self, T::ZERO)`.
///
/// The elements are written through a pointer into uninitialised memory
/// with a local counter, a loop LLVM turns into a `memset` or vector stores
/// straight into the caller's value, as `from_flat_fn` compiles. (A
/// helper struct holding the counter next to the buffer measured worse:
/// the counter was reloaded from memory after each store, and a `[256,
/// 256]` `zeros()` went through a 256 KiB stack temporary instead of one
/// `memset`.)
macro_rules! const_fill {
    ($out:ty, $value:expr) => {{
        const {
            assert!(
                ::core::mem::size_of::<$out>()
                    == <$out as $crate::uninit::Contiguous>::LEN
                        * ::core::mem::size_of::<<$out as $crate::uninit::Contiguous>::Elem>()
            )
        };
        let mut out = ::core::mem::MaybeUninit::<$out>::uninit();
        let first = out
            .as_mut_ptr()
            .cast::<<$out as $crate::uninit::Contiguous>::Elem>();
        let mut i = 0;
        while i < <$out as $crate::uninit::Contiguous>::LEN {
            // SAFETY: a `Contiguous` value is `LEN` elements in a row from
            // its first byte, unpadded (the size asserted above), so slot
            // `i < LEN` is inside `out`, and it is written once.
            unsafe { first.add(i).write($value) };
            i += 1;
        }
        // SAFETY: the loop wrote all `LEN` elements, and any `LEN`
        // initialised elements are a valid `Contiguous` value; `out` (a
        // `MaybeUninit`, which drops nothing) is not used again. A read
        // writes the caller's value directly: `assume_init` took one more
        // copy of the value on an unoptimized stack.
        unsafe { out.as_ptr().read() }
    }};
}

pub(crate) use const_fill;
