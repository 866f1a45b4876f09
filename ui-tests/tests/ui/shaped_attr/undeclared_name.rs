// `N` is used in the item but not declared in `#[shaped(..)]`.
use tensor_core::prelude::*;

#[shaped(M)]
fn first<T: Copy>(t: &Tensor<T, shape![M, N]>) -> T {
    t[[0, 0]]
}

fn main() {}
