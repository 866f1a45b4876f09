// A wrong reshape in a `#[shape]` item that writes a product of variables
// is reported by `cargo build`, when the item is instantiated: here
// [2, 3] into [2 * 2] (the counts are 6 and 4).
use tensor_core::prelude::*;

#[shape(M, N)]
fn flatten_wrong(x: Tensor<f32, Shape![M, N]>) -> Tensor<f32, Shape![M * M]> {
    x.into_reshape()
}

fn main() {
    let _ = flatten_wrong(Tensor::<f32, Shape![2, 3]>::zeros());
}
