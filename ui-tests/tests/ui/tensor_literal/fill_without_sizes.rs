// The fill form needs the sizes after `;`.
use tensor_core::prelude::*;

fn main() {
    let _t: Tensor<u8, Shape![2]> = tensor![0u8; ];
}
