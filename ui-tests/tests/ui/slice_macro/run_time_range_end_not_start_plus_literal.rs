// A range at a run-time position is `i..i + N`: its end must be the same
// expression as its start plus a literal, so that the length is static.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<u8, Shape![8]>::zeros();
    let (i, j) = (1, 2);
    let _ = slice!(t, i..j + 3);
}
