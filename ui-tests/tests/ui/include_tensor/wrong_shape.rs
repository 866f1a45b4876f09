// The file holds a [3, 4] tensor; the static declares [4, 3].
use tensor_core::prelude::*;

static W: Tensor<f32, Shape![4, 3]> = include_tensor!("data/w3x4_f32.npy");

fn main() {}
