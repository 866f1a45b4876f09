// Padding more axes than the shape has, the padded view then summed: one
// error, at `pad` (before: a second one, E0599, for `sum`).
use tensor_core::prelude::*;

fn main() {
    let x = Tensor::<f32, Shape![28, 28]>::zeros();
    let _ = x.pad::<Shape![1, 1, 1]>().sum();
}
