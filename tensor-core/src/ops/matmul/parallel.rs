//! Products split across threads, with feature `rayon`: a large `f32`
//! product by its rows (each thread packs its own strips of the right
//! operand and writes its own rows of the output: [`split_rows`]), and a
//! batch of products by its batch items ([`split_batches`]).
//!
//! Each output element is computed by the same kernel as on one thread,
//! over the same blocks of the inner dimension in the same order: the
//! results are bit for bit those of one thread. The split happens only
//! when the pool the caller runs in (rayon's global pool, or the one of an
//! enclosing `ThreadPool::install`) has two threads or more, and from
//! [`PARALLEL_FLOPS`] multiply-adds.
//!
//! ```
//! use tensor_core::prelude::*;
//! let a = Tensor::<f32, Shape![256, 256]>::boxed_full(1.0);
//! let b = Tensor::<f32, Shape![256, 256]>::boxed_full(0.5);
//! let mut c = Tensor::<f32, Shape![256, 256]>::boxed_zeros();
//! c.assign_matmul(&*a, &*b); // two row blocks on two threads
//! assert!(c.iter().all(|&x| x == 128.0));
//! ```

use rayon::prelude::*;

use crate::uninit::Slots;

#[cfg(target_arch = "x86_64")]
use super::block::{product_f32, DenseF32};
#[cfg(target_arch = "x86_64")]
use super::operand::Dims;
#[cfg(target_arch = "x86_64")]
use crate::cpu::Simd;

/// The fewest multiply-adds of a product (or of a batch of them) split
/// across threads: 2²³, a `[203, 203]` square product; `[256, 256]`
/// (2²⁴) and up are split. Below, the packing each thread repeats and
/// waking the pool cost more than the second core saves.
pub(super) const PARALLEL_FLOPS: usize = 1 << 23;

/// How many times [`split_rows`] and [`split_batches`] split a product: the
/// tests check that the split paths ran.
#[cfg(test)]
pub(super) static SPLITS: core::sync::atomic::AtomicUsize = core::sync::atomic::AtomicUsize::new(0);

/// `out = a @ b` by the packed kernel of `level` (as `product_f32`), its
/// rows cut into one block per thread, each block a multiple of the
/// kernel's tile height; returns whether it ran (`false`: one thread, or
/// too small a product: nothing written).
#[cfg(target_arch = "x86_64")]
pub(super) fn split_rows(
    level: Simd,
    (a, lda): (&[f32], usize),
    b: &DenseF32<'_>,
    out: &mut Slots<f32>,
    d: Dims,
) -> bool {
    let threads = rayon::current_num_threads();
    if threads < 2 || d.m.saturating_mul(d.n).saturating_mul(d.k) < PARALLEL_FLOPS {
        return false;
    }
    let height = match level {
        Simd::Avx512 => 8,
        _ => 6,
    };
    let rows = d.m.div_ceil(threads).next_multiple_of(height);
    if rows >= d.m {
        return false;
    }
    #[cfg(test)]
    SPLITS.fetch_add(1, core::sync::atomic::Ordering::Relaxed);
    out[..d.m * d.n]
        .par_chunks_mut(rows * d.n)
        .enumerate()
        .for_each(|(block, out)| {
            let m = out.len() / d.n;
            // Rows `block * rows ..` of `a`: `product_f32` checks their length.
            let a = &a[block * rows * lda..];
            let ran = product_f32(level, (a, lda), b, Slots::new(out), Dims { m, ..d });
            // Not a debug assertion: a block left unwritten would leave
            // the slots of a result being built uninitialised.
            assert!(ran, "{level:?} has a packed kernel (the caller's)");
        });
    true
}

/// `item(i, out_i)` for every batch item `out_i`, the `i`-th chunk of
/// `len` elements of `out`, the items spread over the threads; returns
/// whether it ran (`false`: one thread, one item, or fewer than
/// [`PARALLEL_FLOPS`] multiply-adds in all, `flops`: nothing written).
pub(super) fn split_batches<T: Send>(
    out: &mut Slots<T>,
    len: usize,
    flops: usize,
    item: impl Fn(usize, &mut Slots<T>) + Sync,
) -> bool {
    if rayon::current_num_threads() < 2 || flops < PARALLEL_FLOPS || out.len() <= len || len == 0 {
        return false;
    }
    #[cfg(test)]
    SPLITS.fetch_add(1, core::sync::atomic::Ordering::Relaxed);
    out.par_chunks_mut(len)
        .enumerate()
        .for_each(|(i, out)| item(i, Slots::new(out)));
    true
}

#[cfg(test)]
mod tests {
    use super::super::rule::MatmulDims;
    use super::SPLITS;
    use crate::prelude::*;
    use core::sync::atomic::Ordering;
    use rayon::ThreadPoolBuilder;
    use std::boxed::Box;
    use std::vec::Vec;

    /// Fractions with mixed signs at flat position `i` (rounding matters:
    /// a different summation order would change low bits).
    fn value(i: usize, salt: usize) -> f32 {
        (((i * 37 + salt) % 101) as f32 - 50.0) / 17.0
    }

