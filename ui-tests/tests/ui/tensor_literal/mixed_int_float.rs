// Elements share one type: a float among integers is reported.
use tensor_core::prelude::*;

fn main() {
    let _t = tensor![[1, 2], [3, 4.0]];
}
