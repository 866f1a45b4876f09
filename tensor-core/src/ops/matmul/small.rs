//! The smallest `f32` products in YMM registers, for operands with
//! contiguous rows:
//!
//! - `[4, 4] @ [4, 4]` (graphics' transforms, quaternion products): rows
//!   0–1 and 2–3 of the output each one 8-lane vector, built as
//!   `Σ_k shuffle(a, k) * [b_k | b_k]`, where `shuffle(a, k)` repeats
//!   `a(i, k)` over row `i`'s four lanes (one `vshufps` of two rows of
//!   `a`) and `[b_k | b_k]` is row `k` of `b` in both halves (one
//!   `vbroadcastf128`): 8 multiplies and 6 adds of 8 lanes, where the row
//!   tiles of `kernel.rs` take 16 and 12 of 4 lanes. Taken when built for
//!   AVX (inlined) and else on CPUs found with AVX2, by one call.
//! - `[8, k] @ [k, 8]`, `k <= 8`, in a build without AVX (the default
//!   target's SSE2): each output row one vector, `a(i, k)` broadcast times
//!   row `k` of `b`, on CPUs found with AVX2, by one call. Built for AVX the
//!   row tiles inlined with constant sizes are as fast.
//!
//! The sums run in the base kernel's order (`[4, 4]` from the products of
//! `k = 0`, `[8, k] @ [k, 8]` from zeros, then `+` each product in turn; no
//! fused multiply-add), so the results are its results, bit for bit (up to
//! the payload of a NaN, which Rust leaves unspecified).
//!
//! Same Intel Xeon (AVX-512), fat LTO, `cargo bench --bench matmul`: the
//! bench/README's "`[4, 4]` in two YMM registers" and "`[8, 8]` on the
//! default target".
//!
//! ```
//! use tensor_core::prelude::*;
//! let a = Tensor::<f32, Shape![4, 4]>::from_flat_fn(|i| i as f32);
//! let id = Tensor::<f32, Shape![4, 4]>::from_fn(|[i, j]| (i == j) as u8 as f32);
//! assert_eq!(a.matmul(&id), a);
//! assert_eq!(id.matmul(&a.t()), a.t().to_tensor());
//! let w = Tensor::<f32, Shape![8, 8]>::from_fn(|[i, j]| (i + j) as f32);
//! let ones = Tensor::<f32, Shape![8, 8]>::ones();
//! assert_eq!(w.matmul(&ones)[[7, 0]], (7..15).sum::<usize>() as f32);
//! ```

use core::arch::x86_64::*;

use super::operand::{Dims, Lhs, Rhs};
use crate::cpu::{self, Simd};
use crate::num::MulAccumulate;
use crate::uninit::Slots;

/// Whether `elems` holds `rows` rows of `len` contiguous elements that
/// start `stride` apart (0 repeats one row): `elems[(rows - 1) *
/// stride..][..len]` is in bounds (no rows are always held).
#[inline(always)]
fn holds_rows(elems: &[f32], rows: usize, len: usize, stride: usize) -> bool {
    let Some(last) = rows.checked_sub(1) else {
        return true;
    };
    stride
        .checked_mul(last)
        .and_then(|last| last.checked_add(len))
        .is_some_and(|end| end <= elems.len())
}

