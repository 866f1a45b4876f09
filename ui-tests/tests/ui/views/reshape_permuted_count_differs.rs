// The permuted view is 4 x 2 x 3 = 24 elements; 5 x 5 = 25.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<u8, Shape![2, 3, 4]>::zeros();
    let _ = t.permute::<Axes![2, 0, 1]>().reshape::<Shape![5, 5]>();
}
