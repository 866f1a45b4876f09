// A 3-channel image and weights for 1 input channel.
use tensor_core::prelude::*;

fn main() {
    let img = Tensor::<f32, Shape![3, 28, 28]>::zeros();
    let w = Tensor::<f32, Shape![8, 1, 3, 3]>::zeros();
    let _ = img.conv2d(&w);
}
