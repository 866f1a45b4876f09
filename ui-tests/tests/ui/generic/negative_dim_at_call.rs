// A generic valid convolution called with a kernel larger than the image:
// H - K + 1 would be negative, reported at the call.
use tensor_core::prelude::*;

#[shape(H, K)]
fn conv(img: &Tensor<f32, Shape![H]>, k: &Tensor<f32, Shape![K]>) -> Tensor<f32, Shape![H - K + 1]> {
    Tensor::from_fn(|[i]| (0..K::VALUE).map(|a| img[[i + a]] * k[[a]]).sum())
}

fn main() {
    let img = tensor![1.0f32, 2.0];
    let _ = conv(&img, &tensor![1.0f32, 1.0, 1.0]);
}
