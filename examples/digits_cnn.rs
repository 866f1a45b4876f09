//! A convolutional network on scikit-learn's 8×8 digits, trained with plain
//! mini-batch SGD, every shape static, the forward pass and the hand-derived
//! backward pass written with tensor-core's operations (`conv2d`,
//! `max_pool2d`, `argmax_axes`, `matmul`, `log_softmax`, `softmax`,
//! reductions and views); then evaluated with the `#![no_std]` inference
//! function `tensor_examples::cnn::predict`, whose weights live in a
//! `static` in `tensor_examples::trained_cnn`.
//!
//! ```text
//! [1, 8, 8] --conv 3x3, 8 filters--> [8, 6, 6] --ReLU, max pool 2x2--> [8, 3, 3] --flatten--> [72] --dense--> [10]
//! ```
//!
//! Run: `cargo run --release --example cnn`. It prints the test accuracy on
//! the 360 held-out images the `digits` example's perceptron is measured on
//! (fixed seed: the same on every run). With `-- --save` it writes the
//! weights and the count of correct test images to
//! `data/digits_cnn.safetensors` (which `trained_cnn` reads with
//! `include_tensor!`);
//! without, it says whether the weights it trained are those checked in.
//!
//! The data, `data/digits.bin`, comes from `scripts/export_digits.py`:
//! 1797 records of 64 pixels (0..=16) and a label, the first 1437 the
//! training set and the last 360 the test set.
#![allow(
    clippy::op_ref,
    reason = "f32 tensors are `Copy`, so clippy asks for `a + b`, which copies both operands; `&a + &b` borrows them"
)]

use std::time::Instant;

use tensor_core::prelude::*;
use tensor_examples::cnn::{convolve, pool, Cnn, Features, Filters};
use tensor_examples::rng::XorShift;
use tensor_examples::{trained, trained_cnn};

/// 1797 records of 65 bytes: 64 pixels, then the label.
static DIGITS: &[u8] = include_bytes!("data/digits.bin");

/// Images per SGD step.
const BATCH: usize = 32;
/// The training set's size.
const TRAIN: usize = 1437;
/// The batch size as a dimension, for `Shape![B, ..]`.
type B = Dim<BATCH>;

/// Passes over the training set.
const EPOCHS: usize = 40;
/// The SGD step size of the first epoch; it decays linearly to a tenth.
const LEARNING_RATE: f32 = 0.1;
/// The seed of the initial weights and of the order of the samples.
const SEED: u32 = 0x9e37_79b9;

/// Weights uniform in `±sqrt(6 / fan_in)` (He), biases zero.
fn init(rng: &mut XorShift) -> Cnn {
    Cnn {
        conv_w: Tensor::from_flat_fn(|_| rng.uniform((6.0f32 / 9.0).sqrt())),
        conv_b: Tensor::zeros(),
        dense_w: Tensor::from_flat_fn(|_| rng.uniform((6.0f32 / Features::VALUE as f32).sqrt())),
        dense_b: Tensor::zeros(),
    }
}

/// A batch of `B` images and their one-hot labels.
struct Batch {
    /// The images, one channel each: `[B, 8, 8]`.
    images: Tensor<f32, Shape![B, 8, 8]>,
    /// `labels[b, c]` is 1 where `c` is image `b`'s digit, else 0.
    labels: Tensor<f32, Shape![B, 10]>,
}

/// What the forward pass keeps for the backward pass.
struct Forward {
    /// Each image's convolution, before the biases: `[F, 6, 6]`.
    z: [Tensor<f32, Shape![Filters, 6, 6]>; BATCH],
    /// The pooled features through ReLU, one row per image.
    features: Tensor<f32, Shape![B, Features]>,
    /// The class scores.
    logits: Tensor<f32, Shape![B, 10]>,
}

/// The forward pass over a batch: the no_std inference's functions
/// ([`convolve`], [`pool`]) per image, the dense layer as one `matmul`.
fn forward(net: &Cnn, images: &Tensor<f32, Shape![B, 8, 8]>) -> Forward {
    let z: [_; BATCH] = core::array::from_fn(|b| {
        let image = slice!(images, b).reshape::<Shape![1, 8, 8]>().to_tensor();
        convolve(net, &image)
    });
    let pooled = z.each_ref().map(|z| pool(net, z));
    let features = Tensor::from_fn(|[b, k]| pooled[b].as_slice()[k]);
    let logits = features.matmul(&net.dense_w) + &net.dense_b;
    Forward {
        z,
        features,
        logits,
    }
}

