//! Matrix products of `f32` split across threads (tensor-core's feature
//! `rayon`) against faer with its rayon parallelism (`Par::rayon(0)`), on
//! the same machine in the same run, and both on one thread: `[256, 256]`
//! and `[512, 512]` squared, and a batch of 8 `[128, 128]` products
//! (faer: one call per item, each with `Par::rayon(0)`).
//!
//! `cargo bench --bench matmul_parallel --features rayon` (bench/README.md);
//! `TENSOR_SIMD` caps the kernels as in the `matmul` bench. One thread is
//! a rayon pool of one thread (`ThreadPool::install`), where tensor-core
//! does not split; the parallel runs use rayon's global pool (one thread
//! per core). Every figure is the best of 5 medians of 31 runs, the
//! contenders interleaved; the results are checked to be bit for bit the
//! same on one thread and on all.

use std::time::Instant;

use faer::{Accum, Mat, Par};
use rayon::ThreadPoolBuilder;
use std::hint::black_box;
use tensor_bench::{value, Aligned};
use tensor_core::cpu::simd;
use tensor_core::prelude::*;

fn main() {
    tensor_bench::cap_simd_from_env();
    println!(
        "tensor-core kernels: {:?}; rayon threads: {}; cores: {}",
        simd(),
        rayon::current_num_threads(),
        std::thread::available_parallelism().map_or(0, |n| n.get()),
    );
    println!(
        "{:<14} {:>22} {:>22} {:>22} {:>22}",
        "product", "tensor 1 thread", "tensor rayon", "faer 1 thread", "faer rayon"
    );
    square::<Shape![256, 256]>(256);
    square::<Shape![512, 512]>(512);
    batch();
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

/// The best of 5 medians of each of the four contenders, interleaved.
fn best_of(mut runs: [&mut dyn FnMut(); 4]) -> [f64; 4] {
    let mut best = [f64::MAX; 4];
    for _ in 0..5 {
        for (b, f) in best.iter_mut().zip(runs.iter_mut()) {
            *b = b.min(median_secs(31, f));
        }
    }
    best
}

/// One line of the table: time, GFLOP/s, and the speedup of the parallel
/// runs over their one-thread runs.
fn report(name: &str, flops: f64, [t1, tp, f1, fp]: [f64; 4]) {
    let cell = |t: f64| format!("{:.1} µs {:.0} GF/s", t * 1e6, flops / t / 1e9);
    println!(
        "{name:<14} {:>22} {:>22} {:>22} {:>22}",
        cell(t1),
        cell(tp),
        cell(f1),
        cell(fp)
    );
    println!(
        "{:<14} speedup on threads: tensor {:.2}x, faer {:.2}x; tensor / faer: 1 thread {:.2}, rayon {:.2}",
        "",
        t1 / tp,
        f1 / fp,
        t1 / f1,
        tp / fp
    );
}

/// faer's product into `out` with `par`.
fn faer_matmul(a: &Mat<f32>, b: &Mat<f32>, out: &mut Mat<f32>, par: Par) {
    faer::linalg::matmul::matmul(
        out.as_mut(),
        Accum::Replace,
        a.as_ref(),
        b.as_ref(),
        1.0,
        par,
    );
}

/// `[d, d] x [d, d]`.
fn square<Sq>(d: usize)
where
    Sq: Shape + tensor_core::constraint::MatmulRhs<Sq, Product = Sq>,
    Tensor<f32, Sq>: Send + Sync,
{
    let (a, b) = (
        Aligned::boxed(Tensor::<f32, Sq>::from_flat_fn(value)),
        Aligned::boxed(Tensor::<f32, Sq>::from_flat_fn(|i| value(i + 5))),
    );
    let (mut c1, mut cp) = (
        Aligned::boxed(Tensor::<f32, Sq>::zeros()),
        Aligned::boxed(Tensor::<f32, Sq>::zeros()),
    );
    let fa = Mat::from_fn(d, d, |i, j| value(i * d + j));
    let fb = Mat::from_fn(d, d, |i, j| value(i * d + j + 5));
    let (mut f1, mut fp) = (Mat::<f32>::zeros(d, d), Mat::<f32>::zeros(d, d));
    let one = ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let times = best_of([
        &mut || one.install(|| c1.0.assign_matmul(black_box(&a.0), black_box(&b.0))),
        &mut || cp.0.assign_matmul(black_box(&a.0), black_box(&b.0)),
        &mut || faer_matmul(black_box(&fa), black_box(&fb), &mut f1, Par::Seq),
        &mut || faer_matmul(black_box(&fa), black_box(&fb), &mut fp, Par::rayon(0)),
    ]);
    assert!(c1.0 == cp.0, "{d}: the threads changed the result");
    report(&format!("{d}x{d}x{d}"), 2.0 * (d * d * d) as f64, times);
}

/// 8 products `[128, 128] x [128, 128]`, one batched `matmul`.
fn batch() {
    type B = Shape![8, 128, 128];
    const D: usize = 128;
    let (a, b) = (
        Aligned::boxed(Tensor::<f32, B>::from_flat_fn(value)),
        Aligned::boxed(Tensor::<f32, B>::from_flat_fn(|i| value(i + 5))),
    );
    let (mut c1, mut cp) = (
        Aligned::boxed(Tensor::<f32, B>::zeros()),
        Aligned::boxed(Tensor::<f32, B>::zeros()),
    );
    let mats = |s: usize| -> Vec<Mat<f32>> {
        (0..8)
            .map(|t| Mat::from_fn(D, D, |i, j| value(t * D * D + i * D + j + s)))
            .collect()
    };
    let (fa, fb) = (mats(0), mats(5));
    let (mut f1, mut fp) = (mats(0), mats(0));
    let one = ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let each = |out: &mut [Mat<f32>], par: Par| {
        for ((o, x), y) in out.iter_mut().zip(&fa).zip(&fb) {
            faer_matmul(black_box(x), black_box(y), o, par);
        }
    };
    let times = best_of([
        &mut || one.install(|| c1.0.assign_matmul(black_box(&a.0), black_box(&b.0))),
        &mut || cp.0.assign_matmul(black_box(&a.0), black_box(&b.0)),
        &mut || each(&mut f1, Par::Seq),
        &mut || each(&mut fp, Par::rayon(0)),
    ]);
    assert!(c1.0 == cp.0, "batch: the threads changed the result");
    report("8x128x128x128", 2.0 * (8 * D * D * D) as f64, times);
}
