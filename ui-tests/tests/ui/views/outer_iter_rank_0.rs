// `outer_iter` walks axis 0; a scalar has no axis 0.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<u8, Shape![]>::zeros();
    for _ in t.outer_iter() {}
}
