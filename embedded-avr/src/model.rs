//! The host's quantized networks and test digits, shared by source: the
//! examples crate cannot be built for a 16-bit target (its data set is
//! larger than 64 KiB, too large for `include_bytes!` there), so this
//! firmware includes the generated weights file itself
//! (`examples/quantized_weights.rs`, written by `scripts/quantize_digits.py`)
//! with the types it names, and reads the 360 test records from
//! `examples/data/digits_test.bin` (the host's tests check that file is its
//! test set).

/// The types `quantized_weights.rs` builds, as `tensor_examples::quantized`
/// declares them.
pub mod quantized {
    use tensor_core::prelude::*;

    /// The int8 perceptron `64 → 32 → 10`.
    pub struct QMlp {
        /// `64 → 32`, ReLU.
        pub hidden: QDense<Dim<64>, Dim<32>>,
        /// `32 → 10`.
        pub output: QDense<Dim<32>, Dim<10>>,
    }

    /// The int8 CNN (not run here; the weights file defines it too).
    #[allow(dead_code)] // built by the weights file, never run on this chip
    pub struct QCnn {
        /// `[1, 8, 8] → [8, 6, 6]`, ReLU.
        pub conv: QConv2d<Dim<8>, Dim1, Dim<3>, Dim<3>>,
        /// `72 → 10`.
        pub dense: QDense<Dim<72>, Dim<10>>,
    }
}

#[path = "../../examples/quantized_weights.rs"]
#[allow(dead_code)]
pub mod quantized_weights;

/// The held-out digits' file: 360 records of 64 pixels and a label.
const FILE: &[u8] = include_bytes!("../../examples/data/digits_test.bin");

/// The 360 test records, decoded at compile time.
pub const TEST_RECORDS: [[u8; 65]; 360] = {
    assert!(
        FILE.len() == 360 * 65,
        "digits_test.bin holds 360 records of 65 bytes"
    );
    let mut records = [[0; 65]; 360];
    let mut i = 0;
    while i < 360 * 65 {
        records[i / 65][i % 65] = FILE[i];
        i += 1;
    }
    records
};
