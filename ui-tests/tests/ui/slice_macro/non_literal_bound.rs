// Range bounds are literals (the output shape is a type); a variable is not.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<u8, Shape![4]>::zeros();
    let n = 2;
    let _ = slice!(t, 0..n);
}
