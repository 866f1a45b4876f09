// On an axis of size 4, `-1..1` is `3..1`: it starts after it ends. The
// signs differ, so only the type system, knowing the size, can tell.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<u8, Shape![4]>::zeros();
    let _ = slice!(t, -1..1);
}
