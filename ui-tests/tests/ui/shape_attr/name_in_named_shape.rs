// A named shape lists sizes only: `M` has no size.
use tensor_core::prelude::*;

#[shape(2, M, 4)]
struct Voxels;

fn main() {
    let _ = <Voxels as Shape>::RANK;
}
