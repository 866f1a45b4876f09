// Inside a generic function, [M, N] + [N, M]: the library's headline, with
// the shapes as written, once.
use tensor_core::prelude::*;

#[shape(M, N)]
fn add(a: &Tensor<f32, Shape![M, N]>, b: &Tensor<f32, Shape![N, M]>) -> Tensor<f32, Shape![M, N]> {
    a + b
}

fn main() {}
