// A named shape has at most 8 axes; the ninth size is reported.
use tensor_core::prelude::*;

#[shape(1, 2, 3, 4, 5, 6, 7, 8, 9)]
struct Big;

fn main() {
    let _ = <Big as Shape>::RANK;
}
