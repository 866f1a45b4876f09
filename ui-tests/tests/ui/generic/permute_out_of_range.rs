// In generic code, a permute that names an axis the shape does not have:
// one error, naming the axis and the shape, and none for the methods
// called on the result (`to_tensor`) or for the returned type.
use tensor_core::prelude::*;

#[shape(T, H, D)]
fn heads_first(x: &Tensor<f32, Shape![T, H, D]>) -> Tensor<f32, Shape![H, T, D]> {
    x.permute::<Axes![1, 0, 3]>().to_tensor()
}

fn main() {
    let _ = heads_first(&Tensor::<f32, Shape![16, 4, 8]>::zeros());
}
