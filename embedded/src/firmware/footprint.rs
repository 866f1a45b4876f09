//! Flash and static RAM as the linker laid them out (`cortex-m-rt`'s
//! `link.x` symbols): the same numbers as `llvm-size`, printed by the
//! firmware itself.

use cortex_m_semihosting::hprintln;

unsafe extern "C" {
    /// Start of `.data` in RAM.
    static __sdata: u32;
    /// End of `.data` in RAM.
    static __edata: u32;
    /// Where `.data`'s initial values sit in flash: the image's last section.
    static __sidata: u32;
    /// End of `.bss` in RAM.
    static __ebss: u32;
}

/// Prints the bytes of flash (code, read-only data and `.data`'s initial
/// values) and of static RAM (`.data` and `.bss`) in use.
pub fn print() {
    let (sdata, edata) = ((&raw const __sdata) as usize, (&raw const __edata) as usize);
    let (sidata, ebss) = ((&raw const __sidata) as usize, (&raw const __ebss) as usize);
    let flash = sidata + (edata - sdata); // flash starts at address 0
                                          // `hprintln!` concatenates its format string: no inline arguments.
    hprintln!(
        "footprint: {} bytes of flash, {} bytes of static RAM",
        flash,
        ebss - sdata
    );
}
