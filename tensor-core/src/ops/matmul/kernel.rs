//! The register-tiled kernel of every product, in one version per vector
//! width: tiles of 4 output rows × `W` columns accumulated in registers over
//! the whole inner dimension, each `a(i, k)` scaling the row segment
//! `(k, j0 .. j0 + W)` of `b` (i-k-j order, vectorized along the row).
//!
//! Tiles of `f32` are 4 × 8 on the base target (two SSE2 vectors a row),
//! 4 × 16 in the AVX2 version (two YMM) and 8 × 16 in the AVX-512 one (one
//! ZMM a row, 8 rows: 4 × 32 kept nothing in registers, 34.9 µs at
//! `[64, 64]` against 5.1 µs); the vector versions are compiled with
//! `#[target_feature]` and chosen at run time for products of more than
//! [`INLINE_FLOPS`] multiply-adds ([`cpu`]).
//!
//! Built for AVX-512 (`-C target-cpu=native` here), the base kernel itself
//! takes tiles of 16 × 16 `f32` (16 ZMM accumulators) for products of 8
//! rows or more, and products up to 16 × 16 × 16 are inlined with their
//! sizes constant: `[16, 16]` went from 86 ns to 39–41 ns, the hand loop's
//! 39–40 ns (bench `matmul`). Tiles of 4 rows stay below 8 rows: the 4 × 4
//! product took 3.0 ns through the tall tiles' code, against 1.3–1.5 ns.
//! Run-time dispatch keeps 8 × 16 tiles: 16 rows made `[16, 16]` on the
//! default target 97–101 ns, against 88–92.
//!
//! ```
//! use tensor_core::prelude::*;
//! let a = Tensor::<i32, Shape![5, 40]>::from_flat_fn(|i| i as i32 % 5 - 2);
//! let b = Tensor::<i32, Shape![40, 37]>::ones();
//! assert_eq!(a.matmul(&b)[[4, 36]], (0..40).map(|k| (160 + k) % 5 - 2).sum::<i32>());
//! ```

#[cfg(target_arch = "x86_64")]
use core::marker::PhantomData;

#[cfg(target_arch = "x86_64")]
use super::block::{product_f32, DenseF32, Gathered, PACKED_FLOPS};
use super::operand::{Dims, Lhs, Rhs};
use super::row_step::mul_add_row;
use crate::cpu::{self, Simd};
use crate::num::{Acc, MulAccumulate, Zero};
use crate::uninit::Slots;

/// The most multiply-adds of a product inlined into its caller: `[8, 8]`,
/// or `[16, 16]` when built for AVX-512, whose inlined 16 × 16 tile with
/// constant sizes matches the fully unrolled hand loop. Larger products
/// take the widest kernel the CPU has ([`product`]).
pub(super) const INLINE_FLOPS: usize = if cfg!(target_feature = "avx512f") {
    16 * 16 * 16
} else {
    8 * 8 * 8
};

/// `out = a @ b` (row-major, `d.m × d.n`) with the widest kernel the CPU
/// takes when the product is large ([`product_large`]); small ones
/// (inlined into their caller, where `d` is a constant) stay on the base
/// kernel without a test, but for the smallest `f32` products of operands
/// with contiguous rows (4 × 4 × 4; 8 × 8 × `k <= 8` on the default
/// target), which take YMM registers where the CPU has them (`small.rs`).
///
/// Inlined only where optimized: in a debug build each inlined copy keeps
/// its own stack slots, and a test of eight products in one function
/// overflowed its thread's 2 MiB stack.
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) fn product<T: MulAccumulate>(
    a: &impl Lhs<T>,
    b: &impl Rhs<T>,
    out: &mut Slots<T>,
    d: Dims,
) {
    #[cfg(target_arch = "x86_64")]
    if super::small::try_product(a, b, out, d) {
        return;
    }
    if d.m * d.n * d.k <= INLINE_FLOPS {
        return product_base(a, b, out, d);
    }
    product_large(a, b, out, d);
}

