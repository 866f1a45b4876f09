// Splitting along axis 0: the parts must keep the 3 columns.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<i32, Shape![5, 3]>::zeros();
    let _ = t.split::<Axis<0>, Shape![2, 3], Shape![3, 4]>();
}
