// A shape's names must be dimensions; `String` is not one.
use tensor_core::prelude::*;

fn main() {
    let _ = <Shape![2, String] as Shape>::RANK;
}
