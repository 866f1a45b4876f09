// [2, 3] x [4, 5]: the left operand's columns (3) must equal the right
// operand's rows (4).
use tensor_core::prelude::*;

fn main() {
    let a = Tensor::<f32, Shape![2, 3]>::zeros();
    let b = Tensor::<f32, Shape![4, 5]>::zeros();
    let _ = a.matmul(&b);
}
