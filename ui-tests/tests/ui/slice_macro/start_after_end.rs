// Both bounds count from the start, and 3 is after 1.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<u8, Shape![4]>::zeros();
    let _ = slice!(t, 3..1);
}
