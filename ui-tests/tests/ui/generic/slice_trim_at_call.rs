// A concrete call of an item that trims its axis: `cargo check` reports
// the negative `T - 2` at the call.
use tensor_core::prelude::*;

#[shape(T)]
fn inner(x: &Tensor<f32, Shape![T]>) -> Tensor<f32, Shape![T - 2]> {
    slice!(x, 1..-1).to_tensor()
}

fn main() {
    let _ = inner(&tensor![1.0f32]);
}
