//! The digits CNN as hand-written loops over flat arrays: the yardstick for
//! the cost of tensor-core's `conv2d`, `max_pool2d` and `matmul` on the
//! target.
//!
//! Written as a C programmer writes it: the convolution as a dot product of
//! 9 taps per output, then per pooled feature the 2×2 maximum, the filter's
//! bias and ReLU (the bias after the pooling, as `tensor_examples::cnn::pool`
//! adds it: the same numbers as the textbook order, a quarter of the adds),
//! the dense layer as a dot product per class. Each sum runs from zero over
//! its terms in the order tensor-core adds them (taps row by row; features
//! in order, then the bias), so the logits are bit-identical to
//! tensor-core's (checked by the tests and by the firmware on every test
//! image).
//!
//! ```
//! use tensor_examples::cnn::{image, predict};
//! use tensor_examples::trained::TEST_SET;
//! use tensor_examples::trained_cnn::NET;
//! let x = image(&TEST_SET[0]);
//! let digit = tensor_firmware::baseline_cnn::predict(&NET, tensor_firmware::input_cnn(&x));
//! assert_eq!(digit, predict(&NET, &x));
//! ```

use tensor_core::prelude::*;
use tensor_examples::cnn::{Cnn, Features, Filters};
use tensor_examples::mlp::argmax;

/// Convolution filters.
const F: usize = Filters::VALUE;
/// Pooled features.
const K: usize = Features::VALUE;

/// The ten logits of one 8×8 image (row-major, one channel).
pub fn logits(net: &Cnn, x: &[f32; 64]) -> [f32; 10] {
    let w = flat::<{ F * 9 }>(net.conv_w.as_slice());
    let b = flat::<F>(net.conv_b.as_slice());
    let mut conv = [[[0.0f32; 6]; 6]; F];
    for (f, channel) in conv.iter_mut().enumerate() {
        for (i, row) in channel.iter_mut().enumerate() {
            for (j, out) in row.iter_mut().enumerate() {
                let mut acc = 0.0f32;
                for a in 0..3 {
                    for c in 0..3 {
                        acc += w[f * 9 + a * 3 + c] * x[(i + a) * 8 + j + c];
                    }
                }
                *out = acc;
            }
        }
    }
    let mut features = [0.0f32; K];
    for (k, feature) in features.iter_mut().enumerate() {
        let (f, i, j) = (k / 9, k / 3 % 3, k % 3);
        let pool = &conv[f];
        let top = pool[2 * i][2 * j].max(pool[2 * i][2 * j + 1]);
        let bottom = pool[2 * i + 1][2 * j].max(pool[2 * i + 1][2 * j + 1]);
        *feature = (top.max(bottom) + b[f]).max(0.0);
    }
    let (d, db) = (
        flat::<{ K * 10 }>(net.dense_w.as_slice()),
        net.dense_b.as_slice(),
    );
    let mut out = [0.0f32; 10];
    for (c, o) in out.iter_mut().enumerate() {
        let mut acc = 0.0f32;
        for (k, feature) in features.iter().enumerate() {
            acc += feature * d[k * 10 + c];
        }
        *o = acc + db[c];
    }
    out
}

/// The predicted digit: the first largest logit.
pub fn predict(net: &Cnn, x: &[f32; 64]) -> usize {
    argmax(&logits(net, x))
}

/// A weight tensor's elements as a fixed-size array, so that the loops'
/// indices are checked against a constant.
fn flat<const N: usize>(elems: &[f32]) -> &[f32; N] {
    let [all] = elems.as_chunks::<N>().0 else {
        unreachable!("the weights have the network's sizes")
    };
    all
}
