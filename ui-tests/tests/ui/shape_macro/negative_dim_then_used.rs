// A mistake inside `Shape![..]` is one error at the mistake, also where
// the shape is then used: the macro's type is rustc's error type, so the
// assignment to a tensor of another shape below adds no mismatch (it did
// when the mistake stood for the scalar shape `()`).
use tensor_core::prelude::*;

fn main() {
    let t: Tensor<f32, Shape![2, -3]> = Tensor::zeros();
    let u: Tensor<f32, Shape![2, 3]> = t;
    let _: Dim![-3] = Dim1;
    let _ = u;
}
