// The file holds fc1.weight, fc1.bias and fc2.weight; not fc3.weight.
use tensor_core::prelude::*;

static FC3: Tensor<f32, Shape![2, 4]> = include_tensor!("data/lenet_tiny.safetensors", "fc3.weight");

fn main() {}
