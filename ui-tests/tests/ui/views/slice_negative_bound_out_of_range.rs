// An axis of size 4 has negative bounds down to -4; -5 is before its start.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<u8, Shape![4]>::zeros();
    let _ = slice!(t, -5..);
}
