// `zip_map` broadcasts its operands as `+` does: [2, 3] and [2] do not.
use tensor_core::prelude::*;

fn main() {
    let a = Tensor::<i32, Shape![2, 3]>::zeros();
    let b = Tensor::<i32, Shape![2]>::zeros();
    let _ = a.zip_map(&b, |&x, &y| x + y);
}
