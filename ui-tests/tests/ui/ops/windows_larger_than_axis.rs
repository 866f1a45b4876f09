// A 3x3 window does not fit the 2 columns of a [5, 2] tensor.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<f32, Shape![5, 2]>::zeros();
    let _ = t.windows::<Shape![3, 3]>();
}
