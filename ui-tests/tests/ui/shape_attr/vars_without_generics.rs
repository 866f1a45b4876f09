// A `const` has no generics, so it cannot take dimension variables.
use tensor_core::prelude::*;

#[shape(N)]
const LEN: usize = 3;

fn main() {
    assert_eq!(LEN, 3);
}
