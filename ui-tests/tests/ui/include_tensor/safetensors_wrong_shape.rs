// `fc1.weight` is [4, 6] in the file; the layer declares [4, 5].
use tensor_core::prelude::*;

static FC1: Tensor<f32, Shape![4, 5]> = include_tensor!("data/lenet_tiny.safetensors", "fc1.weight");

fn main() {}
