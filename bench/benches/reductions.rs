//! Reductions over several axes at once, which are neither the leading nor
//! the trailing axes: a batch normalisation's statistics, the sum and the
//! variance of `[8, 16, 32, 32]` `f32` (a batch of 8 samples of 16 channels
//! of 32 × 32) over the batch and the pixels, `Axes![0, 2, 3]`, giving one
//! value per channel. Against a hand-written loop over the flat array and
//! ndarray, in one run.
//!
//! ndarray has no reduction over several axes: its users chain
//! `sum_axis` (each a fresh array), and for the variance permute the
//! channels to the front and copy into standard layout (`var_axis` takes
//! one axis). nalgebra has no tensors of rank 4.
//!
//! The tensor contenders are `*out = a.sum_axes::<Axes![0, 2, 3]>()` and
//! `*out = a.var_axes::<Axes![0, 2, 3]>()` into outputs allocated before
//! timing.

use divan::{black_box, Bencher};
use ndarray::{Array1, Array4, Axis};
use tensor_bench::{alignment_of, cap_simd_from_env, value, Aligned};
use tensor_core::prelude::*;

/// The input: 131072 `f32`, 512 KiB.
type Input = Shape![8, 16, 32, 32];
/// One value per channel.
type Channels = Shape![16];
/// The samples of the batch.
const B: usize = Input::DIMS[0];
/// The channels.
const C: usize = Input::DIMS[1];
/// The pixels of one channel of one sample.
const P: usize = Input::DIMS[2] * Input::DIMS[3];

/// The samples each benchmark takes.
const SAMPLES: u32 = 1000;

/// Checks every contender, prints where operands live, runs the benches.
fn main() {
    cap_simd_from_env();
    check();
    let (t, a) = (input(), nd());
    println!(
        "operand alignment (bytes): tensor {}, ndarray {}",
        alignment_of(&t.0),
        alignment_of(&a.as_slice().unwrap()[0]),
    );
    divan::main();
}

/// The input tensor, [`value`]`(n)` at flat `n`, boxed and aligned.
fn input() -> Box<Aligned<Tensor<f32, Input>>> {
    Aligned::boxed(Tensor::from_flat_fn(value))
}

/// The same values as an ndarray array.
fn nd() -> Array4<f32> {
    Array4::from_shape_fn((B, C, 32, 32), |(b, c, i, j)| {
        value(((b * C + c) * 32 + i) * 32 + j)
    })
}

/// The sum of a run in 8 independent accumulators.
#[inline(always)]
fn run_sum(xs: &[f32]) -> f32 {
    let mut acc = [0.0f32; 8];
    for chunk in xs.chunks_exact(8) {
        for (s, &x) in acc.iter_mut().zip(chunk) {
            *s += x;
        }
    }
    acc.iter().sum()
}

/// Per-channel sums of the flat input: each sample's run of `P` pixels of
/// channel `c` summed, and added into `out[c]`.
#[inline(never)]
fn sum_hand(a: &[f32], out: &mut [f32]) {
    let (a, out) = (&a[..B * C * P], &mut out[..C]);
    out.fill(0.0);
    for sample in a.chunks_exact(C * P) {
        for (o, run) in out.iter_mut().zip(sample.chunks_exact(P)) {
            *o += run_sum(run);
        }
    }
}

/// Per-channel population variances of the flat input: the means by
/// [`sum_hand`], then the mean squared deviation, both passes over runs.
#[inline(never)]
fn var_hand(a: &[f32], out: &mut [f32]) {
    let (a, out) = (&a[..B * C * P], &mut out[..C]);
    let mut mean = [0.0f32; C];
    sum_hand(a, &mut mean);
    let n = (B * P) as f32;
    mean.iter_mut().for_each(|m| *m /= n);
    out.fill(0.0);
    for sample in a.chunks_exact(C * P) {
        for (c, run) in sample.chunks_exact(P).enumerate() {
            let mut acc = [0.0f32; 8];
            for chunk in run.chunks_exact(8) {
                for (s, &x) in acc.iter_mut().zip(chunk) {
                    *s += (x - mean[c]) * (x - mean[c]);
                }
            }
            out[c] += acc.iter().sum::<f32>();
        }
    }
    out.iter_mut().for_each(|v| *v /= n);
}

/// `*out = a.sum_axes::<Axes![0, 2, 3]>()`.
#[inline(never)]
fn sum_tensor(a: &Tensor<f32, Input>, out: &mut Tensor<f32, Channels>) {
    *out = a.sum_axes::<Axes![0, 2, 3]>();
}

/// `*out = a.var_axes::<Axes![0, 2, 3]>()`.
#[inline(never)]
fn var_tensor(a: &Tensor<f32, Input>, out: &mut Tensor<f32, Channels>) {
    *out = a.var_axes::<Axes![0, 2, 3]>();
}

