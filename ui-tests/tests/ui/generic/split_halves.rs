// Splitting [C, H, W] into two [C / 2, H, W] halves (a GLU's chunk(2)) in
// generic code: `C / 2 + C / 2` is not the type `C`. One error, whose note
// says to write the whole as `A + B`, and no where-clause suggestion.
use tensor_core::prelude::*;

#[shape(C, H, W)]
fn halves(x: &Tensor<f32, Shape![C, H, W]>) -> (Tensor<f32, Shape![C / 2, H, W]>, Tensor<f32, Shape![C / 2, H, W]>) {
    x.split::<Axis<0>, _, _>()
}

fn main() {}
