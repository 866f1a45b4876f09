// `x += b` in generic code with `[M]` onto `[M, N]` (meant `[N]`): one
// error naming both shapes, with `_` where a dimension does not broadcast,
// and no where-clause suggested.
use tensor_core::prelude::*;

#[shape(M, N)]
fn bump(x: &mut Tensor<f32, Shape![M, N]>, b: &Tensor<f32, Shape![M]>) {
    *x += b;
}

fn main() {}
