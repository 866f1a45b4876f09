// `try_slice!` with a literal bound past the end of its axis, the view
// then summed: one error, at the bound; none for `sum`.
use tensor_core::prelude::*;

fn main() {
    let x = Tensor::<f32, Shape![3, 32, 32]>::zeros();
    let _ = try_slice!(x, .., 28..40, ..).map(|v| v.sum());
}
