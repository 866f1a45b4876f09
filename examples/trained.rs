//! The network the `digits` example trained, as `static` data, and the
//! held-out digits to check it on: what a microcontroller runs.
//!
//! `data/digits_mlp.bin` is written by `cargo run --release --example digits
//! -- --save` (the run is deterministic): the little-endian `f32`s of `w1`
//! (`[64, 32]`, row-major), `b1`, `w2` (`[32, 10]`) and `b2`, then a
//! little-endian `u32`: how many of the 360 test images the host's
//! [`predict`] classified correctly with these weights. A `const fn` decodes
//! it at compile time, so [`NET`] is an initialised `static` (flash, on a
//! microcontroller) and no decoding runs on the target. The firmware in
//! `embedded/` checks its own count against [`HOST_CORRECT`].
//!
//! ```
//! use tensor_examples::trained::{correct, HOST_CORRECT, NET, TEST_SET};
//! assert_eq!(TEST_SET.len(), 360);
//! assert_eq!(correct(&NET, &TEST_SET), HOST_CORRECT);
//! ```

use tensor_core::prelude::*;

use crate::mlp::{predict, Mlp};

/// The hidden width of the trained network.
pub type Hidden = Dim<32>;

/// The trained weights and the host's count, as written by the `digits`
/// example.
const FILE: &[u8] = include_bytes!("data/digits_mlp.bin");

/// Parameters in the file: `64·32 + 32 + 32·10 + 10`.
const PARAMS: usize = 64 * 32 + 32 + 32 * 10 + 10;

const _: () = assert!(
    FILE.len() == 4 * PARAMS + 4,
    "data/digits_mlp.bin must hold 2410 f32s and a u32"
);

/// The digits data set (`data/digits.bin`): 1797 records of 64 pixels and a
/// label; the last 360 are the test set.
const DIGITS: &[u8] = include_bytes!("data/digits.bin");

/// Records of the training set, before the test set.
const TRAIN: usize = 1437;

/// The network the `digits` example trained (`64 → 32 → 10`).
pub static NET: Mlp<Hidden> = Mlp {
    w1: Tensor::from_array(W1),
    b1: Tensor::from_array(B1),
    w2: Tensor::from_array(W2),
    b2: Tensor::from_array(B2),
};

/// [`NET`]'s input-to-hidden weights as a plain array, `[64][32]`: for
/// code that builds its own matrices (the firmware's nalgebra version).
pub const W1: [[f32; 32]; 64] = matrix::<64, 32>(0);
/// [`NET`]'s hidden biases.
pub const B1: [f32; 32] = vector::<32>(64 * 32);
/// [`NET`]'s hidden-to-output weights, `[32][10]`.
pub const W2: [[f32; 10]; 32] = matrix::<32, 10>(64 * 32 + 32);
/// [`NET`]'s output biases.
pub const B2: [f32; 10] = vector::<10>(64 * 32 + 32 + 32 * 10);

/// How many of [`TEST_SET`] the host classified correctly with [`NET`],
/// recorded when the weights were written.
pub const HOST_CORRECT: usize = u32::from_le_bytes([
    FILE[4 * PARAMS],
    FILE[4 * PARAMS + 1],
    FILE[4 * PARAMS + 2],
    FILE[4 * PARAMS + 3],
]) as usize;

/// The 360 held-out records (64 pixels in `0..=16`, then the label), copied
/// out of the data set at compile time: only these are in the binary.
pub static TEST_SET: [[u8; 65]; 360] = test_records();

/// The `f32` at position `i` of the file.
const fn param(i: usize) -> f32 {
    f32::from_le_bytes([
        FILE[4 * i],
        FILE[4 * i + 1],
        FILE[4 * i + 2],
        FILE[4 * i + 3],
    ])
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

/// The last 360 records of the data set.
const fn test_records() -> [[u8; 65]; 360] {
    let mut records = [[0; 65]; 360];
    let mut r = 0;
    while r < 360 {
        let mut b = 0;
        while b < 65 {
            records[r][b] = DIGITS[(TRAIN + r) * 65 + b];
            b += 1;
        }
        r += 1;
    }
    records
}

/// The network's input for a record: its 64 pixels scaled to `0.0..=1.0`.
pub fn pixels(record: &[u8; 65]) -> Tensor<f32, Shape![64]> {
    Tensor::from_fn(|[p]| record[p] as f32 / 16.0)
}

/// How many of `records` `net` labels correctly.
#[shape(H)]
pub fn correct(net: &Mlp<H>, records: &[[u8; 65]]) -> usize {
    records
        .iter()
        .filter(|record| predict(net, &pixels(record)) == record[64] as usize)
        .count()
}

/// The file's bytes for `net` and a count of correct test images: the
/// inverse of the decoding above, for the `digits` example to write.
pub fn encode(net: &Mlp<Hidden>, correct: u32) -> [u8; 4 * PARAMS + 4] {
    let mut bytes = [0; 4 * PARAMS + 4];
    let params = (net.w1.iter().chain(net.b1.iter()))
        .chain(net.w2.iter())
        .chain(net.b2.iter());
    for (chunk, p) in bytes.chunks_exact_mut(4).zip(params) {
        chunk.copy_from_slice(&p.to_le_bytes());
    }
    bytes[4 * PARAMS..].copy_from_slice(&correct.to_le_bytes());
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_decodes_to_what_encode_writes() {
        assert_eq!(encode(&NET, HOST_CORRECT as u32)[..], *FILE);
    }

    #[test]
    fn the_host_still_gets_the_recorded_accuracy() {
        assert_eq!(correct(&NET, &TEST_SET), HOST_CORRECT);
        const { assert!(HOST_CORRECT > 300, "a trained network, not a placeholder") };
    }

    #[test]
    fn the_test_set_is_the_last_360_records() {
        assert_eq!(TEST_SET[0][..], DIGITS[TRAIN * 65..][..65]);
        assert_eq!(TEST_SET[359][..], DIGITS[DIGITS.len() - 65..]);
        assert!(TEST_SET
            .iter()
            .all(|r| r[64] < 10 && r[..64].iter().all(|&p| p <= 16)));
    }
}
