// `N` is used in the item but not declared in `#[shape(..)]`.
use tensor_core::prelude::*;

#[shape(M)]
fn first<T: Copy>(t: &Tensor<T, Shape![M, N]>) -> T {
    t[[0, 0]]
}

fn main() {}
