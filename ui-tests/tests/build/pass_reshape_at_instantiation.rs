// The same items at sizes where the counts agree build and run: the check
// at instantiation passes ([4, 4] into [4 * 4]; [3, 3] viewed as [3 * 3]).
use tensor_core::prelude::*;

#[shape(M, N)]
fn flatten_square(x: Tensor<f32, Shape![M, N]>) -> Tensor<f32, Shape![M * M]> {
    x.into_reshape()
}

#[shape(M, N)]
fn last_of_square(x: &Tensor<f32, Shape![M, N]>) -> f32 {
    x.reshape::<Shape![M * M]>()[[M::VALUE * M::VALUE - 1]]
}

fn main() {
    let flat = flatten_square(Tensor::<f32, Shape![4, 4]>::from_flat_fn(|i| i as f32));
    assert_eq!(flat[[15]], 15.0);
    let x = Tensor::<f32, Shape![3, 3]>::from_flat_fn(|i| i as f32);
    assert_eq!(last_of_square(&x), 8.0);
}
