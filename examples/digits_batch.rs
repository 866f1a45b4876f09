//! Digit classification over a run-time batch: the held-out digits are read
//! from a file when the program runs (their number is not part of any
//! type), cut into a `Batch<f32, Shape![64]>` of images, and the trained
//! perceptron (`tensor_examples::trained::NET`) runs on the whole batch as
//! two batch products (`[n, 64] x [64, 32]`, then `[n, 32] x [32, 10]`),
//! not one small product per image.
//!
//! Run: `cargo run --example digits_batch [path/to/digits.bin]` (by
//! default `examples/data/digits.bin`, whose last 360 records are the test
//! set). It prints the accuracy; its test checks the count equals the one
//! the host recorded with the per-image `predict`.

use std::error::Error;
use std::path::{Path, PathBuf};

use tensor_core::prelude::*;
use tensor_examples::mlp::{argmax, Mlp};
use tensor_examples::trained::{Hidden, NET};

/// Bytes in one record: 64 pixels (`0..=16`), then the label.
const RECORD: usize = 65;
/// Records of the data set before the test set.
const TRAIN: usize = 1437;

/// Images and their labels read from a file of records.
struct Samples {
    /// The pixels, scaled to `0.0..=1.0`, 64 per image.
    pixels: Vec<f32>,
    /// The label of each image.
    labels: Vec<usize>,
}

/// The records after the first `skip` in the file at `path`.
fn read_samples(path: &Path, skip: usize) -> Result<Samples, Box<dyn Error>> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if !bytes.len().is_multiple_of(RECORD) || bytes.len() < skip * RECORD {
        return Err(format!(
            "{}: {} bytes is not a whole number of {RECORD}-byte records after {skip}",
            path.display(),
            bytes.len()
        )
        .into());
    }
    let records = bytes[skip * RECORD..].chunks_exact(RECORD);
    let pixels = records
        .clone()
        .flat_map(|r| r[..64].iter().map(|&p| p as f32 / 16.0))
        .collect();
    let labels = records.map(|r| r[64] as usize).collect();
    Ok(Samples { pixels, labels })
}

/// The predicted class of every image of `xs`: `relu(x·w1 + b1)·w2 + b2`,
/// each layer one product over the whole batch.
fn predict_batch(net: &Mlp<Hidden>, xs: Batch<'_, f32, Shape![64]>) -> Vec<usize> {
    let hidden = (xs.matmul(&net.w1) + &net.b1).map(|z| z.max(0.0));
    let logits = hidden.matmul(&net.w2) + &net.b2;
    logits.iter().map(|y| argmax(y.as_slice())).collect()
}

/// How many of the test images in `path` the trained network labels
/// correctly, and how many there are.
fn evaluate(path: &Path) -> Result<(usize, usize), Box<dyn Error>> {
    let samples = read_samples(path, TRAIN)?;
    let xs = Batch::<f32, Shape![64]>::try_from_slice(&samples.pixels)?;
    let predicted = predict_batch(&NET, xs);
    let correct = predicted
        .iter()
        .zip(&samples.labels)
        .filter(|(p, l)| p == l)
        .count();
    Ok((correct, samples.labels.len()))
}

/// The data set shipped with the examples.
fn default_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data/digits.bin")
}

fn main() -> Result<(), Box<dyn Error>> {
    let path = std::env::args_os()
        .nth(1)
        .map_or_else(default_path, PathBuf::from);
    let (correct, total) = evaluate(&path)?;
    println!(
        "digits MLP over a run-time batch of {total} images: {correct}/{total} correct ({:.1}%)",
        100.0 * correct as f64 / total as f64
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tensor_examples::mlp::predict;
    use tensor_examples::trained::{pixels, HOST_CORRECT, TEST_SET};

    #[test]
    fn the_batch_gets_the_recorded_accuracy() {
        let (correct, total) = evaluate(&default_path()).unwrap();
        assert_eq!((correct, total), (HOST_CORRECT, 360));
    }

    #[test]
    fn each_prediction_is_the_per_image_one() {
        let samples = read_samples(&default_path(), TRAIN).unwrap();
        let xs = Batch::<f32, Shape![64]>::try_from_slice(&samples.pixels).unwrap();
        let batch = predict_batch(&NET, xs);
        let single: Vec<usize> = TEST_SET.iter().map(|r| predict(&NET, &pixels(r))).collect();
        assert_eq!(batch, single);
    }

    #[test]
    fn a_file_of_partial_records_is_an_error() {
        let path = std::env::temp_dir().join("digits_batch_partial.bin");
        std::fs::write(&path, [0u8; RECORD * 3 + 7]).unwrap();
        let err = read_samples(&path, 0).err().unwrap().to_string();
        assert!(
            err.ends_with("202 bytes is not a whole number of 65-byte records after 0"),
            "{err}"
        );
        let _ = std::fs::remove_file(&path);
    }
}
