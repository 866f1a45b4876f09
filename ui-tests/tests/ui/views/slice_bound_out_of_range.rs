// An axis of size 4 has bounds 0..=4; the end 5 is past it.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<u8, Shape![4]>::zeros();
    let _ = slice!(t, 1..5);
}
