// A list of sizes names a shape, so it goes on a unit struct.
use tensor_core::prelude::*;

#[shape(2, 3)]
struct Voxels {
    scale: f32,
}

fn main() {}
