// A rank-2 tensor has axes 0 and 1; there is no axis 2 to take the argmax over.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<f32, Shape![2, 3]>::zeros();
    let _ = t.argmax_axes::<Axes![2]>();
}
