//! Views: summing a permuted view of a `[16, 32, 64]` `f32` tensor element by
//! element through its multi-index, `v[[i, j, k]]`, in a triple loop.
//!
//! The view is `t.permute::<Axes![2, 0, 1]>()`: shape `[64, 16, 32]`, and
//! element `(i, j, k)` of the view is element `(j, k, i)` of the tensor, at
//! flat position `i + j * 2048 + k * 64`. This measures what indexing a view
//! costs against the same constant-stride arithmetic written by hand:
//!
//! * `tensor`: the view, `v[[i, j, k]]`, its strides known at compile time;
//! * `hand_written`: a flat `&[f32]`, `flat[i + j * 2048 + k * 64]`, the
//!   baseline of the ratios;
//! * `ndarray`: `a.view().permuted_axes([2, 0, 1])`, `p[[i, j, k]]`, its
//!   strides known at run time;
//! * `hand_written_uncut`: the baseline without its first line, which cuts
//!   the slice to `SIZE` elements: each access is then checked against the
//!   slice's length, as a view's are. For diagnosis: it shows what those
//!   checks cost.
//!
//! Every contender sums into 8 independent accumulators along the innermost
//! loop (see `indexing.rs`: one serial accumulator hides the cost of
//! indexing behind add latency). The tensor and the flat array each sit in
//! their own 64-byte-aligned allocation; the ndarray array is where ndarray
//! put it.

use divan::{black_box, Bencher};
use ndarray::{Array3, ArrayView3};
use tensor_bench::{alignment_of, value, Aligned};
use tensor_core::layout::{Permuted, RowMajor};
use tensor_core::{Axes, Shape, Tensor, View};

/// The tensor's shape: 32768 `f32`, 128 KiB.
type S = Shape![16, 32, 64];
/// The permutation: view axis `k` is tensor axis `P[k]`.
type P = Axes![2, 0, 1];
/// The view's sizes: the tensor's dims permuted.
const D: [usize; 3] = [S::DIMS[2], S::DIMS[0], S::DIMS[1]];
/// The view's strides in the tensor: the tensor's strides permuted.
const STRIDES: [usize; 3] = [S::STRIDES[2], S::STRIDES[0], S::STRIDES[1]];
/// The element count.
const SIZE: usize = S::SIZE;
/// The number of independent accumulators.
const ACCS: usize = 8;
const _: () = assert!(D[2].is_multiple_of(ACCS));
const _: () = assert!(matches!(STRIDES, [1, 2048, 64]));

/// The samples each benchmark takes.
const SAMPLES: u32 = 5000;
/// The runs timed together in one sample (each run is a few µs).
const SAMPLE_SIZE: u32 = 32;

/// Runs the view benchmarks after checking the contenders agree and
/// printing where each operand lives.
fn main() {
    let ops = Operands::new();
    let sum = tensor_sum(black_box(ops.tensor.0.permute()));
    assert_eq!(sum, hand_written_sum(&ops.flat.0));
    assert_eq!(sum, hand_written_uncut_sum(&ops.flat.0));
    assert_eq!(sum, ndarray_sum(ops.array.view().permuted_axes([2, 0, 1])));
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
    /// Fresh operands.
    fn new() -> Self {
        let [d0, d1, d2] = S::DIMS;
        Operands {
            tensor: Aligned::boxed(Tensor::from_flat_fn(value)),
            flat: Aligned::boxed(core::array::from_fn(value)),
            array: Array3::from_shape_fn((d0, d1, d2), |(i, j, k)| value((i * d1 + j) * d2 + k)),
        }
    }
}

/// The sum of `get(i, j, k)` over the view's shape, the innermost axis
/// spread over [`ACCS`] independent accumulators, added up at the end.
#[inline(always)]
fn sum_indep(get: impl Fn(usize, usize, usize) -> f32) -> f32 {
    let mut acc = [0.0f32; ACCS];
    for i in 0..D[0] {
        for j in 0..D[1] {
            for k0 in (0..D[2]).step_by(ACCS) {
                for (a, acc) in acc.iter_mut().enumerate() {
                    *acc += get(i, j, k0 + a);
                }
            }
        }
    }
    acc.iter().sum()
}

/// [`sum_indep`] of the permuted view, by `v[[i, j, k]]`.
#[inline(never)]
fn tensor_sum(v: View<'_, f32, Permuted<RowMajor<S>, P>>) -> f32 {
    sum_indep(|i, j, k| v[[i, j, k]])
}

/// [`sum_indep`] of the flat array, by `flat[i + j * 2048 + k * 64]`, cut
/// to `SIZE` elements first as a hand-written kernel would.
#[inline(never)]
fn hand_written_sum(flat: &[f32]) -> f32 {
    let flat = &flat[..SIZE];
    sum_indep(|i, j, k| flat[i + j * 2048 + k * 64])
}

/// [`sum_indep`] of the flat array, by `flat[i + j * 2048 + k * 64]`,
/// without cutting it first: every access checks the slice's length.
#[inline(never)]
fn hand_written_uncut_sum(flat: &[f32]) -> f32 {
    sum_indep(|i, j, k| flat[i + j * 2048 + k * 64])
}

/// [`sum_indep`] of ndarray's permuted view, by `p[[i, j, k]]`.
#[inline(never)]
fn ndarray_sum(p: ArrayView3<'_, f32>) -> f32 {
    sum_indep(|i, j, k| p[[i, j, k]])
}

/// Sums the permuted view by index into 8 independent accumulators.
#[divan::bench_group(sample_count = SAMPLES, sample_size = SAMPLE_SIZE)]
mod permuted_sum {
    use super::*;

    /// `t.permute::<Axes![2, 0, 1]>()`, `v[[i, j, k]]`.
    #[divan::bench]
    fn tensor(bencher: Bencher) {
        let ops = Operands::new();
        bencher.bench_local(|| tensor_sum(black_box(ops.tensor.0.permute())));
    }

    /// Flat `&[f32]`, `flat[i + j * 2048 + k * 64]`: the baseline.
    #[divan::bench]
    fn hand_written(bencher: Bencher) {
        let ops = Operands::new();
        bencher.bench_local(|| hand_written_sum(black_box(&ops.flat.0[..])));
    }

    /// Flat `&[f32]` of unknown length, `flat[i + j * 2048 + k * 64]`.
    #[divan::bench]
    fn hand_written_uncut(bencher: Bencher) {
        let ops = Operands::new();
        bencher.bench_local(|| hand_written_uncut_sum(black_box(&ops.flat.0[..])));
    }

    /// `a.view().permuted_axes([2, 0, 1])`, `p[[i, j, k]]`.
    #[divan::bench]
    fn ndarray(bencher: Bencher) {
        let ops = Operands::new();
        bencher.bench_local(|| ndarray_sum(black_box(ops.array.view().permuted_axes([2, 0, 1]))));
    }
}
