//! What the firmware runs, as portable `#![no_std]` code: the digits MLP
//! and the digits CNN from `static` weights through tensor-core and as
//! hand-written loops, and the static-table demos of `tensor_examples`. The firmware
//! (`src/firmware/`, Cortex-M only) calls these, measures them and prints
//! over semihosting; on the host they are unit-tested and the stub `main`
//! prints the same results.
//!
//! ```
//! let run = tensor_firmware::classify_test_set();
//! assert_eq!(run.library, tensor_examples::trained::HOST_CORRECT);
//! assert!(run.same_logits);
//! let cnn = tensor_firmware::classify_test_set_cnn();
//! assert_eq!(cnn.library, tensor_examples::trained_cnn::HOST_CORRECT);
//! ```
#![no_std]

pub mod baseline;
pub mod baseline_cnn;
pub mod demos;
pub mod quantized;

use tensor_core::prelude::*;
use tensor_examples::mlp::{logits, predict};
use tensor_examples::trained::{pixels, NET, TEST_SET};

/// The results of classifying the 360 held-out digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TestRun {
    /// Images tensor-core's inference labels correctly.
    pub library: usize,
    /// Images the hand-written loops label correctly.
    pub loops: usize,
    /// Whether both give bit-identical logits for every image.
    pub same_logits: bool,
}

/// Classifies every held-out digit with tensor-core's inference
/// (`tensor_examples::mlp::predict`) and with [`baseline::predict`].
pub fn classify_test_set() -> TestRun {
    let mut run = TestRun {
        library: 0,
        loops: 0,
        same_logits: true,
    };
    for record in &TEST_SET {
        let (x, label) = (pixels(record), record[64] as usize);
        run.library += usize::from(predict(&NET, &x) == label);
        run.loops += usize::from(baseline::predict(&NET, input(&x)) == label);
        let (ours, loops) = (logits(&NET, &x), baseline::logits(&NET, input(&x)));
        run.same_logits &= ours
            .iter()
            .zip(loops)
            .all(|(a, b)| a.to_bits() == b.to_bits());
    }
    run
}

/// Classifies every held-out digit with the CNN through tensor-core
/// (`tensor_examples::cnn::predict`, weights `trained_cnn::NET`) and with
/// [`baseline_cnn::predict`].
pub fn classify_test_set_cnn() -> TestRun {
    use tensor_examples::cnn::{image, logits, predict};
    use tensor_examples::trained_cnn::NET;
    let mut run = TestRun {
        library: 0,
        loops: 0,
        same_logits: true,
    };
    for record in &TEST_SET {
        let (x, label) = (image(record), record[64] as usize);
        run.library += usize::from(predict(&NET, &x) == label);
        run.loops += usize::from(baseline_cnn::predict(&NET, input_cnn(&x)) == label);
        let (ours, loops) = (logits(&NET, &x), baseline_cnn::logits(&NET, input_cnn(&x)));
        run.same_logits &= ours
            .iter()
            .zip(loops)
            .all(|(a, b)| a.to_bits() == b.to_bits());
    }
    run
}

/// The CNN's input image as the plain array its hand-written loops take.
pub fn input_cnn(x: &Tensor<f32, Shape![1, 8, 8]>) -> &[f32; 64] {
    let [pixels] = x.as_slice().as_chunks::<64>().0 else {
        unreachable!("a [1, 8, 8] tensor is 64 elements")
    };
    pixels
}

/// The input tensor as the plain array the hand-written loops take.
pub fn input(x: &Tensor<f32, Shape![64]>) -> &[f32; 64] {
    let [pixels] = x.as_slice().as_chunks::<64>().0 else {
        unreachable!("a [64] tensor is 64 elements")
    };
    pixels
}

/// The class probabilities of one image (softmax of the logits, through the
/// `no_std` float functions `exp` of tensor-core), and the input's
/// root-mean-square intensity (`sqrt`).
pub fn confidence(x: &Tensor<f32, Shape![64]>) -> (Tensor<f32, Shape![10]>, f32) {
    let z = logits(&NET, x);
    let e = (z - z.max()).exp();
    let rms = (x * x).mean_axes::<Axes![0]>().sqrt();
    (e / e.sum(), rms[[]])
}

#[cfg(test)]
mod tests {
    use super::*;
    use tensor_examples::trained::HOST_CORRECT;

    #[test]
    fn the_library_and_the_loops_agree_with_the_host_record() {
        let run = classify_test_set();
        assert_eq!(run.library, HOST_CORRECT);
        assert_eq!(run.loops, HOST_CORRECT);
        assert!(run.same_logits);
    }

    #[test]
    fn the_cnn_and_its_loops_agree_with_the_host_record() {
        let run = classify_test_set_cnn();
        assert_eq!(run.library, tensor_examples::trained_cnn::HOST_CORRECT);
        assert_eq!(run.loops, tensor_examples::trained_cnn::HOST_CORRECT);
        assert!(run.same_logits);
    }

    #[test]
    fn confidence_is_a_distribution() {
        extern crate std;
        let x = pixels(&TEST_SET[0]);
        let (p, rms) = confidence(&x);
        assert!((p.sum() - 1.0).abs() < 1e-5);
        assert_eq!(
            tensor_examples::mlp::argmax(p.as_slice()),
            predict(&NET, &x)
        );
        let mean_square = x.iter().map(|v| v * v).sum::<f32>() / 64.0;
        assert!((rms - mean_square.sqrt()).abs() < 1e-6);
    }
}
