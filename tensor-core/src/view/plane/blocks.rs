//! The blocks of `plane.rs`, in inline assembly (raw bytes, so padded
//! 4-byte types are served): an 8 × 8 transpose in AVX registers, a
//! 16 × 16 one in AVX-512 registers, and element-by-element edges.
//!
//! ```
//! use tensor_core::prelude::*;
//! let t = Tensor::<u32, Shape![48, 40]>::from_flat_fn(|i| i as u32);
//! let mut out = Tensor::<u32, Shape![40, 48]>::zeros();
//! out.copy_from(&t.t()); // blocks of 16 or 8, and edges of 8
//! assert_eq!(out, t.t());
//! ```

/// `dst[x · stride + j] = src[j · step + x]` for `x < sides.0`,
/// `j < sides.1`: when both sides are at least 8, in 8 × 8 AVX blocks, the
/// last of each row and column of blocks moved back to end at the side (so
/// some elements are written twice, with the same bytes); else element by
/// element.
///
/// # Safety
///
/// The CPU has AVX; `T` is 4 bytes and `Copy`; each `src + j · step + x`
/// is valid for reads, each `dst + x · stride + j` for writes, and the two
/// do not overlap.
#[inline(always)]
pub(super) unsafe fn edge<T>(
    src: *const T,
    step: isize,
    (dst, stride): (*mut T, usize),
    sides: (usize, usize),
) {
    if sides.0 >= 8 && sides.1 >= 8 {
        for x in block_starts::<8>(sides.0) {
            for j in block_starts::<8>(sides.1) {
                let (from, to) = (j as isize * step + x as isize, x * stride + j);
                // SAFETY: the caller's, for the 8 × 8 block at `(x, j)`,
                // inside `sides` (`x + 8 <= sides.0`, `j + 8 <= sides.1`);
                // the CPU has AVX.
                unsafe { block8(src.offset(from), step, dst.add(to), stride) };
            }
        }
        return;
    }
    for x in 0..sides.0 {
        for j in 0..sides.1 {
            let (from, to) = (j as isize * step + x as isize, x * stride + j);
            // SAFETY: the caller's; `T: Copy`, so a bit copy is a copy.
            unsafe { core::ptr::copy_nonoverlapping(src.offset(from), dst.add(to), 1) };
        }
    }
}

/// The starts of the `B`-wide blocks that cover `0..n` (`n >= B`): `0, B,
/// 2B, ..`, the last moved back to `n - B`, so every block lies in `0..n`.
#[inline(always)]
pub(super) fn block_starts<const B: usize>(n: usize) -> impl Iterator<Item = usize> {
    (0..n).step_by(B).map(move |start| start.min(n - B))
}

