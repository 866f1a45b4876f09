//! The convolutional network the `cnn` example trained, as `static` data:
//! what a microcontroller runs.
//!
//! `data/digits_cnn.safetensors` holds the weights as a PyTorch user would
//! export them (`scripts/export_digits_cnn.py` converted the example's
//! first raw file; `cargo run --release --example cnn -- --save` rewrites
//! it, byte for byte as the Python `safetensors` package writes it):
//! `conv.weight` (`[F, 1, 3, 3]`), `conv.bias` (`[F, 1, 1]`), `dense.weight`
//! (`[9F, 10]`), `dense.bias` (`[10]`), all `f32`, and `host_correct`, a
//! `u32` scalar: how many of the 360 test images
//! ([`TEST_SET`](crate::trained::TEST_SET), the same as the perceptron's)
//! the host's [`predict`] classified correctly with these weights.
//! [`include_tensor!`] reads each tensor at compile time, checking its shape
//! and element type against the layer's declared type (a file that does not
//! fit the network is a `cargo check` error), so [`NET`] is an initialised
//! `static` (flash, on a microcontroller) and no decoding runs on the
//! target. The firmware in `embedded/` checks its own count against
//! [`HOST_CORRECT`].
//!
//! ```
//! use tensor_examples::trained::TEST_SET;
//! use tensor_examples::trained_cnn::{correct, HOST_CORRECT, NET};
//! assert_eq!(correct(&NET, &TEST_SET), HOST_CORRECT);
//! assert!(HOST_CORRECT >= tensor_examples::trained::HOST_CORRECT); // at least the MLP's
//! ```

use tensor_core::prelude::*;

use crate::cnn::{image, predict, Cnn};

/// The network the `cnn` example trained, each tensor checked against the
/// file by the compiler.
pub static NET: Cnn = Cnn {
    conv_w: include_tensor!("data/digits_cnn.safetensors", "conv.weight"),
    conv_b: include_tensor!("data/digits_cnn.safetensors", "conv.bias"),
    dense_w: include_tensor!("data/digits_cnn.safetensors", "dense.weight"),
    dense_b: include_tensor!("data/digits_cnn.safetensors", "dense.bias"),
};

/// The recorded count, a `u32` scalar tensor of the file.
const RECORDED: Tensor<u32, Shape![]> =
    include_tensor!("data/digits_cnn.safetensors", "host_correct");

/// How many of the 360 test images the host classified correctly with
/// [`NET`], recorded when the weights were written.
pub const HOST_CORRECT: usize = RECORDED.as_array()[0] as usize;

/// How many of `records` (64 pixels and a label each) `net` labels
/// correctly.
pub fn correct(net: &Cnn, records: &[[u8; 65]]) -> usize {
    records
        .iter()
        .filter(|record| predict(net, &image(record)) == record[64] as usize)
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trained::TEST_SET;

    /// The static tensors hold the file's values where the file says they
    /// are (read independently of `include_tensor!`: the run-time reader and
    /// the raw offsets of the header).
    #[test]
    fn the_statics_hold_the_files_tensors() {
        let file = include_bytes!("data/digits_cnn.safetensors");
        let w = Tensor::<f32, Shape![crate::cnn::Features, 10]>::try_from_safetensors(
            file,
            "dense.weight",
        )
        .unwrap();
        assert_eq!(w, NET.dense_w);
        // conv.bias is the first tensor of the data section.
        let data = 8 + u64::from_le_bytes(file[..8].try_into().unwrap()) as usize;
        let first = f32::from_le_bytes(file[data..data + 4].try_into().unwrap());
        assert_eq!(NET.conv_b[[0, 0, 0]], first);
        assert_eq!(HOST_CORRECT, 350);
    }

    #[test]
    fn the_host_still_gets_the_recorded_accuracy() {
        assert_eq!(correct(&NET, &TEST_SET), HOST_CORRECT);
    }

    #[test]
    fn the_cnn_is_at_least_as_accurate_as_the_perceptron() {
        const { assert!(HOST_CORRECT >= crate::trained::HOST_CORRECT) };
        assert!(
            correct(&NET, &TEST_SET) >= 348,
            "the issue asks for 348/360 or more"
        );
    }
}
