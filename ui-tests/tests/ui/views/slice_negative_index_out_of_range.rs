// An axis of size 4 has negative indices -4..=-1; -5 is before its start.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<u8, Shape![4, 2]>::zeros();
    let _ = slice!(t, -5);
}
