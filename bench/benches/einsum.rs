//! `einsum!` against the equivalent `matmul` on views, `f32`: batched
//! products `bij,bjk->bik` (`a.matmul(&b)`) and attention scores
//! `bhqd,bhkd->bhqk` (`q.matmul(&k.t())`), each stored into a
//! 64-byte-aligned box. The target: `einsum!` within 1.1× of
//! `matmul`.
//!
//! Run with `cargo bench -p tensor-bench --bench einsum`.

use divan::{black_box, Bencher};
use tensor_bench::{value, Aligned};
use tensor_core::prelude::*;

/// The samples each benchmark takes.
const SAMPLES: u32 = 2000;

/// Checks that each `einsum!` equals its `matmul`, then runs the benches.
fn main() {
    bij_bjk_8x64::check();
    bij_bjk_16x8::check();
    bhqd_bhkd_1x4x64x16::check();
    divan::main();
}

/// A boxed, 64-byte-aligned tensor holding [`value`]`(n)` at flat `n`.
fn tensor<Sh: Shape>() -> Box<Aligned<Tensor<f32, Sh>>> {
    Aligned::boxed(Tensor::from_flat_fn(value))
}

/// A boxed, 64-byte-aligned tensor of zeros, an output.
fn zeros<Sh: Shape>() -> Box<Aligned<Tensor<f32, Sh>>> {
    Aligned::boxed(Tensor::zeros())
}

/// A group comparing `einsum!($spec)` with `$matmul` on operands of shapes
/// `$a` and `$b`, the result `$out`.
macro_rules! group {
    ($name:ident, $spec:literal, $a:ty, $b:ty, $out:ty, |$x:ident, $y:ident| $matmul:expr) => {
        #[divan::bench_group(sample_count = SAMPLES)]
        mod $name {
            use super::*;

            /// `*out = matmul`.
            #[inline(never)]
            fn by_matmul($x: &Tensor<f32, $a>, $y: &Tensor<f32, $b>, out: &mut Tensor<f32, $out>) {
                *out = $matmul;
            }

            /// `*out = einsum!(spec, x, y)`.
            #[inline(never)]
            fn by_einsum($x: &Tensor<f32, $a>, $y: &Tensor<f32, $b>, out: &mut Tensor<f32, $out>) {
                *out = einsum!($spec, $x, $y);
            }

            /// The two agree.
            pub(super) fn check() {
                let (x, y) = (tensor::<$a>(), tensor::<$b>());
                let (mut m, mut e) = (zeros::<$out>(), zeros::<$out>());
                by_matmul(&x.0, &y.0, &mut m.0);
                by_einsum(&x.0, &y.0, &mut e.0);
                assert!(m.0 == e.0, "{} computed wrongly", stringify!($name));
            }

            #[divan::bench]
            fn matmul(bencher: Bencher) {
                let (x, y, mut out) = (tensor::<$a>(), tensor::<$b>(), zeros::<$out>());
                bencher.bench_local(|| by_matmul(black_box(&x.0), black_box(&y.0), &mut out.0));
            }

            #[divan::bench]
            fn einsum(bencher: Bencher) {
                let (x, y, mut out) = (tensor::<$a>(), tensor::<$b>(), zeros::<$out>());
                bencher.bench_local(|| by_einsum(black_box(&x.0), black_box(&y.0), &mut out.0));
            }
        }
    };
}

group!(
    bij_bjk_8x64,
    "bij,bjk->bik",
    Shape![8, 64, 64],
    Shape![8, 64, 64],
    Shape![8, 64, 64],
    |a, b| a.matmul(b)
);
group!(
    bij_bjk_16x8,
    "bij,bjk->bik",
    Shape![16, 8, 8],
    Shape![16, 8, 8],
    Shape![16, 8, 8],
    |a, b| a.matmul(b)
);
group!(
    bhqd_bhkd_1x4x64x16,
    "bhqd,bhkd->bhqk",
    Shape![1, 4, 64, 16],
    Shape![1, 4, 64, 16],
    Shape![1, 4, 64, 64],
    |q, k| q.matmul(&k.t())
);