    fn boxed<S: Shape>(salt: usize) -> Box<Tensor<f32, S>> {
        let mut t = Tensor::<f32, S>::boxed_zeros();
        for (i, x) in t.iter_mut().enumerate() {
            *x = value(i, salt);
        }
        t
    }

    /// `a @ b` (boxed `[A]` and `[B]` of `boxed`, salts 1 and 2) on 1
    /// thread, then on 2 and 4: the same bits; the 1-thread result within
    /// rounding of the plain loop in `f64` (every 97th element); evaluates
    /// to how many times the products split. A macro: the shapes must be
    /// concrete for the tensors to cross threads.
    macro_rules! agrees {
        ([$($a:literal),+], [$($b:literal),+], [$($p:literal),+], $salt:expr) => {{
            type A = Shape![$($a),+];
            type B = Shape![$($b),+];
            type P = Shape![$($p),+];
            let (a, b) = (boxed::<A>($salt), boxed::<B>($salt + 1));
            let product_in = |threads: usize| {
                let pool = ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
                let mut out = Tensor::<f32, P>::boxed_full(f32::NAN);
                pool.install(|| out.assign_matmul(&*a, &*b));
                out.iter().map(|x| x.to_bits()).collect::<Vec<u32>>()
            };
            let one = product_in(1);
            let before = SPLITS.load(Ordering::Relaxed);
            for threads in [2, 4] {
                assert!(product_in(threads) == one, "{threads} threads: not the same bits");
            }
            let splits = SPLITS.load(Ordering::Relaxed) - before;
            let (m, k, n) = (
                <B as MatmulDims<A>>::ROWS,
                <B as MatmulDims<A>>::INNER,
                <B as MatmulDims<A>>::COLS,
            );
            definition(&one, (a.as_slice(), b.as_slice()), (m, k, n));
            splits
        }};
    }

    /// `got` (bits of `a @ b`, `[.., m, n]`) within rounding of the plain
    /// loop in `f64` at every 97th element, batch items broadcast.
    fn definition(got: &[u32], (a, b): (&[f32], &[f32]), (m, k, n): (usize, usize, usize)) {
        let (a_items, b_items) = (a.len() / (m * k), b.len() / (k * n));
        for (o, &got) in got.iter().enumerate().step_by(97) {
            let got = f32::from_bits(got);
            let (item, i, j) = (o / (m * n), o / n % m, o % n);
            let (ia, ib) = (item % a_items, item % b_items);
            let a = &a[ia * m * k + i * k..][..k];
            let b = &b[ib * k * n..];
            let want: f64 = (0..k)
                .map(|kk| f64::from(a[kk]) * f64::from(b[kk * n + j]))
                .sum();
            let scale: f64 = a.iter().map(|x| f64::from(x.abs())).sum::<f64>() * 3.0;
            assert!(
                (f64::from(got) - want).abs() <= 1e-5 * scale,
                "({item}, {i}, {j}): {got} against {want}"
            );
        }
    }

    /// Whether products of `f32` take the packed kernels, which the row
    /// split runs: x86-64 with AVX2 and FMA (with or without feature
    /// `num-traits`: `f32_told` is asserted below).
    fn packed_kernels() -> bool {
        cfg!(target_arch = "x86_64") && crate::cpu::simd() > crate::cpu::Simd::Base
    }

    /// `f32` tells it is `f32`, which the batch split asks, whichever
    /// `Accumulate` impl it has; no other type does.
    #[test]
    fn f32_told() {
        use crate::num::Accumulate;
        assert!(<f32 as Accumulate>::f32_slice(&[1.0]).is_some());
        assert!(<f64 as Accumulate>::f32_slice(&[1.0]).is_none());
    }

    #[test]
    fn square_256_and_512_split_by_rows() {
        let splits = agrees!([256, 256], [256, 256], [256, 256], 1);
        assert!(
            splits >= 2 || !packed_kernels(),
            "256: split {splits} times"
        );
        let splits = agrees!([512, 512], [512, 512], [512, 512], 3);
        assert!(
            splits >= 2 || !packed_kernels(),
            "512: split {splits} times"
        );
    }

    #[test]
    fn odd_sizes_split_by_rows() {
        // 257 rows: blocks of 136 (AVX-512) or 132 (AVX2) and the rest.
        let splits = agrees!([257, 300], [300, 129], [257, 129], 5);
        assert!(
            splits >= 2 || !packed_kernels(),
            "257x300x129: split {splits} times"
        );
    }

    #[test]
    fn batches_split_by_items() {
        // 8 items of 128³ (2^24 multiply-adds in all, each item too small
        // to split by rows), then a right operand broadcast over 6 items.
        let splits = agrees!([8, 128, 128], [8, 128, 128], [8, 128, 128], 7);
        assert!(splits >= 2, "8 x 128^3: split {splits} times");
        let splits = agrees!([6, 96, 128], [128, 160], [6, 96, 160], 9);
        assert!(splits >= 2, "6 x 96x128x160: split {splits} times");
    }
}
