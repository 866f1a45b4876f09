//! Cache-blocked products of `f32` with AVX2 or AVX-512 (picked at run
//! time, `crate::cpu`), for products of at least [`PACKED_FLOPS`]
//! multiply-adds whose operands have contiguous rows.
//!
//! The inner dimension is cut into blocks of `KC` (`STRIP / NR`, or
//! `WIDE_STRIP / NR` where L1 holds 48 KiB), and for each block the right
//! operand is packed a strip of `NR` columns at a time into a 16 KiB (32
//! KiB) buffer on the stack: `KC` rows of `NR` contiguous
//! floats, the right edge padded with zeros. Every tile of the output's
//! rows then runs over the strip (`micro.rs`), which stays in L1 while the
//! rows of the left operand stream from L2. A dense operand that lies
//! within 16 KiB is not packed: the tiles read its rows in place, as close
//! together as a strip's and already in L1 (`[64, 64]` took 4.02 µs
//! packed, 3.47 µs in place, on an Intel Xeon). Unpacked, a strip of a
//! `[256, 256]` operand is 256 rows 1 KiB apart: they fall in 4 of L1's
//! 64 sets and evict each other, and every tile re-read them from L2.
//! The left operand is read in place (its rows are contiguous runs); the
//! output is written once per block, added to from the second block on.
//!
//! ```
//! use tensor_core::prelude::*;
//! let a = Tensor::<f32, Shape![70, 90]>::from_flat_fn(|i| (i % 5) as f32);
//! let b = Tensor::<f32, Shape![90, 40]>::from_flat_fn(|i| (i % 3) as f32);
//! let want: f32 = (0..90).map(|k| ((69 * 90 + k) % 5 * ((k * 40 + 39) % 3)) as f32).sum();
//! assert_eq!(a.matmul(&b)[[69, 39]], want);
//! ```

use core::marker::PhantomData;

use super::micro::{tile_avx2, tile_avx512};
use super::operand::{Dims, Rhs};
use crate::cpu::Simd;
use crate::num::{Accumulate, Zero};
use crate::uninit::{Buffer, Slots};

/// The packed strip's size in floats: 16 KiB, half of a 32 KiB L1 data
/// cache (the rest holds the rows of `a` being read and the output).
const STRIP: usize = 4096;

/// The strip's size in floats on a core whose L1 data cache holds 48 KiB
/// or more (Intel from Ice Lake, AMD from Zen 5): 32 KiB, so that a block
/// of the inner dimension is twice as long and the output is read and
/// written half as often. `[256, 256]` with AVX-512 on an Intel Xeon (Ice
/// Lake, 48 KiB): 236 -> 217 µs.
const WIDE_STRIP: usize = 2 * STRIP;

/// The strip's size in floats on the running CPU ([`crate::cpu::l1d_bytes`]).
/// (The size moves only where blocks of the inner dimension end: sums
/// equal to rounding, exactly equal on the tests' integer data, so a
/// mutant that swaps the sizes changes speed only. The tests' sizes take
/// several blocks of the inner dimension with either.)
fn strip_len() -> usize {
    match crate::cpu::l1d_bytes() >= 48 * 1024 {
        true => WIDE_STRIP,
        false => STRIP,
    }
}

/// The packed strip's storage, on a cache line: a strip's rows are `NR`
/// floats (64 or 256 bytes), read a vector at a time, so that no load
/// straddles two lines. (On the stack the array alone is aligned to 4:
/// at the offset rustc gave it, every other 32-byte load of the AVX2 tile
/// and every 64-byte load of the AVX-512 one was split.)
#[repr(C, align(64))]
struct StripBuffer(Buffer<f32, WIDE_STRIP>);

/// The fewest multiply-adds of an `f32` product that takes the packed
/// kernels (below, the register-tiled kernel of `kernel.rs`).
pub(super) const PACKED_FLOPS: usize = 32 * 32 * 32;

