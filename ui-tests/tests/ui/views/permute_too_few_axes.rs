// A rank-3 tensor permuted by two axes: the list must name all three.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<u8, Shape![2, 3, 4]>::zeros();
    let _ = t.permute::<Axes![1, 0]>();
}
