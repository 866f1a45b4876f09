//! The stack high-water mark of a call: paint the free stack with a
//! pattern, make the call, and find the lowest word it overwrote.

/// The paint: a word a call is unlikely to leave behind.
const PAINT: u32 = 0x5afe_c0de;

unsafe extern "C" {
    /// The lowest address of the stack region (`cortex-m-rt`'s `link.x`:
    /// the end of `.bss`), below which the stack must not grow.
    static _stack_end: u32;
}

/// `f()` and the bytes of stack it used below the caller's stack pointer.
///
/// Inlined so that the stack pointer read here is the caller's frame's,
/// and nothing between reading it and calling `f` pushes below it. No
/// interrupt is enabled in this firmware, so nothing else writes there.
#[inline(always)]
pub fn high_water<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let bottom = (&raw const _stack_end) as usize;
    let top = cortex_m::register::msp::read() as usize & !3;
    let mut p = bottom;
    while p < top {
        // SAFETY: `bottom..top` is free stack (below the stack pointer and
        // above `.bss`), owned by no Rust object; it is word-aligned
        // (`link.x` aligns `_stack_end` to 4, `top` is rounded down).
        unsafe { (p as *mut u32).write_volatile(PAINT) };
        p += 4;
    }
    let result = core::hint::black_box(f());
    let mut lowest = bottom;
    // SAFETY: reads of the same aligned words, after `f` returned.
    while lowest < top && unsafe { (lowest as *const u32).read_volatile() } == PAINT {
        lowest += 4;
    }
    (result, top - lowest)
}
