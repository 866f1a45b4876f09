//! The cost of `half::f16` elements (the `half` feature): `f16` products and
//! sums, which widen each element to `f32` and accumulate there, against
//! the same operation on `f32` tensors and a hand-written `f16` loop that
//! also accumulates in `f32`, all in one run.
//!
//! Groups: `matmul_16` and `matmul_64` (`[D, D] x [D, D]`), `sum` (every
//! element of a `[256, 256]` tensor). Contenders:
//!
//! * `hand_f32`: the hand-written loop on flat `f32` arrays, the baseline;
//! * `hand_f16`: the same loop on flat `f16` arrays, each element converted
//!   with `to_f32` and accumulated in `f32`, rounded once at the end;
//! * `tensor_f32`, `tensor_f16`: `*out = a.matmul(&b)` / `t.sum()`.
//!
//! The data are [`value`]`(n)` (multiples of 1/4 below 4), exact in `f16`;
//! every contender's result is checked against the `f32` one, rounded to
//! `f16`, before timing.

use divan::{black_box, Bencher};
use half::f16;
use tensor_bench::{value, Aligned};
use tensor_core::prelude::*;

/// The samples each benchmark takes.
const SAMPLES: u32 = 1000;

/// The shape of `sum`: 65536 elements.
type Square = Shape![256, 256];

fn main() {
    matmul_16::check();
    matmul_64::check();
    sum::check();
    divan::main();
}

/// A boxed, 64-byte-aligned tensor holding [`value`]`(n)` at flat `n`.
fn tensor32<S: Shape>() -> Box<Aligned<Tensor<f32, S>>> {
    Aligned::boxed(Tensor::from_flat_fn(value))
}

/// [`tensor32`] in `f16` (exact).
fn tensor16<S: Shape>() -> Box<Aligned<Tensor<f16, S>>> {
    Aligned::boxed(Tensor::from_flat_fn(|n| f16::from_f32(value(n))))
}

/// The naive product of flat `D × D` `f32` arrays (`i-j-k`), as in `ops`.
#[inline(never)]
fn matmul_hand_f32<const D: usize>(a: &[f32], b: &[f32], out: &mut [f32]) {
    let (a, b, out) = (&a[..D * D], &b[..D * D], &mut out[..D * D]);
    for i in 0..D {
        for j in 0..D {
            let mut s = 0.0;
            for k in 0..D {
                s += a[i * D + k] * b[k * D + j];
            }
            out[i * D + j] = s;
        }
    }
}

/// The same loop on `f16`, accumulating in `f32`, rounded once.
#[inline(never)]
fn matmul_hand_f16<const D: usize>(a: &[f16], b: &[f16], out: &mut [f16]) {
    let (a, b, out) = (&a[..D * D], &b[..D * D], &mut out[..D * D]);
    for i in 0..D {
        for j in 0..D {
            let mut s = 0.0f32;
            for k in 0..D {
                s += a[i * D + k].to_f32() * b[k * D + j].to_f32();
            }
            out[i * D + j] = f16::from_f32(s);
        }
    }
}

