// A shape has at most 8 axes; this one has 9.
use tensor_core::prelude::*;

type Big = Shape![1, 2, 3, 4, 5, 6, 7, 8, 9];

fn main() {
    let _ = <Big as Shape>::RANK;
}
