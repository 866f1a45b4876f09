//! Inference for a small convolutional network on 8×8 digit images, without
//! `std` or `alloc`: a 3×3 valid convolution with [`Filters`] output
//! channels, ReLU, 2×2 max pooling, and a dense layer to the ten classes.
//!
//! ```text
//! [1, 8, 8] --conv 3x3--> [F, 6, 6] --ReLU, max pool 2x2--> [F, 3, 3] --flatten--> [9F] --dense--> [10]
//! ```
//!
//! A [`Cnn`] is four tensors stored inline, so trained weights can live in a
//! `static` (flash, on a microcontroller; see `trained_cnn`), and [`logits`]
//! works on the stack with tensor-core's `conv2d`, `max_pool2d`,
//! `into_reshape` and `matmul`. The `cnn` example trains one on the host.
//!
//! The input is an image's pixel intensities scaled to `0.0..=1.0`, as one
//! channel: `[1, 8, 8]` ([`image`] makes it from a record of the data set).
//!
//! ```
//! use tensor_core::prelude::*;
//! use tensor_examples::cnn::{logits, predict, Cnn};
//!
//! // Filter 0 finds vertical strokes; class 3 reads that filter's pooled
//! // responses, every other class has a bias of -1.
//! let mut net = Cnn {
//!     conv_w: Tensor::zeros(),
//!     conv_b: Tensor::zeros(),
//!     dense_w: Tensor::zeros(),
//!     dense_b: Tensor::full(-1.0),
//! };
//! for a in 0..3 {
//!     net.conv_w[[0, 0, a, 1]] = 1.0;
//! }
//! for k in 0..9 {
//!     net.dense_w[[k, 3]] = 1.0; // feature k of filter 0
//! }
//! net.dense_b[[3]] = 0.0;
//! let stroke = Tensor::<f32, Shape![1, 8, 8]>::from_fn(|[_, _, j]| f32::from(j == 4));
//! assert_eq!(predict(&net, &stroke), 3);
//! // The filter sees 3 stroke pixels at column 3 of every row of its output,
//! // which 2x2 pooling keeps in pooled column 1: three features of 3.0.
//! assert_eq!(logits(&net, &stroke)[[3]], 9.0);
//! assert_eq!(logits(&net, &stroke)[[0]], -1.0);
//! ```

use tensor_core::prelude::*;

/// The number of convolution filters (output channels), `F`.
pub type Filters = Dim<8>;

/// The flattened features after pooling: `F · 3 · 3`.
pub type Features = Dim<72>;

/// The weights of the network. Plain data, so it can be built in a `const`
/// or `static` item (`Tensor::from_array`).
#[derive(Clone, Debug, PartialEq)]
pub struct Cnn {
    /// The convolution's filters, `[F, 1, 3, 3]` (out channel, in channel,
    /// kernel row, kernel column), applied without flipping.
    pub conv_w: Tensor<f32, Shape![Filters, 1, 3, 3]>,
    /// One bias per filter, shaped `[F, 1, 1]` to broadcast over a channel.
    pub conv_b: Tensor<f32, Shape![Filters, 1, 1]>,
    /// Pooled features to classes: row `(f · 3 + i) · 3 + j` is the feature
    /// of filter `f` at pooled position `(i, j)` (the row-major flattening).
    pub dense_w: Tensor<f32, Shape![Features, 10]>,
    /// The class biases.
    pub dense_b: Tensor<f32, Shape![10]>,
}

/// The convolution of one image by the filters, `[F, 6, 6]`, without the
/// biases (see [`pool`]).
pub fn convolve(
    net: &Cnn,
    image: &Tensor<f32, Shape![1, 8, 8]>,
) -> Tensor<f32, Shape![Filters, 6, 6]> {
    image.conv2d(&net.conv_w)
}

/// The pooled features of one image, `[F, 3, 3]`: `pool(convolve(..))`.
///
/// The convolution is written into a local tensor (`assign_conv2d`)
/// rather than returned by `conv2d`, which copies the `[F, 6, 6]` result
/// once more: on a Cortex-M4F the copy costs about 900 bytes of stack and
/// 5% of the time of an inference (measured by the firmware in
/// `embedded/`).
pub fn features(
    net: &Cnn,
    image: &Tensor<f32, Shape![1, 8, 8]>,
) -> Tensor<f32, Shape![Filters, 3, 3]> {
    let mut z = Tensor::zeros();
    z.assign_conv2d(image, &net.conv_w);
    pool(net, &z)
}

