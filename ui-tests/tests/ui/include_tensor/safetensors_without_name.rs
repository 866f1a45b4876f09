// A safetensors file holds several tensors: the name is required.
use tensor_core::prelude::*;

static FC1: Tensor<f32, Shape![4, 6]> = include_tensor!("data/lenet_tiny.safetensors");

fn main() {}
