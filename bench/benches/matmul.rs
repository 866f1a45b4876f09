//! Matrix products `[D, D] x [D, D]` of `f32`, D = 4, 8, 16, 64, 256: this
//! library against a hand-written loop over flat arrays (the baseline of
//! every group), ndarray, nalgebra and faer (one thread), all in one run.
//!
//! Contenders write into outputs allocated before timing, except ndarray's
//! `dot`, which returns a fresh array (its API): its allocation and free are
//! timed. `tensor` is what users write, `*c = a.matmul(&b)` in the timed
//! closure with `a`, `b` and `c` in 64-byte-aligned boxes (built with the
//! `[profile.bench]` of the workspace: fat LTO, one codegen unit);
//! `tensor_outlined` is the same behind an `#[inline(never)]` function,
//! `tensor_t` with a transposed view as the right operand. nalgebra's and
//! faer's matrices are logically ours (same arithmetic, column-major
//! storage).
//!
//! Run on the default target and with `RUSTFLAGS="-C target-cpu=native"`:
//! the kernels pick their vector width at run time, at most
//! `TENSOR_SIMD` (`avx512`, `avx2` or `base`) when set; the run prints the
//! level that ran, and the GFLOP/s of the 256 products.

use std::time::Instant;

use divan::{black_box, Bencher};
use faer::{Accum, Mat, Par};
use nalgebra::SMatrix;
use ndarray::Array2;
use tensor_bench::{value, Aligned};
use tensor_core::cpu::simd;
use tensor_core::prelude::*;

/// The samples each benchmark takes.
const SAMPLES: u32 = 3000;

/// Caps the kernels as `TENSOR_SIMD` says, checks every contender, times
/// the 256 products by hand for GFLOP/s, then runs the benches.
fn main() {
    tensor_bench::cap_simd_from_env();
    println!(
        "tensor-core kernels: {:?} (TENSOR_SIMD={}; built with avx512f: {}, avx2: {})",
        simd(),
        std::env::var("TENSOR_SIMD").unwrap_or_default(),
        cfg!(target_feature = "avx512f"),
        cfg!(target_feature = "avx2"),
    );
    matmul_4::check();
    matmul_8::check();
    matmul_16::check();
    matmul_64::check();
    matmul_256::check();
    gflops_256();
    divan::main();
}

/// The median of `runs` timings of `f`, in seconds.
fn median_secs(runs: usize, mut f: impl FnMut()) -> f64 {
    let mut t: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64()
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[runs / 2]
}

/// The fastest of `runs` timings of `f`, in seconds.
#[cfg(target_arch = "x86_64")]
fn fastest_secs(runs: usize, mut f: impl FnMut()) -> f64 {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64()
        })
        .fold(f64::MAX, f64::min)
}

/// GFLOP/s (2 · 256³ flops a product) of `tensor` (by value, the call
/// users write), `tensor_assign` (into the caller's tensor) and `faer` at
/// 256, medians of 51 runs each, interleaved, after a warm-up.
fn gflops_256() {
    const D: usize = 256;
    type Sq = Shape![256, 256];
    let (a, b, mut c) = (tensor::<Sq>(), tensor::<Sq>(), zeros::<Sq>());
    let (fa, fb, mut fc) = (faer_logical(D), faer_logical(D), Mat::<f32>::zeros(D, D));
    let flops = 2.0 * (D * D * D) as f64;
    let mut best = [f64::MAX; 3];
    for _ in 0..3 {
        let t = median_secs(51, || c.0 = black_box(&a.0).matmul(black_box(&b.0)));
        let s = median_secs(51, || c.0.assign_matmul(black_box(&a.0), black_box(&b.0)));
        let f = median_secs(51, || matmul_faer(black_box(&fa), black_box(&fb), &mut fc));
        best = [best[0].min(t), best[1].min(s), best[2].min(f)];
    }
    let [t, s, f] = best;
    println!(
        "matmul 256: tensor {:.1} µs = {:.1} GFLOP/s, tensor_assign {:.1} µs = {:.1} GFLOP/s, \
         faer {:.1} µs = {:.1} GFLOP/s; tensor / faer {:.3}, assign / faer {:.3} (best of 3 medians)",
        t * 1e6,
        flops / t / 1e9,
        s * 1e6,
        flops / s / 1e9,
        f * 1e6,
        flops / f / 1e9,
        t / f,
        s / f,
    );
    #[cfg(target_arch = "x86_64")]
    {
        // Short runs (50 µs), the fastest of 201: slices of other processes
        // on this shared machine cut long ones.
        const ITERS: usize = 1 << 12;
        if is_x86_feature_detected!("avx512f") {
            // SAFETY: the CPU has AVX-512F (checked).
            let t = fastest_secs(201, || {
                black_box(unsafe { peak::avx512(ITERS) });
            });
            let peak = (ITERS * 12 * 16 * 2) as f64 / t / 1e9;
            println!("measured FMA peak, AVX-512: {peak:.1} GFLOP/s (12 chains of ZMM FMAs)");
        }
        if is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma") {
            // SAFETY: the CPU has AVX2 and FMA (checked).
            let t = fastest_secs(201, || {
                black_box(unsafe { peak::avx2(ITERS) });
            });
            let peak = (ITERS * 12 * 8 * 2) as f64 / t / 1e9;
            println!("measured FMA peak, AVX2: {peak:.1} GFLOP/s (12 chains of YMM FMAs)");
        }
    }
}

