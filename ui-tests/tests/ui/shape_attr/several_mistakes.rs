// Every mistake of one argument list is reported at once, each at its token.
use tensor_core::prelude::*;

#[shape(M, M, H = -1, W = 2.5)]
fn first<T: Copy>(t: &Tensor<T, Shape![M, 2]>) -> T {
    t[[0, 0]]
}

fn main() {}
