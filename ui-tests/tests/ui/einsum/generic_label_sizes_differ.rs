// In a generic function the contracted label must carry one dimension
// variable: `j` is `K` in the first operand and `N` in the second, which
// may differ.
use tensor_core::prelude::*;

#[shape(M, K, N, P)]
fn product(a: &Tensor<f32, Shape![M, K]>, b: &Tensor<f32, Shape![N, P]>) -> Tensor<f32, Shape![M, P]> {
    einsum!("ij,jk->ik", a, b)
}

fn main() {}
