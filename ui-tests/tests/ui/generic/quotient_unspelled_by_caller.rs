// A generic caller of a `#[shape]` function that halves `H` and `W`
// (`Shape![C, H / 2, W / 2]`) without writing `H / 2` and `W / 2` in a
// shape of its own: the callee's exactness bounds are not known for the
// caller's `H` and `W`, one error per division (the quotients themselves
// are types for every size, so they add none). The fix is a `let`
// annotation in the caller, `Shape![C, H / 2, W / 2]`, not the where-clause
// rustc proposes; docs/generic.md, "Known gaps".
use tensor_core::prelude::*;

#[shape(C, H, W)]
fn down(x: &Tensor<f32, Shape![C, H, W]>) -> Tensor<f32, Shape![C, H / 2, W / 2]> {
    x.max_pool2d::<Shape![2, 2]>()
}

#[shape(C, H, W)]
fn block(x: &Tensor<f32, Shape![C, H, W]>) -> f32 {
    down(x).sum()
}

fn main() {}
