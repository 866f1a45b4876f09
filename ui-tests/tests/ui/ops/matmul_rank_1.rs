// `matmul` multiplies matrices (2 or more axes); a vector is a `dot` operand.
use tensor_core::prelude::*;

fn main() {
    let a = Tensor::<f32, Shape![3]>::zeros();
    let b = Tensor::<f32, Shape![3, 2]>::zeros();
    let _ = a.matmul(&b);
}
