// `...` (NumPy's broadcast ellipsis) is not supported: every axis needs a
// label.
use tensor_core::prelude::*;

fn main() {
    let a = Tensor::<f32, Shape![2, 3, 4]>::zeros();
    let _ = einsum!("...ij->...ji", &a);
}
