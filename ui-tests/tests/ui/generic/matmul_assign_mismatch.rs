// The untransposed [O, I] weights again, written into a destination the
// caller owns: one error, naming I and O, and none comparing the
// destination's shape with a product that has none.
use tensor_core::prelude::*;

#[shape(I, O)]
fn dense(x: &Tensor<f32, Shape![1, I]>, w: &Tensor<f32, Shape![O, I]>, out: &mut Tensor<f32, Shape![1, O]>) {
    out.assign_matmul(x, w);
}

fn main() {}