/// `out = a @ b` with the packed kernel of `level`, if there is one (AVX2
/// or AVX-512 on x86-64): `a`'s rows are `a[i * lda..][..d.k]`, `b` is
/// read by [`Strips`], `out` is `d.m × d.n`, row-major. Returns whether it
/// ran (`false`: `level` has no packed kernel, nothing written).
///
/// Panics when `a` or `out` is shorter than its rows need.
pub(super) fn product_f32(
    level: Simd,
    (a, lda): (&[f32], usize),
    b: &impl Strips,
    out: &mut Slots<f32>,
    d: Dims,
) -> bool {
    if d.m == 0 || d.n == 0 || d.k == 0 {
        return false;
    }
    // The pointer contract of the tiles (`micro.rs`) rests on these.
    // (`lda` may be below `d.k`, 0 for one row broadcast: rows overlap.)
    assert!(a.len() >= (d.m - 1) * lda + d.k);
    assert!(out.len() >= d.m * d.n);
    debug_assert!(level <= crate::cpu::simd());
    match level {
        // SAFETY: `level` is at most what the CPU takes (the caller's
        // contract, `kernel::product`): it has AVX-512F; lengths checked.
        Simd::Avx512 => unsafe { blocked_avx512(a, lda, b, out, d) },
        // SAFETY: as above: the CPU has AVX2 and FMA; lengths checked.
        Simd::Avx2 => unsafe { blocked_avx2(a, lda, b, out, d) },
        Simd::Base => return false,
    }
    true
}

/// A right operand packed a strip at a time.
pub(super) trait Strips {
    /// Columns `jc .. jc + NR` of rows `pc ..` read in place, as the
    /// tiles read a packed strip: the first one's address and the
    /// distance between rows (in floats), when the operand has them
    /// (`None`: the strip is packed). Every row `pc + kk`, `kk < kc`,
    /// must then hold those `NR` columns.
    #[inline(always)]
    fn in_place<const NR: usize>(
        &self,
        _rows: (usize, usize),
        _jc: usize,
    ) -> Option<(*const f32, usize)> {
        None
    }

    /// Columns `jc .. jc + cols` of rows `pc .. pc + kc` into `strip`:
    /// row `kk` at `kk * NR`, zeros after `cols`; every float of the first
    /// `kc * NR` written (`kc * NR <= strip.len()`, `cols <= NR`).
    fn pack<const NR: usize>(
        &self,
        strip: &mut Slots<f32>,
        rows: (usize, usize),
        cols: (usize, usize),
    );
}

/// A right operand with contiguous rows `stride` apart.
pub(super) struct DenseF32<'a> {
    /// The elements, the first row first.
    pub(super) elems: &'a [f32],
    /// The distance between rows.
    pub(super) stride: usize,
}

/// The most floats a dense right operand spans and is still read in
/// place rather than packed: its rows then lie in 16 KiB, as a packed
/// strip does, and fall in different sets of L1 (at most 4 lines of it a
/// set): packing it would only copy what is already in cache.
const IN_PLACE: usize = STRIP;

impl Strips for DenseF32<'_> {
    #[inline(always)]
    fn in_place<const NR: usize>(
        &self,
        (pc, kc): (usize, usize),
        jc: usize,
    ) -> Option<(*const f32, usize)> {
        let span = (pc + kc - 1) * self.stride + jc + NR;
        (span <= IN_PLACE.min(self.elems.len()))
            .then(|| (self.elems[pc * self.stride + jc..].as_ptr(), self.stride))
    }

    #[inline(always)]
    fn pack<const NR: usize>(
        &self,
        strip: &mut Slots<f32>,
        (pc, kc): (usize, usize),
        (jc, cols): (usize, usize),
    ) {
        for kk in 0..kc {
            fill(
                &mut strip[kk * NR..][..NR],
                &self.elems[(pc + kk) * self.stride + jc..][..cols],
            );
        }
    }
}

/// Any right operand of `f32` elements (`T` is `f32`, which
/// [`Accumulate::f32_slice`] tells), read a row segment at a time: a
/// transposed view is packed straight from its strides rather than
/// gathered again by every tile.
pub(super) struct Gathered<'r, R, T>(pub(super) &'r R, pub(super) PhantomData<T>);

