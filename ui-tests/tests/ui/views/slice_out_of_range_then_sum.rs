// A `slice!` bound past the end of its axis, the view then summed: one
// error, at the bound (before: a second one, E0599, saying `sum` exists
// but its bounds were not satisfied, with the view's type spelled out).
use tensor_core::prelude::*;

fn main() {
    let x = Tensor::<f32, Shape![3, 32, 32]>::zeros();
    let _ = slice!(x, .., 28..40, ..).sum();
}
