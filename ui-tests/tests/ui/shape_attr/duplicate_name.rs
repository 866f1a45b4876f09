// A name is declared once; the second `M` is reported.
use tensor_core::prelude::*;

#[shape(M, N, M)]
fn first<T: Copy>(t: &Tensor<T, Shape![M, N]>) -> T {
    t[[0, 0]]
}

fn main() {
    let t = tensor![[1, 2], [3, 4]];
    assert_eq!(first(&t), 1);
}
