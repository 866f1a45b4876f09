// The subscript `bij` names 3 axes; the second operand has 2. One error,
// not one per label.
use tensor_core::prelude::*;

fn main() {
    let a = Tensor::<f32, Shape![2, 3, 4]>::zeros();
    let b = Tensor::<f32, Shape![4, 5]>::zeros();
    let _ = einsum!("bij,bjk->bik", &a, &b);
}
