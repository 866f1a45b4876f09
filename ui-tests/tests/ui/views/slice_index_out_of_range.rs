// An axis of size 4 has indices 0..4; 4 is past its end.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<u8, Shape![4, 2]>::zeros();
    let _ = slice!(t, 4);
}
