// `a += b` broadcasts `b` to `a`'s shape: [4] does not broadcast to [2, 3]
// (aligned from the right, 4 is neither 3 nor 1).
use tensor_core::prelude::*;

fn main() {
    let mut a = Tensor::<f32, Shape![2, 3]>::zeros();
    let b = Tensor::<f32, Shape![4]>::zeros();
    a += &b;
}
