// A bias [D] expanded to [D, T] (meant [T, D]) in generic code: the error
// points at the user's `Shape!` in the turbofish, not at the attribute.
use tensor_core::prelude::*;

#[shape(T, D)]
fn add_bias(x: &Tensor<f32, Shape![T, D]>, b: &Tensor<f32, Shape![D]>) -> Tensor<f32, Shape![T, D]> {
    let bb = b.expand::<Shape![D, T]>();
    x + &bb.t()
}

fn main() {}
