// A generic caller of a generic flatten that never names [C * H * W]: the
// fact that [C, H, W] reshapes into it is not known here; the error says how
// to state it.
use tensor_core::prelude::*;

#[shape(C, H, W)]
fn flatten(x: Tensor<f32, Shape![C, H, W]>) -> Tensor<f32, Shape![C * H * W]> {
    x.into_reshape()
}

#[shape(C, H, W)]
fn first(x: Tensor<f32, Shape![C, H, W]>) -> f32 {
    flatten(x)[[0]]
}

fn main() {}
