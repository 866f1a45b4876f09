// A dimension is an integer: `2.5` is rejected at the literal.
use tensor_core::prelude::*;

type Img = Shape![2.5, 3];

fn main() {
    let _ = <Img as Shape>::RANK;
}
