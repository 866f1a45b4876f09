// A variable and a named size cannot share a name; the second `H` is reported.
use tensor_core::prelude::*;

#[shape(H, W = 28, H = 28)]
struct Digit {
    pixels: Tensor<u8, Shape![H, W]>,
}

fn main() {}
