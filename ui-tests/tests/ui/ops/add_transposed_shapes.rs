// [2, 3] + [3, 2]: a transposed operand does not broadcast (2 vs 3, 3 vs 2).
use tensor_core::prelude::*;

fn main() {
    let a = Tensor::<f32, Shape![2, 3]>::zeros();
    let b = Tensor::<f32, Shape![3, 2]>::zeros();
    let _ = a + b;
}
