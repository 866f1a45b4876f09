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
//!
//! The pointer contract of every tile function:
//!
//! - `a` points at element `(0, 0)` of the tile's rows of the left
//!   operand: `a + r * lda + kk` is readable for `r < H`, `kk < kc`;
//! - `b` points at a strip of `b`, packed (`ldb == NR`) or read in place
//!   (rows `ldb` apart): `b + kk * ldb + c` is readable for `kk < kc`,
//!   `c < NR`;
//! - `c` points at the tile's first output: `c + r * ldc + j` is writable
//!   for `r < H`, `j < cols`, `cols <= NR`, and no other reference to
//!   those elements is alive; it may be unwritten (the slots of a result
//!   being built) unless `add`;
//! - `add`: add to the output (a later block of the inner dimension),
//!   which is then initialised (the first block stored every element of
//!   the tile), rather than overwrite it.

use core::arch::x86_64::*;

/// One tile function, `$name::<H>`: `H` rows × `NR` = 2 × `$lanes`
/// columns (two vectors a row) in vectors of `$lanes` floats, through the
/// vector width's intrinsics (zero, unaligned load, broadcast, fused
/// multiply-add, add, unaligned store), compiled with `$features`. Written
/// once for both widths: the two were the same code letter for letter.
macro_rules! tile {
    (
        $(#[$doc:meta])*
        $name:ident, $features:literal, $lanes:literal,
        $zero:ident, $load:ident, $set1:ident, $fmadd:ident, $add:ident, $store:ident
    ) => {
        $(#[$doc])*
        ///
        /// # Safety
        ///
        /// The CPU has the features; the pointers follow the module's
        /// contract (the module's documentation).
        #[target_feature(enable = $features)]
        #[inline]
        #[allow(clippy::too_many_arguments)]
        pub(super) unsafe fn $name<const H: usize>(
            a: *const f32,
            lda: usize,
            b: *const f32,
            ldb: usize,
            kc: usize,
            c: *mut f32,
            ldc: usize,
            add: bool,
            cols: usize,
        ) {
            const L: usize = $lanes;
            let mut acc = [[$zero(); 2]; H];
            for kk in 0..kc {
                // SAFETY: `kk < kc`: the strip's row `kk`, `2 * L` floats
                // from `b + kk * ldb`, is readable (contract).
                let (b0, b1) = unsafe { ($load(b.add(kk * ldb)), $load(b.add(kk * ldb + L))) };
                for (r, acc) in acc.iter_mut().enumerate() {
                    // SAFETY: `r < H`, `kk < kc`: readable (contract).
                    let x = $set1(unsafe { *a.add(r * lda + kk) });
                    acc[0] = $fmadd(x, b0, acc[0]);
                    acc[1] = $fmadd(x, b1, acc[1]);
                }
            }
            for (r, acc) in acc.iter().enumerate() {
                // SAFETY: `r < H`: row `r` of the tile, `cols` of it
                // writable (contract); all `2 * L` when `cols == 2 * L`.
                unsafe {
                    let row = c.add(r * ldc);
                    if cols == 2 * L {
                        let (mut v0, mut v1) = (acc[0], acc[1]);
                        if add {
                            v0 = $add(v0, $load(row));
                            v1 = $add(v1, $load(row.add(L)));
                        }
                        $store(row, v0);
                        $store(row.add(L), v1);
                    } else {
                        let mut buf = [0.0f32; 2 * L];
                        $store(buf.as_mut_ptr(), acc[0]);
                        $store(buf.as_mut_ptr().add(L), acc[1]);
                        store_edge(row, &buf[..cols], add);
                    }
                }
            }
        }
    };
}

tile!(
    /// The AVX-512 tile: `H` rows × 32 columns (two ZMM a row).
    tile_avx512, "avx512f,avx2,fma", 16,
    _mm512_setzero_ps, _mm512_loadu_ps, _mm512_set1_ps, _mm512_fmadd_ps, _mm512_add_ps, _mm512_storeu_ps
);
tile!(
    /// The AVX2 tile: `H` rows × 16 columns (two YMM a row).
    tile_avx2, "avx2,fma", 8,
    _mm256_setzero_ps, _mm256_loadu_ps, _mm256_set1_ps, _mm256_fmadd_ps, _mm256_add_ps, _mm256_storeu_ps
);

/// `row[j] = buf[j]` (or `+=` when `add`) for `j < buf.len()`, through
/// the pointer: no reference is formed, for without `add` the elements may
/// be unwritten.
///
/// # Safety
///
/// `row .. row + buf.len()` is writable, no other reference to it alive,
/// and initialised when `add`.
#[inline(always)]
unsafe fn store_edge(row: *mut f32, buf: &[f32], add: bool) {
    for (j, &x) in buf.iter().enumerate() {
        // SAFETY: `j < buf.len()`: writable, and readable when `add`
        // (the caller's contract).
        unsafe {
            let o = row.add(j);
            o.write(if add { o.read() + x } else { x });
        }
    }
}
