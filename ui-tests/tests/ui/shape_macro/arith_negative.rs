// A difference of literals that is negative.
use tensor_core::prelude::*;

type T = Shape![4, 2 - 3];

fn main() {}