/// The mean cross-entropy of a batch and its gradient with respect to every
/// weight (a [`Cnn`] of gradients).
fn gradients(net: &Cnn, batch: &Batch) -> (f32, Cnn) {
    let fwd = forward(net, &batch.images);
    let y = &batch.labels;
    let loss = -(fwd.logits.log_softmax::<Axis<1>>() * y).sum() / BATCH as f32;

    // Dense layer. `matmul` reads a transposed operand element by element,
    // so the transposes are copied into tensors first (as in `digits`).
    let d_logits = (fwd.logits.softmax::<Axis<1>>() - y) * (1.0 / BATCH as f32); // [B, 10]
    let dense_w = fwd.features.t().to_tensor().matmul(&d_logits); // [72, 10]
    let dense_b = d_logits.sum_axes::<Axes![0]>();
    let d_features = d_logits.matmul(&net.dense_w.t().to_tensor()); // [B, 72]

    // ReLU, biases and max pooling: a feature's gradient reaches its bias
    // and the first largest element of its 2x2 pool (PyTorch's choice on a
    // tie), or nothing if the ReLU cut it off.
    let d_pooled = d_features.zip_map(&fwd.features, |&d, &f| if f > 0.0 { d } else { 0.0 });
    let winners = fwd.z.each_ref().map(pool_winners);
    let dz = Tensor::<f32, Shape![B, Filters, 6, 6]>::from_fn(|[b, f, i, j]| {
        let k = (f * 3 + i / 2) * 3 + j / 2;
        let won = winners[b].as_slice()[k] == (i % 2) * 2 + j % 2;
        if won {
            d_pooled[[b, k]]
        } else {
            0.0
        }
    });

    // Convolution: dW[f, 0, a, c] = sum over b, i, j of
    // dz[b, f, i, j] * x[b, i + a, j + c], itself a valid convolution of the
    // images (the batch as channels) by dz (`[F, B, 6, 6]` as weights).
    let conv_w = batch
        .images
        .conv2d(&dz.permute::<Axes![1, 0, 2, 3]>())
        .into_reshape::<Shape![Filters, 1, 3, 3]>();
    let conv_b = d_pooled
        .into_reshape::<Shape![B, Filters, 9]>()
        .sum_axes::<Axes![0, 2]>()
        .into_reshape::<Shape![Filters, 1, 1]>();
    let grads = Cnn {
        conv_w,
        conv_b,
        dense_w,
        dense_b,
    };
    (loss, grads)
}

/// For each 2x2 pool of one image's convolution, the position of its first
/// largest element in the pool (`0..4`, row-major): the pools as the last
/// axis of a reshaped, permuted view, then `argmax_axes` along it.
fn pool_winners(z: &Tensor<f32, Shape![Filters, 6, 6]>) -> Tensor<usize, Shape![Filters, 3, 3]> {
    z.reshape::<Shape![Filters, 3, 2, 3, 2]>() // [f, pool row, row in pool, pool column, column in pool]
        .permute::<Axes![0, 1, 3, 2, 4]>()
        .reshape::<Shape![Filters, 3, 3, 4]>()
        .argmax_axes::<Axes![3]>()
}

/// One SGD step with step size `lr`; returns the batch's loss before it.
fn sgd_step(net: &mut Cnn, batch: &Batch, lr: f32) -> f32 {
    let (loss, g) = gradients(net, batch);
    net.conv_w -= g.conv_w * lr;
    net.conv_b -= g.conv_b * lr;
    net.dense_w -= g.dense_w * lr;
    net.dense_b -= g.dense_b * lr;
    loss
}

/// The batch of the records `indices` of `records`.
fn batch(records: &Tensor<u8, Shape![1797, 65]>, indices: &[usize]) -> Batch {
    Batch {
        images: Tensor::from_fn(|[b, i, j]| records[[indices[b], i * 8 + j]] as f32 / 16.0),
        labels: Tensor::from_fn(|[b, c]| f32::from(records[[indices[b], 64]] as usize == c)),
    }
}

/// Trains on the first `TRAIN` records in shuffled batches of `BATCH`; the
/// last `TRAIN % BATCH` samples of each epoch's order are left out.
fn train(net: &mut Cnn, records: &Tensor<u8, Shape![1797, 65]>, rng: &mut XorShift) {
    let mut order: [usize; TRAIN] = core::array::from_fn(|i| i);
    for epoch in 0..EPOCHS {
        let lr = LEARNING_RATE * (1.0 - 0.9 * epoch as f32 / (EPOCHS - 1) as f32);
        for i in (1..TRAIN).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let mut loss = 0.0;
        for indices in order.chunks_exact(BATCH) {
            loss += sgd_step(net, &batch(records, indices), lr);
        }
        println!(
            "epoch {:2}: step {lr:.4}, mean loss {:.4}",
            epoch + 1,
            loss / (TRAIN / BATCH) as f32
        );
    }
}

