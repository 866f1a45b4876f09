// The annotation says `f32`; the elements are `u8`.
use tensor_core::prelude::*;

fn main() {
    let _t: Tensor<f32, Shape![2]> = tensor![1u8, 2];
}
