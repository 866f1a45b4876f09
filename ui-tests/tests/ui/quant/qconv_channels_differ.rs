// assign_qconv2d: weights for 1 input channel on a 2-channel input.
use tensor_core::prelude::*;

fn main() {
    let x = Tensor::<i8, Shape![2, 5, 5]>::zeros();
    let w = Tensor::<i8, Shape![3, 1, 3, 3]>::zeros();
    let rqs = Tensor::<Requant, Shape![3]>::full(Requant::from_scale(0.5));
    let mut out = Tensor::<i8, Shape![3, 3, 3]>::zeros();
    out.assign_qconv2d(&x, 0, &w, &Tensor::zeros(), &rqs, 0, (-128, 127));
}
