// NumPy broadcasting aligns shapes from the right: [2, 3] + [4] pairs 3 with
// 4, which are neither equal nor 1.
use tensor_core::prelude::*;

fn main() {
    let a = Tensor::<f32, Shape![2, 3]>::zeros();
    let b = Tensor::<f32, Shape![4]>::zeros();
    let _ = &a + &b;
}
