// A weights file whose length is not the tensor's size in bytes: 5 bytes
// for a `[2, 2]` tensor of `u16` (8 bytes) does not compile.
use tensor_core::prelude::*;

static W: Tensor<u16, Shape![2, 2]> = tensor_core::include_tensor!(u16, Shape![2, 2], "five_bytes.bin");

fn main() {
    let _ = &W;
}
