// Elements share one type: `2i32` disagrees with `1u8`.
use tensor_core::prelude::*;

fn main() {
    let _t = tensor![1u8, 2i32, 3];
}
