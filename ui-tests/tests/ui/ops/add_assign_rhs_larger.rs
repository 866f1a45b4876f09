// `a += b` cannot grow `a`: [3] + [2, 3] broadcasts to [2, 3], which is not
// `a`'s shape.
use tensor_core::prelude::*;

fn main() {
    let mut a = Tensor::<f32, Shape![3]>::zeros();
    let b = Tensor::<f32, Shape![2, 3]>::zeros();
    a += &b;
}
