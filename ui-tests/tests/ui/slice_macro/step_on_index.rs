// An index drops its axis, so there is nothing to step over.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<u8, Shape![4, 2]>::zeros();
    let _ = slice!(t, 1;2);
}
