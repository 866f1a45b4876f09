// [2, 3, 4] x [5, 4, 2]: the matrices agree (3x4 by 4x2), but the batch
// axes 2 and 5 do not broadcast.
use tensor_core::prelude::*;

fn main() {
    let a = Tensor::<f32, Shape![2, 3, 4]>::zeros();
    let b = Tensor::<f32, Shape![5, 4, 2]>::zeros();
    let _ = a.matmul(&b);
}
