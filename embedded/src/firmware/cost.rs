//! A deterministic cost counter: SysTick on the core clock.
//!
//! Under QEMU's `-icount shift=N` the virtual clock advances 2^N ns per
//! executed instruction, so the ticks SysTick counts across a call are
//! proportional to its instructions and the same on every run. The counter
//! has 24 bits: a measured call must take fewer than 2^24 ticks.

use cortex_m::peripheral::syst::SystClkSource;
use cortex_m::peripheral::SYST;

/// The largest SysTick reload value (24 bits).
const RELOAD: u32 = 0x00FF_FFFF;

/// SysTick, free-running from `RELOAD` down on the core clock.
pub struct Ticks(SYST);

impl Ticks {
    /// Starts the counter.
    pub fn start(mut syst: SYST) -> Self {
        syst.set_clock_source(SystClkSource::Core);
        syst.set_reload(RELOAD);
        syst.clear_current();
        syst.enable_counter();
        Ticks(syst)
    }

    /// `f()` and the ticks it took. Panics if the counter may have wrapped
    /// more than once (the call took half the counter's range or more).
    pub fn measure<R>(&mut self, f: impl FnOnce() -> R) -> (R, u32) {
        let _ = self.0.has_wrapped(); // clears the flag
        let before = SYST::get_current();
        let result = core::hint::black_box(f());
        let after = SYST::get_current();
        let elapsed = before.wrapping_sub(after) & RELOAD;
        assert!(
            elapsed < RELOAD / 2,
            "a measured call took {elapsed} ticks: too long for SysTick"
        );
        (result, elapsed)
    }
}

/// The ticks of exactly 1000 `nop` instructions: the scale of a tick.
pub fn per_thousand_instructions(ticks: &mut Ticks) -> u32 {
    let nops = || {
        // SAFETY: `nop`s only: no memory, registers or flags touched.
        unsafe {
            core::arch::asm!(
                ".rept 1000",
                "nop",
                ".endr",
                options(nomem, nostack, preserves_flags)
            )
        }
    };
    let empty = ticks.measure(|| ()).1;
    ticks.measure(nops).1 - empty
}
