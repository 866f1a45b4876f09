// Arithmetic never converts element types: f32 + f64 is an error, as it is
// for scalars.
use tensor_core::prelude::*;

fn main() {
    let a = Tensor::<f32, Shape![3]>::zeros();
    let b = Tensor::<f64, Shape![3]>::zeros();
    let _ = &a + &b;
}
