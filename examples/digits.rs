//! A real workload: a two-layer perceptron (64 → 32 → 10, ReLU, softmax
//! cross-entropy) trained with plain mini-batch SGD on scikit-learn's 8×8
//! digits, every shape static, every step written with tensor-core's
//! operations; then evaluated with the `#![no_std]` inference function
//! `tensor_examples::mlp::predict`, whose weights could live in a `static`.
//!
//! Run: `cargo run --release --example digits`. Training takes about 0.05 s
//! in a release build and 5 s in a debug build, and reaches 96.7%
//! accuracy on the test set (fixed seed: the same on every run).
//!
//! With `-- --save` it writes the trained weights and its count of correct
//! test images to `data/digits_mlp.bin`, which the `tensor_examples::trained`
//! module (and the firmware in `embedded/`) include as `static` data;
//! without, it says whether the weights it trained are those checked in.
//!
//! The data, `data/digits.bin`, comes from `scripts/export_digits.py`:
//! 1797 records of 64 pixels (0..=16) and a label, the first 1437 the
//! training set and the last 360 the test set (a stratified split, seed 0).
#![allow(
    clippy::op_ref,
    reason = "f32 tensors are `Copy`, so clippy asks for `a + b`, which copies both operands; `&a + &b` borrows them"
)]

use std::time::Instant;

use tensor_core::prelude::*;
use tensor_examples::mlp::{predict, Mlp};
use tensor_examples::rng::XorShift;
use tensor_examples::trained;

/// 1797 records of 65 bytes: 64 pixels, then the label.
static DIGITS: &[u8] = include_bytes!("data/digits.bin");

/// Images per SGD step.
const BATCH: usize = 32;
/// The training set's size.
const TRAIN: usize = 1437;
/// The batch size as a dimension, for `Shape![B, ..]`.
type B = Dim<BATCH>;
/// The hidden layer's width.
type H = Dim<32>;
/// The network being trained.
type Net = Mlp<H>;

/// Passes over the training set.
const EPOCHS: usize = 40;
/// The SGD step size.
const LEARNING_RATE: f32 = 0.1;
/// The seed of the initial weights and of the order of the samples.
const SEED: u32 = 0x9e37_79b9;

/// Weights uniform in `±sqrt(6 / fan_in)` (He), biases zero.
fn init(rng: &mut XorShift) -> Net {
    Mlp {
        w1: Tensor::from_flat_fn(|_| rng.uniform((6.0f32 / 64.0).sqrt())),
        b1: Tensor::zeros(),
        w2: Tensor::from_flat_fn(|_| rng.uniform((6.0f32 / 32.0).sqrt())),
        b2: Tensor::zeros(),
    }
}

/// One SGD step on a batch of `B` images `x` with one-hot labels `y`;
/// returns the batch's mean cross-entropy before the step.
fn sgd_step(net: &mut Net, x: &Tensor<f32, Shape![B, 64]>, y: &Tensor<f32, Shape![B, 10]>) -> f32 {
    // Forward.
    let z1 = x.matmul(&net.w1) + &net.b1; // [B, H]
    let a1 = z1.map(|&z| z.max(0.0));
    let z2 = a1.matmul(&net.w2) + &net.b2; // [B, 10]

    // Softmax, shifted by each row's largest logit so that exp cannot overflow.
    // Keep-dims reductions are [B, 1], so they broadcast along each row.
    let shifted = &z2 - &z2.max_axes_keep::<Axes![1]>();
    let e = shifted.map(|&s| s.exp());
    let total = e.sum_axes_keep::<Axes![1]>(); // [B, 1]
    let p = &e / &total;
    // -log p[label] = log(total) - shifted[label]
    let loss = (total.map(|&t| t.ln()).sum() - (&shifted * y).sum()) / BATCH as f32;

    // Backward: the gradient of the mean loss. `matmul` reads a transposed
    // (non-contiguous) operand element by element through its index map;
    // copying the transpose into a tensor first makes training 1.7x faster
    // (5x in a debug build).
    let dz2 = (p - y) * (1.0 / BATCH as f32); // [B, 10]
    let dw2 = a1.t().to_tensor().matmul(&dz2); // [H, 10]
    let db2 = dz2.sum_axes::<Axes![0]>();
    let da1 = dz2.matmul(&net.w2.t().to_tensor()); // [B, H]
    let dz1 = da1.zip_map(&z1, |&g, &z| if z > 0.0 { g } else { 0.0 });
    let dw1 = x.t().to_tensor().matmul(&dz1); // [64, H]
    let db1 = dz1.sum_axes::<Axes![0]>();

    net.w1 -= dw1 * LEARNING_RATE;
    net.b1 -= db1 * LEARNING_RATE;
    net.w2 -= dw2 * LEARNING_RATE;
    net.b2 -= db2 * LEARNING_RATE;
    loss
}

