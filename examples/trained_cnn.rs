//! The convolutional network the `cnn` example trained, as `static` data:
//! what a microcontroller runs.
//!
//! `data/digits_cnn.bin` is written by `cargo run --release --example cnn
//! -- --save` (the run is deterministic): the little-endian `f32`s of
//! `conv_w` (`[F, 1, 3, 3]`, row-major), `conv_b` (`[F]`), `dense_w`
//! (`[9F, 10]`) and `dense_b` (`[10]`), then a little-endian `u32`: how many
//! of the 360 test images ([`TEST_SET`](crate::trained::TEST_SET), the same
//! as the perceptron's) the host's [`predict`] classified correctly with
//! these weights. A `const fn` decodes it at compile time, so [`NET`] is an
//! initialised `static` (flash, on a microcontroller) and no decoding runs on
//! the target. The firmware in `embedded/` checks its own count against
//! [`HOST_CORRECT`].
//!
//! ```
//! use tensor_examples::trained::TEST_SET;
//! use tensor_examples::trained_cnn::{correct, HOST_CORRECT, NET};
//! assert_eq!(correct(&NET, &TEST_SET), HOST_CORRECT);
//! assert!(HOST_CORRECT >= tensor_examples::trained::HOST_CORRECT); // at least the MLP's
//! ```

use tensor_core::prelude::*;

use crate::cnn::{image, predict, Cnn, Features, Filters};

/// The trained weights and the host's count, as written by the `cnn`
/// example.
const FILE: &[u8] = include_bytes!("data/digits_cnn.bin");

/// Filters of the convolution.
const F: usize = Filters::VALUE;
/// Inputs of the dense layer.
const K: usize = Features::VALUE;
/// Where each tensor starts in the file, in `f32`s.
const CONV_B: usize = F * 9;
const DENSE_W: usize = CONV_B + F;
const DENSE_B: usize = DENSE_W + K * 10;
/// Parameters in the file.
const PARAMS: usize = DENSE_B + 10;

const _: () = assert!(
    FILE.len() == 4 * PARAMS + 4,
    "data/digits_cnn.bin must hold the network's f32s and a u32"
);

/// The network the `cnn` example trained.
pub static NET: Cnn = Cnn {
    conv_w: Tensor::from_array(conv_w()),
    conv_b: Tensor::from_array(conv_b()),
    dense_w: Tensor::from_array(matrix::<K, 10>(DENSE_W)),
    dense_b: Tensor::from_array(vector::<10>(DENSE_B)),
};

/// How many of the 360 test images the host classified correctly with
/// [`NET`], recorded when the weights were written.
pub const HOST_CORRECT: usize = u32::from_le_bytes([
    FILE[4 * PARAMS],
    FILE[4 * PARAMS + 1],
    FILE[4 * PARAMS + 2],
    FILE[4 * PARAMS + 3],
]) as usize;

/// The `f32` at position `i` of the file.
const fn param(i: usize) -> f32 {
    f32::from_le_bytes([
        FILE[4 * i],
        FILE[4 * i + 1],
        FILE[4 * i + 2],
        FILE[4 * i + 3],
    ])
}

/// The `N` parameters from `start` on.
const fn vector<const N: usize>(start: usize) -> [f32; N] {
    let mut v = [0.0; N];
    let mut i = 0;
    while i < N {
        v[i] = param(start + i);
        i += 1;
    }
    v
}

/// The `[R, C]` matrix whose first element is parameter `start`.
const fn matrix<const R: usize, const C: usize>(start: usize) -> [[f32; C]; R] {
    let mut m = [[0.0; C]; R];
    let mut i = 0;
    while i < R {
        m[i] = vector::<C>(start + i * C);
        i += 1;
    }
    m
}

/// The filters, `[F][1][3][3]`.
const fn conv_w() -> [[[[f32; 3]; 3]; 1]; F] {
    let mut w = [[[[0.0; 3]; 3]; 1]; F];
    let mut f = 0;
    while f < F {
        w[f][0] = matrix::<3, 3>(f * 9);
        f += 1;
    }
    w
}

/// The filter biases, `[F][1][1]`.
const fn conv_b() -> [[[f32; 1]; 1]; F] {
    let mut b = [[[0.0; 1]; 1]; F];
    let mut f = 0;
    while f < F {
        b[f][0][0] = param(CONV_B + f);
        f += 1;
    }
    b
}

/// How many of `records` (64 pixels and a label each) `net` labels
/// correctly.
pub fn correct(net: &Cnn, records: &[[u8; 65]]) -> usize {
    records
        .iter()
        .filter(|record| predict(net, &image(record)) == record[64] as usize)
        .count()
}

/// The file's bytes for `net` and a count of correct test images: the
/// inverse of the decoding above, for the `cnn` example to write.
pub fn encode(net: &Cnn, correct: u32) -> [u8; 4 * PARAMS + 4] {
    let mut bytes = [0; 4 * PARAMS + 4];
    let params = (net.conv_w.iter().chain(net.conv_b.iter()))
        .chain(net.dense_w.iter())
        .chain(net.dense_b.iter());
    for (chunk, p) in bytes.chunks_exact_mut(4).zip(params) {
        chunk.copy_from_slice(&p.to_le_bytes());
    }
    bytes[4 * PARAMS..].copy_from_slice(&correct.to_le_bytes());
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trained::TEST_SET;

    #[test]
    fn the_file_decodes_to_what_encode_writes() {
        assert_eq!(encode(&NET, HOST_CORRECT as u32)[..], *FILE);
        // Spot checks of the layout: the first filter's first tap, the
        // last filter's bias, the dense layer's corners.
        assert_eq!(NET.conv_w[[0, 0, 0, 0]], param(0));
        assert_eq!(NET.conv_w[[F - 1, 0, 2, 2]], param(CONV_B - 1));
        assert_eq!(NET.conv_b[[F - 1, 0, 0]], param(DENSE_W - 1));
        assert_eq!(NET.dense_w[[0, 1]], param(DENSE_W + 1));
        assert_eq!(NET.dense_b[[9]], param(PARAMS - 1));
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