fn main() {
    let records = Tensor::<u8, Shape![1797, 65]>::try_from_slice(DIGITS)
        .expect("data/digits.bin holds 1797 records of 65 bytes");
    let mut rng = XorShift(SEED);
    let mut net = init(&mut rng);
    println!(
        "conv 3x3 ({} filters) -> ReLU -> max pool 2x2 -> dense {} -> 10: {} parameters in {} bytes, inline; \
         {EPOCHS} epochs of SGD, batch {BATCH}, step {LEARNING_RATE} decaying to a tenth",
        Filters::VALUE,
        Features::VALUE,
        size_of::<Cnn>() / size_of::<f32>(),
        size_of::<Cnn>(),
    );
    let start = Instant::now();
    train(&mut net, &records, &mut rng);
    let took = start.elapsed();

    let train_set = records.as_slice().as_chunks::<65>().0;
    let train_correct = trained_cnn::correct(&net, &train_set[..TRAIN]);
    let test_correct = trained_cnn::correct(&net, &trained::TEST_SET);
    println!("training took {:.3} s", took.as_secs_f64());
    println!(
        "train accuracy: {:.2}% ({train_correct}/{TRAIN})",
        100.0 * train_correct as f32 / TRAIN as f32
    );
    println!(
        "test accuracy:  {:.2}% ({test_correct}/360 images never trained on; the perceptron: {}/360)",
        100.0 * test_correct as f32 / 360.0,
        trained::HOST_CORRECT
    );
    save_or_compare(&net, test_correct);
}

/// With `--save`, writes `net` and its count of correct test images to
/// `data/digits_cnn.safetensors`; else says whether `net` is the checked-in
/// network.
fn save_or_compare(net: &Cnn, correct: usize) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/digits_cnn.safetensors");
    if std::env::args().any(|arg| arg == "--save") {
        let bytes = encode(net, correct as u32);
        std::fs::write(path, bytes).expect("data/digits_cnn.safetensors is writable");
        println!("wrote {path}: {correct}/360 test images correct");
    } else if *net == trained_cnn::NET {
        println!("these are the weights in data/digits_cnn.safetensors ({correct}/360 correct)");
    } else {
        println!("data/digits_cnn.safetensors holds other weights: rerun with `-- --save` to replace them");
    }
}

/// The safetensors file of `net` and a count of correct test images, as
/// the Python `safetensors` package writes it (tensors sorted by name, the
/// JSON header padded with spaces to a multiple of 8 bytes): what the
/// `cnn` example saves.
fn encode(net: &Cnn, correct: u32) -> Vec<u8> {
    let f32s = |t: &[f32]| t.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    let tensors: [(&str, &str, &[usize], Vec<u8>); 5] = [
        (
            "conv.bias",
            "F32",
            &[Filters::VALUE, 1, 1],
            f32s(net.conv_b.as_slice()),
        ),
        (
            "conv.weight",
            "F32",
            &[Filters::VALUE, 1, 3, 3],
            f32s(net.conv_w.as_slice()),
        ),
        ("dense.bias", "F32", &[10], f32s(net.dense_b.as_slice())),
        (
            "dense.weight",
            "F32",
            &[Features::VALUE, 10],
            f32s(net.dense_w.as_slice()),
        ),
        ("host_correct", "U32", &[], correct.to_le_bytes().to_vec()),
    ];
    let (mut json, mut data) = (String::from("{"), Vec::new());
    for (name, dtype, shape, bytes) in tensors {
        let dims: Vec<String> = shape.iter().map(usize::to_string).collect();
        let (start, end) = (data.len(), data.len() + bytes.len());
        json += &format!(
            "\"{name}\":{{\"dtype\":\"{dtype}\",\"shape\":[{}],\"data_offsets\":[{start},{end}]}},",
            dims.join(",")
        );
        data.extend(bytes);
    }
    json.pop();
    json.push('}');
    while json.len() % 8 != 0 {
        json.push(' ');
    }
    let mut file = (json.len() as u64).to_le_bytes().to_vec();
    file.extend(json.bytes());
    file.extend(data);
    file
}

#[cfg(test)]
mod tests {
    use super::*;
    use tensor_examples::cnn::logits;

