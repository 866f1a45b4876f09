// A rank-2 window cannot cover the single axis of a vector.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<f32, Shape![8]>::zeros();
    let _ = t.windows::<Shape![2, 2]>();
}
