// Weights written [C, O, KH, KW] (the order of a transposed convolution)
// instead of [O, C, KH, KW]: one error naming both shapes, without a
// suggestion to restate the rule as a where-clause, and none for the
// output the convolution would have had.
use tensor_core::prelude::*;

#[shape(C, H, W, O)]
fn layer(
    x: &Tensor<f32, Shape![C, H, W]>,
    w: &Tensor<f32, Shape![C, O, 3, 3]>,
) -> Tensor<f32, Shape![O, H - 3 + 1, W - 3 + 1]> {
    x.conv2d(w)
}

fn main() {}
