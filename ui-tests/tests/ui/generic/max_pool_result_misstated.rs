// A generic max pool whose result is stated as the input's shape (the
// pool halves H and W): one error, the pool's, which says to write the
// pooled shape in the item. Before, the pool's error came with a
// suggestion to restate the rule as a where-clause, and a second error,
// a mismatch between the stated and the pooled shape.
use tensor_core::prelude::*;

#[shape(C, H, W)]
fn pool(x: &Tensor<f32, Shape![C, H, W]>) -> Tensor<f32, Shape![C, H, W]> {
    x.max_pool2d::<Shape![2, 2]>()
}

fn main() {}
