// `floor` rounds a division down; it takes exactly one `a / b`.
use tensor_core::prelude::*;

type Frames = Shape![floor(784 - 4), floor(784 / 3, 2), floor(10 / 0)];

fn main() {}
