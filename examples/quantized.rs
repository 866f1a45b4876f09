//! The digits MLP and CNN in int8, as TensorFlow Lite Micro runs them:
//! [`QMlp`] (`64 → 32 → 10`) and [`QCnn`] (conv 3×3 ×8, ReLU, 2×2 max
//! pool, dense `72 → 10`), built from tensor-core's [`QDense`] and
//! [`QConv2d`] layers, with the weights `scripts/quantize_digits.py`
//! quantized from the float networks of [`trained`](crate::trained) and
//! [`trained_cnn`](crate::trained_cnn) ([`quantized_weights`](crate::quantized_weights)).
//! No float at inference: the pixels map to `i8` through a 17-entry table.
//!
//! ```
//! use tensor_examples::quantized::{correct_cnn, correct_mlp, QCNN, QMLP};
//! use tensor_examples::trained::TEST_SET;
//! assert_eq!(correct_mlp(&QMLP, &TEST_SET), 348); // float: 348/360
//! assert_eq!(correct_cnn(&QCNN, &TEST_SET), 350); // float: 350/360
//! ```

use tensor_core::prelude::*;

use crate::cnn::{Features, Filters};
use crate::quantized_weights::{CNN, MLP, PIXEL_LEVELS};
use crate::trained::Hidden;

/// The int8 perceptron: two dense layers, ReLU between (the hidden layer's
/// clamp at its zero point).
#[derive(Clone, Debug, PartialEq)]
pub struct QMlp {
    /// `64 → 32`, ReLU.
    pub hidden: QDense<Dim<64>, Hidden>,
    /// `32 → 10`: the logits.
    pub output: QDense<Hidden, Dim<10>>,
}

/// The int8 CNN: a convolution with ReLU, then max pooling and a dense layer.
#[derive(Clone, Debug, PartialEq)]
pub struct QCnn {
    /// `[1, 8, 8] → [8, 6, 6]`, ReLU.
    pub conv: QConv2d<Filters, Dim1, Dim<3>, Dim<3>>,
    /// The 72 pooled features `→ 10` logits.
    pub dense: QDense<Features, Dim<10>>,
}

/// The quantized MLP, in flash on a microcontroller.
pub static QMLP: QMlp = MLP;

/// The quantized CNN, in flash on a microcontroller.
pub static QCNN: QCnn = CNN;

/// The quantized input of a record (64 pixels in `0..=16`, then the
/// label), as a row: [`PIXEL_LEVELS`] of each pixel.
pub fn qpixels(record: &[u8; 65]) -> Tensor<i8, Shape![1, 64]> {
    Tensor::from_flat_fn(|p| PIXEL_LEVELS[record[p] as usize])
}

/// The ten int8 logits of the MLP for one quantized image.
pub fn mlp_logits(net: &QMlp, x: &Tensor<i8, Shape![1, 64]>) -> Tensor<i8, Shape![1, 10]> {
    net.output.forward(&net.hidden.forward(x))
}

/// The ten int8 logits of the CNN for one quantized image.
pub fn cnn_logits(net: &QCnn, x: &Tensor<i8, Shape![1, 64]>) -> Tensor<i8, Shape![1, 10]> {
    let image = x.reshape::<Shape![1, 8, 8]>().to_tensor();
    let mut z = Tensor::<i8, Shape![Filters, 6, 6]>::zeros();
    net.conv.forward_into(&image, &mut z);
    let pooled = z.max_pool2d::<Shape![2, 2]>();
    net.dense
        .forward(&pooled.into_reshape::<Shape![1, Features]>())
}

/// The class of the largest logit, the first of equal ones (NumPy's and
/// TensorFlow Lite's `argmax`).
pub fn argmax(logits: &Tensor<i8, Shape![1, 10]>) -> usize {
    let [_, class] = logits.argmax();
    class
}

/// How many of `records` the int8 MLP labels correctly.
pub fn correct_mlp(net: &QMlp, records: &[[u8; 65]]) -> usize {
    let right = |r: &&[u8; 65]| argmax(&mlp_logits(net, &qpixels(r))) == r[64] as usize;
    records.iter().filter(right).count()
}

/// How many of `records` the int8 CNN labels correctly.
pub fn correct_cnn(net: &QCnn, records: &[[u8; 65]]) -> usize {
    let right = |r: &&[u8; 65]| argmax(&cnn_logits(net, &qpixels(r))) == r[64] as usize;
    records.iter().filter(right).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quantized_weights::{INPUT, PY_CNN_PREDICTIONS, PY_MLP_PREDICTIONS};
    use crate::trained::TEST_SET;

    #[test]
    fn every_prediction_equals_the_python_integer_inference() {
        for (n, record) in TEST_SET.iter().enumerate() {
            let x = qpixels(record);
            assert_eq!(
                argmax(&mlp_logits(&QMLP, &x)),
                PY_MLP_PREDICTIONS[n] as usize,
                "MLP, image {n}"
            );
            assert_eq!(
                argmax(&cnn_logits(&QCNN, &x)),
                PY_CNN_PREDICTIONS[n] as usize,
                "CNN, image {n}"
            );
        }
    }

    #[test]
    fn the_int8_accuracy_on_the_360_test_digits() {
        let count = |p: &[u8; 360]| p.iter().zip(&TEST_SET).filter(|(&c, r)| c == r[64]).count();
        assert_eq!(correct_mlp(&QMLP, &TEST_SET), count(&PY_MLP_PREDICTIONS));
        assert_eq!(correct_cnn(&QCNN, &TEST_SET), count(&PY_CNN_PREDICTIONS));
        // Post-training quantization costs these networks nothing.
        assert_eq!(correct_mlp(&QMLP, &TEST_SET), crate::trained::HOST_CORRECT);
        assert_eq!(
            correct_cnn(&QCNN, &TEST_SET),
            crate::trained_cnn::HOST_CORRECT
        );
    }

    #[test]
    fn the_test_file_for_16_bit_targets_is_the_test_set() {
        let file = include_bytes!("data/digits_test.bin");
        assert_eq!(file.len(), 360 * 65);
        assert!(file.chunks_exact(65).eq(TEST_SET.iter().map(|r| &r[..])));
    }

    #[test]
    fn the_pixel_table_is_the_input_quantization() {
        for (k, &level) in PIXEL_LEVELS.iter().enumerate() {
            assert_eq!(INPUT.quantize_one(k as f32 / 16.0), level);
        }
        let record = &TEST_SET[0];
        let float = crate::trained::pixels(record)
            .reshape::<Shape![1, 64]>()
            .quantize(INPUT);
        assert_eq!(float, qpixels(record));
    }
}
