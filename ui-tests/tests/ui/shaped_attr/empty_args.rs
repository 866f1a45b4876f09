// `#[shaped()]` declares nothing.
use tensor_core::prelude::*;

#[shaped()]
fn id(t: Tensor<f32, shape![2]>) -> Tensor<f32, shape![2]> {
    t
}

fn main() {
    let _ = id(tensor![1.0, 2.0]);
}
