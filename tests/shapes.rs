use tensor_core::prelude::*;

#[shaped(2, 3, 4)]
struct Voxels;

#[test]
fn named_shape_has_strides() {
    assert_eq!(Voxels::STRIDES, [12, 4, 1]);
    let v: Tensor<f32, Voxels> = Tensor::zeros();
    assert_eq!(v.shape(), [2, 3, 4]);
}

#[test]
fn big_dims() {
    type B = shape![1000003, 2];
    assert_eq!(B::DIMS, [1000003, 2]);
    type C = shape![5000000000, 3];
    assert_eq!(C::SIZE, 15000000000);
}
