//! Transposes of 4 × 4 blocks of 4-byte `Copy` elements by SIMD shuffles:
//! the inner kernel of `copy_from`'s tiles (`copy.rs`) in builds with AVX
//! on CPUs without AVX2 (where `plane.rs` does not run), and the
//! [`Bitwise`] proof both kernels take.
//!
//! LLVM vectorises the generic tile of `copy.rs` into SSE2 shuffles, but
//! with AVX-512 enabled (`-C target-cpu=native`) it picks wide permutes
//! that made the `[256, 256]` transpose 8.9× a `memcpy` (18 µs); these
//! blocks took 8 µs. Here the 4 × 4 block is written out: 4 loads, 8
//! shuffles (`unpcklps`, `unpckhps`, `movlhps`, `movhlps`), 4 stores.
//! (CPUs with AVX2 take `plane.rs`'s wider blocks instead: 3.5–3.7 µs.)
//!
//! The kernel is inline assembly rather than `core::arch` intrinsics: it
//! moves the elements' bytes as they are, so any `Copy` type of 4 bytes is
//! served, padding bytes included (reading those as `__m128` would be
//! undefined behaviour; `asm!` moves raw bytes). A [`Bitwise`] proves that
//! the element type is `Copy`, so that a bit copy is a copy. Elsewhere than
//! on x86-64, [`fits`] is false and the generic tile is used.
//!
//! ```
//! use tensor_core::prelude::*;
//! let t = Tensor::<f32, Shape![128, 96]>::from_flat_fn(|i| i as f32);
//! let mut out = Tensor::<f32, Shape![96, 128]>::zeros();
//! out.copy_from(&t.t()); // full 32-row bands through the 4 × 4 blocks
//! assert_eq!(out, t.t());
//! ```

use crate::cpu::{self, Simd};
use crate::uninit::Slots;

/// The number of input rows of a block, and its output elements per row.
pub(crate) const BLOCK: usize = 4;

/// Proof that elements may be copied bit for bit (made only for `T: Copy`
/// and the primitive types),
/// and the widest vector instructions the running CPU takes, or fewer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bitwise {
    /// At most [`cpu::simd`]: which kernels may run.
    level: Simd,
}

impl Bitwise {
    /// The proof for a `Copy` type (the type parameter is the point), at
    /// the running CPU's level.
    #[inline(always)]
    #[allow(clippy::extra_unused_type_parameters)]
    pub(crate) fn of<T: Copy>() -> Option<Bitwise> {
        Some(Bitwise { level: cpu::simd() })
    }

    /// The proof for a type that is only `Clone`, when it is a primitive
    /// (whose `clone` copies its bytes; `num::type_of`), and `None` for any
    /// other type, whose `clone` must be called: lets `to_tensor` and
    /// `to_boxed_tensor` take the SIMD transposes for `f32`, `i32`, ...
    #[inline(always)]
    pub(crate) fn of_primitive<T: Clone>() -> Option<Bitwise> {
        crate::num::type_of::is_primitive::<T>().then(|| Bitwise { level: cpu::simd() })
    }

    /// The proof at `level`, which the CPU must take: to test each level.
    ///
    /// # Panics
    ///
    /// When the running CPU does not take `level`.
    #[cfg(test)]
    #[allow(clippy::extra_unused_type_parameters)]
    pub(crate) fn at<T: Copy>(level: Simd) -> Bitwise {
        assert!(level <= cpu::simd(), "the CPU does not take {level:?}");
        Bitwise { level }
    }

    /// The vector instructions kernels may use.
    #[inline(always)]
    pub(crate) fn level(self) -> Simd {
        self.level
    }
}

/// Whether [`transpose`] serves elements of type `T`: 4 bytes, in a build
/// with AVX (`-C target-cpu=native` on a CPU that has it). On the SSE2
/// baseline LLVM's own shuffles of the generic tile were faster (the
/// `[256, 256]` transpose in 6.6 µs against 8.1 µs through these blocks),
/// and on the staged path (`copy.rs`) they were with AVX too (42 µs against
/// 60 µs for the `[64, 64, 64]` permute), so only full direct bands use
/// them. (Those times were measured before `plane.rs` took over on CPUs
/// with AVX2.)
#[inline(always)]
pub(crate) const fn fits<T>() -> bool {
    cfg!(all(target_arch = "x86_64", target_feature = "avx")) && size_of::<T>() == 4
}

/// `out[at + x · stride + g] = src[g][x]` for each `g < 4` and each `x` of
/// the rows of `src` (all as long, a multiple of 4): the rows of `src`
/// become columns of `out`. Every slot written is initialised afterwards.
///
/// # Panics
///
/// Off x86-64, when `T` is not 4 bytes, the rows differ in length or are not a
/// multiple of 4 long, or `out` is too short.
#[inline(always)]
pub(crate) fn transpose<T>(
    _: Bitwise,
    src: [&[T]; BLOCK],
    out: &mut Slots<T>,
    at: usize,
    stride: usize,
) {
    let len = src[0].len();
    assert!(cfg!(target_arch = "x86_64") && size_of::<T>() == 4);
    assert!(len.is_multiple_of(BLOCK) && src.iter().all(|r| r.len() == len));
    if len == 0 {
        return;
    }
    // The last slot written: row `len - 1`, column 3.
    let end = at + (len - 1) * stride + BLOCK;
    assert!(stride >= BLOCK && end <= out.len());
    let out = out[at..end].as_mut_ptr();
    for x in (0..len).step_by(BLOCK) {
        let rows = src.map(|r| r[x..].as_ptr());
        // SAFETY: each row of `src` holds `len` elements, so the 4 read
        // from `x` (a multiple of 4 below `len`) are in it; the output
        // rows `x .. x + 4`, `stride >= 4` apart, end at or before `end`,
        // inside `out` (checked above), and do not overlap `src` (`out` is
        // borrowed exclusively). `T` is 4 bytes (checked) and `Copy` (the
        // `Bitwise`), so moving its bytes is copying it.
        unsafe { block(rows, out.add(x * stride), stride) };
    }
}