/// Loops of independent FMAs, to measure the core's peak: 12 chains keep
/// both FMA pipes busy past a 4-cycle latency.
#[cfg(target_arch = "x86_64")]
mod peak {
    use std::arch::x86_64::*;

    /// `iters` rounds of 12 ZMM FMAs.
    #[target_feature(enable = "avx512f,fma")]
    pub fn avx512(iters: usize) -> f32 {
        let (x, y) = (_mm512_set1_ps(0.999_999), _mm512_set1_ps(1e-7));
        let mut acc = [_mm512_set1_ps(1.0); 12];
        for _ in 0..iters {
            for a in &mut acc {
                *a = _mm512_fmadd_ps(*a, x, y);
            }
        }
        acc.iter().map(|&a| _mm512_reduce_add_ps(a)).sum()
    }

    /// `iters` rounds of 12 YMM FMAs.
    #[target_feature(enable = "avx2,fma")]
    pub fn avx2(iters: usize) -> f32 {
        let (x, y) = (_mm256_set1_ps(0.999_999), _mm256_set1_ps(1e-7));
        let mut acc = [_mm256_set1_ps(1.0); 12];
        for _ in 0..iters {
            for a in &mut acc {
                *a = _mm256_fmadd_ps(*a, x, y);
            }
        }
        let mut out = [0.0f32; 8];
        let sum = acc
            .iter()
            .fold(_mm256_setzero_ps(), |s, &a| _mm256_add_ps(s, a));
        // SAFETY: `out` holds 8 floats.
        unsafe { _mm256_storeu_ps(out.as_mut_ptr(), sum) };
        out.iter().sum()
    }
}

/// faer's `matmul` into `out`, one thread.
#[inline(never)]
fn matmul_faer(a: &Mat<f32>, b: &Mat<f32>, out: &mut Mat<f32>) {
    faer::linalg::matmul::matmul(
        out.as_mut(),
        Accum::Replace,
        a.as_ref(),
        b.as_ref(),
        1.0,
        Par::Seq,
    );
}

