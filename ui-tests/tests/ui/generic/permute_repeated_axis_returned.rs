// A repeated axis in a permute whose result is returned under a named
// shape is one error, at the axis. `Axes!` stood for the identity list
// before, and the identity's shape `[T, H, D]` then mismatched the return
// type `[H, T, D]` (a second error); the list is now rustc's error type,
// which nothing is checked against.
use tensor_core::prelude::*;

#[shape(T, H, D)]
fn heads(x: &Tensor<f32, Shape![T, H, D]>) -> Tensor<f32, Shape![H, T, D]> {
    x.permute::<Axes![1, 1, 2]>().to_tensor()
}

fn main() {
    let _ = heads(&Tensor::<f32, Shape![4, 2, 8]>::ones());
}
