// Sizes are `usize`: an `i32` suffix is rejected.
use tensor_core::prelude::*;

#[shaped(H = 28i32)]
struct Row {
    pixels: Tensor<u8, shape![H]>,
}

fn main() {}