/// `out = a @ b` by one of the module's kernels when it takes the product
/// (its sizes, `f32` operands with contiguous rows, the CPU's level);
/// returns whether it ran.
#[inline(always)]
pub(super) fn try_product<T: MulAccumulate>(
    a: &impl Lhs<T>,
    b: &impl Rhs<T>,
    out: &mut Slots<T>,
    d: Dims,
) -> bool {
    let square4 = (d.m, d.k, d.n) == (4, 4, 4);
    let rows8 = !cfg!(target_feature = "avx") && (d.m, d.n) == (8, 8) && d.k <= 8;
    if !(square4 || rows8) {
        return false;
    }
    let (Some((a, lda)), Some((b, ldb))) = (a.dense(), b.dense()) else {
        return false;
    };
    let (Some(a), Some(b), Some(out)) = (T::f32_slice(a), T::f32_slice(b), out.as_slots_of())
    else {
        return false;
    };
    let fits = holds_rows(a, d.m, d.k, lda) && holds_rows(b, d.k, d.n, ldb);
    if !(fits && out.len() >= d.m * d.n) {
        return false;
    }
    // Built for AVX, the test is a constant and the kernel inlines; else
    // the cached level (AVX2 implies AVX). Both paths give the same bits;
    // `kernels_run_on_f32_rows_in_bounds_on_cpus_with_avx2` tells them
    // apart, but only on the CPU it runs on: deleting `!` survives on any
    // CPU with AVX2, and `<` as `<=` or `==` on one with AVX-512.
    if !cfg!(target_feature = "avx") && cpu::simd() < Simd::Avx2 {
        return false;
    }
    let (a, b, c) = (a.as_ptr(), b.as_ptr(), out.as_mut_ptr());
    // SAFETY: the CPU has AVX: the build targets it, or the run-time
    // probe found AVX2, which implies it. `a` and `b` hold their rows
    // (`holds_rows`; none are read when `k` is 0); `out` has `m * n`
    // slots or more, row-major with rows `n` apart from slot 0 as every
    // caller's output, borrowed here, so writable and referenced nowhere
    // else.
    unsafe {
        if square4 {
            square4_avx(a, lda, b, ldb, c);
        } else {
            rows8_avx(a, lda, b, ldb, d.k, c);
        }
    }
    true
}

/// `out = a @ b` for 4 × 4 operands whose rows start `lda` and `ldb`
/// apart (the module's documentation). Pointers and strides, not
/// references to rows: an outlined call then takes them in registers (an
/// array of row references went through the stack, and the call cost
/// more than the kernel saved).
///
/// # Safety
///
/// The CPU has AVX; `a + i * lda + k` and `b + i * ldb + k` are readable
/// for `i, k < 4`; `out .. out + 16` is writable (it may be unwritten)
/// and no reference to it is alive.
#[target_feature(enable = "avx")]
#[inline]
unsafe fn square4_avx(a: *const f32, lda: usize, b: *const f32, ldb: usize, out: *mut f32) {
    // SAFETY: each load reads 4 floats at the start of a row, readable
    // (the contract), the width of each `_mm_loadu_ps` and of each half of
    // `_mm256_loadu2_m128` (no alignment needed); the stores write `out ..
    // out + 8` and `out + 8 .. out + 16`, writable (the contract).
    unsafe {
        let a01 = _mm256_loadu2_m128(a.add(lda), a);
        let a23 = _mm256_loadu2_m128(a.add(3 * lda), a.add(2 * lda));
        // Not `core::array::from_fn`, which fat LTO can leave a call
        // (`kernel.rs`).
        let row = |k: usize| _mm256_broadcast_ps(&_mm_loadu_ps(b.add(k * ldb)));
        let bk = [row(0), row(1), row(2), row(3)];
        let mut c01 = _mm256_mul_ps(_mm256_shuffle_ps::<0x00>(a01, a01), bk[0]);
        let mut c23 = _mm256_mul_ps(_mm256_shuffle_ps::<0x00>(a23, a23), bk[0]);
        c01 = _mm256_add_ps(
            c01,
            _mm256_mul_ps(_mm256_shuffle_ps::<0x55>(a01, a01), bk[1]),
        );
        c23 = _mm256_add_ps(
            c23,
            _mm256_mul_ps(_mm256_shuffle_ps::<0x55>(a23, a23), bk[1]),
        );
        c01 = _mm256_add_ps(
            c01,
            _mm256_mul_ps(_mm256_shuffle_ps::<0xAA>(a01, a01), bk[2]),
        );
        c23 = _mm256_add_ps(
            c23,
            _mm256_mul_ps(_mm256_shuffle_ps::<0xAA>(a23, a23), bk[2]),
        );
        c01 = _mm256_add_ps(
            c01,
            _mm256_mul_ps(_mm256_shuffle_ps::<0xFF>(a01, a01), bk[3]),
        );
        c23 = _mm256_add_ps(
            c23,
            _mm256_mul_ps(_mm256_shuffle_ps::<0xFF>(a23, a23), bk[3]),
        );
        _mm256_storeu_ps(out, c01);
        _mm256_storeu_ps(out.add(8), c23);
    }
}

