// A flip along an axis out of range, of a mutable view, then reshaped:
// one error, at the flip (before: a second one, E0599, for `reshape`).
use tensor_core::prelude::*;

fn main() {
    let mut t = Tensor::<f32, Shape![28, 28]>::zeros();
    let _ = t.view_mut().flip::<Axes![2]>().reshape::<Shape![784]>();
}
