// The pool divides, but the destination is not the pooled shape: one
// error naming both shapes. A pool that does not divide is one error too,
// not a second about its destination.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<f32, Shape![4, 8]>::zeros();
    let mut out = Tensor::<f32, Shape![2, 3]>::zeros();
    out.assign_max_pool2d::<Shape![2, 2], _>(&t);
    let mut floor = Tensor::<f32, Shape![2, 2]>::zeros();
    floor.assign_avg_pool2d::<Shape![2, 3], _>(&t);
}
