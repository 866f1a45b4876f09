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
