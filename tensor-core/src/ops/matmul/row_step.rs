//! The inner step of the register-tiled kernel (`kernel.rs`, `tile`):
//! `acc += x * y` over one row of the tile.
//!
//! On x86-64 LLVM leaves this step scalar for `f32` (`mulss`/`addss`, even
//! for a plain `[f32; 4]` row loop, on the default target and with
//! `target-cpu=native` alike), while the same step written with
//! `_mm_mul_ps` is one `mulps` per 4 floats. So the base kernel's `f32`
//! rows of a multiple of 4 take vectors of the widest width the build has
//! (`SSE` and, where enabled at build time, AVX and AVX-512): a separate
//! multiply and add per element, as the scalar loop, so the sums are
//! bit for bit the same. The run-time dispatched AVX2 and AVX-512 kernels
//! pass `SIMD = false` and keep their own code: with the 128-bit step in
//! them `[16, 16]` took 265 ns, not 125.
//!
//! Both ways compute the same sums in the same order, so a mutant that
//! skips the vector step survives the tests; the bench (`matmul_4`,
//! `matmul_8`) tells them apart.
//!
//! ```
//! use tensor_core::prelude::*;
//! let a = Tensor::<f32, Shape![4, 4]>::from_flat_fn(|i| i as f32 - 7.5);
//! let want: f32 = (0..4).map(|k| a[[2, k]] * a[[k, 3]]).sum();
//! assert_eq!(a.matmul(&a)[[2, 3]], want);
//! ```

use core::ops::{Add, Mul};

/// `acc += x * y`, element by element, in vectors when `SIMD`, the target
/// is x86-64 and `A` is `f32` (see the module documentation).
#[inline(always)]
pub(super) fn mul_add_row<A, const W: usize, const SIMD: bool>(acc: &mut [A; W], x: A, y: &[A; W])
where
    A: Copy + Add<Output = A> + Mul<Output = A>,
{
    #[cfg(target_arch = "x86_64")]
    if SIMD && W.is_multiple_of(4) {
        use crate::num::type_of::{slice_as, slice_as_mut};
        if let (Some(acc), Some(&[x]), Some(y)) = (
            slice_as_mut::<A, f32>(acc),
            slice_as::<A, f32>(core::slice::from_ref(&x)),
            slice_as::<A, f32>(y),
        ) {
            return x86::mul_add(acc, x, y);
        }
    }
    for (s, &y) in acc.iter_mut().zip(y) {
        *s = *s + x * y;
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use core::arch::x86_64::*;

    /// `acc[v..v + $n] += x * y[v..v + $n]` while `$n` floats remain, with
    /// one vector of `$n` floats; returns the first index left.
    macro_rules! step {
        ($name:ident, $n:literal, $load:ident, $set1:ident, $mul:ident, $add:ident, $store:ident) => {
            #[inline(always)]
            fn $name(acc: &mut [f32], x: f32, y: &[f32], mut v: usize) -> usize {
                assert!(y.len() == acc.len());
                while v + $n <= acc.len() {
                    // SAFETY: the vector's feature is enabled for the whole
                    // build (the `cfg` of each use); `v + $n <= acc.len()
                    // == y.len()`, so both accesses are in bounds
                    // (unaligned loads and stores).
                    unsafe {
                        let s = acc.as_mut_ptr().add(v);
                        let p = $mul($set1(x), $load(y.as_ptr().add(v)));
                        $store(s, $add($load(s), p));
                    }
                    v += $n;
                }
                v
            }
        };
    }

    #[cfg(target_feature = "avx512f")]
    step!(
        by_16,
        16,
        _mm512_loadu_ps,
        _mm512_set1_ps,
        _mm512_mul_ps,
        _mm512_add_ps,
        _mm512_storeu_ps
    );
    #[cfg(target_feature = "avx")]
    step!(
        by_8,
        8,
        _mm256_loadu_ps,
        _mm256_set1_ps,
        _mm256_mul_ps,
        _mm256_add_ps,
        _mm256_storeu_ps
    );
    step!(
        by_4,
        4,
        _mm_loadu_ps,
        _mm_set1_ps,
        _mm_mul_ps,
        _mm_add_ps,
        _mm_storeu_ps
    );

    /// `acc += x * y` (`acc.len()` a multiple of 4, `y` as long) in the
    /// widest vectors the build has, then narrower ones.
    #[inline(always)]
    pub(super) fn mul_add(acc: &mut [f32], x: f32, y: &[f32]) {
        let v = 0;
        #[cfg(target_feature = "avx512f")]
        let v = by_16(acc, x, y, v);
        #[cfg(target_feature = "avx")]
        let v = by_8(acc, x, y, v);
        let v = by_4(acc, x, y, v);
        debug_assert_eq!(v, acc.len());
    }
}
