// A dimension is a size: `-3` is rejected at the literal.
use tensor_core::prelude::*;

type Img = Shape![2, -3];

fn main() {
    let _ = <Img as Shape>::RANK;
}
