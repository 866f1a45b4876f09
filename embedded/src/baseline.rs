//! The digits network as hand-written loops over flat arrays: the yardstick
//! for the cost of tensor-core's inference on the target.
//!
//! Two forms, as a C programmer writes them: [`logits`] computes each
//! output as a dot product (the form of the bench crate's hand-written
//! matmul), [`logits_by_rows`] runs the inner index outermost and reads the
//! weights in memory order. Both accumulate each output from zero over the
//! inner index in order, as tensor-core's `matmul` does, so all three give
//! bit-identical logits (checked by the tests and by the firmware on every
//! test image).
//!
//! ```
//! use tensor_examples::trained::{pixels, NET, TEST_SET};
//! let x = pixels(&TEST_SET[0]);
//! let digit = tensor_firmware::baseline::predict(&NET, tensor_firmware::input(&x));
//! assert_eq!(digit, tensor_examples::mlp::predict(&NET, &x));
//! ```

use tensor_examples::mlp::{argmax, Mlp};
use tensor_examples::trained::Hidden;

/// The hidden width.
const H: usize = 32;

/// The ten logits of one image of 64 pixels: `relu(x·w1 + b1)·w2 + b2`.
pub fn logits(net: &Mlp<Hidden>, x: &[f32; 64]) -> [f32; 10] {
    let (w1, b1) = (flat::<{ 64 * H }>(net.w1.as_slice()), net.b1.as_slice());
    let (w2, b2) = (flat::<{ H * 10 }>(net.w2.as_slice()), net.b2.as_slice());
    let mut hidden = [0.0f32; H];
    for (j, h) in hidden.iter_mut().enumerate() {
        let mut acc = 0.0f32;
        for k in 0..64 {
            acc += x[k] * w1[k * H + j];
        }
        *h = (acc + b1[j]).max(0.0);
    }
    let mut out = [0.0f32; 10];
    for (c, o) in out.iter_mut().enumerate() {
        let mut acc = 0.0f32;
        for j in 0..H {
            acc += hidden[j] * w2[j * 10 + c];
        }
        *o = acc + b2[c];
    }
    out
}

/// The predicted digit: the first largest logit.
pub fn predict(net: &Mlp<Hidden>, x: &[f32; 64]) -> usize {
    argmax(&logits(net, x))
}

/// [`logits`] with the loops the other way round: each input scales a row
/// of weights into all the accumulators (`k` outer, `j` inner), so the
/// weights are read in memory order. Each accumulator still sums over `k`
/// in order from zero: the same logits, bit for bit.
pub fn logits_by_rows(net: &Mlp<Hidden>, x: &[f32; 64]) -> [f32; 10] {
    let (w1, b1) = (flat::<{ 64 * H }>(net.w1.as_slice()), net.b1.as_slice());
    let (w2, b2) = (flat::<{ H * 10 }>(net.w2.as_slice()), net.b2.as_slice());
    let mut hidden = [0.0f32; H];
    for k in 0..64 {
        for j in 0..H {
            hidden[j] += x[k] * w1[k * H + j];
        }
    }
    for (h, b) in hidden.iter_mut().zip(b1) {
        *h = (*h + b).max(0.0);
    }
    let mut out = [0.0f32; 10];
    for j in 0..H {
        for c in 0..10 {
            out[c] += hidden[j] * w2[j * 10 + c];
        }
    }
    for (o, b) in out.iter_mut().zip(b2) {
        *o += b;
    }
    out
}

/// The predicted digit through [`logits_by_rows`].
pub fn predict_by_rows(net: &Mlp<Hidden>, x: &[f32; 64]) -> usize {
    argmax(&logits_by_rows(net, x))
}

/// A weight matrix's elements as a fixed-size array, so that the loops'
/// indices are checked against a constant.
fn flat<const N: usize>(elems: &[f32]) -> &[f32; N] {
    let [all] = elems.as_chunks::<N>().0 else {
        unreachable!("the weights have the network's sizes")
    };
    all
}