/// A group `matmul_D`: `[D, D] x [D, D]`, `f32` and `f16`.
macro_rules! matmul_group {
    ($name:ident, $d:tt, $sample_size:expr) => {
        #[divan::bench_group(sample_count = SAMPLES, sample_size = $sample_size)]
        mod $name {
            use super::*;

            /// The operands' shape.
            type Sq = Shape![$d, $d];
            /// Their side.
            const D: usize = $d;

            /// `*out = a.matmul(b)` for either element type.
            #[inline(never)]
            fn product<T>(a: &Tensor<T, Sq>, b: &Tensor<T, Sq>, out: &mut Tensor<T, Sq>)
            where
                T: tensor_core::num::Accumulate<Acc: core::ops::Mul<Output = T::Acc>>,
            {
                *out = a.matmul(b);
            }

            /// Checks each contender against the `f32` loop.
            pub(super) fn check() {
                let a = tensor32::<Sq>();
                let mut want = [0.0f32; D * D];
                matmul_hand_f32::<D>(a.0.as_slice(), a.0.as_slice(), &mut want);
                let want16 = want.map(f16::from_f32);
                let h = tensor16::<Sq>();
                let mut out = Tensor::<f16, Sq>::zeros();
                product(&h.0, &h.0, &mut out);
                assert_eq!(out.as_slice(), &want16, "tensor_f16");
                let mut hand = [f16::ZERO; D * D];
                matmul_hand_f16::<D>(h.0.as_slice(), h.0.as_slice(), &mut hand);
                assert_eq!(hand, want16, "hand_f16");
                let mut out32 = Tensor::<f32, Sq>::zeros();
                product(&a.0, &a.0, &mut out32);
                assert_eq!(out32.as_slice(), &want, "tensor_f32");
            }

            /// The `f32` loop: the baseline.
            #[divan::bench]
            fn hand_f32(bencher: Bencher) {
                let (a, b, mut out) = (tensor32::<Sq>(), tensor32::<Sq>(), tensor32::<Sq>());
                bencher.bench_local(|| {
                    matmul_hand_f32::<D>(
                        black_box(a.0.as_slice()),
                        black_box(b.0.as_slice()),
                        out.0.as_mut_slice(),
                    )
                });
            }

            /// The `f16` loop accumulating in `f32`.
            #[divan::bench]
            fn hand_f16(bencher: Bencher) {
                let (a, b, mut out) = (tensor16::<Sq>(), tensor16::<Sq>(), tensor16::<Sq>());
                bencher.bench_local(|| {
                    matmul_hand_f16::<D>(
                        black_box(a.0.as_slice()),
                        black_box(b.0.as_slice()),
                        out.0.as_mut_slice(),
                    )
                });
            }

            /// `*out = a.matmul(&b)`, `f32`.
            #[divan::bench]
            fn tensor_f32(bencher: Bencher) {
                let (a, b, mut out) = (tensor32::<Sq>(), tensor32::<Sq>(), tensor32::<Sq>());
                bencher.bench_local(|| product(black_box(&a.0), black_box(&b.0), &mut out.0));
            }

            /// `*out = a.matmul(&b)`, `f16` (accumulated in `f32`).
            #[divan::bench]
            fn tensor_f16(bencher: Bencher) {
                let (a, b, mut out) = (tensor16::<Sq>(), tensor16::<Sq>(), tensor16::<Sq>());
                bencher.bench_local(|| product(black_box(&a.0), black_box(&b.0), &mut out.0));
            }
        }
    };
}

matmul_group!(matmul_16, 16, 32);
matmul_group!(matmul_64, 64, 1);

/// The sum of every element of a `[256, 256]` tensor.
#[divan::bench_group(sample_count = SAMPLES, sample_size = 2)]
mod sum {
    use super::*;

    /// The `f32` loop, 8 accumulators (as the kernel), the baseline.
    #[inline(never)]
    fn hand_sum_f32(xs: &[f32]) -> f32 {
        let mut acc = [0.0f32; 8];
        for c in xs.chunks_exact(8) {
            for (a, &x) in acc.iter_mut().zip(c) {
                *a += x;
            }
        }
        acc.iter().sum()
    }

    /// The same on `f16`, each element converted to `f32`.
    #[inline(never)]
    fn hand_sum_f16(xs: &[f16]) -> f16 {
        let mut acc = [0.0f32; 8];
        for c in xs.chunks_exact(8) {
            for (a, &x) in acc.iter_mut().zip(c) {
                *a += x.to_f32();
            }
        }
        f16::from_f32(acc.iter().sum())
    }

    /// `t.sum()` for either element type.
    #[inline(never)]
    fn tensor_sum<T: tensor_core::num::Accumulate>(t: &Tensor<T, Square>) -> T {
        t.sum()
    }

    /// Checks each contender against the `f32` loop.
    pub(super) fn check() {
        let (a, h) = (tensor32::<Square>(), tensor16::<Square>());
        let want = hand_sum_f32(a.0.as_slice());
        assert_eq!(tensor_sum(&a.0), want, "tensor_f32");
        assert_eq!(tensor_sum(&h.0), f16::from_f32(want), "tensor_f16");
        assert_eq!(
            hand_sum_f16(h.0.as_slice()),
            f16::from_f32(want),
            "hand_f16"
        );
    }

    /// The `f32` loop: the baseline.
    #[divan::bench]
    fn hand_f32(bencher: Bencher) {
        let a = tensor32::<Square>();
        bencher.bench_local(|| hand_sum_f32(black_box(a.0.as_slice())));
    }

    /// The `f16` loop accumulating in `f32`.
    #[divan::bench]
    fn hand_f16(bencher: Bencher) {
        let a = tensor16::<Square>();
        bencher.bench_local(|| hand_sum_f16(black_box(a.0.as_slice())));
    }

    /// `t.sum()`, `f32`.
    #[divan::bench]
    fn tensor_f32(bencher: Bencher) {
        let a = tensor32::<Square>();
        bencher.bench_local(|| tensor_sum(black_box(&a.0)));
    }

    /// `t.sum()`, `f16` (accumulated in `f32`).
    #[divan::bench]
    fn tensor_f16(bencher: Bencher) {
        let a = tensor16::<Square>();
        bencher.bench_local(|| tensor_sum(black_box(&a.0)));
    }
}
