// `expand` repeats elements with stride 0, so the view it gives is
// read-only: `+=` into it would add to one element several times.
use tensor_core::prelude::*;

fn main() {
    let mut t = Tensor::<f32, Shape![3]>::zeros();
    let ones = Tensor::<f32, Shape![2, 3]>::ones();
    let mut e = t.view_mut().expand::<Shape![2, 3]>();
    e += &ones;
}
