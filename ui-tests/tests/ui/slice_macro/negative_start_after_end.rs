// Both bounds count from the end: -1 (the last) is after -3.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<u8, Shape![4]>::zeros();
    let _ = slice!(t, -1..-3);
}
