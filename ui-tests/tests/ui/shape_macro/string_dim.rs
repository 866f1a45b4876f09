// A string is not a dimension, even one that spells a number.
use tensor_core::prelude::*;

type Img = Shape![2, "3"];

fn main() {
    let _ = <Img as Shape>::RANK;
}
