// `Exact` (a remainder of 0, the proof behind `DivDim`) is sealed: no
// crate but tensor-core implements it. Another crate's `Exact<Liar>` for
// typenum's `U1` would make an inexact `DivDim<Dim<2>, Liar>` hold for
// `Dim<7>`; the impl below is rejected the same way (written for a type
// of its own, so that the headline names no typenum internals).
use tensor_core::dim::arith::Exact;

struct Liar;

impl Exact<Liar> for Liar {}

fn main() {}
