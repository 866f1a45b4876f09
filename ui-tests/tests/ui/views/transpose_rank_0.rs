// `.t()` swaps the last two axes; a scalar has none.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<u8, Shape![]>::zeros();
    let _ = t.t();
}
