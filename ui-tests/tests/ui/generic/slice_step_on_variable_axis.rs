// Every second row of `[T, D]` is `ceil(T / 2)` rows: valid only where the
// item's shapes spell that quotient (here they do not).
use tensor_core::prelude::*;

#[shape(T, D)]
fn every_second(x: &Tensor<f32, Shape![T, D]>) -> f32 {
    slice!(x, ..;2, ..).sum()
}

fn main() {}
