// A feed-forward layer whose hidden width is `4 * D`, returning the hidden
// activations where the block's `[T, D]` output was meant: the mismatch
// names `4 * D` as `<D as Dimension>::ProductOf<Dim<4>>`, not typenum's
// arithmetic on `D`'s bits. rustc's "consider further restricting this
// bound" below it is its own, for any projection on a type parameter (as
// for `D * 4`), and not valid Rust after the attribute: documented in
// docs/generic.md, "Known gaps".
use tensor_core::prelude::*;

#[shape(T, D)]
fn feed_forward(
    x: &Tensor<f32, Shape![T, D]>,
    w1: &Tensor<f32, Shape![D, 4 * D]>,
    w2: &Tensor<f32, Shape![4 * D, D]>,
) -> Tensor<f32, Shape![T, D]> {
    let hidden = x.matmul(w1).map(|v| v.max(0.0));
    let _ = w2;
    hidden
}

fn main() {}
