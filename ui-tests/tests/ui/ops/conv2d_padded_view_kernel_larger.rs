// A 7x7 kernel does not fit a [1, 4, 4] image padded by one: [1, 6, 6].
use tensor_core::prelude::*;

fn main() {
    let x = Tensor::<f32, Shape![1, 4, 4]>::zeros();
    let w = Tensor::<f32, Shape![1, 1, 7, 7]>::zeros();
    let _ = x.pad::<Shape![1, 1]>().conv2d(&w);
}
