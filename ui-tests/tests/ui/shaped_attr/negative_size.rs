// A named size cannot be negative.
use tensor_core::prelude::*;

#[shaped(H = -28, W = 28)]
struct Digit {
    pixels: Tensor<u8, shape![H, W]>,
}

fn main() {
    let _ = core::mem::size_of::<Digit>();
}
