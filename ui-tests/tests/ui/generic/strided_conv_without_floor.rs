// A strided convolution's output rounds down: written `(H - 3) / 2 + 1`,
// exact division, it is another type; the note says to write `floor`.
use tensor_core::prelude::*;

#[shape(C, H, W, O)]
fn down(
    x: &Tensor<f32, Shape![C, H, W]>,
    w: &Tensor<f32, Shape![O, C, 3, 3]>,
) -> Tensor<f32, Shape![O, (H - 3) / 2 + 1, (W - 3) / 2 + 1]> {
    x.conv2d_step::<_, Shape![2, 2]>(w)
}

fn main() {}
