// A rank-2 tensor has axes 0 and 1; axis 2 is out of range.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<u8, Shape![2, 3]>::zeros();
    let _ = t.permute::<Axes![0, 2]>();
}
