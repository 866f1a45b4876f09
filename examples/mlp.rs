//! Inference for a two-layer perceptron on 8×8 digit images, without `std`
//! or `alloc`: `64 → H → 10`, ReLU between the layers.
//!
//! An [`Mlp`] is four tensors stored inline, so trained weights can live in a
//! `static` (read-only memory, flash on a microcontroller), and [`predict`]
//! works on the stack: a `[1, H]` and a `[1, 10]` tensor. The `digits`
//! example trains one with SGD and measures its test accuracy with this
//! [`predict`].
//!
//! The input is the 64 pixel intensities of an 8×8 image, row-major, scaled
//! to `0.0..=1.0` (scikit-learn's digits hold `0..=16`: divide by 16).
//!
//! ```
//! use tensor_core::prelude::*;
//! use tensor_examples::mlp::{logits, predict, Mlp};
//!
//! // A hand-made network with two hidden units: unit 0 sums the left half
//! // of the image, unit 1 the right half; class 0 reads unit 0, class 1
//! // reads unit 1, the other classes are never chosen.
//! const fn halves() -> [[f32; 2]; 64] {
//!     let mut w = [[0.0; 2]; 64];
//!     let mut p = 0;
//!     while p < 64 {
//!         w[p][(p % 8 >= 4) as usize] = 1.0;
//!         p += 1;
//!     }
//!     w
//! }
//! static TINY: Mlp<Dim<2>> = Mlp {
//!     w1: Tensor::from_array(halves()),
//!     b1: tensor![0.0, 0.0],
//!     w2: tensor![
//!         [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
//!         [0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
//!     ],
//!     b2: tensor![0.0, 0.0, -1.0, -1.0, -1.0, -1.0, -1.0, -1.0, -1.0, -1.0],
//! };
//!
//! // Two bright columns at the left edge, or at the right edge.
//! let left = Tensor::<f32, Shape![64]>::from_fn(|[p]| if p % 8 < 2 { 1.0 } else { 0.0 });
//! let right = Tensor::<f32, Shape![64]>::from_fn(|[p]| if p % 8 >= 6 { 1.0 } else { 0.0 });
//! assert_eq!(predict(&TINY, &left), 0);
//! assert_eq!(predict(&TINY, &right), 1);
//! assert_eq!(logits(&TINY, &left)[[0]], 16.0); // 16 bright pixels
//! ```

use tensor_core::prelude::*;

/// The weights of a `64 → H → 10` perceptron: `logits = relu(x·w1 + b1)·w2 + b2`
/// for a row `x` of 64 pixels. Plain data, so it can be built in a `const`
/// or `static` item (`Tensor::from_array`, `tensor!`).
#[shape(H)]
#[derive(Clone, Debug, PartialEq)]
pub struct Mlp {
    /// Input to hidden weights: column `j` feeds hidden unit `j`.
    pub w1: Tensor<f32, Shape![64, H]>,
    /// Hidden biases.
    pub b1: Tensor<f32, Shape![H]>,
    /// Hidden to output weights: column `c` feeds the logit of class `c`.
    pub w2: Tensor<f32, Shape![H, 10]>,
    /// Output biases.
    pub b2: Tensor<f32, Shape![10]>,
}

/// The ten class scores (logits, before softmax) of one image.
#[shape(H)]
pub fn logits(mlp: &Mlp<H>, pixels: &Tensor<f32, Shape![64]>) -> Tensor<f32, Shape![10]> {
    let x = pixels.reshape::<Shape![1, 64]>();
    let hidden = (x.matmul(&mlp.w1) + &mlp.b1).map(|&z| z.max(0.0));
    let out = hidden.matmul(&mlp.w2) + mlp.b2; // [1, 10]
    out.reshape::<Shape![10]>().to_tensor()
}

/// The predicted digit of one image: the class of the largest logit (the
/// first of equal ones).
#[shape(H)]
pub fn predict(mlp: &Mlp<H>, pixels: &Tensor<f32, Shape![64]>) -> usize {
    argmax(logits(mlp, pixels).as_slice())
}

/// The position of the largest element (the first of equal ones; NaN is
/// never chosen over a number). 0 for an empty slice.
pub fn argmax(xs: &[f32]) -> usize {
    let mut best = 0;
    for (i, &x) in xs.iter().enumerate() {
        if x > xs[best] || (xs[best].is_nan() && !x.is_nan()) {
            best = i;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;

    /// The data file of the `digits` example: 65-byte records, 64 pixels
    /// then the label.
    static DIGITS: &[u8] = include_bytes!("data/digits.bin");

    /// A deterministic, untrained network.
    fn pseudo_random_mlp() -> Mlp<Dim<16>> {
        let mut rng = crate::rng::XorShift(0x2545_f491);
        let mut next = move || rng.uniform(0.5);
        Mlp {
            w1: Tensor::from_flat_fn(|_| next()),
            b1: Tensor::from_flat_fn(|_| next()),
            w2: Tensor::from_flat_fn(|_| next()),
            b2: Tensor::from_flat_fn(|_| next()),
        }
    }

    /// The same forward pass with plain loops over the flat weights.
    fn reference_logits(mlp: &Mlp<Dim<16>>, x: &[f32]) -> [f32; 10] {
        let (w1, w2) = (mlp.w1.as_slice(), mlp.w2.as_slice());
        let mut hidden = [0.0f32; 16];
        for (j, h) in hidden.iter_mut().enumerate() {
            let z: f32 = (0..64).map(|p| x[p] * w1[p * 16 + j]).sum::<f32>() + mlp.b1[[j]];
            *h = z.max(0.0);
        }
        core::array::from_fn(|c| {
            (0..16).map(|j| hidden[j] * w2[j * 10 + c]).sum::<f32>() + mlp.b2[[c]]
        })
    }

    #[test]
    fn predict_agrees_with_a_loop_reference_on_real_digits() {
        assert_eq!(DIGITS.len(), 1797 * 65);
        let mlp = pseudo_random_mlp();
        for record in DIGITS.chunks_exact(65).take(50) {
            let x = Tensor::<f32, Shape![64]>::from_fn(|[p]| record[p] as f32 / 16.0);
            let expected = reference_logits(&mlp, x.as_slice());
            let got = logits(&mlp, &x);
            for (g, e) in got.iter().zip(expected) {
                assert!(
                    (g - e).abs() <= 1e-4 * (1.0 + e.abs()),
                    "{got:?} vs {expected:?}"
                );
            }
            assert_eq!(predict(&mlp, &x), argmax(&expected));
        }
    }

    #[test]
    fn argmax_takes_the_first_largest() {
        assert_eq!(argmax(&[1.0, 3.0, 3.0, -1.0]), 1);
        assert_eq!(argmax(&[f32::NAN, 2.0, 1.0]), 1);
        assert_eq!(argmax(&[0.0, f32::NAN, 2.0]), 2);
    }
}
