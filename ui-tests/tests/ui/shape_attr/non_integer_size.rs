// A named size is an integer literal: `28.0` is rejected.
use tensor_core::prelude::*;

#[shape(H = 28.0, W = 28)]
struct Digit {
    pixels: Tensor<u8, Shape![H, W]>,
}

fn main() {
    let _ = core::mem::size_of::<Digit>();
}
