// Concatenating [M, N] and [K, M] along axis 0 in generic code: the other
// axis differs (N and M). One error naming both shapes, without a
// suggestion to restate the rule as a where-clause.
use tensor_core::prelude::*;

#[shape(M, K, N)]
fn cat(a: &Tensor<f32, Shape![M, N]>, b: &Tensor<f32, Shape![K, M]>) -> Tensor<f32, Shape![M + K, N]> {
    a.concat::<Axis<0>>(b)
}

fn main() {}
