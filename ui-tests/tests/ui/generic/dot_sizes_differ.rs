// The dot product of [N] and [M] vectors in generic code: one error naming
// both, without a suggestion to restate the rule as a where-clause.
use tensor_core::prelude::*;

#[shape(N, M)]
fn score(q: &Tensor<f32, Shape![N]>, k: &Tensor<f32, Shape![M]>) -> f32 {
    q.dot(k)
}

fn main() {}
