// Concatenating [2, 3] and [2, 4] along axis 0: axis 1 differs.
use tensor_core::prelude::*;

fn main() {
    let a = Tensor::<f32, Shape![2, 3]>::zeros();
    let b = Tensor::<f32, Shape![2, 4]>::zeros();
    let _ = a.concat::<Axis<0>>(&b);
}
