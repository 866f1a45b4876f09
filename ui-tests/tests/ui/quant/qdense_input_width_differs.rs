// A QDense 3 -> 2 given rows of 4 inputs.
use tensor_core::prelude::*;

fn main() {
    let layer = QDense::<Dim<3>, Dim<2>> {
        weights: Tensor::zeros(),
        bias: Tensor::zeros(),
        rqs: Tensor::full(Requant::from_scale(0.5)),
        input_zp: 0,
        output_zp: 0,
        clamp: (-128, 127),
    };
    let x = Tensor::<i8, Shape![1, 4]>::zeros();
    let _ = layer.forward(&x);
}
