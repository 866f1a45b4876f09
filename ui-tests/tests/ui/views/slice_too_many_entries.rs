// Three entries for a rank-2 tensor.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<u8, Shape![2, 3]>::zeros();
    let _ = slice!(t, .., 0..2, 0);
}
