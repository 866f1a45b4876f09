//! Max pools of `f32` two columns wide (`Shape![KH, 2]`, as LeNet's and
//! VGG's `2 × 2`) in vector registers, with the NaN check in the same
//! pass.
//!
//! LLVM keeps the generic fold of such pools scalar on the default target
//! (the pairs of columns are two interleaved streams), and the generic
//! path reads each plane twice: once to find NaNs, once to fold. Here
//! each input row of a band is read once, as two vectors (`lo`, `hi`):
//! split into even and odd columns (`shufps`), folded by `maxps`, and
//! flagged by `cmpunordps` of `lo` and `hi` if any element is NaN. On
//! CPUs with AVX2 (the level [`cpu::simd`] gives, so `TENSOR_SIMD` caps it
//! too) rows of eight pools or more go eight pools at a time ([`octet`]),
//! else four ([`quad`]; SSE2, which every x86-64 target with vector
//! registers has: the module is built only where `sse2` is on).
//!
//! The pools fold as `larger(larger(x00, x01), larger(x10, x11))` and so
//! on down the rows, where the definition folds left to right, row by
//! row. Without NaN the two agree bit for bit: both keep the first of
//! equal elements (`+0.0` and `-0.0` compare equal), since `larger`
//! keeps its left operand on a tie and the pairs keep the elements'
//! order. A plane that holds a NaN is folded again by the caller,
//! exactly.
//!
//! A row whose pools are not a multiple of the step ends with one more
//! step, the last pools of the row (overlapping the step before, those
//! pools written twice with the same value, unless the remainder is
//! exactly four on the AVX2 path); rows shorter than four pools go one by
//! one.
//!
//! Mutants that survive the tests here and cannot change a result: the
//! choice of level in `as_f32` (both levels give the same bits; the tests
//! call each directly), `width < 16` as `<=` and `pools < 4` as `<=` (the
//! narrower path then takes the row), deleting the `KH` constant's match
//! arms (the general case then takes `2`), `width / 2` as `width % 2` in
//! `sse2_plane` (every row then goes one by one), and in `avx2_plane`
//! `pools % 8` as `pools + 8` or deleting its `0` or `1..=4` arm (an
//! overlapping last octet writes the same values).

use core::arch::x86_64::*;

use crate::cpu::{self, Simd};
use crate::num::type_of::{same, slice_as, slice_as_mut};

/// The kernel for pools `kw` columns wide of `T`, when there is one:
/// `f32` and `kw == 2`.
///
/// It writes the pools of one plane of the input (its second argument,
/// rows of the third's elements, pools of the fourth's rows) into the
/// first, and returns whether it met a NaN, in which case the output holds
/// no result.
#[inline(always)]
pub(super) fn max_kernel<T>(kw: usize) -> Option<super::Plane<T>> {
    (kw == 2 && same::<T, f32>()).then_some(as_f32::<T>)
}

/// The max pools of a plane of `T`, which is `f32` ([`max_kernel`]), in
/// steps of eight pools on CPUs with AVX2, else four.
#[inline]
fn as_f32<T>(outs: &mut [T], plane: &[T], width: usize, kh: usize) -> bool {
    let (Some(outs), Some(plane)) = (slice_as_mut::<T, f32>(outs), slice_as::<T, f32>(plane))
    else {
        unreachable!("`max_kernel` hands out this kernel for `f32` only");
    };
    if cfg!(target_feature = "avx2") || cpu::simd() >= Simd::Avx2 {
        // SAFETY: the CPU has AVX2: the build targets it, or the run-time
        // probe found it.
        unsafe { max_plane_avx2(outs, plane, width, kh) }
    } else {
        // SAFETY: the build enables SSE2 (the module is built only then).
        unsafe { max_plane_sse2(outs, plane, width, kh) }
    }
}

