// The file holds f32 elements; the static declares f64.
use tensor_core::prelude::*;

static W: Tensor<f64, Shape![3, 4]> = include_tensor!("data/w3x4_f32.npy");

fn main() {}