/// The features from the convolution `z` ([`convolve`]): the largest of
/// each 2×2 pool, plus the filter's bias, through ReLU.
///
/// This is the textbook order (bias, ReLU, then pooling) rearranged to
/// touch a quarter of the elements, with the same numbers bit for bit:
/// rounding `z + b` is monotonic in `z`, so the largest of the sums is the
/// sum with the largest `z`, and ReLU (a maximum too) commutes with the
/// pooling.
pub fn pool(
    net: &Cnn,
    z: &Tensor<f32, Shape![Filters, 6, 6]>,
) -> Tensor<f32, Shape![Filters, 3, 3]> {
    let mut pooled = z.max_pool2d::<Shape![2, 2]>();
    pooled += &net.conv_b;
    pooled.iter_mut().for_each(|v| *v = v.max(0.0));
    pooled
}

/// The ten class scores (logits, before softmax) of one image.
pub fn logits(net: &Cnn, image: &Tensor<f32, Shape![1, 8, 8]>) -> Tensor<f32, Shape![10]> {
    let flat = features(net, image).into_reshape::<Shape![1, Features]>();
    (flat.matmul(&net.dense_w) + net.dense_b).into_reshape::<Shape![10]>()
}

/// The predicted digit of one image: the class of the largest logit (the
/// first of equal ones).
pub fn predict(net: &Cnn, image: &Tensor<f32, Shape![1, 8, 8]>) -> usize {
    let [class] = logits(net, image).argmax();
    class
}

/// The network's input for a record of the data set (64 pixels in
/// `0..=16`, then the label): one channel of 8×8 pixels in `0.0..=1.0`.
pub fn image(record: &[u8; 65]) -> Tensor<f32, Shape![1, 8, 8]> {
    Tensor::from_flat_fn(|p| record[p] as f32 / 16.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deterministic, untrained network.
    fn pseudo_random_cnn() -> Cnn {
        let mut rng = crate::rng::XorShift(0x2545_f491);
        let mut next = move || rng.uniform(0.5);
        Cnn {
            conv_w: Tensor::from_flat_fn(|_| next()),
            conv_b: Tensor::from_flat_fn(|_| next()),
            dense_w: Tensor::from_flat_fn(|_| next()),
            dense_b: Tensor::from_flat_fn(|_| next()),
        }
    }

    /// The same forward pass with plain loops over the flat weights, ReLU
    /// before pooling, as the textbook writes it.
    fn reference_logits(net: &Cnn, x: &[f32]) -> [f32; 10] {
        let (w, b) = (net.conv_w.as_slice(), net.conv_b.as_slice());
        let mut relu = [[[0.0f32; 6]; 6]; 8];
        for (f, channel) in relu.iter_mut().enumerate() {
            for (i, row) in channel.iter_mut().enumerate() {
                for (j, out) in row.iter_mut().enumerate() {
                    let mut acc = 0.0;
                    for a in 0..3 {
                        for c in 0..3 {
                            acc += w[f * 9 + a * 3 + c] * x[(i + a) * 8 + j + c];
                        }
                    }
                    *out = (acc + b[f]).max(0.0);
                }
            }
        }
        let mut pooled = [0.0f32; 72];
        for (k, p) in pooled.iter_mut().enumerate() {
            let (f, i, j) = (k / 9, k / 3 % 3, k % 3);
            *p = (0..4)
                .map(|q| relu[f][2 * i + q / 2][2 * j + q % 2])
                .fold(f32::MIN, f32::max);
        }
        let d = net.dense_w.as_slice();
        core::array::from_fn(|c| {
            (0..72).map(|k| pooled[k] * d[k * 10 + c]).sum::<f32>() + net.dense_b[[c]]
        })
    }

    #[test]
    fn logits_agree_with_a_loop_reference_on_real_digits() {
        static DIGITS: &[u8] = include_bytes!("data/digits.bin");
        let net = pseudo_random_cnn();
        for record in DIGITS.as_chunks::<65>().0.iter().take(50) {
            let x = image(record);
            let expected = reference_logits(&net, x.as_slice());
            let got = logits(&net, &x);
            for (g, e) in got.iter().zip(expected) {
                assert!(
                    (g - e).abs() <= 1e-5 * (1.0 + e.abs()),
                    "{got:?} vs {expected:?}"
                );
            }
            assert_eq!(predict(&net, &x), crate::mlp::argmax(&expected));
        }
    }

    #[test]
    fn image_scales_the_record_row_major() {
        let mut record = [0u8; 65];
        record[8 + 3] = 16;
        record[63] = 4;
        let x = image(&record);
        assert_eq!((x[[0, 1, 3]], x[[0, 7, 7]], x.sum()), (1.0, 0.25, 1.25));
    }
}
