//! The microkernels of the packed `f32` products (`block.rs`): a tile of
//! `H` rows × `NR` columns of the output accumulated in vector registers
//! over `kc` steps of the inner dimension, each step one broadcast element
//! of `a` per row times one row of a packed strip of `b` (`NR` contiguous
//! floats), with fused multiply-adds.
//!
//! - AVX-512F: `NR` = 32 (two ZMM a row), `H` = 8: 16 accumulators, 2
//!   loads of `b` and 8 broadcasts for 16 FMAs a step.
//! - AVX2 + FMA: `NR` = 16 (two YMM a row), `H` = 6: 12 accumulators,
//!   2 for `b` and 1 broadcast: 15 of the 16 YMM registers.
//!
//! Fewer rows (the bottom edge) take the same kernel with a smaller `H`;
//! a strip narrower than `NR` (the right edge) is packed with zeros and
//! stored through a buffer, only its `cols` columns.

/// One kernel: the pointer contract of every function below.
///
/// - `a` points at element `(0, 0)` of the tile's rows of the left
///   operand: `a + r * lda + kk` is readable for `r < H`, `kk < kc`;
/// - `b` points at a packed strip: `b + kk * NR + c` is readable for
///   `kk < kc`, `c < NR`;
/// - `c` points at the tile's first output: `c + r * ldc + j` is readable
///   and writable for `r < H`, `j < cols`, `cols <= NR`, and no other
///   reference to those elements is alive;
/// - `add`: add to the output (a later block of the inner dimension)
///   rather than overwrite it.
#[cfg(target_arch = "x86_64")]
pub(super) mod x86 {
    use core::arch::x86_64::*;

    /// The AVX-512 tile: `H` rows × 32 columns.
    ///
    /// # Safety
    ///
    /// The CPU has AVX-512F; the pointers follow the module's contract.
    #[target_feature(enable = "avx512f,avx2,fma")]
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(in super::super) unsafe fn tile_avx512<const H: usize>(
        a: *const f32,
        lda: usize,
        b: *const f32,
        kc: usize,
        c: *mut f32,
        ldc: usize,
        add: bool,
        cols: usize,
    ) {
        let mut acc = [[_mm512_setzero_ps(); 2]; H];
        for kk in 0..kc {
            // SAFETY: `kk < kc`: the strip's row `kk` is readable (contract).
            let (b0, b1) = unsafe {
                (
                    _mm512_loadu_ps(b.add(kk * 32)),
                    _mm512_loadu_ps(b.add(kk * 32 + 16)),
                )
            };
            for (r, acc) in acc.iter_mut().enumerate() {
                // SAFETY: `r < H`, `kk < kc`: readable (contract).
                let x = _mm512_set1_ps(unsafe { *a.add(r * lda + kk) });
                acc[0] = _mm512_fmadd_ps(x, b0, acc[0]);
                acc[1] = _mm512_fmadd_ps(x, b1, acc[1]);
            }
        }
        for (r, acc) in acc.iter().enumerate() {
            // SAFETY: `r < H`: row `r` of the tile, `cols` of it writable
            // (contract); all 32 when `cols == 32`.
            unsafe {
                let row = c.add(r * ldc);
                if cols == 32 {
                    let (mut v0, mut v1) = (acc[0], acc[1]);
                    if add {
                        v0 = _mm512_add_ps(v0, _mm512_loadu_ps(row));
                        v1 = _mm512_add_ps(v1, _mm512_loadu_ps(row.add(16)));
                    }
                    _mm512_storeu_ps(row, v0);
                    _mm512_storeu_ps(row.add(16), v1);
                } else {
                    let mut buf = [0.0f32; 32];
                    _mm512_storeu_ps(buf.as_mut_ptr(), acc[0]);
                    _mm512_storeu_ps(buf.as_mut_ptr().add(16), acc[1]);
                    store_edge(row, &buf[..cols], add);
                }
            }
        }
    }

    /// The AVX2 tile: `H` rows × 16 columns.
    ///
    /// # Safety
    ///
    /// The CPU has AVX2 and FMA; the pointers follow the module's contract.
    #[target_feature(enable = "avx2,fma")]
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(in super::super) unsafe fn tile_avx2<const H: usize>(
        a: *const f32,
        lda: usize,
        b: *const f32,
        kc: usize,
        c: *mut f32,
        ldc: usize,
        add: bool,
        cols: usize,
    ) {
        let mut acc = [[_mm256_setzero_ps(); 2]; H];
        for kk in 0..kc {
            // SAFETY: `kk < kc`: the strip's row `kk` is readable (contract).
            let (b0, b1) = unsafe {
                (
                    _mm256_loadu_ps(b.add(kk * 16)),
                    _mm256_loadu_ps(b.add(kk * 16 + 8)),
                )
            };
            for (r, acc) in acc.iter_mut().enumerate() {
                // SAFETY: `r < H`, `kk < kc`: readable (contract).
                let x = _mm256_set1_ps(unsafe { *a.add(r * lda + kk) });
                acc[0] = _mm256_fmadd_ps(x, b0, acc[0]);
                acc[1] = _mm256_fmadd_ps(x, b1, acc[1]);
            }
        }
        for (r, acc) in acc.iter().enumerate() {
            // SAFETY: `r < H`: row `r` of the tile, `cols` of it writable
            // (contract); all 16 when `cols == 16`.
            unsafe {
                let row = c.add(r * ldc);
                if cols == 16 {
                    let (mut v0, mut v1) = (acc[0], acc[1]);
                    if add {
                        v0 = _mm256_add_ps(v0, _mm256_loadu_ps(row));
                        v1 = _mm256_add_ps(v1, _mm256_loadu_ps(row.add(8)));
                    }
                    _mm256_storeu_ps(row, v0);
                    _mm256_storeu_ps(row.add(8), v1);
                } else {
                    let mut buf = [0.0f32; 16];
                    _mm256_storeu_ps(buf.as_mut_ptr(), acc[0]);
                    _mm256_storeu_ps(buf.as_mut_ptr().add(8), acc[1]);
                    store_edge(row, &buf[..cols], add);
                }
            }
        }
    }

    /// `row[j] = buf[j]` (or `+=` when `add`) for `j < buf.len()`.
    ///
    /// # Safety
    ///
    /// `row .. row + buf.len()` is writable, no other reference to it alive.
    #[inline(always)]
    unsafe fn store_edge(row: *mut f32, buf: &[f32], add: bool) {
        // SAFETY: the caller's contract.
        let out = unsafe { core::slice::from_raw_parts_mut(row, buf.len()) };
        for (o, &x) in out.iter_mut().zip(buf) {
            *o = if add { *o + x } else { x };
        }
    }
}
