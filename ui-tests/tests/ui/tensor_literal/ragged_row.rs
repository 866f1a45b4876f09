// Every row has as many elements as the first; the short row is reported.
use tensor_core::prelude::*;

fn main() {
    let _t = tensor![[1, 2, 3], [4, 5], [6, 7, 8]];
}
