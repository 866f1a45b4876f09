// A strided convolution's output written with exact division,
// `(H - 3) / 2 + 1`, is the type `floor((H - 3) / 2) + 1` writes: `A / B`
// is named as the floor quotient, and the item's bound requires the
// division to be exact at each call (here 9 - 3 = 6 and 13 - 3 = 10). An
// item that spells `/` calls one that spells `floor` with no bound to
// restate (the other way round, the caller would have to spell `/` too).
use tensor_core::prelude::*;

#[shape(C, H, W, O)]
fn down(
    x: &Tensor<f32, Shape![C, H, W]>,
    w: &Tensor<f32, Shape![O, C, 3, 3]>,
) -> Tensor<f32, Shape![O, (H - 3) / 2 + 1, (W - 3) / 2 + 1]> {
    x.conv2d_step::<_, Shape![2, 2]>(w)
}

#[shape(C, H, W, O)]
fn down_floor(
    x: &Tensor<f32, Shape![C, H, W]>,
    w: &Tensor<f32, Shape![O, C, 3, 3]>,
) -> Tensor<f32, Shape![O, floor((H - 3) / 2) + 1, floor((W - 3) / 2) + 1]> {
    x.conv2d_step::<_, Shape![2, 2]>(w)
}

#[shape(C, H, W, O)]
fn down_exact(
    x: &Tensor<f32, Shape![C, H, W]>,
    w: &Tensor<f32, Shape![O, C, 3, 3]>,
) -> Tensor<f32, Shape![O, (H - 3) / 2 + 1, (W - 3) / 2 + 1]> {
    down_floor(x, w)
}

fn main() {
    let x = Tensor::<f32, Shape![2, 9, 13]>::ones();
    let w = Tensor::<f32, Shape![4, 2, 3, 3]>::ones();
    let y: Tensor<f32, Shape![4, 4, 6]> = down(&x, &w);
    assert_eq!(y[[3, 3, 5]], 18.0);
    assert_eq!(down_exact(&x, &w), y);
}
