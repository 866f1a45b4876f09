// A range length written by hand: `RangeLen` is sealed, so a `slice!` range
// is `Known` (computed by the macro) or `Computed` (by typenum), never a
// user's claim.
use tensor_core::layout::slice::{Bound, RangeLen};
use tensor_core::prelude::*;

struct Long;

impl<D: Dimension, B: Bound<D>, E: Bound<D>> RangeLen<D, B, E, Dim1> for Long {
    type Dim = Dim<1000>;
}

fn main() {}
