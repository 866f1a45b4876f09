// A range of 5 elements at a run-time position cannot fit an axis of 4,
// wherever it starts.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<u8, Shape![4, 4]>::zeros();
    let i = 0;
    let _ = slice!(t, .., i..i + 5);
}
