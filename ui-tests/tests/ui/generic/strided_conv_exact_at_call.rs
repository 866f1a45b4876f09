// `(H - 3) / 2 + 1` requires `H - 3` to be even: H = 8 is one error, at
// the argument, in words and decimal sizes (the quotient's type adds none).
use tensor_core::prelude::*;

#[shape(C, H, O)]
fn down(
    x: &Tensor<f32, Shape![C, H, H]>,
    w: &Tensor<f32, Shape![O, C, 3, 3]>,
) -> Tensor<f32, Shape![O, (H - 3) / 2 + 1, (H - 3) / 2 + 1]> {
    x.conv2d_step::<_, Shape![2, 2]>(w)
}

fn main() {
    let w = Tensor::<f32, Shape![4, 2, 3, 3]>::ones();
    let _ = down(&Tensor::<f32, Shape![2, 8, 8]>::ones(), &w);
}
