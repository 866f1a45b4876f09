// A variable and a named size cannot share a name; the second `H` is reported.
use tensor_core::prelude::*;

#[shaped(H, W = 28, H = 28)]
struct Digit {
    pixels: Tensor<u8, shape![H, W]>,
}

fn main() {}