/// A faer matrix logically equal to our `[d, d]` tensor.
fn faer_logical(d: usize) -> Mat<f32> {
    Mat::from_fn(d, d, |i, j| value(i * d + j))
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

/// The product of flat `D × D` arrays as one writes it to be fast: i-k-j,
/// each `a[i][k]` scaling row `k` of `b` into row `i` of `out`, which LLVM
/// vectorizes along the row (the baseline).
#[inline(never)]
fn matmul_hand<const D: usize>(a: &[f32], b: &[f32], out: &mut [f32]) {
    let (a, b, out) = (&a[..D * D], &b[..D * D], &mut out[..D * D]);
    for i in 0..D {
        let row = &mut out[i * D..][..D];
        row.fill(0.0);
        for k in 0..D {
            let x = a[i * D + k];
            for (o, &y) in row.iter_mut().zip(&b[k * D..][..D]) {
                *o += x * y;
            }
        }
    }
}

/// The naive i-j-k product, `out[i][j] = Σ_k a[i][k] b[k][j]`: a serial
/// sum per element, which LLVM may not reorder, so it stays scalar (the
/// baseline before issue 22; shown for comparison).
#[inline(never)]
fn matmul_ijk<const D: usize>(a: &[f32], b: &[f32], out: &mut [f32]) {
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
        matmul_group!($name, $d, $sample_size, SAMPLES);
    };
    ($name:ident, $d:tt, $sample_size:expr, $samples:expr) => {
        #[doc = concat!("`[", $d, ", ", $d, "] x [", $d, ", ", $d, "]`, `f32`.")]
        #[divan::bench_group(sample_count = $samples, sample_size = $sample_size)]
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
                let (a, mut want) = (flat::<{ D * D }>(), vec![0.0; D * D]);
                matmul_ijk::<D>(&a.0, &a.0, &mut want);
                let mut got = vec![0.0; D * D];
                matmul_hand::<D>(&a.0, &a.0, &mut got);
                verify("hand_written", &got, &want);
                let (t, mut out) = (super::tensor::<Sq>(), zeros::<Sq>());
                out.0 = t.0.matmul(&t.0);
                verify("tensor", out.0.as_slice(), &want);
                product(&t.0, &t.0, &mut out.0);
                verify("tensor_outlined", out.0.as_slice(), &want);
                let mut c = zeros::<Sq>();
                c.0.assign_matmul(&t.0, &t.0);
                verify("tensor_assign", c.0.as_slice(), &want);
                product_t(&t.0, &transposed().0, &mut out.0);
                verify("tensor_t", out.0.as_slice(), &want);
                let got = matmul_ndarray(&nd(D, D), &nd(D, D));
                verify("ndarray", got.as_slice().unwrap(), &want);
                let (m, mut o) = (na_logical::<D, D>(), na_logical::<D, D>());
                matmul_nalgebra(&m.0, &m.0, &mut o.0);
                verify("nalgebra", o.0.transpose().as_slice(), &want);
                matmul_nalgebra_to(&m.0, &m.0, &mut o.0);
                verify("nalgebra_mul_to", o.0.transpose().as_slice(), &want);
                let (f, mut fo) = (faer_logical(D), Mat::<f32>::zeros(D, D));
                matmul_faer(&f, &f, &mut fo);
                let got: Vec<f32> = (0..D * D).map(|n| fo[(n / D, n % D)]).collect();
                verify("faer", &got, &want);
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

            /// The naive i-j-k loop (the baseline before issue 22).
            #[divan::bench]
            fn hand_ijk(bencher: Bencher) {
                let (a, b, mut out) = (
                    flat::<{ D * D }>(),
                    flat::<{ D * D }>(),
                    flat::<{ D * D }>(),
                );
                bencher
                    .bench_local(|| matmul_ijk::<D>(black_box(&a.0), black_box(&b.0), &mut out.0));
            }

            /// `*c = a.matmul(&b)` as users write it, in the timed closure.
            #[divan::bench]
            fn tensor(bencher: Bencher) {
                let (a, b, mut c) = (super::tensor::<Sq>(), super::tensor::<Sq>(), zeros::<Sq>());
                bencher.bench_local(|| c.0 = black_box(&a.0).matmul(black_box(&b.0)));
            }

            /// `c.assign_matmul(&a, &b)`: the product written into `c`, no
            /// result returned by value (the kernel's own time).
            #[divan::bench]
            fn tensor_assign(bencher: Bencher) {
                let (a, b, mut c) = (super::tensor::<Sq>(), super::tensor::<Sq>(), zeros::<Sq>());
                bencher.bench_local(|| c.0.assign_matmul(black_box(&a.0), black_box(&b.0)));
            }

            /// `*out = a.matmul(&b)` behind an `#[inline(never)]` function.
            #[divan::bench]
            fn tensor_outlined(bencher: Bencher) {
                let (a, b, mut out) = (super::tensor(), super::tensor(), zeros());
                bencher.bench_local(|| product(black_box(&a.0), black_box(&b.0), &mut out.0));
            }

            /// faer's `matmul`, one thread (`Par::Seq`), into `out`.
            #[divan::bench]
            fn faer(bencher: Bencher) {
                let (a, b, mut out) = (faer_logical(D), faer_logical(D), Mat::<f32>::zeros(D, D));
                bencher.bench_local(|| matmul_faer(black_box(&a), black_box(&b), &mut out));
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

// Runs per sample: 4 ns to 200 ns per run for 4 to 16, 3 µs to 70 µs for
// 64 (ndarray's 120 ns at 4 × 4 included), 0.3 ms to 30 ms at 256 (the
// naive loops), sampled less.
matmul_group!(matmul_4, 4, 512);
matmul_group!(matmul_8, 8, 256);
matmul_group!(matmul_16, 16, 64);
matmul_group!(matmul_64, 64, 2);
matmul_group!(matmul_256, 256, 1, 100);
