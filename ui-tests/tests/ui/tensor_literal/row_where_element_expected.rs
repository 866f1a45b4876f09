// The first row holds elements, so every row at that depth must.
use tensor_core::prelude::*;

fn main() {
    let _t = tensor![[1, 2], [3, [4, 5]]];
}
