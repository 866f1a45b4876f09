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
        // `a(i, k)` over row `i`'s lanes of a pair: lane `k` of each half.
        let pick = |pair: __m256, k: usize| match k {
            0 => _mm256_shuffle_ps::<0x00>(pair, pair),
            1 => _mm256_shuffle_ps::<0x55>(pair, pair),
            2 => _mm256_shuffle_ps::<0xAA>(pair, pair),
            _ => _mm256_shuffle_ps::<0xFF>(pair, pair),
        };
        let mut c01 = _mm256_mul_ps(pick(a01, 0), bk[0]);
        let mut c23 = _mm256_mul_ps(pick(a23, 0), bk[0]);
        for (k, &bk) in bk.iter().enumerate().skip(1) {
            c01 = _mm256_add_ps(c01, _mm256_mul_ps(pick(a01, k), bk));
            c23 = _mm256_add_ps(c23, _mm256_mul_ps(pick(a23, k), bk));
        }
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
mod tests;
