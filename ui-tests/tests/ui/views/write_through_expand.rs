// `expand` repeats elements with stride 0, so even on a mutable view it gives
// a read-only view: writing through it would alias.
use tensor_core::prelude::*;

fn main() {
    let mut t = Tensor::<u8, Shape![3]>::zeros();
    t.view_mut().expand::<Shape![2, 3]>()[[0, 0]] = 1;
}
