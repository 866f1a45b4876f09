// A dimension written where a shape goes: `Dim![3072]` is one size, the
// vector's shape is `Shape![3072]`.
use tensor_core::prelude::*;

fn norm(x: &Tensor<f32, Dim![3072]>) -> f32 {
    x.iter().map(|v| v * v).sum()
}

fn main() {}
