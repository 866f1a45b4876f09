// `einsum!` takes one or two operands; a chain is contracted in steps.
use tensor_core::prelude::*;

fn main() {
    let v = Tensor::<f32, Shape![3]>::zeros();
    let m = Tensor::<f32, Shape![3, 3]>::zeros();
    let _ = einsum!("i,ij,j->", &v, &m, &v);
}
