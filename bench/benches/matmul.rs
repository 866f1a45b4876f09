//! Matrix products `[D, D] x [D, D]` of `f32`, D = 4, 8, 16, 64: this
//! library against a hand-written loop over flat arrays (the baseline of
//! every group), ndarray and nalgebra, all in one run.
//!
//! Contenders write into outputs allocated before timing, except ndarray's
//! `dot`, which returns a fresh array (its API): its allocation and free are
//! timed. `tensor` is `*out = a.matmul(&b)` stored into a 64-byte-aligned
//! box, `tensor_t` the same with a transposed view as the right operand.
//! nalgebra's matrices are logically ours (same arithmetic, column-major
//! storage).
//!
//! Run on the default target and with `RUSTFLAGS="-C target-cpu=native"`:
//! the kernels pick their vector width at run time.

use divan::{black_box, Bencher};
use nalgebra::SMatrix;
use ndarray::Array2;
use tensor_bench::{value, Aligned};
use tensor_core::prelude::*;

/// The samples each benchmark takes.
const SAMPLES: u32 = 3000;

/// Checks every contender, then runs the benches.
fn main() {
    matmul_4::check();
    matmul_8::check();
    matmul_16::check();
    matmul_64::check();
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

/// A boxed, 64-byte-aligned array holding [`value`]`(n)` at `n`.
fn flat<const LEN: usize>() -> Box<Aligned<[f32; LEN]>> {
    Aligned::boxed(core::array::from_fn(value))
}

/// An ndarray array of `rows × cols` holding [`value`]`(n)` at flat `n`.
fn nd(rows: usize, cols: usize) -> Array2<f32> {
    Array2::from_shape_fn((rows, cols), |(i, j)| value(i * cols + j))
}

/// Panics unless `got` is `expected`, naming the contender.
fn verify(name: &str, got: &[f32], expected: &[f32]) {
    assert!(got == expected, "{name} computed wrongly");
}

/// The naive product of flat `D × D` arrays: `out[i][j] = Σ_k a[i][k] b[k][j]`.
#[inline(never)]
fn matmul_hand<const D: usize>(a: &[f32], b: &[f32], out: &mut [f32]) {
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

/// nalgebra's `&a * &b`.
#[inline(never)]
fn matmul_nalgebra<const D: usize>(
    a: &SMatrix<f32, D, D>,
    b: &SMatrix<f32, D, D>,
    out: &mut SMatrix<f32, D, D>,
) {
    *out = a * b;
}

/// nalgebra's `a.mul_to(b, out)`.
#[inline(never)]
fn matmul_nalgebra_to<const D: usize>(
    a: &SMatrix<f32, D, D>,
    b: &SMatrix<f32, D, D>,
    out: &mut SMatrix<f32, D, D>,
) {
    a.mul_to(b, out);
}

/// ndarray's `a.dot(b)`, a fresh array.
#[inline(never)]
fn matmul_ndarray(a: &Array2<f32>, b: &Array2<f32>) -> Array2<f32> {
    a.dot(b)
}

/// A boxed, 64-byte-aligned nalgebra matrix logically equal to our tensor:
/// element `(i, j)` is [`value`]`(i * C + j)`.
fn na_logical<const R: usize, const C: usize>() -> Box<Aligned<SMatrix<f32, R, C>>> {
    Aligned::boxed(SMatrix::from_fn(|i, j| value(i * C + j)))
}

/// A group `matmul_D` of `[D, D] x [D, D]` products, timed `sample_size`
/// runs per sample. (`$d` is a token tree, not a `literal` fragment:
/// `Shape!` does not see through the invisible group a fragment becomes.)
macro_rules! matmul_group {
    ($name:ident, $d:tt, $sample_size:expr) => {
        #[doc = concat!("`[", $d, ", ", $d, "] x [", $d, ", ", $d, "]`, `f32`.")]
        #[divan::bench_group(sample_count = SAMPLES, sample_size = $sample_size)]
        mod $name {
            use super::*;

            /// The operands' shape.
            type Sq = Shape![$d, $d];
            /// Their side.
            const D: usize = $d;

            /// `*out = a.matmul(b)`.
            #[inline(never)]
            fn product(a: &Tensor<f32, Sq>, b: &Tensor<f32, Sq>, out: &mut Tensor<f32, Sq>) {
                *out = a.matmul(b);
            }

            /// `*out = a.matmul(&bt.t())`: the right operand a transposed view.
            #[inline(never)]
            fn product_t(a: &Tensor<f32, Sq>, bt: &Tensor<f32, Sq>, out: &mut Tensor<f32, Sq>) {
                *out = a.matmul(&bt.t());
            }

            /// `B` transposed, so that `bt.t()` is `B`.
            fn transposed() -> Box<Aligned<Tensor<f32, Sq>>> {
                Aligned::boxed(super::tensor::<Sq>().0.t().to_tensor())
            }

            /// Checks every contender against the naive loop.
            pub(super) fn check() {
                let (a, mut want) = (flat::<{ D * D }>(), [0.0; D * D]);
                matmul_hand::<D>(&a.0, &a.0, &mut want);
                let (t, mut out) = (super::tensor::<Sq>(), zeros::<Sq>());
                product(&t.0, &t.0, &mut out.0);
                verify("tensor", out.0.as_slice(), &want);
                product_t(&t.0, &transposed().0, &mut out.0);
                verify("tensor_t", out.0.as_slice(), &want);
                let got = matmul_ndarray(&nd(D, D), &nd(D, D));
                verify("ndarray", got.as_slice().unwrap(), &want);
                let (m, mut o) = (na_logical::<D, D>(), na_logical::<D, D>());
                matmul_nalgebra(&m.0, &m.0, &mut o.0);
                verify("nalgebra", o.0.transpose().as_slice(), &want);
                matmul_nalgebra_to(&m.0, &m.0, &mut o.0);
                verify("nalgebra_mul_to", o.0.transpose().as_slice(), &want);
            }

            /// Flat arrays, naive `i-j-k` loop: the baseline.
            #[divan::bench]
            fn hand_written(bencher: Bencher) {
                let (a, b, mut out) = (
                    flat::<{ D * D }>(),
                    flat::<{ D * D }>(),
                    flat::<{ D * D }>(),
                );
                bencher
                    .bench_local(|| matmul_hand::<D>(black_box(&a.0), black_box(&b.0), &mut out.0));
            }

            /// `*out = a.matmul(&b)`.
            #[divan::bench]
            fn tensor(bencher: Bencher) {
                let (a, b, mut out) = (super::tensor(), super::tensor(), zeros());
                bencher.bench_local(|| product(black_box(&a.0), black_box(&b.0), &mut out.0));
            }

            /// `*out = a.matmul(&bt.t())`, a transposed right operand.
            #[divan::bench]
            fn tensor_t(bencher: Bencher) {
                let (a, bt, mut out) = (super::tensor(), transposed(), zeros());
                bencher.bench_local(|| product_t(black_box(&a.0), black_box(&bt.0), &mut out.0));
            }

            /// `a.dot(&b)` on `Array2`, allocating the result.
            #[divan::bench]
            fn ndarray(bencher: Bencher) {
                let (a, b) = (nd(D, D), nd(D, D));
                bencher.bench_local(|| drop(matmul_ndarray(black_box(&a), black_box(&b))));
            }

            /// `*out = &a * &b` on `SMatrix`.
            #[divan::bench]
            fn nalgebra(bencher: Bencher) {
                let (a, b, mut out) = (na_logical(), na_logical(), na_logical());
                bencher.bench_local(|| {
                    matmul_nalgebra::<D>(black_box(&a.0), black_box(&b.0), &mut out.0)
                });
            }

            /// `a.mul_to(&b, &mut out)` on `SMatrix`.
            #[divan::bench]
            fn nalgebra_mul_to(bencher: Bencher) {
                let (a, b, mut out) = (na_logical(), na_logical(), na_logical());
                bencher.bench_local(|| {
                    matmul_nalgebra_to::<D>(black_box(&a.0), black_box(&b.0), &mut out.0)
                });
            }
        }
    };
}

// Runs per sample: 4 ns to 200 ns per run for 4 to 16, 13 µs to 70 µs for
// 64 (ndarray's 120 ns at 4 × 4 included).
matmul_group!(matmul_4, 4, 512);
matmul_group!(matmul_8, 8, 256);
matmul_group!(matmul_16, 16, 64);
matmul_group!(matmul_64, 64, 2);
