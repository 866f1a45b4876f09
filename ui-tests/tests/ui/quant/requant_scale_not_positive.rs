// A requantization scale of 0 or below, in a constant: a compile error
// with Requant::from_scale's message, not a wrong multiplier.
use tensor_core::prelude::*;

const RQ: Requant = Requant::from_scale(-0.5);

fn main() {
    let _ = RQ;
}
