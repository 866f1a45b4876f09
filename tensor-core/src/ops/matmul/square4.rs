//! The `[4, 4] @ [4, 4]` `f32` product in two YMM registers (graphics'
//! transforms, quaternion products): rows 0–1 and 2–3 of the output each
//! one 8-lane vector, built as `Σ_k shuffle(a, k) * [b_k | b_k]`, where
//! `shuffle(a, k)` repeats `a(i, k)` over row `i`'s four lanes (one
//! `vshufps` of the two rows of `a`) and `[b_k | b_k]` is row `k` of `b` in
//! both halves (one `vbroadcastf128`).
//!
//! That is 8 multiplies and 6 adds of 8 lanes, where the row tiles of
//! `kernel.rs` take 16 and 12 of 4 lanes. The sums run in the same order
//! (`a(i, 0) b(0, j)` first, then `+` the products of `k = 1, 2, 3`, no
//! fused multiply-add), so the result is the base kernel's, bit for bit.
//!
//! Taken when built for AVX (`-C target-cpu=native` or `x86-64-v3`),
//! inlined; else on CPUs with AVX2 found at run time, by one call. Same
//! Intel Xeon (AVX-512), fat LTO, `cargo bench --bench matmul -- matmul_4`:
//! the bench/README's "`[4, 4]` in two YMM registers".
//!
//! ```
//! use tensor_core::prelude::*;
//! let a = Tensor::<f32, Shape![4, 4]>::from_flat_fn(|i| i as f32);
//! let id = Tensor::<f32, Shape![4, 4]>::from_fn(|[i, j]| (i == j) as u8 as f32);
//! assert_eq!(a.matmul(&id), a);
//! assert_eq!(id.matmul(&a.t()), a.t().to_tensor());
//! ```

use core::arch::x86_64::*;

use super::operand::{Lhs, Rhs};
use crate::cpu::{self, Simd};
use crate::num::MulAccumulate;
use crate::uninit::Slots;

/// Whether `elems` holds the four rows of a 4 × 4 operand, contiguous
/// runs of 4 that start `stride` apart (0 repeats one row): `elems[3 *
/// stride..][..4]` is in bounds.
#[inline(always)]
fn holds_rows(elems: &[f32], stride: usize) -> bool {
    stride
        .checked_mul(3)
        .and_then(|last| last.checked_add(4))
        .is_some_and(|end| end <= elems.len())
}

/// `out = a @ b` when both are `f32` with contiguous rows and the CPU has
/// AVX2 (or the build AVX); returns whether it ran. The caller has checked
/// that the product is 4 × 4 × 4; `out` has at least 16 slots.
#[inline(always)]
pub(super) fn product<T: MulAccumulate>(
    a: &impl Lhs<T>,
    b: &impl Rhs<T>,
    out: &mut Slots<T>,
) -> bool {
    let (Some((a, lda)), Some((b, ldb))) = (a.dense(), b.dense()) else {
        return false;
    };
    let (Some(a), Some(b), Some(out)) = (T::f32_slice(a), T::f32_slice(b), out.as_slots_of())
    else {
        return false;
    };
    if !(holds_rows(a, lda) && holds_rows(b, ldb) && out.len() >= 16) {
        return false;
    }
    // Built for AVX, the test is a constant and the kernel inlines; else
    // the cached level (AVX2 implies AVX). Both paths give the same bits;
    // `the_kernel_runs_on_f32_rows_in_bounds_on_cpus_with_avx2` tells them
    // apart, but on a CPU with AVX2 the mutants that would run the kernel
    // on CPUs without it (`!` deleted, `<` as `<=` or `==`) survive.
    if !cfg!(target_feature = "avx") && cpu::simd() < Simd::Avx2 {
        return false;
    }
    // SAFETY: the CPU has AVX: the build targets it, or the run-time
    // probe found AVX2, which implies it. `a` and `b` hold their rows
    // (`holds_rows`); `out` has 16 slots or more, borrowed here, so
    // writable and referenced nowhere else.
    unsafe { product_avx(a.as_ptr(), lda, b.as_ptr(), ldb, out.as_mut_ptr()) };
    true
}

