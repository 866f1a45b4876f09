// The output names `k`, which no operand's subscript has.
use tensor_core::prelude::*;

fn main() {
    let a = Tensor::<f32, Shape![2, 3]>::zeros();
    let _ = einsum!("ij->ik", &a);
}
