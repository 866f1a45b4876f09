// A `slice!` entry written by hand: step 0 keeps 3 indices on one element,
// which a `ViewMut` would hand out as three `&mut`. `AxisSpec` is sealed.
use tensor_core::constraint::Cons;
use tensor_core::layout::slice::{AxisMap, AxisSpec};
use tensor_core::prelude::*;

struct Stuck;

impl AxisSpec<Dim<3>> for Stuck {
    type Prepend<Rest> = Cons<Dim<3>, Rest>;
    const MAP: AxisMap = AxisMap::Keep { first: 0, step: 0 };
    type Then<X> = X;
    fn then<X>(x: X) -> X {
        x
    }
}

fn main() {}