/// The 8 × 8 transpose: `dst[x · stride + j] = src[j · step + x]`, raw
/// bytes: 8 loads, 8 `vunpck*ps`, 8 `vshufps`, 8 `vperm2f128`, 8 stores.
///
/// # Safety
///
/// The CPU has AVX; `src + j · step` is valid for reading 32 bytes and
/// `dst + x · stride` for writing 32 bytes for each `j, x < 8` (4-byte
/// elements), and the two do not overlap.
#[target_feature(enable = "avx")]
#[inline]
pub(super) unsafe fn block8<T>(src: *const T, step: isize, dst: *mut T, stride: usize) {
    let (s, d) = (step * 4, stride as isize * 4);
    // SAFETY: the caller's. The assembly reads the 8 runs, writes the 8
    // output rows and clobbers only the registers it names.
    unsafe {
        core::arch::asm!(
            "vmovups ymm0, [{p}]",
            "vmovups ymm1, [{p} + {s}]",
            "vmovups ymm2, [{p} + {s} * 2]",
            "vmovups ymm3, [{p} + {s3}]",
            "lea {p}, [{p} + {s} * 4]",
            "vmovups ymm4, [{p}]",
            "vmovups ymm5, [{p} + {s}]",
            "vmovups ymm6, [{p} + {s} * 2]",
            "vmovups ymm7, [{p} + {s3}]",
            // Pairs of rows interleaved, within each 128-bit half.
            "vunpcklps ymm8, ymm0, ymm1",
            "vunpckhps ymm9, ymm0, ymm1",
            "vunpcklps ymm10, ymm2, ymm3",
            "vunpckhps ymm11, ymm2, ymm3",
            "vunpcklps ymm12, ymm4, ymm5",
            "vunpckhps ymm13, ymm4, ymm5",
            "vunpcklps ymm14, ymm6, ymm7",
            "vunpckhps ymm15, ymm6, ymm7",
            // Columns of 4 rows, within each half.
            "vshufps ymm0, ymm8, ymm10, 0x44",
            "vshufps ymm1, ymm8, ymm10, 0xEE",
            "vshufps ymm2, ymm9, ymm11, 0x44",
            "vshufps ymm3, ymm9, ymm11, 0xEE",
            "vshufps ymm4, ymm12, ymm14, 0x44",
            "vshufps ymm5, ymm12, ymm14, 0xEE",
            "vshufps ymm6, ymm13, ymm15, 0x44",
            "vshufps ymm7, ymm13, ymm15, 0xEE",
            // Halves joined: columns 0..4 from the low, 4..8 the high.
            "vperm2f128 ymm8, ymm0, ymm4, 0x20",
            "vperm2f128 ymm9, ymm1, ymm5, 0x20",
            "vperm2f128 ymm10, ymm2, ymm6, 0x20",
            "vperm2f128 ymm11, ymm3, ymm7, 0x20",
            "vperm2f128 ymm12, ymm0, ymm4, 0x31",
            "vperm2f128 ymm13, ymm1, ymm5, 0x31",
            "vperm2f128 ymm14, ymm2, ymm6, 0x31",
            "vperm2f128 ymm15, ymm3, ymm7, 0x31",
            "vmovups [{o}], ymm8",
            "vmovups [{o} + {d}], ymm9",
            "vmovups [{o} + {d} * 2], ymm10",
            "vmovups [{o} + {d3}], ymm11",
            "lea {o}, [{o} + {d} * 4]",
            "vmovups [{o}], ymm12",
            "vmovups [{o} + {d}], ymm13",
            "vmovups [{o} + {d} * 2], ymm14",
            "vmovups [{o} + {d3}], ymm15",
            p = inout(reg) src => _,
            s = in(reg) s,
            s3 = in(reg) s * 3,
            o = inout(reg) dst => _,
            d = in(reg) d,
            d3 = in(reg) d * 3,
            out("ymm0") _, out("ymm1") _, out("ymm2") _, out("ymm3") _,
            out("ymm4") _, out("ymm5") _, out("ymm6") _, out("ymm7") _,
            out("ymm8") _, out("ymm9") _, out("ymm10") _, out("ymm11") _,
            out("ymm12") _, out("ymm13") _, out("ymm14") _, out("ymm15") _,
            options(nostack, preserves_flags),
        );
    }
}

