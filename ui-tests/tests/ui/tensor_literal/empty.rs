// An empty literal has no shape to infer.
use tensor_core::prelude::*;

fn main() {
    let _t: Tensor<i32, Shape![0]> = tensor![];
}
