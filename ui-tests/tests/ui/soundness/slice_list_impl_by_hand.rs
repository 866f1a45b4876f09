// A whole `slice!` spec written by hand, with its own output shape and axis
// maps. `SliceList` is sealed: a spec is a list of `slice!`'s own entries.
use tensor_core::constraint::{Cons, Nil};
use tensor_core::layout::slice::{AxisMap, SliceList};
use tensor_core::layout::MAX_RANK;
use tensor_core::prelude::*;

struct Spec;

impl SliceList<Spec> for Cons<Dim<2>, Nil> {
    type Out = Cons<Dim<1000>, Nil>;
    const MAP: [AxisMap; MAX_RANK] = [AxisMap::Keep { first: 0, step: 1 }; MAX_RANK];
    type Then<X> = X;
    fn then<X>(x: X) -> X {
        x
    }
}

fn main() {}
