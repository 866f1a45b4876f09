// A pool takes the last two axes: a vector is one error, the pool's, and
// its result's type adds none.
use tensor_core::prelude::*;

fn main() {
    let v = tensor![1.0f32, 2.0, 3.0, 4.0];
    let m = v.max_pool2d::<Shape![1, 2]>();
    let _ = m.sum();
}
