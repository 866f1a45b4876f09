//! Indexing: summing a `[16, 32, 64]` `f32` tensor element by element through
//! its multi-index, `t[[i, j, k]]`, in a triple loop.
//!
//! This measures what one index costs: the raveling `i * 2048 + j * 64 + k`
//! and the bounds checks. Every contender runs the same loop nest
//! ([`sum_indep`] or [`sum_serial`]) and differs only in how it reads element
//! `(i, j, k)`:
//!
//! * `tensor`: `tensor_core::Tensor<f32, Shape![16, 32, 64]>`, `t[[i, j, k]]`;
//! * `hand_written`: a flat `&[f32]` with constant strides,
//!   `flat[i * 2048 + j * 64 + k]`, the baseline of the ratios;
//! * `ndarray`: `ndarray::Array3<f32>`, `a[[i, j, k]]`.
//!
//! nalgebra has no rank-3 type, so it is not in this family.
//!
//! `indep_acc` sums into 8 independent accumulators, so the loop is bound by
//! loads and index arithmetic, which is what is compared; `serial_acc` sums
//! into one, a chain of dependent adds that hides the cost of indexing behind
//! add latency, and is shown for reference only.
//!
//! The tensor and the flat array each sit in their own 64-byte-aligned heap
//! allocation ([`Aligned`]); the ndarray array is in the allocation ndarray
//! made, whose alignment is printed when the benchmark starts.

use divan::{black_box, Bencher};
use ndarray::Array3;
use tensor_bench::{alignment_of, value, Aligned};
use tensor_core::{Shape, Tensor};

/// The shape summed: 32768 `f32`, 128 KiB.
type S = Shape![16, 32, 64];
/// The size of axis 0.
const D0: usize = S::DIMS[0];
/// The size of axis 1.
const D1: usize = S::DIMS[1];
/// The size of axis 2, the contiguous one.
const D2: usize = S::DIMS[2];
/// The element count.
const SIZE: usize = S::SIZE;
/// The number of independent accumulators of the `indep_acc` kernels.
const ACCS: usize = 8;
const _: () = assert!(D2.is_multiple_of(ACCS));

/// The samples each benchmark takes: enough for the median to settle within
/// about 1% from run to run on a 2-core machine.
const SAMPLES: u32 = 5000;
/// The runs of the kernel timed together in one sample, so that one sample
/// (3 µs to 17 µs per run) is far above the 20 ns timer precision.
const SAMPLE_SIZE: u32 = 32;

/// Runs the indexing benchmarks after printing where each operand lives.
fn main() {
    let ops = Operands::new();
    println!(
        "operand alignment (bytes): tensor {}, hand_written {}, ndarray {}",
        alignment_of(&ops.tensor.0),
        alignment_of(&ops.flat.0),
        alignment_of(&ops.array.as_slice().unwrap()[0]),
    );
    drop(ops);
    divan::main();
}

/// The three operands, each holding [`value`]`(n)` at flat position `n`.
struct Operands {
    /// The tensor, in its own 64-byte-aligned allocation.
    tensor: Box<Aligned<Tensor<f32, S>>>,
    /// The flat array, in its own 64-byte-aligned allocation.
    flat: Box<Aligned<[f32; SIZE]>>,
    /// The ndarray array, in the allocation ndarray made.
    array: Array3<f32>,
}

impl Operands {
    /// Builds the operands and checks that all three agree on every kernel.
    fn new() -> Self {
        let tensor = Aligned::boxed(Tensor::from_flat_fn(value));
        let flat = Aligned::boxed(core::array::from_fn(value));
        let array =
            Array3::from_shape_fn((D0, D1, D2), |(i, j, k)| value(i * D1 * D2 + j * D2 + k));
        let indep = tensor_indep(&tensor.0);
        assert_eq!(indep, hand_written_indep(&flat.0));
        assert_eq!(indep, ndarray_indep(&array));
        let serial = tensor_serial(&tensor.0);
        assert_eq!(serial, hand_written_serial(&flat.0));
        assert_eq!(serial, ndarray_serial(&array));
        Operands {
            tensor,
            flat,
            array,
        }
    }
}

/// The sum of `get(i, j, k)` over the whole shape, the innermost axis spread
/// over [`ACCS`] independent accumulators (`acc[k % 8]`), added up at the end.
///
/// LLVM keeps the 8 accumulators in two SSE vectors, so a row of 64 is 16
/// loads and 16 vector adds in two chains: a per-element cost of indexing
/// shows (ndarray's), a few extra instructions per row can hide in the add
/// latency.
/// (A pairwise final sum instead makes LLVM pair lanes with shuffles; that
/// code is slower for everyone and its spills, hence its timing, flip with
/// unrelated changes, by up to 10%.)
#[inline(always)]
fn sum_indep(get: impl Fn(usize, usize, usize) -> f32) -> f32 {
    let mut acc = [0.0f32; ACCS];
    for i in 0..D0 {
        for j in 0..D1 {
            for k0 in 0..D2 / ACCS {
                let k = k0 * ACCS;
                acc[0] += get(i, j, k);
                acc[1] += get(i, j, k + 1);
                acc[2] += get(i, j, k + 2);
                acc[3] += get(i, j, k + 3);
                acc[4] += get(i, j, k + 4);
                acc[5] += get(i, j, k + 5);
                acc[6] += get(i, j, k + 6);
                acc[7] += get(i, j, k + 7);
            }
        }
    }
    acc.iter().sum()
}

