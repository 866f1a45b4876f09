// `N` is bound to 3 by `a` and to 4 by `b`.
use tensor_core::prelude::*;

#[shape(N)]
fn dot(a: &Tensor<f32, Shape![N]>, b: &Tensor<f32, Shape![N]>) -> f32 {
    a.iter().zip(b.iter()).map(|(x, y)| x * y).sum()
}

fn main() {
    let a = tensor![1.0f32, 2.0, 3.0];
    let b = tensor![1.0f32, 2.0, 3.0, 4.0];
    let _ = dot(&a, &b);
}