/// The max pools `kh × 2` of `plane` (rows of `width` elements) into
/// `outs` (rows of `width / 2`), four pools at a time; `true` if `plane`
/// holds a NaN.
#[inline]
#[target_feature(enable = "sse2")]
fn max_plane_sse2(outs: &mut [f32], plane: &[f32], width: usize, kh: usize) -> bool {
    // Pools two rows high (2 × 2) with that count a constant, so that
    // each step's loop over the rows unrolls; others as they come.
    match kh {
        2 => sse2_plane::<2>(outs, plane, width, kh),
        _ => sse2_plane::<0>(outs, plane, width, kh),
    }
}

/// [`max_plane_sse2`] for pools `KH` rows high (`0`: `kh`).
#[inline]
#[target_feature(enable = "sse2")]
fn sse2_plane<const KH: usize>(outs: &mut [f32], plane: &[f32], width: usize, kh: usize) -> bool {
    let kh = if KH == 0 { kh } else { KH };
    let pools = width / 2;
    let mut nan = _mm_setzero_ps();
    let mut tail_nan = false;
    for (line, band) in lines(outs, plane, width, kh) {
        if pools < 4 {
            tail_nan |= one_by_one(line, band, width, kh);
            continue;
        }
        for j in (0..pools - 3).step_by(4) {
            nan = _mm_or_ps(nan, quad(line, band, width, kh, j));
        }
        if !pools.is_multiple_of(4) {
            nan = _mm_or_ps(nan, quad(line, band, width, kh, pools - 4));
        }
    }
    tail_nan || _mm_movemask_ps(nan) != 0
}

/// [`max_plane_sse2`] eight pools at a time, and four for a row's last
/// four; rows of fewer than eight pools by `max_plane_sse2` itself.
#[inline]
#[target_feature(enable = "avx2")]
fn max_plane_avx2(outs: &mut [f32], plane: &[f32], width: usize, kh: usize) -> bool {
    if width < 16 {
        return max_plane_sse2(outs, plane, width, kh);
    }
    // As in `max_plane_sse2`.
    match kh {
        2 => avx2_plane::<2>(outs, plane, width, kh),
        _ => avx2_plane::<0>(outs, plane, width, kh),
    }
}

/// [`max_plane_avx2`] for rows of eight pools or more, `KH` rows high
/// (`0`: `kh`).
#[inline]
#[target_feature(enable = "avx2")]
fn avx2_plane<const KH: usize>(outs: &mut [f32], plane: &[f32], width: usize, kh: usize) -> bool {
    let kh = if KH == 0 { kh } else { KH };
    let pools = width / 2;
    let mut nan = _mm256_setzero_ps();
    let mut nan4 = _mm_setzero_ps();
    for (line, band) in lines(outs, plane, width, kh) {
        for j in (0..pools - 7).step_by(8) {
            nan = _mm256_or_ps(nan, octet(line, band, width, kh, j));
        }
        match pools % 8 {
            0 => {}
            1..=4 => nan4 = _mm_or_ps(nan4, quad(line, band, width, kh, pools - 4)),
            _ => nan = _mm256_or_ps(nan, octet(line, band, width, kh, pools - 8)),
        }
    }
    _mm256_movemask_ps(nan) != 0 || _mm_movemask_ps(nan4) != 0
}

/// The output rows of `outs` (of `width / 2` pools) beside their bands of
/// `kh` input rows of `plane` (of `width` elements).
#[inline(always)]
fn lines<'a>(
    outs: &'a mut [f32],
    plane: &'a [f32],
    width: usize,
    kh: usize,
) -> impl Iterator<Item = (&'a mut [f32], &'a [f32])> {
    outs.chunks_exact_mut(width / 2)
        .zip(plane.chunks_exact(kh * width))
}

