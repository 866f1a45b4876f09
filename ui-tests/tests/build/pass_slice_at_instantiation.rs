// The same item as `fail_slice_at_instantiation.rs`, at a size that fits.
use tensor_core::prelude::*;

#[shape(T, D)]
fn first_three(x: &Tensor<f32, Shape![T, D]>) -> Tensor<f32, Shape![3, D]> {
    slice!(x, ..3, ..).to_tensor()
}

fn main() {
    let x = Tensor::<f32, Shape![784, 4]>::from_flat_fn(|i| i as f32);
    assert_eq!(first_three(&x)[[2, 3]], 11.0);
}
