// Tensors have at most 8 axes, so a slice has at most 8 entries.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<u8, Shape![1, 1, 1, 1, 1, 1, 1, 1]>::zeros();
    let _ = slice!(t, .., .., .., .., .., .., .., .., ..);
}