/// The four pools from pool `j` of `band` (`kh` rows of `width`) into
/// `line`; lanes set where the elements read are NaN.
#[inline]
#[target_feature(enable = "sse2")]
fn quad(line: &mut [f32], band: &[f32], width: usize, kh: usize, j: usize) -> __m128 {
    // Row `a`'s four pairs of columns, each pair folded, and whether any
    // of the eight is NaN.
    let pairs = |a: usize| {
        let run: &[f32; 8] = band[a * width + 2 * j..][..8]
            .try_into()
            .expect("eight elements");
        // SAFETY: `run` is eight readable `f32`s; each unaligned load reads
        // four of them.
        let (lo, hi) = unsafe {
            (
                _mm_loadu_ps(run.as_ptr()),
                _mm_loadu_ps(run.as_ptr().add(4)),
            )
        };
        let even = _mm_shuffle_ps::<0b10_00_10_00>(lo, hi);
        let odd = _mm_shuffle_ps::<0b11_01_11_01>(lo, hi);
        // `larger(even, odd)`: `maxps` returns its second operand unless
        // the first is greater, as `larger_of_ordered` (`b > a`).
        (_mm_max_ps(odd, even), _mm_cmpunord_ps(lo, hi))
    };
    let (mut acc, mut nan) = pairs(0);
    for a in 1..kh {
        let (row, flags) = pairs(a);
        acc = _mm_max_ps(row, acc);
        nan = _mm_or_ps(nan, flags);
    }
    let out: &mut [f32; 4] = (&mut line[j..j + 4]).try_into().expect("four elements");
    // SAFETY: `out` is four writable `f32`s.
    unsafe { _mm_storeu_ps(out.as_mut_ptr(), acc) };
    nan
}

/// [`quad`] for the eight pools from pool `j`.
#[inline]
#[target_feature(enable = "avx2")]
fn octet(line: &mut [f32], band: &[f32], width: usize, kh: usize, j: usize) -> __m256 {
    // As in `quad`, in the order of `shufps`, which keeps to 128-bit
    // halves: pools 0, 1, 4, 5, then 2, 3, 6, 7.
    let pairs = |a: usize| {
        let run: &[f32; 16] = band[a * width + 2 * j..][..16]
            .try_into()
            .expect("16 elements");
        // SAFETY: `run` is sixteen readable `f32`s; each unaligned load
        // reads eight of them.
        let (lo, hi) = unsafe {
            (
                _mm256_loadu_ps(run.as_ptr()),
                _mm256_loadu_ps(run.as_ptr().add(8)),
            )
        };
        let even = _mm256_shuffle_ps::<0b10_00_10_00>(lo, hi);
        let odd = _mm256_shuffle_ps::<0b11_01_11_01>(lo, hi);
        (
            _mm256_max_ps(odd, even),
            _mm256_cmp_ps::<_CMP_UNORD_Q>(lo, hi),
        )
    };
    let (mut acc, mut nan) = pairs(0);
    for a in 1..kh {
        let (row, flags) = pairs(a);
        acc = _mm256_max_ps(row, acc);
        nan = _mm256_or_ps(nan, flags);
    }
    // Pools 0, 1, 4, 5, 2, 3, 6, 7 to their order: 64-bit pairs 0, 2, 1, 3.
    let acc = _mm256_castpd_ps(_mm256_permute4x64_pd::<0b11_01_10_00>(_mm256_castps_pd(
        acc,
    )));
    let out: &mut [f32; 8] = (&mut line[j..j + 8]).try_into().expect("eight elements");
    // SAFETY: `out` is eight writable `f32`s.
    unsafe { _mm256_storeu_ps(out.as_mut_ptr(), acc) };
    nan
}

/// The pools of `band` into `line` one by one, in the same order as
/// [`quad`]; `true` if an element is NaN.
fn one_by_one(line: &mut [f32], band: &[f32], width: usize, kh: usize) -> bool {
    let larger = |a: f32, b: f32| if b > a { b } else { a };
    let mut nan = false;
    for (j, y) in line.iter_mut().enumerate() {
        let pair = |a: usize| {
            let (x, z) = (band[a * width + 2 * j], band[a * width + 2 * j + 1]);
            (larger(x, z), x.is_nan() | z.is_nan())
        };
        let (mut acc, flag) = pair(0);
        nan |= flag;
        for a in 1..kh {
            let (row, flag) = pair(a);
            acc = larger(acc, row);
            nan |= flag;
        }
        *y = acc;
    }
    nan
}

#[cfg(test)]
mod tests;