/// `out = a @ b` for an 8 × `k` and a `k` × 8 operand whose rows start
/// `lda` and `ldb` apart: eight accumulators, one an output row, from
/// zeros (the module's documentation).
///
/// # Safety
///
/// The CPU has AVX; `a + i * lda + kk` is readable for `i < 8`, `kk < k`,
/// and `b + kk * ldb + j` for `kk < k`, `j < 8`; `out .. out + 64` is
/// writable (it may be unwritten) and no reference to it is alive.
#[target_feature(enable = "avx")]
#[inline]
unsafe fn rows8_avx(a: *const f32, lda: usize, b: *const f32, ldb: usize, k: usize, out: *mut f32) {
    let mut acc = [_mm256_setzero_ps(); 8];
    for kk in 0..k {
        // SAFETY: `kk < k`: row `kk` of `b`, 8 floats, and `a(i, kk)` for
        // each `i < 8` are readable (the contract).
        unsafe {
            let bk = _mm256_loadu_ps(b.add(kk * ldb));
            for (i, sum) in acc.iter_mut().enumerate() {
                let x = _mm256_broadcast_ss(&*a.add(i * lda + kk));
                *sum = _mm256_add_ps(*sum, _mm256_mul_ps(x, bk));
            }
        }
    }
    for (i, sum) in acc.iter().enumerate() {
        // SAFETY: `i < 8`: `out + 8 * i .. out + 8 * i + 8` is writable
        // (the contract).
        unsafe { _mm256_storeu_ps(out.add(8 * i), *sum) };
    }
}

#[cfg(test)]
mod tests {
    use super::super::operand::{Dense, DenseLhs, Dims};
    use super::{holds_rows, rows8_avx, square4_avx, try_product};
    use crate::cpu::{simd, Simd};
    use crate::num::MulAccumulate;
    use crate::prelude::*;
    use crate::uninit::build_with;
    use std::vec::Vec;

    /// Awkward values: signed zeros, infinities, NaN, subnormals, and
    /// magnitudes whose sums depend on their order.
    const VALUES: [f32; 12] = [
        -0.0,
        0.0,
        1.0,
        -3.5,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        1.0e-40,
        3.0e38,
        -2.9e38,
        0.1,
        1.0e7,
    ];

    /// The plain loop in the base kernel's order: from `start(i, j)`, each
    /// product `a(i, k) b(k, j)` added in turn for `k` from `from`.
    fn plain(
        (m, k, n): (usize, usize, usize),
        a: impl Fn(usize, usize) -> f32,
        b: impl Fn(usize, usize) -> f32,
        first_product: bool,
    ) -> Vec<f32> {
        (0..m * n)
            .map(|o| {
                let (i, j) = (o / n, o % n);
                let (start, from) = if first_product {
                    (a(i, 0) * b(0, j), 1)
                } else {
                    (0.0, 0)
                };
                (from..k).fold(start, |s, kk| s + a(i, kk) * b(kk, j))
            })
            .collect()
    }

    /// `m * k` and `k * n` awkward values for seed `seed`, in buffers whose
    /// rows are `k + 1` and `n + 2` apart (the gaps NaN).
    fn operands(seed: usize, (m, k, n): (usize, usize, usize)) -> (Vec<f32>, Vec<f32>) {
        let pick = |x: usize| VALUES[(x * 7 + seed * 13 + x * x * seed) % VALUES.len()];
        let a = (0..m * (k + 1)).map(|x| if x % (k + 1) < k { pick(x) } else { f32::NAN });
        let b = (0..k * (n + 2)).map(|x| {
            if x % (n + 2) < n {
                pick(x + 500)
            } else {
                f32::NAN
            }
        });
        (a.collect(), b.collect())
    }

