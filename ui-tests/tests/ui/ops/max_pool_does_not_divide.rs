// 2x2 pools do not tile the 7 columns of a [4, 7] tensor.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<f32, Shape![4, 7]>::zeros();
    let _ = t.max_pool2d::<Shape![2, 2]>();
}
