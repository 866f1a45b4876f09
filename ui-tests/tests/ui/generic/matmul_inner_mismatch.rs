// [M, K] x [N, K] inside a generic function: one error naming K and N, and
// none after it for the uses of the result.
use tensor_core::prelude::*;

#[shape(M, K, N)]
fn scores(a: &Tensor<f32, Shape![M, K]>, b: &Tensor<f32, Shape![N, K]>) -> f32 {
    let s = a.matmul(b);
    s.sum()
}

fn main() {}
