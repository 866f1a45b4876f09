// A named size cannot be negative.
use tensor_core::prelude::*;

#[shape(H = -28, W = 28)]
struct Digit {
    pixels: Tensor<u8, Shape![H, W]>,
}

fn main() {
    let _ = core::mem::size_of::<Digit>();
}
