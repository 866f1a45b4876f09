// A strided window larger than its axis, its view then summed: one error,
// at `windows_step`; none for `sum`.
use tensor_core::prelude::*;

fn main() {
    let x = Tensor::<f32, Shape![3, 32, 32]>::zeros();
    let _ = x.view().windows_step::<Shape![5, 33], Shape![2, 2]>().sum();
}
