// `pad_sides` takes as many entries before as after.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<f32, Shape![3, 4]>::zeros();
    let _ = t.pad_sides::<Shape![1, 1], Shape![1]>(0.0);
}
