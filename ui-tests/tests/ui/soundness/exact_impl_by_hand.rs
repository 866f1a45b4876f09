// `Exact` (a remainder of 0, the proof behind `DivDim`) is sealed: an impl
// for a remainder of 1 under a proof of the crate's own would make an
// inexact `DivDim<Dim<2>, Liar>` hold for `Dim<7>`.
use tensor_core::dim::arith::Exact;
// typenum, as the crate re-exports it for its macros.
use tensor_core::__private::typenum::U1;

struct Liar;

impl Exact<Liar> for U1 {}

fn main() {}
