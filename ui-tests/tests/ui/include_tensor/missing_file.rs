// No such file: the error names the path tried.
use tensor_core::prelude::*;

static W: Tensor<f32, Shape![3, 4]> = include_tensor!("data/no_such_file.npy");

fn main() {}
