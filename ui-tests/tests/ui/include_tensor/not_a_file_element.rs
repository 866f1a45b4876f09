// `usize` has no fixed size: no file holds it. Two errors, both true: the
// file holds f32, and usize is not an element type of a file.
use tensor_core::prelude::*;

static W: Tensor<usize, Shape![3, 4]> = include_tensor!("data/w3x4_f32.npy");

fn main() {}
