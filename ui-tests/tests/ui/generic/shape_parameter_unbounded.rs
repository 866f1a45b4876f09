// A shape parameter declared without `S: Shape`: the note says how to
// declare it.
use tensor_core::prelude::*;

fn first<S>(t: &Tensor<f32, S>) -> f32 {
    t.as_slice()[0]
}

fn main() {}