/// Trains on the rows of `images` (labels `labels`) in shuffled batches of
/// `BATCH`; the last `TRAIN % BATCH` samples of each epoch's order are left out.
fn train(
    net: &mut Net,
    images: &Tensor<f32, Shape![1437, 64]>,
    labels: &Tensor<u8, Shape![1437]>,
    rng: &mut XorShift,
) {
    let mut order: [usize; TRAIN] = core::array::from_fn(|i| i);
    for epoch in 1..=EPOCHS {
        for i in (1..TRAIN).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let mut loss = 0.0;
        for batch in order.chunks_exact(BATCH) {
            let x = Tensor::<f32, Shape![B, 64]>::from_fn(|[b, p]| images[[batch[b], p]]);
            let y = Tensor::<f32, Shape![B, 10]>::from_fn(|[b, c]| {
                f32::from(labels[[batch[b]]] as usize == c)
            });
            loss += sgd_step(net, &x, &y);
        }
        println!(
            "epoch {epoch:2}: mean loss {:.4}",
            loss / (TRAIN / BATCH) as f32
        );
    }
}

/// The fraction of the rows of `images` that `predict` labels correctly.
#[shape(N)]
fn accuracy(net: &Net, images: &Tensor<f32, Shape![N, 64]>, labels: &Tensor<u8, Shape![N]>) -> f32 {
    let correct = images
        .outer_iter()
        .zip(labels.iter())
        .filter(|(image, &label)| predict(net, &image.to_tensor()) == label as usize)
        .count();
    correct as f32 / N::VALUE as f32
}

fn main() {
    let records = Tensor::<u8, Shape![1797, 65]>::try_from_slice(DIGITS)
        .expect("data/digits.bin holds 1797 records of 65 bytes");
    let scale = |&p: &u8| p as f32 / 16.0;
    let train_images = slice!(records, ..1437, ..64).map(scale);
    let train_labels = slice!(records, ..1437, 64).to_tensor();
    let test_images = slice!(records, 1437.., ..64).map(scale);
    let test_labels = slice!(records, 1437.., 64).to_tensor();

    let mut rng = XorShift(SEED);
    let mut net = init(&mut rng);
    println!(
        "64 -> 32 -> 10 perceptron: {} parameters in {} bytes, inline; \
         {EPOCHS} epochs of SGD, batch {BATCH}, step {LEARNING_RATE}",
        size_of::<Net>() / size_of::<f32>(),
        size_of::<Net>(),
    );
    let start = Instant::now();
    train(&mut net, &train_images, &train_labels, &mut rng);
    let took = start.elapsed();

    let train_accuracy = accuracy(&net, &train_images, &train_labels);
    let test_accuracy = accuracy(&net, &test_images, &test_labels);
    println!("training took {:.3} s", took.as_secs_f64());
    println!("train accuracy: {:.2}%", 100.0 * train_accuracy);
    println!(
        "test accuracy:  {:.2}% (360 images never trained on)",
        100.0 * test_accuracy
    );
    save_or_compare(&net);
}

/// With `--save`, writes `net` and its count of correct test images to
/// `data/digits_mlp.bin`; else says whether `net` is the checked-in network.
fn save_or_compare(net: &Net) {
    let correct = trained::correct(net, &trained::TEST_SET);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/digits_mlp.bin");
    if std::env::args().any(|arg| arg == "--save") {
        let bytes = trained::encode(net, correct as u32);
        std::fs::write(path, bytes).expect("data/digits_mlp.bin is writable");
        println!("wrote {path}: {correct}/360 test images correct");
    } else if *net == trained::NET {
        println!("these are the weights in data/digits_mlp.bin ({correct}/360 correct)");
    } else {
        println!("data/digits_mlp.bin holds other weights: rerun with `-- --save` to replace them");
    }
}
