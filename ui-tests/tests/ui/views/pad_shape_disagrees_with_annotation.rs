// Padding [1, 28, 28] by one on each side of the last two axes gives
// [1, 30, 30]; annotating the result [1, 30, 29] is a shape mismatch.
use tensor_core::prelude::*;

fn main() {
    let img = Tensor::<f32, Shape![1, 28, 28]>::zeros();
    let _p: Tensor<f32, Shape![1, 30, 29]> = img.pad::<Shape![1, 1]>().to_tensor();
}
