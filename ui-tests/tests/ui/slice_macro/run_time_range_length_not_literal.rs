// The length of a range at a run-time position is a literal.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<u8, Shape![8]>::zeros();
    let (i, n) = (1, 3);
    let _ = slice!(t, i..i + n);
}
