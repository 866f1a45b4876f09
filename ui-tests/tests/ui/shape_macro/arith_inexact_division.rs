// A division of literals that is not exact, and one by zero.
use tensor_core::prelude::*;

type T = Shape![7 / 2, 4 / 0];

fn main() {}
