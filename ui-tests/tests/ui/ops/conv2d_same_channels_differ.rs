// A same convolution still needs the weights' channels to be the input's.
use tensor_core::prelude::*;

fn main() {
    let x = Tensor::<f32, Shape![3, 8, 8]>::zeros();
    let w = Tensor::<f32, Shape![4, 2, 3, 3]>::zeros();
    let _ = x.conv2d_same(&w);
}
