// A dense layer whose weights are [O, I] (PyTorch's layout) multiplied
// without the transpose, its product returned: one error, at the operand,
// naming I and O; none for the return type the product would have had.
use tensor_core::prelude::*;

#[shape(I, O)]
fn dense(x: &Tensor<f32, Shape![1, I]>, w: &Tensor<f32, Shape![O, I]>) -> Tensor<f32, Shape![1, O]> {
    x.matmul(w)
}

fn main() {}
