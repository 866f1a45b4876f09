// Attention scores with a transposed view: the batch label `b` is 2 in
// the queries and 3 in the keys' view.
use tensor_core::prelude::*;

fn main() {
    let q = Tensor::<f32, Shape![2, 4, 8]>::zeros();
    let k = Tensor::<f32, Shape![8, 5, 3]>::zeros();
    let _ = einsum!("bqd,bkd->bqk", &q, k.permute::<Axes![2, 1, 0]>());
}
