// [M] + [N] for two dimension variables: they may differ, so it is rejected.
use tensor_core::prelude::*;

#[shape(M, N)]
fn add(a: &Tensor<f32, Shape![M]>, b: &Tensor<f32, Shape![N]>) -> f32 {
    (a + b).sum()
}

fn main() {}
