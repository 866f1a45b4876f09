// A literal slice index or bound on an axis of variable size, in a `#[shape]`
// item, is checked when the item is instantiated, by `cargo build`: here the
// first three rows of a sequence of two.
use tensor_core::prelude::*;

#[shape(T, D)]
fn first_three(x: &Tensor<f32, Shape![T, D]>) -> Tensor<f32, Shape![3, D]> {
    slice!(x, ..3, ..).to_tensor()
}

fn main() {
    let _ = first_three(&Tensor::<f32, Shape![2, 4]>::zeros());
}
