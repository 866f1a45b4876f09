//! Reading program memory (flash) with `lpm`. An ATmega328P is a Harvard
//! machine: a plain load reads RAM, so data placed in flash
//! (`#[link_section = ".progmem.data"]`) is read through the `Z` pointer.

use core::arch::asm;
use core::mem::{size_of, MaybeUninit};

/// The byte at flash address `p`.
///
/// # Safety
///
/// `p` must be the address of a byte of a `static` placed in
/// `.progmem.data` (below 64 KiB, as all of an ATmega328P's flash is).
#[inline(always)]
pub unsafe fn byte(p: *const u8) -> u8 {
    let b: u8;
    // SAFETY: `lpm` reads flash at Z into a register; it touches no RAM
    // and no flags, and the caller vouches that Z is a flash address.
    unsafe {
        asm!("lpm {b}, Z", b = out(reg) b, in("Z") p, options(pure, readonly, nostack, preserves_flags));
    }
    b
}

/// The value of type `T` stored in flash at `p`, read byte by byte.
///
/// # Safety
///
/// `p` must point to a valid `T` inside a `static` placed in
/// `.progmem.data`; `T` must be plain data (`Copy`).
#[inline(always)]
pub unsafe fn read<T: Copy>(p: *const T) -> T {
    let mut out = MaybeUninit::<T>::uninit();
    let dst = out.as_mut_ptr() as *mut u8;
    for i in 0..size_of::<T>() {
        // SAFETY: `i` is inside the `T` at `p` (flash, by the caller's
        // promise) and inside `out`.
        unsafe { dst.add(i).write(byte((p as *const u8).add(i))) };
    }
    // SAFETY: every byte was copied from a valid `T`.
    unsafe { out.assume_init() }
}
