//! The `num-traits` feature: generic code bounded by num-traits' traits only
//! calls the tensor operations, and the primitive types keep their values.
use num_traits::{ConstOne, ConstZero};
use tensor_core::prelude::*;

/// Softmax of a vector, for any num-traits float: no tensor-core trait named.
fn softmax<T, S: Shape>(x: &Tensor<T, S>) -> Tensor<T, S>
where
    T: num_traits::Float + ConstZero + ConstOne,
{
    let m = x.max();
    let e = x.map(|&v| (v - m).exp());
    let total = e.sum();
    e.map(|&v| v / total)
}

/// A product and a sum, for any num-traits number with constant identities.
fn affine<T>(a: &Tensor<T, Shape![2, 2]>, x: &Tensor<T, Shape![2, 1]>) -> T
where
    T: num_traits::Num + ConstZero + ConstOne + Copy,
{
    let ones = Tensor::<T, Shape![2, 1]>::ones();
    (a.matmul(x) + ones).sum()
}

#[test]
fn num_traits_bounds_are_enough_for_tensor_operations() {
    let p = softmax(&tensor![1.0f64, 2.0, 3.0]);
    let want = [0.09003057317038046, 0.24472847105479767, 0.6652409557748219];
    for (g, w) in p.iter().zip(want) {
        assert!((g - w).abs() < 1e-15);
    }
    assert_eq!(affine(&tensor![[1, 2], [3, 4]], &tensor![[1], [1]]), 12);
    assert_eq!(
        affine(&tensor![[0.5f32, 0.0], [0.0, 0.5]], &tensor![[2.0], [4.0]]),
        5.0
    );
}

#[test]
fn primitive_identities_and_float_functions_are_unchanged() {
    assert_eq!(Tensor::<u8, Shape![3]>::zeros(), tensor![0, 0, 0]);
    assert_eq!(Tensor::<i64, Shape![2]>::ones(), tensor![1, 1]);
    let x = tensor![0.25f32, 4.0, 9.0];
    assert_eq!(x.sqrt(), tensor![0.5, 2.0, 3.0]);
    assert_eq!(tensor![2.0f64].powi(-2)[[0]], 0.25);
    assert!((tensor![0.0f32].sigmoid()[[0]] - 0.5).abs() < 1e-7);
}
