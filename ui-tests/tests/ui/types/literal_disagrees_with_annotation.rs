// The literal is 2x3; the annotation says 3x2.
use tensor_core::prelude::*;

fn main() {
    let _t: Tensor<i32, Shape![3, 2]> = tensor![[1, 2, 3], [4, 5, 6]];
}
