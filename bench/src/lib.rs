//! Shared helpers of the `tensor-bench` benchmarks.
//!
//! Where an operand sits in memory can change a result by 2× (see the
//! "Benchmarking lessons" of the design notes), so every operand a benchmark
//! owns gets its own heap allocation aligned to [`ALIGN`] bytes, through
//! [`Aligned`]. The bench targets in `benches/` (one per family of kernels)
//! build their inputs with [`Aligned::boxed`] and [`value`], and report where
//! each operand landed with [`alignment_of`].
#![warn(missing_docs)]

/// The alignment, in bytes, of every operand a benchmark allocates itself:
/// one cache line, and one AVX-512 register.
pub const ALIGN: usize = 64;

/// A value stored at a [`ALIGN`]-byte boundary.
///
/// `Box<Aligned<T>>` is a heap allocation of its own, starting on a cache
/// line, whatever `T`'s own alignment is.
#[repr(C, align(64))]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Aligned<T>(pub T);

const _: () = assert!(core::mem::align_of::<Aligned<u8>>() == ALIGN);

impl<T> Aligned<T> {
    /// `value` in a fresh heap allocation aligned to [`ALIGN`] bytes.
    pub fn boxed(value: T) -> Box<Self> {
        Box::new(Aligned(value))
    }
}

/// Caps tensor-core's kernels as the `TENSOR_SIMD` environment variable
/// says (`avx512`, the default; `avx2`; `base`), so that one machine times
/// every dispatch path.
///
/// # Panics
///
/// On any other value.
pub fn cap_simd_from_env() {
    use tensor_core::cpu::{cap_simd, Simd};
    match std::env::var("TENSOR_SIMD").as_deref() {
        Ok("base") => cap_simd(Simd::Base),
        Ok("avx2") => cap_simd(Simd::Avx2),
        Ok("avx512") | Err(_) => {}
        Ok(other) => panic!("TENSOR_SIMD={other}: expected avx512, avx2 or base"),
    }
}

/// The test datum at flat position `i`: small multiples of 1/4, so sums of a
/// few hundred thousand of them stay exact in `f32` and never reach a
/// denormal, an infinity or a NaN.
pub fn value(i: usize) -> f32 {
    ((i * 7 + 3) % 13) as f32 * 0.25
}

/// The largest power of two, up to 4096, that divides the address of `x`:
/// how aligned an operand actually is.
pub fn alignment_of<T: ?Sized>(x: &T) -> usize {
    let addr = (x as *const T).cast::<u8>() as usize;
    1 << addr.trailing_zeros().min(12)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxed_values_are_cache_line_aligned() {
        for _ in 0..8 {
            let small = Aligned::boxed(1u8);
            let big = Aligned::boxed([0.0f32; 32768]);
            assert_eq!(alignment_of(&small.0) % ALIGN, 0);
            assert_eq!(alignment_of(&big.0) % ALIGN, 0);
        }
    }

    #[test]
    fn alignment_of_reports_the_address_alignment() {
        let a = Aligned::boxed([0u8; 256]);
        assert!(alignment_of(&a.0[0]) >= ALIGN);
        assert_eq!(alignment_of(&a.0[1]), 1);
        assert_eq!(alignment_of(&a.0[4]), 4);
        assert_eq!(alignment_of(&a.0[32]), 32);
    }

    #[test]
    fn values_are_exact_quarters() {
        let sum: f32 = (0..32768).map(value).sum();
        let exact: f64 = (0..32768).map(|i| f64::from(value(i))).sum();
        assert_eq!(f64::from(sum), exact);
        assert!((0..32768).all(|i| value(i) * 4.0 == (value(i) * 4.0).trunc()));
    }
}
