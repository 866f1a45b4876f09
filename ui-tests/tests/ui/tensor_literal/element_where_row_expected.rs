// The first entry is a row, so every entry at that depth must be one.
use tensor_core::prelude::*;

fn main() {
    let _t = tensor![[1, 2], 3, [5, 6]];
}
