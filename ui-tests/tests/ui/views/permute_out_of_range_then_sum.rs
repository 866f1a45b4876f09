// A permute by an axis out of range, its view then summed: one error, at
// the permute (before: a second one, E0599, saying `sum` exists but its
// bounds were not satisfied, with the layout's type spelled out).
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<f32, Shape![3, 32, 32]>::zeros();
    let _ = t.permute::<Axes![1, 3, 0]>().sum();
}
