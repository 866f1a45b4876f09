// Labels are ASCII letters.
use tensor_core::prelude::*;

fn main() {
    let a = Tensor::<f32, Shape![2, 3]>::zeros();
    let _ = einsum!("i1->i", &a);
}
