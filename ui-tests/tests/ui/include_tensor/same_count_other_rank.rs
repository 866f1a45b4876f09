// The file holds [3, 4]: 12 elements, but [12] is another shape (no silent reshape).
use tensor_core::prelude::*;

static W: Tensor<f32, Shape![12]> = include_tensor!("data/w3x4_f32.npy");

fn main() {}
