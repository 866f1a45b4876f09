// `first` takes a rank-2 tensor; a rank-1 tensor is passed.
use tensor_core::prelude::*;

#[shape(M, N)]
fn first(t: &Tensor<f32, Shape![M, N]>) -> f32 {
    t[[0, 0]]
}

fn main() {
    let v = tensor![1.0, 2.0, 3.0];
    let _ = first(&v);
}
