// Sizes are `usize`: an `i32` suffix is rejected.
use tensor_core::prelude::*;

#[shape(H = 28i32)]
struct Row {
    pixels: Tensor<u8, Shape![H]>,
}

fn main() {}
