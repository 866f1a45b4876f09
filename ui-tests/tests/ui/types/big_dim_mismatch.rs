// Sizes above 1024 print as their base-1024 digits: 1025 is
// `BigDim<Dim1, Dim1>` (1 * 1024 + 1), 1027 is `BigDim<Dim1, Dim<3>>`.
use tensor_core::prelude::*;

fn main() {
    let a = Tensor::<u8, Shape![1025]>::zeros();
    let _b: Tensor<u8, Shape![1027]> = a;
}