impl<T: Accumulate, R: Rhs<T>> Strips for Gathered<'_, R, T> {
    #[inline(always)]
    fn pack<const NR: usize>(
        &self,
        strip: &mut Slots<f32>,
        (pc, kc): (usize, usize),
        (jc, cols): (usize, usize),
    ) {
        for kk in 0..kc {
            let mut row = [T::narrow(Zero::ZERO); NR];
            if cols == NR {
                row = self.0.row::<NR>(pc + kk, jc);
            } else {
                for (c, x) in row.iter_mut().take(cols).enumerate() {
                    *x = self.0.row::<1>(pc + kk, jc + c)[0];
                }
            }
            fill(
                &mut strip[kk * NR..][..NR],
                &T::f32_slice(&row).unwrap_or(&[0.0; NR])[..cols],
            );
        }
    }
}

/// One row of a strip: `src`, then zeros up to `dst`'s end.
#[inline(always)]
fn fill(dst: &mut Slots<f32>, src: &[f32]) {
    dst[..src.len()].write_clone_of_slice(src);
    dst[src.len()..].fill(|_| 0.0);
}

/// A tile function of `micro.rs`.
type Tile = unsafe fn(*const f32, usize, *const f32, usize, usize, *mut f32, usize, bool, usize);

/// A blocked product over one kernel (`micro.rs`): `$tile::<H, $v>` for
/// tiles of `$h` rows and fewer, `$nr` columns (`$v` vectors), compiled
/// with `$features`.
macro_rules! blocked {
    ($name:ident, $features:literal, $tile:ident, $nr:literal, $v:literal, $h:literal) => {
        /// `out = a @ b` blocked and packed with this kernel.
        ///
        /// # Safety
        ///
        /// The CPU has the features; `a`, `b` and `out` hold the rows
        /// `product_f32` checks.
        #[target_feature(enable = $features)]
        unsafe fn $name(a: &[f32], lda: usize, b: &impl Strips, out: &mut Slots<f32>, d: Dims) {
            const NR: usize = $nr;
            let kc_max = strip_len() / NR;
            // Left uninitialised (no 32 KiB of zeros a call): tiles read
            // only the `kc * NR` floats `pack` has just written.
            let mut buffer = StripBuffer(Buffer::UNINIT);
            let strip = buffer.0.slots();
            let (ap, op) = (a.as_ptr(), out.as_mut_ptr());
            // Tiles of `$h` rows, then of 4, 2 and 1 for the bottom rows
            // (`$h <= 8`: at most 7 are left, which 4 + 2 + 1 take).
            const { assert!($h <= 8) };
            let heights: [(usize, Tile); 4] = [
                ($h, $tile::<$h, $v>),
                (4, $tile::<4, $v>),
                (2, $tile::<2, $v>),
                (1, $tile::<1, $v>),
            ];
            for pc in (0..d.k).step_by(kc_max) {
                let kc = kc_max.min(d.k - pc);
                for jc in (0..d.n).step_by(NR) {
                    let cols = NR.min(d.n - jc);
                    let in_place = match cols {
                        NR => b.in_place::<NR>((pc, kc), jc),
                        _ => None,
                    };
                    let (bp, ldb) = in_place.unwrap_or_else(|| {
                        b.pack::<NR>(strip, (pc, kc), (jc, cols));
                        (strip.as_mut_ptr().cast_const(), NR)
                    });
                    let add = pc > 0;
                    let mut i0 = 0;
                    for (h, tile) in heights {
                        while d.m - i0 >= h {
                            // SAFETY: rows `i0 .. i0 + h` are below `d.m`,
                            // so `a + (i0 + r) * lda + pc + kk` for
                            // `kk < kc <= d.k - pc` is in `a` (checked
                            // length); the strip is in place (`in_place`
                            // checked that its `kc` rows of `NR` floats,
                            // `ldb` apart, are in `b`'s elements) or
                            // packed, `kc * NR <= strip_len()` floats all
                            // written by `pack` (initialised `f32`s);
                            // output rows `i0 + r < d.m`, columns
                            // `jc + j < d.n` are in `out` (checked),
                            // borrowed mutably here only; when `add`
                            // (`pc > 0`) block `pc = 0` has stored every
                            // one of them (the same rows and columns), so
                            // they are initialised.
                            unsafe {
                                tile(
                                    ap.add(i0 * lda + pc),
                                    lda,
                                    bp,
                                    ldb,
                                    kc,
                                    op.add(i0 * d.n + jc),
                                    d.n,
                                    add,
                                    cols,
                                )
                            };
                            i0 += h;
                        }
                    }
                    debug_assert_eq!(i0, d.m);
                }
            }
        }
    };
}

