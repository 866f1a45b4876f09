// Every second row of `[T, D]` is `ceil(T / 2)` rows, a length `Shape!`
// cannot write.
use tensor_core::prelude::*;

#[shape(T, D)]
fn every_second(x: &Tensor<f32, Shape![T, D]>) -> f32 {
    slice!(x, ..;2, ..).sum()
}

fn main() {}
