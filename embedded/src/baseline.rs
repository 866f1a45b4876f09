//! The digits network as hand-written loops over flat arrays: the yardstick
//! for the cost of tensor-core's inference on the target.
//!
//! The loops accumulate each output from zero over the inner index in
//! order, as tensor-core's `matmul` does, so both give bit-identical logits
//! (checked by the tests and by the firmware on every test image).
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

/// A weight matrix's elements as a fixed-size array, so that the loops'
/// indices are checked against a constant.
fn flat<const N: usize>(elems: &[f32]) -> &[f32; N] {
    let [all] = elems.as_chunks::<N>().0 else {
        unreachable!("the weights have the network's sizes")
    };
    all
}
