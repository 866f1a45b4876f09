// Padding two axes of a rank-1 tensor: the padding has more entries than
// the shape has axes.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<f32, Shape![4]>::zeros();
    let _ = t.pad::<Shape![1, 1]>();
}
