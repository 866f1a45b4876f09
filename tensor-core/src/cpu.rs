//! Which vector instructions the CPU running the program has, for the
//! kernels of products (`ops/matmul`), of transposing copies
//! (`view/block.rs`) and of `f32` max pools (`ops/pool/pairs.rs`): found
//! once with `cpuid` (in `core::arch`, so `#![no_std]` builds detect it
//! too) and cached in an atomic.
//!
//! The level can be capped at run time ([`cap_simd`]), so that a machine
//! with AVX-512 can time and test the AVX2 and base kernels too (the bench
//! does it with `TENSOR_SIMD=avx2` or `base`).
//!
//! ```
//! use tensor_core::prelude::*;
//! // Products and copies pick their kernel by themselves; the result does
//! // not depend on it for exact data.
//! let a = Tensor::<f32, Shape![32, 32]>::from_flat_fn(|i| (i % 7) as f32);
//! assert_eq!(a.matmul(&a)[[0, 0]], (0..32).map(|k| ((k % 7) * ((k * 32) % 7)) as f32).sum::<f32>());
//! let mut t = Tensor::<f32, Shape![32, 32]>::zeros();
//! t.copy_from(&a.t());
//! assert_eq!(t[[3, 5]], a[[5, 3]]);
//! ```

/// A level of vector kernels, from the narrowest: the widest one the
/// running CPU takes is [`simd`] (off x86-64 only `Base` is ever built).
///
/// ```
/// use tensor_core::cpu::Simd;
/// assert!(Simd::Base < Simd::Avx2 && Simd::Avx2 < Simd::Avx512);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Simd {
    /// The build target's own instructions (SSE2 on x86-64's default).
    Base,
    /// AVX2 and FMA: 256-bit vectors, 16 registers.
    Avx2,
    /// AVX-512F: 512-bit vectors, 32 registers.
    Avx512,
}

/// The widest kernel the running CPU takes (`Base` off x86-64), at most
/// the cap set by [`cap_simd`]: the level every product, copy and `f32`
/// max pool runs at.
///
/// ```
/// use tensor_core::cpu::{simd, Simd};
/// if cfg!(target_feature = "avx512f") {
///     assert_eq!(simd(), Simd::Avx512);
/// }
/// ```
#[inline]
pub fn simd() -> Simd {
    #[cfg(target_arch = "x86_64")]
    {
        x86::cached().min(cap())
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        Simd::Base
    }
}

/// The cap: `Simd as u8`, `u8::MAX` for none.
static CAP: AtomicU8 = AtomicU8::new(u8::MAX);

/// The level set by [`cap_simd`], [`Simd::Avx512`] when none was.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
#[inline]
fn cap() -> Simd {
    match CAP.load(Ordering::Relaxed) {
        0 => Simd::Base,
        1 => Simd::Avx2,
        _ => Simd::Avx512,
    }
}

/// Caps the kernels at `max` from now on, for the whole program: products,
/// copies and `f32` max pools then run at `min(max, what the CPU takes)`.
/// For benchmarks and tests of the narrower kernels on a wider machine;
/// results are the same at every level (exactly for integers, within
/// rounding for floats).
/// `cap_simd(Simd::Avx512)` lifts the cap.
///
/// ```
/// use tensor_core::cpu::{cap_simd, simd, Simd};
/// cap_simd(Simd::Base);
/// assert_eq!(simd(), Simd::Base);
/// cap_simd(Simd::Avx512);
/// ```
pub fn cap_simd(max: Simd) {
    CAP.store(max as u8, Ordering::Relaxed);
}

use core::sync::atomic::{AtomicU8, Ordering};

#[cfg(target_arch = "x86_64")]
mod x86 {
    use core::arch::x86_64::{__cpuid, __cpuid_count, _xgetbv};
    use core::sync::atomic::{AtomicU8, Ordering};

    use super::Simd;

    /// 0 before the first probe, else 1 + the level (`Simd as u8`).
    static LEVEL: AtomicU8 = AtomicU8::new(0);

    /// The level, probed on the first call. Racing first calls probe twice
    /// and store the same answer.
    #[inline]
    pub(super) fn cached() -> Simd {
        match LEVEL.load(Ordering::Relaxed) {
            1 => Simd::Base,
            2 => Simd::Avx2,
            3 => Simd::Avx512,
            _ => {
                let level = probe();
                LEVEL.store(level as u8 + 1, Ordering::Relaxed);
                level
            }
        }
    }

    /// Whether bit `n` of `x` is set.
    fn bit(x: u32, n: u32) -> bool {
        x >> n & 1 == 1
    }

    /// The CPU's and the operating system's support, as `std`'s
    /// `is_x86_feature_detected!` finds it: the instructions (`cpuid`) and
    /// the registers saved on a context switch (`xgetbv`).
    #[cold]
    pub(super) fn probe() -> Simd {
        // `cpuid` exists on every x86-64 CPU (a safe function), leaf 0 always.
        let max_leaf = __cpuid(0).eax;
        if max_leaf < 7 {
            return Simd::Base;
        }
        // Leaves 1 and 7 exist (`max_leaf >= 7`).
        let (l1, l7) = (__cpuid(1), __cpuid_count(7, 0));
        let (osxsave, avx, fma) = (bit(l1.ecx, 27), bit(l1.ecx, 28), bit(l1.ecx, 12));
        if !(osxsave && avx && fma) {
            return Simd::Base;
        }
        // SAFETY: OSXSAVE is set: the OS enabled `xgetbv`, and register 0
        // (XCR0) always exists.
        let xcr0 = unsafe { _xgetbv(0) };
        // SSE and AVX state saved; AVX-512 adds the opmask and upper ZMM.
        let (ymm, zmm) = (xcr0 & 0b110 == 0b110, xcr0 & 0b1110_0110 == 0b1110_0110);
        match (ymm, bit(l7.ebx, 5), zmm && bit(l7.ebx, 16)) {
            (true, true, true) => Simd::Avx512,
            (true, true, false) => Simd::Avx2,
            _ => Simd::Base,
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn the_probe_agrees_with_std() {
            let std = if std::is_x86_feature_detected!("avx512f")
                && std::is_x86_feature_detected!("avx2")
                && std::is_x86_feature_detected!("fma")
            {
                Simd::Avx512
            } else if std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("fma")
            {
                Simd::Avx2
            } else {
                Simd::Base
            };
            assert_eq!(probe(), std);
            assert_eq!(cached(), std);
            assert_eq!(cached(), std);
        }
    }
}
