// The fill form has at most 8 sizes; this one has 9.
use tensor_core::prelude::*;

fn main() {
    let _t = tensor![0u8; 1, 1, 1, 1, 1, 1, 1, 1, 1];
}
