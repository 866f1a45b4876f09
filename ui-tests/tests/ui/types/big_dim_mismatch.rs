// Sizes outside typenum's table (here 1025 and 1027) still print in decimal.
use tensor_core::prelude::*;

fn main() {
    let a = Tensor::<u8, Shape![1025]>::zeros();
    let _b: Tensor<u8, Shape![1027]> = a;
}
