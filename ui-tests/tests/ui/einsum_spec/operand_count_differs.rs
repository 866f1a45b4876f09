// Two subscripts, one operand.
use tensor_core::prelude::*;

fn main() {
    let a = Tensor::<f32, Shape![2, 3]>::zeros();
    let _ = einsum!("ij,jk->ik", &a);
}
