// A rank-2 tensor permuted by three axes: axis 2 does not exist.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<u8, Shape![2, 3]>::zeros();
    let _ = t.permute::<Axes![2, 0, 1]>();
}
