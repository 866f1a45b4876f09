// In generic code, a softmax along an axis past the shape's rank is one
// error, the softmax rule's, naming the shape and the axis.
use tensor_core::prelude::*;

#[shape(T, D)]
fn normalise(x: &Tensor<f32, Shape![T, D]>) -> Tensor<f32, Shape![T, D]> {
    x.softmax::<Axis<2>>()
}

fn main() {
    let x = Tensor::<f32, Shape![16, 64]>::zeros();
    let _ = normalise(&x);
}
