// `.t()` swaps the last two axes; a vector has one.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<u8, Shape![3]>::zeros();
    let _ = t.t();
}
