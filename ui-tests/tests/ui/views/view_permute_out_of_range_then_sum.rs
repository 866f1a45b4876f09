// `View::permute` (on a transposed view) with an axis out of range, then
// summed: one error, at `permute`; none for `sum`.
use tensor_core::prelude::*;

fn main() {
    let x = Tensor::<f32, Shape![64, 3072]>::zeros();
    let _ = x.t().permute::<Axes![2, 0]>().sum();
}
