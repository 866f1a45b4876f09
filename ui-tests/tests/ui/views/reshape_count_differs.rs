// 2 x 3 = 6 elements cannot be viewed as 4 x 2 = 8.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<u8, Shape![2, 3]>::zeros();
    let _ = t.reshape::<Shape![4, 2]>();
}
