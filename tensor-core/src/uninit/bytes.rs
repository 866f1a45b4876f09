//! Little-endian bytes decoded into uninitialised memory: the constant
//! decoder under [`include_tensor!`](crate::include_tensor) and the run-time
//! one of the file readers.

use core::mem::{self, MaybeUninit};
use core::ptr;

use super::Slots;

/// The value whose bytes are `bytes` read as little-endian elements `elem`
/// bytes wide, in order, in a `const` context: one copy on a little-endian
/// target (rustc's constant evaluator copies a 1 MiB tensor in
/// milliseconds; a byte loop costs it a step per byte), each element's bytes
/// reversed on a big-endian one. The decoder under
/// [`include_tensor!`](crate::include_tensor) and `tensor_from_le_bytes`.
///
/// # Panics
///
/// When `bytes.len()` is not `size_of::<X>()` (`what` names the caller in
/// the message); in a `const` or `static` initialiser that is a compile error.
///
/// # Safety
///
/// Every bit pattern of `X` is a valid `X` (nested arrays of a plain number
/// type `elem` bytes wide, without padding).
pub(crate) const unsafe fn from_le_bytes<X>(bytes: &[u8], elem: usize) -> X {
    assert!(
        bytes.len() == mem::size_of::<X>(),
        "the byte length is not the tensor's size in bytes"
    );
    let mut out = MaybeUninit::<X>::uninit();
    let first = out.as_mut_ptr().cast::<u8>();
    if cfg!(target_endian = "little") {
        // SAFETY: `bytes` and `out` are both `bytes.len()` bytes long
        // (asserted above) and do not overlap (`out` is a fresh local).
        unsafe { ptr::copy_nonoverlapping(bytes.as_ptr(), first, bytes.len()) };
    } else {
        let mut at = 0;
        while at < bytes.len() {
            // SAFETY: `at < bytes.len() == size_of::<X>()`, inside `out`.
            unsafe { first.add(at).write(bytes[mirrored(at, elem)]) };
            at += 1;
        }
    }
    // SAFETY: every byte of `out` was written above, and the caller promises
    // that any bytes are a valid `X`.
    unsafe { out.assume_init() }
}

/// The source byte that holds output byte `at` on a big-endian target: its
/// mirror within its element of `size` bytes.
pub(super) const fn mirrored(at: usize, size: usize) -> usize {
    at - at % size + (size - 1 - at % size)
}

impl<T> Slots<T> {
    /// Writes `bytes`, little-endian `T`s, into the slots, one element each.
    ///
    /// # Panics
    ///
    /// When `bytes.len()` is not `len() * size_of::<T>()`.
    ///
    /// # Safety
    ///
    /// Every bit pattern of `T` is a valid `T` (a plain number type without
    /// padding).
    pub(crate) unsafe fn write_le_bytes(&mut self, bytes: &[u8]) {
        let size = mem::size_of::<T>();
        assert_eq!(bytes.len(), self.len() * size, "write_le_bytes: lengths");
        let first = self.0.as_mut_ptr().cast::<u8>();
        if cfg!(target_endian = "little") {
            // SAFETY: the slots span `len() * size == bytes.len()` bytes
            // (asserted) and are borrowed exclusively, so they do not
            // overlap `bytes`; any bytes are a valid `T` (the caller's).
            unsafe { ptr::copy_nonoverlapping(bytes.as_ptr(), first, bytes.len()) };
        } else {
            for (at, chunk) in bytes.chunks_exact(size).enumerate() {
                for (k, byte) in chunk.iter().rev().enumerate() {
                    // SAFETY: `at * size + k < len() * size`, inside the slots.
                    unsafe { first.add(at * size + k).write(*byte) };
                }
            }
        }
    }
}