    /// The bits of each float, every NaN as one (Rust leaves the sign and
    /// payload of a NaN unspecified): zeros keep their signs.
    fn bits(v: &[f32]) -> Vec<u32> {
        v.iter()
            .map(|x| if x.is_nan() { 0x7FC0_0000 } else { x.to_bits() })
            .collect()
    }

    #[test]
    fn the_kernels_give_the_plain_loops_bits() {
        if !std::is_x86_feature_detected!("avx") {
            return;
        }
        for seed in 0..200usize {
            let d = (4, 4, 4);
            let (a, b) = operands(seed, d);
            let mut out = [f32::NAN; 16];
            // SAFETY: the CPU has AVX (checked above); the rows are in
            // bounds (`operands`); `out` is 16 floats.
            unsafe { square4_avx(a.as_ptr(), 5, b.as_ptr(), 6, out.as_mut_ptr()) };
            let want = plain(d, |i, k| a[i * 5 + k], |k, j| b[k * 6 + j], true);
            assert_eq!(bits(&out), bits(&want), "4 x 4, seed {seed}");
            // Products of only `-0.0`: `-0.0` from the first products,
            // `+0.0` from zeros (the start the two kernels differ in).
            let (a, b) = ([-0.0f32; 16], [1.5f32; 16]);
            // SAFETY: as above, rows 4 apart in 16 floats.
            unsafe { square4_avx(a.as_ptr(), 4, b.as_ptr(), 4, out.as_mut_ptr()) };
            assert_eq!(bits(&out), bits(&[-0.0; 16]));
            let mut out = [f32::NAN; 64];
            // SAFETY: as above, `a` read with stride 0, `b` rows 0 apart.
            unsafe { rows8_avx(a.as_ptr(), 0, b.as_ptr(), 0, 3, out.as_mut_ptr()) };
            assert_eq!(bits(&out), bits(&[0.0; 64]));
            for k in 0..=8 {
                let d = (8, k, 8);
                let (a, b) = operands(seed, d);
                let mut out = [f32::NAN; 64];
                // SAFETY: as above; `out` is 64 floats.
                unsafe { rows8_avx(a.as_ptr(), k + 1, b.as_ptr(), 10, k, out.as_mut_ptr()) };
                let want = plain(
                    d,
                    |i, kk| a[i * (k + 1) + kk],
                    |kk, j| b[kk * 10 + j],
                    false,
                );
                assert_eq!(bits(&out), bits(&want), "8 x {k} x 8, seed {seed}");
            }
        }
    }

    /// `try_product` of `a` (rows `lda` apart) and `b` (`ldb` apart), of
    /// sizes `(m, k, n)`, into a value of `S` first filled with NaN: whether
    /// it ran, and the value.
    fn run<T: MulAccumulate + Copy, S: Shape>(
        (a, lda): (&[T], usize),
        (b, ldb): (&[T], usize),
        (m, k, n): (usize, usize, usize),
        fill: T,
    ) -> (bool, Tensor<T, S>) {
        let mut ran = false;
        let t = build_with(|out| {
            out.fill(|_| fill);
            let a = DenseLhs {
                elems: a,
                k,
                stride: lda,
            };
            let b = Dense {
                elems: b,
                stride: ldb,
            };
            ran = try_product(&a, &b, out, Dims { m, k, n });
        });
        (ran, t)
    }

