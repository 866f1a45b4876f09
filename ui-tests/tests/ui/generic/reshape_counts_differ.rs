// [M, N] into [M, M]: the counts are not the same product of variables.
use tensor_core::prelude::*;

#[shape(M, N)]
fn square(x: Tensor<f32, Shape![M, N]>) -> Tensor<f32, Shape![M, M]> {
    x.into_reshape()
}

fn main() {}
