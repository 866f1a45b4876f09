// `dot` takes two vectors of one length: 3 and 4 differ.
use tensor_core::prelude::*;

fn main() {
    let a = Tensor::<f32, Shape![3]>::zeros();
    let b = Tensor::<f32, Shape![4]>::zeros();
    let _ = a.dot(&b);
}
