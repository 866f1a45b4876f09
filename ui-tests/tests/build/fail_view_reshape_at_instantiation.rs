// The view form: [3, 4] viewed as [3 * 3] (12 elements, not 9).
use tensor_core::prelude::*;

#[shape(M, N)]
fn first_of_square(x: &Tensor<f32, Shape![M, N]>) -> f32 {
    x.reshape::<Shape![M * M]>()[[0]]
}

fn main() {
    let _ = first_of_square(&Tensor::<f32, Shape![3, 4]>::zeros());
}