blocked!(blocked_avx512, "avx512f,avx2,fma", tile_avx512, 64, 4, 6);
blocked!(blocked_avx2, "avx2,fma", tile_avx2, 16, 2, 6);

#[cfg(test)]
mod tests {
    use super::super::operand::Gather;
    use super::*;
    use crate::cpu::simd;
    use crate::uninit::as_slots;
    use std::vec;
    use std::vec::Vec;

    /// `out = a @ b` by the plain triple loop, in `f64`.
    fn naive(a: &[f32], lda: usize, b: &[f32], ldb: usize, d: Dims) -> Vec<f64> {
        let mut out = vec![0.0; d.m * d.n];
        for i in 0..d.m {
            for j in 0..d.n {
                out[i * d.n + j] = (0..d.k)
                    .map(|k| f64::from(a[i * lda + k]) * f64::from(b[k * ldb + j]))
                    .sum();
            }
        }
        out
    }

    /// Every packed kernel the CPU takes against the plain loop: exact on
    /// small integers (sums stay below 2^24), within rounding on fractions;
    /// row strides wider than the rows too.
    fn check(d: Dims, pad: usize) {
        let (lda, ldb) = (d.k + pad, d.n + pad);
        let exact = |i: usize| (i * 7 % 11) as f32 - 5.0;
        let frac = |i: usize| ((i * 37 % 101) as f32 - 50.0) / 17.0;
        for (name, f, tol) in [
            ("exact", &exact as &dyn Fn(usize) -> f32, 0.0),
            ("frac", &frac, 1e-5),
        ] {
            let a: Vec<f32> = (0..d.m * lda).map(f).collect();
            let b: Vec<f32> = (0..d.k * ldb).map(|i| f(i + 3)).collect();
            let want = naive(&a, lda, &b, ldb, d);
            for level in [Simd::Avx2, Simd::Avx512] {
                if level > simd() {
                    continue;
                }
                let mut got = vec![f32::NAN; d.m * d.n];
                let dense = DenseF32 {
                    elems: &b,
                    stride: ldb,
                };
                assert!(product_f32(level, (&a, lda), &dense, as_slots(&mut got), d));
                let mut gathered = vec![f32::NAN; d.m * d.n];
                let by_index = Gather(|k: usize, j: usize| b[k * ldb + j]);
                let strips = Gathered(&by_index, PhantomData::<f32>);
                assert!(product_f32(
                    level,
                    (&a, lda),
                    &strips,
                    as_slots(&mut gathered),
                    d
                ));
                assert_eq!(gathered, got, "{level:?} gathered {name}");
                for (o, (&g, &w)) in got.iter().zip(&want).enumerate() {
                    let scale = (0..d.k)
                        .map(|k| f64::from(a[o / d.n * lda + k]).abs())
                        .sum::<f64>()
                        * 3.0;
                    assert!(
                        (f64::from(g) - w).abs() <= tol * scale.max(1.0),
                        "{level:?} {name} {}x{}x{} pad {pad} at {o}: {g} against {w}",
                        d.m,
                        d.k,
                        d.n
                    );
                }
            }
        }
    }

    #[test]
    fn square_512() {
        check(
            Dims {
                m: 512,
                k: 512,
                n: 512,
            },
            0,
        );
    }