/// `out = a @ b` for a product of more than [`INLINE_FLOPS`]
/// multiply-adds: the packed kernels when they take it, else the tiles of
/// the widest vectors the CPU has. The dispatch is inlined (outlined, the
/// `[16, 16]` product measured up to 15% slower); on x86-64 every kernel
/// it picks is not: one copy of each serves every product of the same
/// element and operand kinds, where the base kernel inlined at each call
/// had been the largest part of LLVM's time in the examples' release build
/// (see [`product_base_large`] for the other targets).
#[inline(always)]
fn product_large<T: MulAccumulate>(a: &impl Lhs<T>, b: &impl Rhs<T>, out: &mut Slots<T>, d: Dims) {
    let level = cpu::simd();
    // Which kernel runs is a matter of speed: the packed and the tiled
    // kernels compute the same product (the tests in `block.rs` and here
    // hold each to a reference), so mutants of this test survive the
    // tests; the bench (`matmul`) is what catches them.
    #[cfg(target_arch = "x86_64")]
    if level > Simd::Base && d.m * d.n * d.k >= PACKED_FLOPS && packed(level, a, b, out, d) {
        return;
    }
    product_at(level, a, b, out, d);
}

/// `out = a @ b` by the packed kernels (`block.rs`) when `T` is `f32`, the
/// left operand has contiguous rows and `level` has such a kernel; returns
/// whether it ran. Large products with a right operand of contiguous rows
/// are split across threads with feature `rayon` (`parallel.rs`).
/// Outlined: the small products inlined into their callers do not carry
/// it.
#[cfg(target_arch = "x86_64")]
#[inline(never)]
fn packed<T: MulAccumulate>(
    level: Simd,
    a: &impl Lhs<T>,
    b: &impl Rhs<T>,
    out: &mut Slots<T>,
    d: Dims,
) -> bool {
    let Some((a, lda)) = a.dense() else {
        return false;
    };
    let (Some(a), Some(out)) = (T::f32_slice(a), out.as_slots_of::<f32>()) else {
        return false;
    };
    match b.dense() {
        Some((elems, stride)) => match T::f32_slice(elems) {
            Some(elems) => {
                let b = DenseF32 { elems, stride };
                #[cfg(feature = "rayon")]
                if super::parallel::split_rows(level, (a, lda), &b, out, d) {
                    return true;
                }
                product_f32(level, (a, lda), &b, out, d)
            }
            None => false,
        },
        None => product_f32(level, (a, lda), &Gathered(b, PhantomData), out, d),
    }
}

