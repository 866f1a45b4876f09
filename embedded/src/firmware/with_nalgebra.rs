//! The same network with nalgebra's statically sized matrices (`no_std`),
//! written as a nalgebra user would: `W1ᵀ·x + b1`, ReLU, `W2ᵀ·h + b2`.
//!
//! nalgebra stores matrices column-major, so `W1ᵀ` (`32 × 64`) has the
//! rows of `W1` as its columns: the same nested array as tensor-core's
//! row-major `[64, 32]` storage, built in a `const` (`from_array_storage`),
//! a second copy in flash.

use nalgebra::{ArrayStorage, SMatrix, SVector};
use tensor_examples::mlp::argmax;
use tensor_examples::trained::{B1, B2, W1, W2};

/// `W1ᵀ`: column `k` is the weights from input `k`.
static W1T: SMatrix<f32, 32, 64> = SMatrix::from_array_storage(ArrayStorage(W1));
/// The hidden biases.
static B1V: SVector<f32, 32> = SVector::from_array_storage(ArrayStorage([B1]));
/// `W2ᵀ`.
static W2T: SMatrix<f32, 10, 32> = SMatrix::from_array_storage(ArrayStorage(W2));
/// The output biases.
static B2V: SVector<f32, 10> = SVector::from_array_storage(ArrayStorage([B2]));

/// The input as nalgebra's column vector.
pub fn input(x: &[f32; 64]) -> SVector<f32, 64> {
    SVector::from_column_slice(x)
}

/// The ten logits of one image.
pub fn logits(x: &SVector<f32, 64>) -> SVector<f32, 10> {
    let hidden = (&W1T * x + &B1V).map(|z| z.max(0.0));
    &W2T * hidden + &B2V
}

/// The predicted digit: the first largest logit.
#[inline(never)]
pub fn predict(x: &SVector<f32, 64>) -> usize {
    argmax(logits(x).as_slice())
}
