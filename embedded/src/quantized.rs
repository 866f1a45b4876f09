//! The int8 digits MLP and CNN (`tensor_examples::quantized`, tensor-core's
//! quantized layers) on the target: their counts of correct test digits,
//! and whether every prediction equals the host's (the classes the
//! quantization script's integer inference recorded, which the host's
//! tests check tensor-core reproduces).
//!
//! ```
//! let run = tensor_firmware::quantized::classify_int8();
//! assert_eq!((run.mlp, run.cnn), (run.host_mlp, run.host_cnn));
//! assert!(run.same_predictions);
//! ```

use tensor_examples::quantized::{argmax, cnn_logits, mlp_logits, qpixels, QCNN, QMLP};
use tensor_examples::quantized_weights::{PY_CNN_PREDICTIONS, PY_MLP_PREDICTIONS};
use tensor_examples::trained::TEST_SET;

/// The int8 networks' results on the 360 held-out digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Int8Run {
    /// Digits the int8 MLP labels correctly here.
    pub mlp: usize,
    /// Digits the int8 CNN labels correctly here.
    pub cnn: usize,
    /// The host's count for the MLP.
    pub host_mlp: usize,
    /// The host's count for the CNN.
    pub host_cnn: usize,
    /// Whether both networks predict the host's class for every digit.
    pub same_predictions: bool,
}

/// How many of the recorded predictions are right.
fn host_count(predictions: &[u8; 360]) -> usize {
    predictions
        .iter()
        .zip(&TEST_SET)
        .filter(|(&p, r)| p == r[64])
        .count()
}

/// Classifies every held-out digit with both int8 networks.
pub fn classify_int8() -> Int8Run {
    let mut run = Int8Run {
        mlp: 0,
        cnn: 0,
        host_mlp: host_count(&PY_MLP_PREDICTIONS),
        host_cnn: host_count(&PY_CNN_PREDICTIONS),
        same_predictions: true,
    };
    for (n, record) in TEST_SET.iter().enumerate() {
        let x = qpixels(record);
        let (m, c) = (
            argmax(&mlp_logits(&QMLP, &x)),
            argmax(&cnn_logits(&QCNN, &x)),
        );
        run.mlp += usize::from(m == record[64] as usize);
        run.cnn += usize::from(c == record[64] as usize);
        run.same_predictions &= m == PY_MLP_PREDICTIONS[n] as usize;
        run.same_predictions &= c == PY_CNN_PREDICTIONS[n] as usize;
    }
    run
}

/// The int8 MLP's hidden layer (`64 → 32`, ReLU) as a hand-written loop:
/// TensorFlow Lite's reference `FullyConnected`, one `i32` multiply-add per
/// weight, over the same weights, for the firmware to compare with
/// tensor-core's `QDense` (`assign_qdense`).
///
/// ```
/// use tensor_core::prelude::*;
/// use tensor_examples::quantized::{qpixels, QMLP};
/// use tensor_examples::trained::TEST_SET;
/// let x = qpixels(&TEST_SET[0]);
/// let mut hand = [0i8; 32];
/// tensor_firmware::quantized::hidden_loop(x.as_slice().try_into().unwrap(), &mut hand);
/// assert_eq!(QMLP.hidden.forward(&x).as_slice(), hand);
/// ```
pub fn hidden_loop(x: &[i8; 64], out: &mut [i8; 32]) {
    let layer = &QMLP.hidden;
    let w = layer.weights.as_array();
    let (bias, rqs) = (layer.bias.as_array(), layer.rqs.as_array());
    let zp = layer.input_zp as i32;
    let (lo, hi) = (layer.clamp.0 as i32, layer.clamp.1 as i32);
    for n in 0..32 {
        let mut acc = bias[n];
        for k in 0..64 {
            acc += (x[k] as i32 - zp) * w[n][k] as i32;
        }
        let y = rqs[n].apply(acc) + layer.output_zp as i32;
        out[n] = y.clamp(lo, hi) as i8;
    }
}