/// `out = a @ b` with the kernel of `level`, which the CPU must take
/// (`level <= cpu::simd()`).
#[inline(always)]
pub(super) fn product_at<T: MulAccumulate>(
    level: Simd,
    a: &impl Lhs<T>,
    b: &impl Rhs<T>,
    out: &mut Slots<T>,
    d: Dims,
) {
    debug_assert!(level <= cpu::simd());
    match level {
        Simd::Base => product_base_large(a, b, out, d),
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` is at most what the running CPU takes (the
        // callers' contract): it has AVX2 and FMA.
        Simd::Avx2 => unsafe { product_avx2(a, b, out, d) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as above: the running CPU has AVX-512F.
        Simd::Avx512 => unsafe { product_avx512(a, b, out, d) },
        #[cfg(not(target_arch = "x86_64"))]
        _ => product_base_large(a, b, out, d),
    }
}

/// [`product_base`] on the large path. Outlined on x86-64, where it runs
/// only on CPUs without AVX2, so that one copy serves every call. Inlined
/// elsewhere: there it is the only kernel, and the call's constant sizes
/// pay (the Cortex-M4F firmware's MLP took 30.7k ticks per inference
/// outlined, 20.4k inlined).
#[cfg_attr(target_arch = "x86_64", inline(never))]
#[cfg_attr(not(target_arch = "x86_64"), inline(always))]
fn product_base_large<T: MulAccumulate>(
    a: &impl Lhs<T>,
    b: &impl Rhs<T>,
    out: &mut Slots<T>,
    d: Dims,
) {
    product_base(a, b, out, d);
}

/// The base kernel: the build target's vectors, 16-byte ones (SSE2 on
/// x86-64's default) two to a tile row; built for AVX-512, tiles of 16
/// rows of one 64-byte vector from 8 rows up.
#[inline(always)]
fn product_base<T: MulAccumulate>(a: &impl Lhs<T>, b: &impl Rhs<T>, out: &mut Slots<T>, d: Dims) {
    if cfg!(target_feature = "avx512f") && d.m >= 8 {
        match size_of::<Acc<T>>() {
            0..=4 => tiles::<T, 16, 16, true>(a, b, out, d),
            5..=8 => tiles::<T, 8, 8, true>(a, b, out, d),
            _ => tiles::<T, 4, 4, true>(a, b, out, d),
        }
    } else {
        match size_of::<Acc<T>>() {
            0..=4 => tiles::<T, 4, 8, true>(a, b, out, d),
            _ => tiles::<T, 4, 4, true>(a, b, out, d),
        }
    }
}

/// The AVX2 kernel: 32-byte vectors, two to a tile row (16 `f32`), the
/// 16 YMM registers holding 8 accumulators.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn product_avx2<T: MulAccumulate>(a: &impl Lhs<T>, b: &impl Rhs<T>, out: &mut Slots<T>, d: Dims) {
    match size_of::<Acc<T>>() {
        0..=4 => tiles::<T, 4, 16, false>(a, b, out, d),
        5..=8 => tiles::<T, 4, 8, false>(a, b, out, d),
        _ => tiles::<T, 4, 4, false>(a, b, out, d),
    }
}

/// The AVX-512 kernel: 64-byte vectors, one to a tile row (16 `f32`), 8
/// rows.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx2,fma")]
fn product_avx512<T: MulAccumulate>(a: &impl Lhs<T>, b: &impl Rhs<T>, out: &mut Slots<T>, d: Dims) {
    match size_of::<Acc<T>>() {
        0..=4 => tiles::<T, 8, 16, false>(a, b, out, d),
        5..=8 => tiles::<T, 8, 8, false>(a, b, out, d),
        _ => tiles::<T, 4, 4, false>(a, b, out, d),
    }
}

/// `out = a @ b` in column strips `WIDE` wide, then narrower ones at the
/// right edge (each width at most `WIDE`: 16, 8, 4, 1).
#[inline(always)]
fn tiles<T: MulAccumulate, const H: usize, const WIDE: usize, const SIMD: bool>(
    a: &impl Lhs<T>,
    b: &impl Rhs<T>,
    out: &mut Slots<T>,
    d: Dims,
) {
    let mut j0 = strips::<T, H, WIDE, SIMD>(a, b, out, d, 0);
    if WIDE > 16 {
        j0 = strips::<T, H, 16, SIMD>(a, b, out, d, j0);
    }
    if WIDE > 8 {
        j0 = strips::<T, H, 8, SIMD>(a, b, out, d, j0);
    }
    if WIDE > 4 {
        j0 = strips::<T, H, 4, SIMD>(a, b, out, d, j0);
    }
    strips::<T, H, 1, SIMD>(a, b, out, d, j0);
}

/// Columns `j0 ..` of `out = a @ b` in strips of `W` while they fit; the
/// first column left.
#[inline(always)]
fn strips<T: MulAccumulate, const H: usize, const W: usize, const SIMD: bool>(
    a: &impl Lhs<T>,
    b: &impl Rhs<T>,
    out: &mut Slots<T>,
    d: Dims,
    mut j0: usize,
) -> usize {
    while j0 + W <= d.n {
        columns::<T, H, W, SIMD>(a, b, out, d, j0);
        j0 += W;
    }
    j0
}

/// Columns `j0 .. j0 + W` of `out = a @ b`, in tiles of `H` rows, then one
/// of 8 and one of 4 where they fit, then rows one by one.
#[inline(always)]
fn columns<T: MulAccumulate, const H: usize, const W: usize, const SIMD: bool>(
    a: &impl Lhs<T>,
    b: &impl Rhs<T>,
    out: &mut Slots<T>,
    d: Dims,
    j0: usize,
) {
    let mut i0 = 0;
    while i0 + H <= d.m {
        tile::<T, _, H, W, SIMD>(a, b, out, d, (i0, j0));
        i0 += H;
    }
    if H > 8 && i0 + 8 <= d.m {
        tile::<T, _, 8, W, SIMD>(a, b, out, d, (i0, j0));
        i0 += 8;
    }
    if H > 4 && i0 + 4 <= d.m {
        tile::<T, _, 4, W, SIMD>(a, b, out, d, (i0, j0));
        i0 += 4;
    }
    for i in i0..d.m {
        tile::<T, _, 1, W, SIMD>(a, b, out, d, (i, j0));
    }
}

/// Rows `i0 .. i0 + H` × columns `j0 .. j0 + W` of `out = a @ b`: the
/// tile is accumulated in registers over the whole inner dimension, each
/// `a(i, k)` scaling the row segment `(k, j0 .. j0 + W)` of `b`, then
/// stored once.
#[inline(always)]
fn tile<T: MulAccumulate, L: Lhs<T>, const H: usize, const W: usize, const SIMD: bool>(
    a: &L,
    b: &impl Rhs<T>,
    out: &mut Slots<T>,
    d: Dims,
    (i0, j0): (usize, usize),
) {
    // From zeros: starting from the products of `k = 0` saves one add per
    // vector (LLVM keeps `0.0 + x`, which is not `x` for `x = -0.0`), but
    // then LLVM interleaved and spilled the tiles of `[8, 8]`: 42 ns, not 33.
    // In the accumulator type: for the primitives `T` itself (`widen` and
    // `narrow` vanish), for `half`'s floats `f32`.
    let mut acc = [[Acc::<T>::ZERO; W]; H];
    // Not `core::array::from_fn`: built with fat LTO and one codegen unit
    // (users' release builds), LLVM left it a call, and every row's
    // length unknown: the inlined `[8, 8]` product checked each `a(i, k)`
    // against it and took 24 ns against the hand loop's 14 (native).
    let mut rows = [a.row(i0); H];
    for (r, row) in rows.iter_mut().enumerate().skip(1) {
        *row = a.row(i0 + r);
    }
    // A tile of at most 16 accumulators (the whole `[4, 4]` product) does
    // start from the products of `k = 0`: no spill there, and one add less
    // in each row's chain (`[4, 4]` on the default target: 4.27-4.38 ns ->
    // 3.98 ns, nalgebra 3.78-4.08 ns in the same runs). The two starts
    // differ only in the sign of a sum of only `-0.0` products (`-0.0`
    // from here, `+0.0` from zeros); `small.rs`'s kernels start as these
    // tiles do, and its test of signed zeros holds both to it. `d.k > 0`
    // is a guard only: every product of an empty inner dimension returns
    // before its kernel (`matmul_into`, `rows_matmul`, `dense_batched`), so
    // its `>=` mutant survives.
    let first = if H * W <= 16 && d.k > 0 {
        let b0 = b.row::<W>(0, j0).map(T::widen);
        for (row, acc_row) in rows.iter().zip(acc.iter_mut()) {
            let x = L::at(row, 0).widen();
            for (s, &y) in acc_row.iter_mut().zip(&b0) {
                *s = x * y;
            }
        }
        1
    } else {
        0
    };
    for k in first..d.k {
        let bk = b.row::<W>(k, j0).map(T::widen);
        for (row, acc_row) in rows.iter().zip(acc.iter_mut()) {
            mul_add_row::<_, W, SIMD>(acc_row, L::at(row, k).widen(), &bk);
        }
    }
    for (r, acc_row) in acc.iter().enumerate() {
        let row = &mut out[(i0 + r) * d.n + j0..][..W];
        for (o, &s) in row.iter_mut().zip(acc_row) {
            o.write(T::narrow(s));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::operand::{ByIndex, Dense, DenseLhs, Gather};
    use super::*;
    use crate::uninit::as_slots;
    use std::vec;
    use std::vec::Vec;

    /// The tiles of 16 rows (the base kernel when built with AVX-512) and
    /// of 8 cover every row count the same as the base tiles of 4: each
    /// cascade of 16, 8, 4 and single rows, several column strips.
    #[test]
    fn tall_tiles_cover_every_row_count() {
        for m in 1..=41 {
            for (k, n) in [(3, 37), (16, 16), (9, 5)] {
                let d = Dims { m, k, n };
                let a: Vec<i64> = (0..m * k).map(|i| (i * 7 % 11) as i64 - 5).collect();
                let b: Vec<i64> = (0..k * n).map(|i| (i * 5 % 13) as i64 - 6).collect();
                let (lhs, rhs) = (
                    DenseLhs {
                        elems: &a,
                        k,
                        stride: k,
                    },
                    Dense {
                        elems: &b,
                        stride: n,
                    },
                );
                let want: Vec<i64> = (0..m * n)
                    .map(|o| (0..k).map(|kk| a[o / n * k + kk] * b[kk * n + o % n]).sum())
                    .collect();
                let mut got = vec![0; m * n];
                tiles::<i64, 16, 16, true>(&lhs, &rhs, as_slots(&mut got), d);
                assert_eq!(got, want, "16 x 16 tiles, {m}x{k}x{n}");
                let mut got = vec![0; m * n];
                tiles::<i64, 8, 16, true>(&lhs, &rhs, as_slots(&mut got), d);
                assert_eq!(got, want, "8 x 16 tiles, {m}x{k}x{n}");
                let mut got = vec![0; m * n];
                product_base(&lhs, &rhs, as_slots(&mut got), d);
                assert_eq!(got, want, "base kernel, {m}x{k}x{n}");
            }
        }
    }

    /// Every kernel the running CPU takes computes what the base kernel
    /// does, over every edge of the tiles, for dense and gathered right
    /// operands, 4- and 8-byte elements.
    #[test]
    fn every_vector_width_agrees() {
        use crate::cpu::simd;
        use std::vec::Vec;

        fn run<T: crate::num::MulAccumulate + PartialEq + core::fmt::Debug>(from: fn(i64) -> T) {
            for (m, k, n) in [
                (1, 1, 1),
                (5, 7, 13),
                (9, 33, 71),
                (16, 16, 16),
                (4, 64, 64),
            ] {
                let d = Dims { m, k, n };
                let a: Vec<T> = (0..m * k).map(|i| from((i * 7 % 11) as i64 - 5)).collect();
                let b: Vec<T> = (0..k * n).map(|i| from((i * 5 % 13) as i64 - 6)).collect();
                let at = ByIndex(|i: usize, kk: usize| a[i * k + kk]);
                let dense = DenseLhs {
                    elems: &a,
                    k,
                    stride: k,
                };
                let mut want = Vec::from_iter((0..m * n).map(|_| from(0)));
                product_at(
                    Simd::Base,
                    &at,
                    &Dense {
                        elems: &b,
                        stride: n,
                    },
                    as_slots(&mut want),
                    d,
                );
                for level in [Simd::Avx2, Simd::Avx512]
                    .into_iter()
                    .filter(|&l| l <= simd())
                {
                    let mut got = Vec::from_iter((0..m * n).map(|_| from(0)));
                    product_at(
                        level,
                        &at,
                        &Dense {
                            elems: &b,
                            stride: n,
                        },
                        as_slots(&mut got),
                        d,
                    );
                    assert_eq!(got, want, "{level:?} dense {m}x{k}x{n}");
                    let gather = Gather(|kk: usize, j: usize| b[kk * n + j]);
                    product_at(level, &at, &gather, as_slots(&mut got), d);
                    assert_eq!(got, want, "{level:?} gathered {m}x{k}x{n}");
                    product_at(level, &dense, &gather, as_slots(&mut got), d);
                    assert_eq!(got, want, "{level:?} dense left {m}x{k}x{n}");
                }
            }
        }
        run::<f32>(|x| x as f32);
        run::<f64>(|x| x as f64);
        run::<i32>(|x| x as i32);
        run::<i64>(|x| x);
        run::<i16>(|x| x as i16);
    }
}
