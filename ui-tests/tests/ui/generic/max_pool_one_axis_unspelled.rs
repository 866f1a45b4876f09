// A generic pool whose width is a literal (28) and whose height is a
// variable: the height's division is not known exact, the width's is.
// One error, with no where-clause suggestion (the unknown half of the
// proof parameter, `_`, marks the height's division).
use tensor_core::prelude::*;

#[shape(C, H)]
fn pooled_sum(x: &Tensor<f32, Shape![C, H, 28]>) -> f32 {
    x.max_pool2d::<Shape![2, 2]>().sum()
}

fn main() {}