/// The 16 × 16 transpose: `dst[x · stride + j] = src[j · step + x]`, raw
/// bytes: 16 loads of a whole 64-byte line, 16 `vunpck*ps`, 16 `vshufps`,
/// 32 `vshuff32x4`, 16 stores of a whole line.
///
/// # Safety
///
/// The CPU has AVX-512F; `src + j · step` is valid for reading 64 bytes and
/// `dst + x · stride` for writing 64 bytes for each `j, x < 16` (4-byte
/// elements), and the two do not overlap.
#[target_feature(enable = "avx512f")]
#[inline]
pub(super) unsafe fn block16<T>(src: *const T, step: isize, dst: *mut T, stride: usize) {
    let (s, d) = (step * 4, stride as isize * 4);
    // SAFETY: the caller's. The assembly reads the 16 runs, writes the 16
    // output rows and clobbers only the registers it names.
    unsafe {
        core::arch::asm!(
            // 16 rows, one 64-byte load each.
            "vmovups zmm0, [{p}]",
            "vmovups zmm1, [{p} + {s}]",
            "vmovups zmm2, [{p} + {s} * 2]",
            "vmovups zmm3, [{p} + {s3}]",
            "lea {p}, [{p} + {s} * 4]",
            "vmovups zmm4, [{p}]",
            "vmovups zmm5, [{p} + {s}]",
            "vmovups zmm6, [{p} + {s} * 2]",
            "vmovups zmm7, [{p} + {s3}]",
            "lea {p}, [{p} + {s} * 4]",
            "vmovups zmm8, [{p}]",
            "vmovups zmm9, [{p} + {s}]",
            "vmovups zmm10, [{p} + {s} * 2]",
            "vmovups zmm11, [{p} + {s3}]",
            "lea {p}, [{p} + {s} * 4]",
            "vmovups zmm12, [{p}]",
            "vmovups zmm13, [{p} + {s}]",
            "vmovups zmm14, [{p} + {s} * 2]",
            "vmovups zmm15, [{p} + {s3}]",
            // Pairs of rows interleaved, within each 128-bit lane.
            "vunpcklps zmm16, zmm0, zmm1",
            "vunpckhps zmm17, zmm0, zmm1",
            "vunpcklps zmm18, zmm2, zmm3",
            "vunpckhps zmm19, zmm2, zmm3",
            "vunpcklps zmm20, zmm4, zmm5",
            "vunpckhps zmm21, zmm4, zmm5",
            "vunpcklps zmm22, zmm6, zmm7",
            "vunpckhps zmm23, zmm6, zmm7",
            "vunpcklps zmm24, zmm8, zmm9",
            "vunpckhps zmm25, zmm8, zmm9",
            "vunpcklps zmm26, zmm10, zmm11",
            "vunpckhps zmm27, zmm10, zmm11",
            "vunpcklps zmm28, zmm12, zmm13",
            "vunpckhps zmm29, zmm12, zmm13",
            "vunpcklps zmm30, zmm14, zmm15",
            "vunpckhps zmm31, zmm14, zmm15",
            // Columns of 4 rows, within each lane.
            "vshufps zmm0, zmm16, zmm18, 0x44",
            "vshufps zmm1, zmm16, zmm18, 0xEE",
            "vshufps zmm2, zmm17, zmm19, 0x44",
            "vshufps zmm3, zmm17, zmm19, 0xEE",
            "vshufps zmm4, zmm20, zmm22, 0x44",
            "vshufps zmm5, zmm20, zmm22, 0xEE",
            "vshufps zmm6, zmm21, zmm23, 0x44",
            "vshufps zmm7, zmm21, zmm23, 0xEE",
            "vshufps zmm8, zmm24, zmm26, 0x44",
            "vshufps zmm9, zmm24, zmm26, 0xEE",
            "vshufps zmm10, zmm25, zmm27, 0x44",
            "vshufps zmm11, zmm25, zmm27, 0xEE",
            "vshufps zmm12, zmm28, zmm30, 0x44",
            "vshufps zmm13, zmm28, zmm30, 0xEE",
            "vshufps zmm14, zmm29, zmm31, 0x44",
            "vshufps zmm15, zmm29, zmm31, 0xEE",
            // Lanes of rows 0..8, and of rows 8..16, paired.
            "vshuff32x4 zmm16, zmm0, zmm4, 0x88",
            "vshuff32x4 zmm20, zmm0, zmm4, 0xDD",
            "vshuff32x4 zmm24, zmm8, zmm12, 0x88",
            "vshuff32x4 zmm28, zmm8, zmm12, 0xDD",
            "vshuff32x4 zmm17, zmm1, zmm5, 0x88",
            "vshuff32x4 zmm21, zmm1, zmm5, 0xDD",
            "vshuff32x4 zmm25, zmm9, zmm13, 0x88",
            "vshuff32x4 zmm29, zmm9, zmm13, 0xDD",
            "vshuff32x4 zmm18, zmm2, zmm6, 0x88",
            "vshuff32x4 zmm22, zmm2, zmm6, 0xDD",
            "vshuff32x4 zmm26, zmm10, zmm14, 0x88",
            "vshuff32x4 zmm30, zmm10, zmm14, 0xDD",
            "vshuff32x4 zmm19, zmm3, zmm7, 0x88",
            "vshuff32x4 zmm23, zmm3, zmm7, 0xDD",
            "vshuff32x4 zmm27, zmm11, zmm15, 0x88",
            "vshuff32x4 zmm31, zmm11, zmm15, 0xDD",
            // Whole columns: output rows c and c + 8.
            "vshuff32x4 zmm0, zmm16, zmm24, 0x88",
            "vshuff32x4 zmm8, zmm16, zmm24, 0xDD",
            "vshuff32x4 zmm1, zmm17, zmm25, 0x88",
            "vshuff32x4 zmm9, zmm17, zmm25, 0xDD",
            "vshuff32x4 zmm2, zmm18, zmm26, 0x88",
            "vshuff32x4 zmm10, zmm18, zmm26, 0xDD",
            "vshuff32x4 zmm3, zmm19, zmm27, 0x88",
            "vshuff32x4 zmm11, zmm19, zmm27, 0xDD",
            "vshuff32x4 zmm4, zmm20, zmm28, 0x88",
            "vshuff32x4 zmm12, zmm20, zmm28, 0xDD",
            "vshuff32x4 zmm5, zmm21, zmm29, 0x88",
            "vshuff32x4 zmm13, zmm21, zmm29, 0xDD",
            "vshuff32x4 zmm6, zmm22, zmm30, 0x88",
            "vshuff32x4 zmm14, zmm22, zmm30, 0xDD",
            "vshuff32x4 zmm7, zmm23, zmm31, 0x88",
            "vshuff32x4 zmm15, zmm23, zmm31, 0xDD",
            "vmovups [{o}], zmm0",
            "vmovups [{o} + {d}], zmm1",
            "vmovups [{o} + {d} * 2], zmm2",
            "vmovups [{o} + {d3}], zmm3",
            "lea {o}, [{o} + {d} * 4]",
            "vmovups [{o}], zmm4",
            "vmovups [{o} + {d}], zmm5",
            "vmovups [{o} + {d} * 2], zmm6",
            "vmovups [{o} + {d3}], zmm7",
            "lea {o}, [{o} + {d} * 4]",
            "vmovups [{o}], zmm8",
            "vmovups [{o} + {d}], zmm9",
            "vmovups [{o} + {d} * 2], zmm10",
            "vmovups [{o} + {d3}], zmm11",
            "lea {o}, [{o} + {d} * 4]",
            "vmovups [{o}], zmm12",
            "vmovups [{o} + {d}], zmm13",
            "vmovups [{o} + {d} * 2], zmm14",
            "vmovups [{o} + {d3}], zmm15",
            p = inout(reg) src => _,
            s = in(reg) s,
            s3 = in(reg) s * 3,
            o = inout(reg) dst => _,
            d = in(reg) d,
            d3 = in(reg) d * 3,
            out("zmm0") _, out("zmm1") _, out("zmm2") _, out("zmm3") _,
            out("zmm4") _, out("zmm5") _, out("zmm6") _, out("zmm7") _,
            out("zmm8") _, out("zmm9") _, out("zmm10") _, out("zmm11") _,
            out("zmm12") _, out("zmm13") _, out("zmm14") _, out("zmm15") _,
            out("zmm16") _, out("zmm17") _, out("zmm18") _, out("zmm19") _,
            out("zmm20") _, out("zmm21") _, out("zmm22") _, out("zmm23") _,
            out("zmm24") _, out("zmm25") _, out("zmm26") _, out("zmm27") _,
            out("zmm28") _, out("zmm29") _, out("zmm30") _, out("zmm31") _,
            options(nostack, preserves_flags),
        );
    }
}