    /// The file written by Python's `safetensors` is what `encode` writes
    /// for the network read from it, byte for byte.
    #[test]
    fn the_file_is_what_encode_writes() {
        let file = include_bytes!("data/digits_cnn.safetensors");
        let (net, recorded) = (&trained_cnn::NET, trained_cnn::HOST_CORRECT as u32);
        assert_eq!(encode(net, recorded), file);
    }

    fn records() -> Tensor<u8, Shape![1797, 65]> {
        Tensor::try_from_slice(DIGITS).expect("1797 records")
    }

    /// A trained-ish network: a few steps from the initial weights, so that
    /// ReLUs are both on and off.
    fn some_net() -> (Cnn, Batch) {
        let records = records();
        let mut rng = XorShift(SEED);
        let mut net = init(&mut rng);
        let indices: [usize; BATCH] = core::array::from_fn(|i| i * 41);
        for _ in 0..5 {
            sgd_step(&mut net, &batch(&records, &indices), 0.1);
        }
        let indices: [usize; BATCH] = core::array::from_fn(|i| 7 + i * 43);
        (net, batch(&records, &indices))
    }

    #[test]
    fn the_training_forward_pass_is_the_no_std_inference() {
        let (net, batch) = some_net();
        let fwd = forward(&net, &batch.images);
        for b in 0..BATCH {
            let image = slice!(batch.images, b)
                .reshape::<Shape![1, 8, 8]>()
                .to_tensor();
            let ours = logits(&net, &image);
            for c in 0..10 {
                let (x, y) = (fwd.logits[[b, c]], ours[[c]]);
                assert!(
                    (x - y).abs() <= 1e-5 * (1.0 + y.abs()),
                    "image {b}, class {c}: {x} vs {y}"
                );
            }
        }
    }

    /// The backward pass against central differences of the loss, for a
    /// sample of every tensor's weights.
    #[test]
    fn gradients_match_finite_differences() {
        let (net, batch) = some_net();
        let (_, g) = gradients(&net, &batch);
        let h = 1e-2;
        let loss_at = |edit: &dyn Fn(&mut Cnn, f32)| {
            let (mut plus, mut minus) = (net.clone(), net.clone());
            edit(&mut plus, h);
            edit(&mut minus, -h);
            (gradients(&plus, &batch).0 - gradients(&minus, &batch).0) / (2.0 * h)
        };
        let mut checked = 0;
        let check = |name: &str, i: usize, analytic: f32, numeric: f32| {
            assert!(
                (analytic - numeric).abs() <= 2e-3 + 0.05 * numeric.abs(),
                "{name}[{i}]: backward {analytic}, finite difference {numeric}"
            );
        };
        for i in (0..Filters::VALUE * 9).step_by(5) {
            let numeric = loss_at(&|n, d| n.conv_w.as_mut_slice()[i] += d);
            check("conv_w", i, g.conv_w.as_slice()[i], numeric);
            checked += 1;
        }
        for i in 0..Filters::VALUE {
            let numeric = loss_at(&|n, d| n.conv_b.as_mut_slice()[i] += d);
            check("conv_b", i, g.conv_b.as_slice()[i], numeric);
        }
        for i in (0..Features::VALUE * 10).step_by(37) {
            let numeric = loss_at(&|n, d| n.dense_w.as_mut_slice()[i] += d);
            check("dense_w", i, g.dense_w.as_slice()[i], numeric);
        }
        for i in 0..10 {
            let numeric = loss_at(&|n, d| n.dense_b.as_mut_slice()[i] += d);
            check("dense_b", i, g.dense_b.as_slice()[i], numeric);
        }
        assert!(checked > 10);
        // Not all zero: the check above compares something.
        assert!(g.conv_w.iter().any(|&x| x.abs() > 1e-3));
    }

    #[test]
    fn pool_winners_takes_the_first_largest_of_each_pool() {
        let mut z = Tensor::<f32, Shape![Filters, 6, 6]>::zeros();
        z[[0, 0, 1]] = 1.0; // pool (0, 0): position 1
        z[[3, 5, 4]] = 2.0; // pool (2, 2): position 2
        z[[7, 2, 2]] = 5.0; // pool (1, 1): a tie, the first wins
        z[[7, 3, 3]] = 5.0;
        let w = pool_winners(&z);
        assert_eq!((w[[0, 0, 0]], w[[3, 2, 2]], w[[7, 1, 1]]), (1, 2, 0));
        assert_eq!(w.iter().filter(|&&p| p != 0).count(), 2);
    }
}
