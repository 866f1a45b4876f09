// `Digit` holds a 28x28 image; a 27x28 one is given.
use tensor_core::prelude::*;

#[shape(H = 28, W = 28)]
struct Digit {
    pixels: Tensor<u8, Shape![H, W]>,
}

fn main() {
    let pixels = Tensor::<u8, Shape![27, 28]>::zeros();
    let _ = Digit { pixels };
}
