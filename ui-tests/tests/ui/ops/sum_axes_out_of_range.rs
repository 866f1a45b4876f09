// A rank-3 tensor has axes 0, 1 and 2; there is no axis 3 to reduce.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<f32, Shape![2, 3, 4]>::zeros();
    let _ = t.sum_axes::<Axes![3]>();
}
