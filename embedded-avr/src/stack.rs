//! The stack's peak: the free RAM between the end of `.bss` and the stack
//! pointer is painted with a pattern; the lowest byte no longer holding it
//! marks the deepest the stack went.

use core::ptr::{addr_of, read_volatile, write_volatile};

extern "C" {
    /// The first byte after `.data`, `.bss` and `.noinit` (avr-libc's
    /// linker script).
    static __heap_start: u8;
}

/// The stack pointer's register pair (SPL, SPH) in data space.
const SP: *const u16 = 0x5D as *const u16;
/// The last byte of the ATmega328P's RAM.
const RAMEND: usize = 0x8FF;
const PATTERN: u8 = 0xA5;

fn stack_pointer() -> usize {
    // SAFETY: SPL/SPH, readable at any time.
    unsafe { read_volatile(SP) as usize }
}

/// Paints the free RAM below the current stack frame.
pub fn paint() {
    // SAFETY: from the end of the statics up to 16 bytes below the stack
    // pointer, RAM is unused (no heap); writing it disturbs nothing.
    unsafe {
        let start = addr_of!(__heap_start) as usize;
        for a in start..stack_pointer() - 16 {
            write_volatile(a as *mut u8, PATTERN);
        }
    }
}

/// Bytes between the top of RAM and the deepest point the stack reached
/// since [`paint`].
pub fn peak() -> usize {
    // SAFETY: reads free RAM, painted by `paint`.
    unsafe {
        let mut a = addr_of!(__heap_start) as usize;
        while read_volatile(a as *const u8) == PATTERN {
            a += 1;
        }
        RAMEND - a + 1
    }
}
