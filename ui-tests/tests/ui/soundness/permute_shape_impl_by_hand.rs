// Issue 9, program 2: an impl of `PermuteShape` whose `Output` is larger
// than its input read and wrote past a stack tensor. `PermuteShape` is
// sealed: its axis list must be an `Axes`, which only `Axes![..]` makes.
use tensor_core::constraint::PermuteShape;
use tensor_core::prelude::*;

struct P;

impl PermuteShape<P> for Shape![2, 3] {
    type Output = Shape![4, 3];
    type Then<X> = X;
    fn then<X>(x: X) -> X {
        x
    }
}

fn main() {}
