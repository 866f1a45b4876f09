// Stacking rank-2 tensors inserts axis 0, 1 or 2; there is no axis 3.
use tensor_core::prelude::*;

fn main() {
    let a = Tensor::<f32, Shape![2, 3]>::zeros();
    let _ = [a, a].stack::<Axis<3>>();
}
