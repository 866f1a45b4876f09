// `ii->i` takes a diagonal: both axes carry label `i`, so they must have
// one size; [2, 3] has two.
use tensor_core::prelude::*;

fn main() {
    let a = Tensor::<i32, Shape![2, 3]>::zeros();
    let _ = einsum!("ii->i", &a);
}
