//! The microkernels of the packed `f32` products (`block.rs`): a tile of
//! `H` rows × `NR` columns of the output accumulated in vector registers
//! over `kc` steps of the inner dimension, each step one broadcast element
//! of `a` per row times one row of a packed strip of `b` (`NR` contiguous
//! floats), with fused multiply-adds.
//!
//! - AVX-512F: `NR` = 64 (four ZMM a row), `H` = 6: 24 accumulators, 4
//!   loads of `b` and 6 broadcasts for 24 FMAs a step, 29 of the 32 ZMM
//!   registers. The 8 × 32 tile before it (16 accumulators, 8 broadcasts
//!   for 16 FMAs) spent 36 instructions a step on 16 FMAs, near the
//!   5-wide front end's limit for the 8 cycles the FMAs take; 6 × 64
//!   spends 40 on 24. On an Intel Xeon (Ice Lake) it measured the same as
//!   8 × 32 at `[256, 256]` (240.5 against 239.5 µs) and 3% faster at
//!   `[64, 64]`; at 64 columns a 16 KiB strip is only 64 rows deep, which
//!   the 32 KiB strip of `block.rs` doubles (−8% at 256). A 12 × 32 tile
//!   measured the same at 256 and 12% slower at 64.
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

/// One tile function, `$name::<H, V>`: `H` rows × `NR` = `V` × `$lanes`
/// columns (`V` vectors a row) in vectors of `$lanes` floats, through the
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
        pub(super) unsafe fn $name<const H: usize, const V: usize>(
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
            let mut acc = [[$zero(); V]; H];
            // The tile's output lines into L1 while the steps run: they
            // are read (`add`) or written after the last step, and would
            // otherwise come from L2 then, with the FMAs idle.
            for r in 0..H {
                // One prefetch a 64-byte line (16 floats), not a vector.
                for j in (0..V * L).step_by(16) {
                    let line = c.wrapping_add(r * ldc + j).cast::<i8>();
                    _mm_prefetch::<_MM_HINT_T0>(line);
                }
            }
            for kk in 0..kc {
                let mut row = [$zero(); V];
                for (v, x) in row.iter_mut().enumerate() {
                    // SAFETY: `kk < kc`, `v * L < NR`: in the strip's row
                    // `kk`, `NR` floats from `b + kk * ldb` (contract).
                    *x = unsafe { $load(b.add(kk * ldb + v * L)) };
                }
                for (r, acc) in acc.iter_mut().enumerate() {
                    // SAFETY: `r < H`, `kk < kc`: readable (contract).
                    let x = $set1(unsafe { *a.add(r * lda + kk) });
                    for (acc, &y) in acc.iter_mut().zip(&row) {
                        *acc = $fmadd(x, y, *acc);
                    }
                }
            }
            for (r, acc) in acc.iter().enumerate() {
                // SAFETY: `r < H`: row `r` of the tile, `cols` of it
                // writable (contract); all `V * L` when `cols == V * L`.
                unsafe {
                    let row = c.add(r * ldc);
                    if cols == V * L {
                        for (v, &x) in acc.iter().enumerate() {
                            let o = row.add(v * L);
                            $store(o, if add { $add(x, $load(o)) } else { x });
                        }
                    } else {
                        let mut buf = [[0.0f32; L]; V];
                        for (v, &x) in acc.iter().enumerate() {
                            $store(buf[v].as_mut_ptr(), x);
                        }
                        store_edge(row, &buf.as_flattened()[..cols], add);
                    }
                }
            }
        }
    };
}

tile!(
    /// The AVX-512 tile: `H` rows × `V` ZMM vectors (16 floats each).
    tile_avx512, "avx512f,avx2,fma", 16,
    _mm512_setzero_ps, _mm512_loadu_ps, _mm512_set1_ps, _mm512_fmadd_ps, _mm512_add_ps, _mm512_storeu_ps
);
tile!(
    /// The AVX2 tile: `H` rows × `V` YMM vectors (8 floats each).
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
