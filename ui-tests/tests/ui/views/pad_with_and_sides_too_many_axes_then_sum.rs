// `pad_with` and `pad_sides` over more axes than the shape has, each
// padded view then summed: one error each, at the padding call; none for
// `sum`.
use tensor_core::prelude::*;

fn main() {
    let x = Tensor::<f32, Shape![28, 28]>::zeros();
    let _ = x.pad_with::<Shape![1, 1, 1]>(0.5).sum();
    let _ = x.view().pad_sides::<Shape![1, 0, 1], Shape![0, 1, 1]>(0.0).sum();
}