/// `out = a @ b` for 4 × 4 operands whose rows start `lda` and `ldb`
/// apart, in YMM registers (the module's documentation). Pointers and
/// strides, not references to rows: an outlined call then takes them in
/// registers (an array of row references went through the stack, and
/// the call cost more than the kernel saved).
///
/// # Safety
///
/// The CPU has AVX; `a + i * lda + k` and `b + i * ldb + k` are readable
/// for `i, k < 4`; `out .. out + 16` is writable (it may be unwritten)
/// and no reference to it is alive.
#[target_feature(enable = "avx")]
#[inline]
unsafe fn product_avx(a: *const f32, lda: usize, b: *const f32, ldb: usize, out: *mut f32) {
    // SAFETY: each load reads 4 floats at the start of a row, readable
    // (the contract), the width of each `_mm_loadu_ps` and of each half of
    // `_mm256_loadu2_m128` (no alignment needed); the stores write `out ..
    // out + 8` and `out + 8 .. out + 16`, writable (the contract).
    unsafe {
        let a01 = _mm256_loadu2_m128(a.add(lda), a);
        let a23 = _mm256_loadu2_m128(a.add(3 * lda), a.add(2 * lda));
        let bk: [__m256; 4] =
            core::array::from_fn(|k| _mm256_broadcast_ps(&_mm_loadu_ps(b.add(k * ldb))));
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

#[cfg(test)]
mod tests {
    use super::super::operand::{Dense, DenseLhs};
    use super::{holds_rows, product, product_avx};
    use crate::cpu::{simd, Simd};
    use crate::num::{MulAccumulate, Zero};
    use crate::prelude::*;
    use crate::uninit::build_with;

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

    /// The plain loop in the kernel's order: `a(i, 0) b(0, j)`, then the
    /// products of `k = 1, 2, 3` added in turn.
    fn reference(a: [&[f32; 4]; 4], b: [&[f32; 4]; 4]) -> [f32; 16] {
        core::array::from_fn(|n| {
            let (i, j) = (n / 4, n % 4);
            (1..4).fold(a[i][0] * b[0][j], |s, k| s + a[i][k] * b[k][j])
        })
    }

    #[test]
    fn the_avx_kernel_gives_the_plain_loops_bits() {
        if !std::is_x86_feature_detected!("avx") {
            return;
        }
        for seed in 0..200usize {
            let pick = |n: usize| VALUES[(n * 7 + seed * 13 + n * n * seed) % VALUES.len()];
            let a: [[f32; 4]; 4] =
                core::array::from_fn(|i| core::array::from_fn(|k| pick(i * 4 + k)));
            let b: [[f32; 4]; 4] =
                core::array::from_fn(|k| core::array::from_fn(|j| pick(100 + k * 4 + j)));
            // The rows of `a` 4 apart, those of `b` 6 apart in a wider buffer.
            let wide: [f32; 22] =
                core::array::from_fn(|n| if n % 6 < 4 { b[n / 6][n % 6] } else { f32::NAN });
            let mut out = [f32::NAN; 16];
            // SAFETY: the CPU has AVX (checked above); the rows are in
            // bounds (`a` is 16 floats, `wide` 22 = 3 * 6 + 4); `out` is 16.
            unsafe {
                product_avx(
                    a.as_flattened().as_ptr(),
                    4,
                    wide.as_ptr(),
                    6,
                    out.as_mut_ptr(),
                )
            };
            let got = out.map(f32::to_bits);
            assert_eq!(
                got,
                reference(a.each_ref(), b.each_ref()).map(f32::to_bits),
                "seed {seed}"
            );
        }
    }

    /// `product` of `a` (rows `lda` apart) and `b` (`ldb` apart) into a
    /// value of `S` first filled with zeros: whether it ran, and the value.
    fn run<T: MulAccumulate + Zero, S: Shape>(
        a: &[T],
        lda: usize,
        b: &[T],
        ldb: usize,
    ) -> (bool, Tensor<T, S>) {
        let mut ran = false;
        let t = build_with(|out| {
            out.fill(|_| T::ZERO);
            let a = DenseLhs {
                elems: a,
                k: 4,
                stride: lda,
            };
            ran = product(
                &a,
                &Dense {
                    elems: b,
                    stride: ldb,
                },
                out,
            );
        });
        (ran, t)
    }

    #[test]
    fn the_kernel_runs_on_f32_rows_in_bounds_on_cpus_with_avx2() {
        // The same bits whichever path runs: which one ran is what `run`
        // tells apart.
        let avx = simd() >= Simd::Avx2;
        let a: [f32; 16] = core::array::from_fn(|i| i as f32 - 7.5);
        let b: [f32; 22] = core::array::from_fn(|i| (i % 6) as f32 * 0.25);
        let want = Tensor::<f32, Shape![4, 4]>::from_fn(|[i, j]| {
            (0..4).map(|k| a[i * 4 + k] * b[k * 6 + j]).sum::<f32>()
        });
        let (ran, got) = run::<f32, Shape![4, 4]>(&a, 4, &b, 6);
        assert_eq!((ran, got == want), (avx, avx));
        // A row past the end of either operand, or fewer than 16 slots.
        assert!(!run::<f32, Shape![4, 4]>(&a[..15], 4, &b, 6).0);
        assert!(!run::<f32, Shape![4, 4]>(&a, 4, &b[..21], 6).0);
        assert!(!run::<f32, Shape![15]>(&a, 4, &b, 6).0);
        assert_eq!(run::<f32, Shape![16]>(&a, 4, &b, 6).0, avx);
        // Other elements.
        assert!(!run::<i32, Shape![4, 4]>(&[1; 16], 4, &[2; 16], 4).0);
    }

    /// `a @ b` of `f32` operands of `[m, k]` and `[k, n]` against the
    /// plain loop.
    macro_rules! product_matches {
        ($m:literal, $k:literal, $n:literal) => {{
            let a = Tensor::<f32, Shape![$m, $k]>::from_flat_fn(|i| (i % 7) as f32 - 3.0);
            let b = Tensor::<f32, Shape![$k, $n]>::from_flat_fn(|i| (i % 5) as f32 * 0.5);
            let want = Tensor::<f32, Shape![$m, $n]>::from_fn(|[i, j]| {
                (1..$k).fold(a[[i, 0]] * b[[0, j]], |s, k| s + a[[i, k]] * b[[k, j]])
            });
            assert_eq!(a.matmul(&b), want, "[{}, {}] @ [{}, {}]", $m, $k, $k, $n);
        }};
    }

    #[test]
    fn products_one_size_off_4_x_4_x_4_take_the_other_kernels() {
        product_matches!(4, 4, 4);
        product_matches!(8, 4, 4);
        product_matches!(4, 8, 4);
        product_matches!(4, 4, 8);
        product_matches!(3, 4, 4);
        product_matches!(4, 4, 3);
    }

    #[test]
    fn rows_are_taken_only_in_bounds() {
        let elems = [0.0f32; 15];
        assert!(holds_rows(&elems[..4], 0) && !holds_rows(&elems[..3], 0));
        assert!(holds_rows(&elems[..13], 3) && !holds_rows(&elems[..12], 3));
        assert!(!holds_rows(&elems, 4) && holds_rows(&elems, 1));
        assert!(!holds_rows(&elems, usize::MAX / 2) && !holds_rows(&elems, usize::MAX / 3));
    }

    #[test]
    fn products_of_views_at_every_stride_match_the_plain_loop() {
        let wide = Tensor::<f32, Shape![4, 8]>::from_flat_fn(|i| (i as f32 - 13.0) * 0.75);
        let tall = Tensor::<f32, Shape![8, 4]>::from_flat_fn(|i| (i % 5) as f32 - 2.0);
        let row = Tensor::<f32, Shape![1, 4]>::from_flat_fn(|i| i as f32 + 0.5);
        let a = slice!(wide, .., 2..6);
        let b = tall.reshape::<Shape![4, 8]>();
        let b = slice!(b, .., 1..5);
        let bcast = row.view().expand::<Shape![4, 4]>();
        let plain = |x: &dyn Fn(usize, usize) -> f32, y: &dyn Fn(usize, usize) -> f32| {
            Tensor::<f32, Shape![4, 4]>::from_fn(|[i, j]| {
                (1..4).fold(x(i, 0) * y(0, j), |s, k| s + x(i, k) * y(k, j))
            })
        };
        let av = |i: usize, k: usize| a[[i, k]];
        let bv = |k: usize, j: usize| b[[k, j]];
        let rv = |i: usize, _: usize| row[[0, i]];
        let cv = |_: usize, j: usize| row[[0, j]];
        assert_eq!(a.matmul(&b), plain(&av, &bv));
        assert_eq!(a.matmul(&bcast), plain(&av, &cv));
        assert_eq!(bcast.t().matmul(&a), plain(&rv, &av));
        let mut c = Tensor::<f32, Shape![4, 4]>::zeros();
        c.assign_matmul(&a.t(), &b);
        assert_eq!(c, plain(&|i, k| a[[k, i]], &bv));
    }
}
