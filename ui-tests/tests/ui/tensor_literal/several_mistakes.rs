// Every mistake of one literal is reported at once, each at its token.
use tensor_core::prelude::*;

fn main() {
    let _t = tensor![[1, 2], [3], 4, [5, 6.0]];
}
