// `FlipShape` was an empty marker anyone could implement for any axis list.
use tensor_core::constraint::FlipShape;
use tensor_core::prelude::*;

struct Far;

impl FlipShape<Far> for Shape![2, 3] {
    type Then<X> = X;
    fn then<X>(x: X) -> X {
        x
    }
}

fn main() {}
