// The sizes of the fill form are dimensions: `-3` is rejected.
use tensor_core::prelude::*;

fn main() {
    let _t = tensor![0u8; 2, -3];
}