/// The sum of `get(i, j, k)` over the whole shape into one accumulator: a
/// single chain of dependent adds.
#[inline(always)]
fn sum_serial(get: impl Fn(usize, usize, usize) -> f32) -> f32 {
    let mut acc = 0.0f32;
    for i in 0..D0 {
        for j in 0..D1 {
            for k in 0..D2 {
                acc += get(i, j, k);
            }
        }
    }
    acc
}

/// [`sum_indep`] of the tensor, by `t[[i, j, k]]`.
#[inline(never)]
fn tensor_indep(t: &Tensor<f32, S>) -> f32 {
    sum_indep(|i, j, k| t[[i, j, k]])
}

/// [`sum_indep`] of the flat array, by `flat[i * 2048 + j * 64 + k]`. The
/// slice is first cut to `SIZE` elements, as a hand-written kernel would, so
/// the compiler knows its length.
#[inline(never)]
fn hand_written_indep(flat: &[f32]) -> f32 {
    let flat = &flat[..SIZE];
    sum_indep(|i, j, k| flat[i * 2048 + j * 64 + k])
}

/// [`sum_indep`] of the ndarray array, by `a[[i, j, k]]`.
#[inline(never)]
fn ndarray_indep(a: &Array3<f32>) -> f32 {
    sum_indep(|i, j, k| a[[i, j, k]])
}

/// [`sum_serial`] of the tensor, by `t[[i, j, k]]`.
#[inline(never)]
fn tensor_serial(t: &Tensor<f32, S>) -> f32 {
    sum_serial(|i, j, k| t[[i, j, k]])
}

/// [`sum_serial`] of the flat array, by `flat[i * 2048 + j * 64 + k]`.
#[inline(never)]
fn hand_written_serial(flat: &[f32]) -> f32 {
    let flat = &flat[..SIZE];
    sum_serial(|i, j, k| flat[i * 2048 + j * 64 + k])
}

/// [`sum_serial`] of the ndarray array, by `a[[i, j, k]]`.
#[inline(never)]
fn ndarray_serial(a: &Array3<f32>) -> f32 {
    sum_serial(|i, j, k| a[[i, j, k]])
}

/// Sums by index into 8 independent accumulators: the comparison that counts.
#[divan::bench_group(sample_count = SAMPLES, sample_size = SAMPLE_SIZE)]
mod indep_acc {
    use super::*;

    /// `Tensor<f32, Shape![16, 32, 64]>`, `t[[i, j, k]]`.
    #[divan::bench]
    fn tensor(bencher: Bencher) {
        let ops = Operands::new();
        bencher.bench_local(|| tensor_indep(black_box(&ops.tensor.0)));
    }

    /// Flat `&[f32]`, `flat[i * 2048 + j * 64 + k]`: the baseline.
    #[divan::bench]
    fn hand_written(bencher: Bencher) {
        let ops = Operands::new();
        bencher.bench_local(|| hand_written_indep(black_box(&ops.flat.0[..])));
    }

    /// `ndarray::Array3<f32>`, `a[[i, j, k]]`.
    #[divan::bench]
    fn ndarray(bencher: Bencher) {
        let ops = Operands::new();
        bencher.bench_local(|| ndarray_indep(black_box(&ops.array)));
    }
}

/// Sums by index into one serial accumulator: add latency hides indexing.
/// For reference only.
#[divan::bench_group(sample_count = SAMPLES, sample_size = SAMPLE_SIZE)]
mod serial_acc {
    use super::*;

    /// `Tensor<f32, Shape![16, 32, 64]>`, `t[[i, j, k]]`, one accumulator.
    #[divan::bench]
    fn tensor(bencher: Bencher) {
        let ops = Operands::new();
        bencher.bench_local(|| tensor_serial(black_box(&ops.tensor.0)));
    }

    /// Flat `&[f32]`, `flat[i * 2048 + j * 64 + k]`, one accumulator.
    #[divan::bench]
    fn hand_written(bencher: Bencher) {
        let ops = Operands::new();
        bencher.bench_local(|| hand_written_serial(black_box(&ops.flat.0[..])));
    }

    /// `ndarray::Array3<f32>`, `a[[i, j, k]]`, one accumulator.
    #[divan::bench]
    fn ndarray(bencher: Bencher) {
        let ops = Operands::new();
        bencher.bench_local(|| ndarray_serial(black_box(&ops.array)));
    }
}
