// A step of 0 would never move the window.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<f32, Shape![6, 6]>::zeros();
    let _ = t.windows_step::<Shape![2, 2], Shape![0, 2]>();
}