    #[test]
    fn odd_sizes_and_edges() {
        check(
            Dims {
                m: 257,
                k: 131,
                n: 67,
            },
            0,
        );
        check(
            Dims {
                m: 67,
                k: 300,
                n: 131,
            },
            5,
        );
        for (m, k, n) in [
            (1, 1, 1),
            (7, 3, 33),
            (9, 129, 17),
            (15, 257, 31),
            (13, 64, 48),
            (9, 1100, 20),
        ] {
            check(Dims { m, k, n }, 0);
            check(Dims { m, k, n }, 3);
        }
    }

    /// Through `matmul`: a broadcast left row (rows 0 apart), a transposed
    /// right operand over 64 KiB (gathered into the strips), contiguous.
    #[test]
    fn views_take_the_packed_kernels() {
        use crate::prelude::*;
        type T<S> = crate::tensor::Tensor<f32, S>;
        let a = T::<Shape![1, 96]>::from_flat_fn(|i| (i % 7) as f32 - 3.0);
        let b = T::<Shape![96, 80]>::from_flat_fn(|i| (i % 5) as f32 - 2.0);
        let spread = a.expand::<Shape![40, 96]>();
        let got = spread.matmul(&b);
        for (i, j) in [(0, 0), (39, 79), (17, 33)] {
            let want: f32 = (0..96).map(|k| a[[0, k]] * b[[k, j]]).sum();
            assert_eq!(got[[i, j]], want, "broadcast row ({i}, {j})");
        }
        let big = T::<Shape![150, 130]>::from_flat_fn(|i| (i % 9) as f32 - 4.0);
        let l = T::<Shape![33, 130]>::from_flat_fn(|i| (i % 4) as f32 - 1.0);
        let got = l.matmul(&big.t());
        for i in 0..33 {
            for j in 0..150 {
                let want: f32 = (0..130).map(|k| l[[i, k]] * big[[j, k]]).sum();
                assert_eq!(got[[i, j]], want, "transposed ({i}, {j})");
            }
        }
    }

    /// A dense right operand is read in place exactly when the rows the
    /// tiles read lie within its elements and 16 KiB: `[64, 64]` and a
    /// strip of `[32, 128]` are; `[256, 256]` is packed, and so is a span
    /// one float past the elements.
    #[test]
    fn small_dense_operands_are_read_in_place() {
        let b = vec![0.0f32; 256 * 256];
        let dense = |len: usize, stride: usize| DenseF32 {
            elems: &b[..len],
            stride,
        };
        let square = dense(64 * 64, 64);
        let (first, ld) = square.in_place::<32>((0, 64), 32).expect("[64, 64]");
        assert_eq!((first, ld), (b[32..].as_ptr(), 64));
        let wide = dense(32 * 128, 128);
        let (first, ld) = wide.in_place::<32>((16, 16), 96).expect("[32, 128]");
        assert_eq!((first, ld), (b[16 * 128 + 96..].as_ptr(), 128));
        assert!(dense(256 * 256, 256).in_place::<32>((0, 128), 0).is_none());
        // The last row read ends at the elements' end: in place; one
        // float fewer: packed.
        let end = 63 * 64 + 32 + 32;
        assert!(dense(end, 64).in_place::<32>((0, 64), 32).is_some());
        assert!(dense(end - 1, 64).in_place::<32>((0, 64), 32).is_none());
        // The same rows past 16 KiB (a wider stride): packed.
        assert!(dense(64 * 65, 65).in_place::<32>((0, 64), 32).is_none());
        // Gathered operands are always packed.
        let by_index = Gather(|_: usize, _: usize| 0.0f32);
        let gathered = Gathered(&by_index, PhantomData::<f32>);
        assert!(gathered.in_place::<32>((0, 1), 0).is_none());
    }

    #[test]
    fn the_base_level_has_no_packed_kernel() {
        let (a, b, mut out) = ([1.0f32; 4], [1.0f32; 4], [7.0f32; 4]);
        let d = Dims { m: 2, k: 2, n: 2 };
        let b = DenseF32 {
            elems: &b,
            stride: 2,
        };
        assert!(!product_f32(Simd::Base, (&a, 2), &b, as_slots(&mut out), d));
        assert_eq!(out, [7.0; 4]);
    }
}
