// One `->` separates the subscripts from the output.
use tensor_core::prelude::*;

fn main() {
    let a = Tensor::<f32, Shape![2, 3]>::zeros();
    let _ = einsum!("ij->ji->ij", &a);
}
