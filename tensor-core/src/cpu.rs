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

/// The size in bytes of a core's level-1 data cache, as `cpuid` reports
/// it (leaf 4, AMD's `0x8000_001D` or `0x8000_0005`), probed on the first
/// call; 32 KiB where it reports none, or off x86-64. The packed products
/// size the strip they keep in it by this (`ops/matmul/block.rs`).
///
/// ```
/// let l1 = tensor_core::cpu::l1d_bytes();
/// assert!(l1 >= 1024 && l1 % 1024 == 0);
/// ```
#[inline]
pub fn l1d_bytes() -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        x86::l1d_cached()
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        DEFAULT_L1D
    }
}

/// [`l1d_bytes`] where `cpuid` tells nothing: the smallest L1 data cache
/// of the x86-64 cores with AVX2 (Haswell to Skylake, Zen 1 to 4).
const DEFAULT_L1D: usize = 32 * 1024;

use core::sync::atomic::{AtomicU8, Ordering};

#[cfg(target_arch = "x86_64")]
mod x86 {
    use core::arch::x86_64::{__cpuid, __cpuid_count, _xgetbv};
    use core::sync::atomic::{AtomicU32, AtomicU8, Ordering};

    /// 0 before the first probe, else the L1 data cache's size in bytes.
    static L1D: AtomicU32 = AtomicU32::new(0);

    /// [`super::l1d_bytes`], probed on the first call.
    #[inline]
    pub(super) fn l1d_cached() -> usize {
        match L1D.load(Ordering::Relaxed) {
            0 => {
                let bytes = probe_l1d().unwrap_or(super::DEFAULT_L1D);
                L1D.store(bytes as u32, Ordering::Relaxed);
                bytes
            }
            bytes => bytes as usize,
        }
    }

    /// The L1 data cache's size: the first level-1 data (or unified)
    /// cache of the deterministic cache parameters (leaf 4, Intel; leaf
    /// `0x8000_001D`, AMD, which has the same layout), else AMD's legacy
    /// leaf `0x8000_0005` (ECX bits 31-24, in KiB). `None` when neither
    /// tells, or for a size that is not a whole KiB below 1 MiB.
    #[cold]
    fn probe_l1d() -> Option<usize> {
        let (max_leaf, max_ext) = (__cpuid(0).eax, __cpuid(0x8000_0000).eax);
        let legacy = || (__cpuid(0x8000_0005).ecx >> 24) as usize * 1024;
        (max_leaf >= 4)
            .then(|| level_1_data(4))
            .flatten()
            .or_else(|| {
                (max_ext >= 0x8000_001D)
                    .then(|| level_1_data(0x8000_001D))
                    .flatten()
            })
            .or_else(|| (max_ext >= 0x8000_0005).then(legacy))
            .filter(|&b| b > 0 && b % 1024 == 0 && b < 1 << 20)
    }

    /// The size of the first level-1 data or unified cache that the
    /// deterministic cache parameters of `leaf` (4 or `0x8000_001D`, which
    /// the caller checked exists) list: ways × partitions × line × sets.
    fn level_1_data(leaf: u32) -> Option<usize> {
        let caches = (0..16).map(|sub| __cpuid_count(leaf, sub));
        // Type 0 ends the list; 1 is data, 3 unified; the level is bits 5-7.
        let mut listed = caches.take_while(|r| r.eax & 0x1f != 0);
        let r = listed.find(|r| r.eax >> 5 & 0x7 == 1 && matches!(r.eax & 0x1f, 1 | 3))?;
        let ways = (r.ebx >> 22) as usize + 1;
        let partitions = (r.ebx >> 12 & 0x3ff) as usize + 1;
        let line = (r.ebx & 0xfff) as usize + 1;
        Some(ways * partitions * line * (r.ecx as usize + 1))
    }

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

        /// The probe against Linux's own account of the cache
        /// (`/sys/devices/system/cpu/cpu0/cache/index*/`), where it has one.
        #[test]
        fn the_l1d_probe_agrees_with_linux() {
            let dir = "/sys/devices/system/cpu/cpu0/cache";
            let read =
                |i: u32, f: &str| std::fs::read_to_string(std::format!("{dir}/index{i}/{f}"));
            let linux = (0..8).find_map(|i| {
                let (level, kind) = (read(i, "level").ok()?, read(i, "type").ok()?);
                let data = matches!(kind.trim(), "Data" | "Unified");
                let size = read(i, "size").ok()?;
                let kib: usize = size.trim().strip_suffix('K')?.parse().ok()?;
                (level.trim() == "1" && data).then_some(kib * 1024)
            });
            let probed = probe_l1d();
            if let Some(linux) = linux {
                assert_eq!(probed, Some(linux));
            }
            assert_eq!(l1d_cached(), probed.unwrap_or(crate::cpu::DEFAULT_L1D));
            assert_eq!(super::super::l1d_bytes(), l1d_cached());
        }

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
