// A list of sizes names a shape; a function is not a shape.
use tensor_core::prelude::*;

#[shape(2, 3)]
fn voxels() {}

fn main() {
    voxels();
}
