// A rank-2 tensor has axes 0 and 1; softmax along axis 2 does not exist.
use tensor_core::prelude::*;

fn main() {
    let logits = Tensor::<f32, Shape![4, 10]>::zeros();
    let _ = logits.softmax::<Axis<2>>();
}
