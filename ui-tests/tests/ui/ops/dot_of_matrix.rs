// `dot` is for vectors; matrices multiply with `matmul`.
use tensor_core::prelude::*;

fn main() {
    let a = Tensor::<f32, Shape![2, 3]>::zeros();
    let b = Tensor::<f32, Shape![3]>::zeros();
    let _ = a.dot(&b);
}
