// `usize` has a different size on each target, so a weights file cannot say
// how to read it: `include_tensor!` rejects it.
use tensor_core::prelude::*;

static W: Tensor<usize, Shape![1]> = tensor_core::include_tensor!(usize, Shape![1], "eight_bytes.bin");

fn main() {
    let _ = &W;
}