    #[test]
    fn kernels_run_on_f32_rows_in_bounds_on_cpus_with_avx2() {
        // The same bits whichever path runs: which one ran is what `run`
        // tells apart.
        let square4 = cfg!(target_feature = "avx") || simd() >= Simd::Avx2;
        let rows8 = !cfg!(target_feature = "avx") && simd() >= Simd::Avx2;
        let nan = f32::NAN;
        let (a, b) = operands(3, (8, 8, 8));
        let (a, b) = (&a[..], &b[..]);
        let want = |d: (usize, usize, usize)| {
            bits(&plain(
                d,
                |i, kk| a[i * 9 + kk],
                |kk, j| b[kk * 10 + j],
                d.0 == 4,
            ))
        };
        let (ran, got) = run::<f32, Shape![4, 4]>((a, 9), (b, 10), (4, 4, 4), nan);
        assert_eq!(ran, square4);
        if ran {
            assert_eq!(bits(got.as_slice()), want((4, 4, 4)));
        }
        let (ran, got) = run::<f32, Shape![8, 8]>((a, 9), (b, 10), (8, 8, 8), nan);
        assert_eq!(ran, rows8);
        if ran {
            assert_eq!(bits(got.as_slice()), want((8, 8, 8)));
        }
        // No inner dimension: zeros written over the NaN.
        let (ran, got) = run::<f32, Shape![8, 8]>((a, 9), (b, 10), (8, 0, 8), nan);
        assert_eq!(ran, rows8);
        if ran {
            assert_eq!(bits(got.as_slice()), bits(&[0.0; 64]));
        }
        // A row past the end of either operand, or too few slots.
        let short = |d, a: &[f32], b: &[f32]| !run::<f32, Shape![8, 8]>((a, 9), (b, 10), d, nan).0;
        assert!(short((4, 4, 4), &a[..3 * 9 + 3], b) && short((4, 4, 4), a, &b[..3 * 10 + 3]));
        assert!(short((8, 8, 8), &a[..7 * 9 + 7], b) && short((8, 8, 8), a, &b[..7 * 10 + 7]));
        assert!(!run::<f32, Shape![15]>((a, 9), (b, 10), (4, 4, 4), nan).0);
        assert_eq!(
            run::<f32, Shape![16]>((a, 9), (b, 10), (4, 4, 4), nan).0,
            square4
        );
        assert!(!run::<f32, Shape![63]>((a, 9), (b, 10), (8, 8, 8), nan).0);
        // Other sizes (operands large enough for each), other elements.
        for d in [
            (4, 4, 3),
            (4, 3, 4),
            (3, 4, 4),
            (8, 8, 7),
            (7, 8, 8),
            (8, 9, 8),
            (9, 8, 8),
        ] {
            let (a, b) = operands(3, d);
            let ran = run::<f32, Shape![81]>((&a, d.1 + 1), (&b, d.2 + 2), d, nan).0;
            assert!(!ran, "{d:?}");
        }
        assert!(!run::<i32, Shape![4, 4]>((&[1; 16], 4), (&[2; 16], 4), (4, 4, 4), 0).0);
    }

    /// `a @ b` of `f32` operands of `[m, k]` and `[k, n]` against the
    /// plain loop.
    macro_rules! product_matches {
        ($m:literal, $k:literal, $n:literal) => {{
            let a = Tensor::<f32, Shape![$m, $k]>::from_flat_fn(|i| (i % 7) as f32 - 3.0);
            let b = Tensor::<f32, Shape![$k, $n]>::from_flat_fn(|i| (i % 5) as f32 * 0.5);
            let want = plain(($m, $k, $n), |i, k| a[[i, k]], |k, j| b[[k, j]], true);
            assert_eq!(
                a.matmul(&b).as_slice(),
                want,
                "[{}, {}] @ [{}, {}]",
                $m,
                $k,
                $k,
                $n
            );
        }};
    }

    #[test]
    fn products_at_and_beside_the_small_sizes_match_the_plain_loop() {
        product_matches!(4, 4, 4);
        product_matches!(8, 4, 4);
        product_matches!(4, 8, 4);
        product_matches!(4, 4, 8);
        product_matches!(3, 4, 4);
        product_matches!(4, 4, 3);
        product_matches!(8, 8, 8);
        product_matches!(8, 3, 8);
        product_matches!(16, 8, 8);
        product_matches!(8, 8, 16);
        product_matches!(7, 8, 8);
        product_matches!(8, 8, 7);
        product_matches!(8, 9, 8);
    }

