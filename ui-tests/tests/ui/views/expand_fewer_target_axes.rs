// Broadcasting never removes axes: a rank-3 shape cannot become rank 2.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<u8, Shape![1, 2, 3]>::zeros();
    let _ = t.expand::<Shape![2, 3]>();
}
