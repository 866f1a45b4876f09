// A window larger than its axis, its view then summed: one error, at
// `windows` (before: a second one, E0599, for `sum`).
use tensor_core::prelude::*;

fn main() {
    let x = Tensor::<f32, Shape![3, 32, 32]>::zeros();
    let _ = x.view().windows::<Shape![5, 33]>().sum();
}
