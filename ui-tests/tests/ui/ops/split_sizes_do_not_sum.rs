// Rows 2 + 2 are not the 5 rows of the tensor being split.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<i32, Shape![5, 3]>::zeros();
    let _ = t.split::<Axis<0>, Shape![2, 3], Shape![2, 3]>();
}
