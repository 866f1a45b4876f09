//! A run-time batch against a static tensor: `[1024, 784] x [784, 128]`
//! (`f32`, an MLP's first layer over 1024 samples) as a
//! `Batch<f32, Shape![784]>` of 1024 items multiplied by a static
//! `[784, 128]` tensor, against the same product with the left operand a
//! static `[1024, 784]` tensor, in one run. Both write into outputs
//! allocated before timing (`assign_matmul`); `batch_alloc` also times the
//! allocation of its `BatchTensor` result (`xs.matmul(&w)`).
//!
//! The operands are heap allocations of the sizes the allocator gives
//! (`Vec`, `boxed_from_flat_fn`): each prints its alignment.

use divan::{black_box, Bencher};
use tensor_bench::{alignment_of, value};
use tensor_core::prelude::*;

/// The samples each benchmark takes.
const SAMPLES: u32 = 200;

/// Samples in the batch.
const N: usize = 1024;

/// One sample.
type Item = Shape![784];
/// The weights.
type W = Shape![784, 128];
/// The whole input as one static tensor.
type All = Shape![1024, 784];
/// The whole output as one static tensor.
type Out = Shape![1024, 128];

/// Checks that both forms compute the same product, then runs the benches.
fn main() {
    let (x, w) = (inputs(), weights());
    let xs = Batch::<f32, Item>::try_from_slice(&x).unwrap();
    let a = Tensor::<f32, All>::boxed_from_flat_fn(value);
    let mut out = Tensor::<f32, Out>::boxed_zeros();
    out.assign_matmul(&*a, &*w);
    assert!(
        xs.matmul(&*w).as_slice() == out.as_slice(),
        "batch computed wrongly"
    );
    println!(
        "alignment: batch {} static {} weights {}",
        alignment_of(&x[0]),
        alignment_of(&*a),
        alignment_of(&*w)
    );
    divan::main();
}

/// The batch's elements: [`value`]`(n)` at flat `n`.
fn inputs() -> Vec<f32> {
    (0..N * 784).map(value).collect()
}

/// The weights, [`value`]`(n)` at flat `n`.
fn weights() -> Box<Tensor<f32, W>> {
    Tensor::boxed_from_flat_fn(value)
}

/// `out.assign_matmul(xs, w)` into a borrowed batch.
#[inline(never)]
fn batch_product(xs: Batch<'_, f32, Item>, w: &Tensor<f32, W>, out: &mut [f32]) {
    let mut out = BatchMut::<f32, Shape![128]>::try_from_slice_mut(out).unwrap();
    out.assign_matmul(&xs, w);
}

/// `out.assign_matmul(a, w)` with static shapes throughout.
#[inline(never)]
fn static_product(a: &Tensor<f32, All>, w: &Tensor<f32, W>, out: &mut Tensor<f32, Out>) {
    out.assign_matmul(a, w);
}

/// `[1024, 784] x [784, 128]`.
#[divan::bench_group(sample_count = SAMPLES, sample_size = 1)]
mod mlp_layer {
    use super::*;

    /// The left operand a static `[1024, 784]` tensor: the baseline.
    #[divan::bench]
    fn static_tensor(bencher: Bencher) {
        let (a, w) = (Tensor::<f32, All>::boxed_from_flat_fn(value), weights());
        let mut out = Tensor::<f32, Out>::boxed_zeros();
        bencher.bench_local(|| static_product(black_box(&a), black_box(&w), &mut out));
    }

    /// The left operand a `Batch` of 1024 `[784]` items.
    #[divan::bench]
    fn batch(bencher: Bencher) {
        let (x, w) = (inputs(), weights());
        let mut out = vec![0.0f32; N * 128];
        bencher.bench_local(|| {
            let xs = Batch::<f32, Item>::try_from_slice(black_box(&x)).unwrap();
            batch_product(xs, black_box(&w), &mut out)
        });
    }

    /// `xs.matmul(&w)`: the batch product allocating its result.
    #[divan::bench]
    fn batch_alloc(bencher: Bencher) {
        let (x, w) = (inputs(), weights());
        bencher.bench_local(|| {
            let xs = Batch::<f32, Item>::try_from_slice(black_box(&x)).unwrap();
            drop(xs.matmul(black_box(&*w)))
        });
    }
}