    #[test]
    fn the_small_kernels_and_the_base_tiles_agree_on_signed_zeros() {
        // Row 1 of `a` is `-0.0`: its products are all `-0.0`, whose sum is
        // `-0.0` from the first products (`[4, 4]`), `+0.0` from zeros
        // (`[8, 8]`). A transposed right operand has no contiguous rows and
        // takes the base tiles; a contiguous one the small kernels.
        macro_rules! agree {
            ($d:literal, $zero:expr) => {{
                let a = Tensor::<f32, Shape![$d, $d]>::from_fn(|[i, k]| {
                    if i == 1 {
                        -0.0
                    } else {
                        k as f32 - 1.5
                    }
                });
                let b = Tensor::<f32, Shape![$d, $d]>::from_flat_fn(|x| x as f32 + 1.0);
                let bt = b.t().to_tensor();
                let (fast, base) = (a.matmul(&b), a.matmul(&bt.t()));
                assert_eq!(
                    bits(fast.as_slice()),
                    bits(base.as_slice()),
                    "[{}, {}]",
                    $d,
                    $d
                );
                assert_eq!(bits(&fast.as_slice()[$d..2 * $d]), bits(&[$zero; $d]));
            }};
        }
        agree!(4, -0.0f32);
        agree!(8, 0.0f32);
    }

    #[test]
    fn rows_are_taken_only_in_bounds() {
        let elems = [0.0f32; 15];
        assert!(holds_rows(&elems[..4], 4, 4, 0) && !holds_rows(&elems[..3], 4, 4, 0));
        assert!(holds_rows(&elems[..0], 0, 4, 9) && holds_rows(&elems[..0], 0, 0, 0));
        assert!(holds_rows(&elems[..13], 4, 4, 3) && !holds_rows(&elems[..12], 4, 4, 3));
        assert!(!holds_rows(&elems, 4, 4, 4) && holds_rows(&elems, 4, 4, 1));
        assert!(holds_rows(&elems, 3, 5, 5) && !holds_rows(&elems, 3, 6, 5));
        assert!(holds_rows(&elems, 1, 15, 99) && !holds_rows(&elems, 2, 1, 15));
        assert!(
            !holds_rows(&elems, 4, 4, usize::MAX / 2) && !holds_rows(&elems, 4, 4, usize::MAX / 3)
        );
    }

    #[test]
    fn products_of_views_with_row_gaps_and_repeated_rows_match_the_plain_loop() {
        let wide = Tensor::<f32, Shape![8, 16]>::from_flat_fn(|i| (i as f32 - 13.0) * 0.75);
        let tall = Tensor::<f32, Shape![16, 8]>::from_flat_fn(|i| (i % 5) as f32 - 2.0);
        let row = Tensor::<f32, Shape![1, 8]>::from_flat_fn(|i| i as f32 + 0.5);
        let b = tall.reshape::<Shape![8, 16]>();
        let (a4, b4) = (slice!(wide, ..4, 2..6), slice!(b, ..4, 1..5));
        let (a8, b8) = (slice!(wide, .., 3..11), slice!(b, .., 5..13));
        let r4 = slice!(row, .., ..4).expand::<Shape![4, 4]>();
        let r8 = row.view().expand::<Shape![8, 8]>();
        let check = |got: &[f32],
                     d: (usize, usize, usize),
                     x: &dyn Fn([usize; 2]) -> f32,
                     y: &dyn Fn([usize; 2]) -> f32| {
            let want = plain(d, |i, k| x([i, k]), |k, j| y([k, j]), d.0 == 4);
            assert_eq!(got, want, "{d:?}");
        };
        check(a4.matmul(&b4).as_slice(), (4, 4, 4), &|p| a4[p], &|p| b4[p]);
        check(a4.matmul(&r4).as_slice(), (4, 4, 4), &|p| a4[p], &|p| r4[p]);
        check(r4.matmul(&a4).as_slice(), (4, 4, 4), &|p| r4[p], &|p| a4[p]);
        check(a8.matmul(&b8).as_slice(), (8, 8, 8), &|p| a8[p], &|p| b8[p]);
        check(a8.matmul(&r8).as_slice(), (8, 8, 8), &|p| a8[p], &|p| r8[p]);
        check(r8.matmul(&b8).as_slice(), (8, 8, 8), &|p| r8[p], &|p| b8[p]);
        let mut c = Tensor::<f32, Shape![8, 8]>::zeros();
        c.assign_matmul(&a8, &b8);
        check(c.as_slice(), (8, 8, 8), &|p| a8[p], &|p| b8[p]);
    }
}