/// ndarray's sums over axes 3, 2 and 0, one after the other.
#[inline(never)]
fn sum_ndarray(a: &Array4<f32>) -> Array1<f32> {
    a.sum_axis(Axis(3)).sum_axis(Axis(2)).sum_axis(Axis(0))
}

/// ndarray's variance: the channels first, copied into standard layout as
/// `[16, 8192]`, each row's `var_axis`.
#[inline(never)]
fn var_ndarray(a: &Array4<f32>) -> Array1<f32> {
    let rows = a.view().permuted_axes([1, 0, 2, 3]);
    let rows = rows.as_standard_layout().into_shape_with_order((C, B * P));
    rows.unwrap().var_axis(Axis(1), 0.0)
}

/// Panics unless `got` is within `tol` (relative) of `want`, naming the
/// contender. The sums are exact (multiples of 1/4); the variances are
/// rounded differently by each contender's order of additions, and are
/// checked against `f64` ones.
fn verify(name: &str, got: &[f32], want: &[f32], tol: f32) {
    assert_eq!(got.len(), want.len(), "{name}: length");
    for (g, w) in got.iter().zip(want) {
        assert!(
            (g - w).abs() <= tol * w.abs(),
            "{name} computed wrongly: {g} against {w}"
        );
    }
}

/// Per-channel population variances in `f64`, the reference of the
/// variances' check.
fn var_f64(a: &[f32]) -> Vec<f32> {
    let channel = |c: usize| {
        a.chunks_exact(P)
            .skip(c)
            .step_by(C)
            .flatten()
            .map(|&x| f64::from(x))
    };
    let n = (B * P) as f64;
    let var = |c| {
        let mean = channel(c).sum::<f64>() / n;
        channel(c).map(|x| (x - mean) * (x - mean)).sum::<f64>() / n
    };
    (0..C).map(|c| var(c) as f32).collect()
}

/// Checks every contender against the hand-written loops.
fn check() {
    let (t, a, mut out) = (
        input(),
        nd(),
        Aligned::boxed(Tensor::<f32, Channels>::zeros()),
    );
    let (mut sums, mut vars) = ([0.0; C], [0.0; C]);
    sum_hand(t.0.as_slice(), &mut sums);
    var_hand(t.0.as_slice(), &mut vars);
    sum_tensor(&t.0, &mut out.0);
    verify("tensor sums", out.0.as_slice(), &sums, 0.0);
    verify(
        "ndarray sums",
        sum_ndarray(&a).as_slice().unwrap(),
        &sums,
        0.0,
    );
    let exact = var_f64(t.0.as_slice());
    verify("hand-written variances", &vars, &exact, 1e-5);
    var_tensor(&t.0, &mut out.0);
    verify("tensor variances", out.0.as_slice(), &exact, 1e-5);
    verify(
        "ndarray variances",
        var_ndarray(&a).as_slice().unwrap(),
        &exact,
        1e-4,
    );
}

/// Per-channel sums of `[8, 16, 32, 32]` over `Axes![0, 2, 3]`.
#[divan::bench_group(sample_count = SAMPLES)]
mod channel_sums {
    use super::*;

    /// Flat array, each run of pixels in 8 accumulators: the baseline.
    #[divan::bench]
    fn hand_written(bencher: Bencher) {
        let (a, mut out) = (input(), [0.0f32; C]);
        bencher.bench_local(|| sum_hand(black_box(a.0.as_slice()), &mut out));
    }

    /// `*out = a.sum_axes::<Axes![0, 2, 3]>()`.
    #[divan::bench]
    fn tensor(bencher: Bencher) {
        let (a, mut out) = (input(), Aligned::boxed(Tensor::zeros()));
        bencher.bench_local(|| sum_tensor(black_box(&a.0), &mut out.0));
    }

    /// Three `sum_axis` calls, allocating each result.
    #[divan::bench]
    fn ndarray(bencher: Bencher) {
        let a = nd();
        bencher.bench_local(|| drop(sum_ndarray(black_box(&a))));
    }
}

/// Per-channel population variances of `[8, 16, 32, 32]` over
/// `Axes![0, 2, 3]`.
#[divan::bench_group(sample_count = SAMPLES)]
mod channel_variances {
    use super::*;

    /// Flat array, two passes over runs in 8 accumulators: the baseline.
    #[divan::bench]
    fn hand_written(bencher: Bencher) {
        let (a, mut out) = (input(), [0.0f32; C]);
        bencher.bench_local(|| var_hand(black_box(a.0.as_slice()), &mut out));
    }

    /// `*out = a.var_axes::<Axes![0, 2, 3]>()`.
    #[divan::bench]
    fn tensor(bencher: Bencher) {
        let (a, mut out) = (input(), Aligned::boxed(Tensor::zeros()));
        bencher.bench_local(|| var_tensor(black_box(&a.0), &mut out.0));
    }

    /// Permuted, copied to standard layout, `var_axis` of each row.
    #[divan::bench]
    fn ndarray(bencher: Bencher) {
        let a = nd();
        bencher.bench_local(|| drop(var_ndarray(black_box(&a))));
    }
}
