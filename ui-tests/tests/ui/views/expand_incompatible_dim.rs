// Aligned from the right, 3 must become 4: it is neither 4 nor 1.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<u8, Shape![2, 3]>::zeros();
    let _ = t.expand::<Shape![5, 2, 4]>();
}
