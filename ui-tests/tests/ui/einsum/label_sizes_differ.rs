// `ij,jk->ik` on [2, 3] and [4, 5]: label `j` is 3 in the first operand
// and 4 in the second.
use tensor_core::prelude::*;

fn main() {
    let a = Tensor::<f32, Shape![2, 3]>::zeros();
    let b = Tensor::<f32, Shape![4, 5]>::zeros();
    let _ = einsum!("ij,jk->ik", &a, &b);
}
