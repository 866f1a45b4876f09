// A repeated axis in the permute of a generic tensor is one error, at the
// axis: `Axes!` then stands for rustc's error type, so the permuted view's
// `.sum()` adds none (before: a second error listing the
// `PermuteShape` impls and a third for `sum`).
use tensor_core::prelude::*;

#[shape(T, H, D)]
fn heads(x: &Tensor<f32, Shape![T, H, D]>) -> f32 {
    x.permute::<Axes![1, 1, 2]>().sum()
}

fn main() {
    let _ = heads(&Tensor::<f32, Shape![4, 2, 8]>::ones());
}