/// The 4 × 4 transpose: `dst[x · stride + g] = rows[g][x]`, raw bytes.
///
/// # Safety
///
/// Each `rows[g]` is valid for reading 16 bytes, `dst` for writing 16 bytes
/// at each of `0, stride, 2 · stride, 3 · stride` elements of 4 bytes, and
/// the two do not overlap.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn block<T>(rows: [*const T; BLOCK], dst: *mut T, stride: usize) {
    // SAFETY: the caller's; SSE2 is part of the x86-64 baseline. The
    // assembly only reads the 4 rows and writes the 4 output runs.
    unsafe {
        core::arch::asm!(
            "movups {a}, [{r0}]",
            "movups {b}, [{r1}]",
            "movups {c}, [{r2}]",
            "movups {d}, [{r3}]",
            "movaps {t}, {a}",
            "unpcklps {t}, {b}",  // t = a0 b0 a1 b1
            "unpckhps {a}, {b}",  // a = a2 b2 a3 b3
            "movaps {u}, {c}",
            "unpcklps {u}, {d}",  // u = c0 d0 c1 d1
            "unpckhps {c}, {d}",  // c = c2 d2 c3 d3
            "movaps {b}, {t}",
            "movlhps {t}, {u}",   // t = a0 b0 c0 d0
            "movhlps {u}, {b}",   // u = a1 b1 c1 d1
            "movaps {b}, {a}",
            "movlhps {a}, {c}",   // a = a2 b2 c2 d2
            "movhlps {c}, {b}",   // c = a3 b3 c3 d3
            "movups [{o}], {t}",
            "movups [{o} + {s}], {u}",
            "movups [{o} + {s} * 2], {a}",
            "add {o}, {s}",
            "movups [{o} + {s} * 2], {c}",
            r0 = in(reg) rows[0],
            r1 = in(reg) rows[1],
            r2 = in(reg) rows[2],
            r3 = in(reg) rows[3],
            o = inout(reg) dst => _,
            s = in(reg) stride * 4,
            a = out(xmm_reg) _,
            b = out(xmm_reg) _,
            c = out(xmm_reg) _,
            d = out(xmm_reg) _,
            t = out(xmm_reg) _,
            u = out(xmm_reg) _,
            options(nostack, preserves_flags),
        );
    }
}

/// Never called: [`transpose`] panics off x86-64.
///
/// # Safety
///
/// None needed; it panics.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
unsafe fn block<T>(_: [*const T; BLOCK], _: *mut T, _: usize) {
    unreachable!("4 × 4 blocks are x86-64 only")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs [`transpose`] of `rows` rows of `len` into a buffer of `n`
    /// slots at `at`, `stride` apart, and checks every slot.
    fn check<T: Copy + PartialEq + core::fmt::Debug>(
        src: [&[T]; BLOCK],
        n: usize,
        at: usize,
        stride: usize,
        fill: T,
    ) {
        let mut out = std::vec![fill; n];
        transpose(
            Bitwise::at::<T>(Simd::Base),
            src,
            Slots::of_init(&mut out),
            at,
            stride,
        );
        for (i, &got) in out.iter().enumerate() {
            let (x, g) = ((i.wrapping_sub(at)) / stride, (i.wrapping_sub(at)) % stride);
            let want = match i >= at && x < src[0].len() && g < BLOCK {
                true => src[g][x],
                false => fill,
            };
            assert_eq!(got, want, "slot {i}");
        }
    }

    /// `BLOCK` rows of `len` elements of `data`, each `gap` after the last.
    fn rows<T>(data: &[T], len: usize, gap: usize) -> [&[T]; BLOCK] {
        core::array::from_fn(|g| &data[g * (len + gap)..][..len])
    }

    #[test]
    fn blocks_move_rows_into_columns() {
        let data: std::vec::Vec<u32> = (0..512).collect();
        for len in [BLOCK, 2 * BLOCK, 32] {
            let src = rows(&data, len, 3);
            check(src, len * (BLOCK + 1) + 3, 3, BLOCK + 1, u32::MAX);
            check(src, len * BLOCK, 0, BLOCK, u32::MAX);
        }
        let floats: std::vec::Vec<f32> = (0..256).map(|i| i as f32 - 7.5).collect();
        check(rows(&floats, BLOCK, 0), BLOCK * 9 + 2, 2, 9, -1.0);
    }

    #[test]
    fn padded_four_byte_types_are_copied_whole() {
        #[derive(Clone, Copy, PartialEq, Debug)]
        #[repr(C)]
        struct Padded(u8, u16);
        let data: std::vec::Vec<Padded> = (0..256).map(|i| Padded(i as u8, 1000 + i)).collect();
        check(rows(&data, BLOCK, 1), BLOCK * BLOCK, 0, BLOCK, Padded(0, 0));
    }

    #[test]
    #[should_panic]
    fn a_short_output_panics() {
        let data = [0u32; BLOCK];
        let mut out = [0u32; BLOCK * BLOCK - 1];
        transpose(
            Bitwise::at::<u32>(Simd::Base),
            [&data[..]; BLOCK],
            Slots::of_init(&mut out),
            0,
            BLOCK,
        );
    }
}
