// A named shape is a type alias of a shape, so it cannot derive.
use tensor_core::prelude::*;

#[shape(2, 3, 4)]
#[derive(Debug, Clone)]
struct Voxels;

fn main() {
    let _ = <Voxels as Shape>::RANK;
}
