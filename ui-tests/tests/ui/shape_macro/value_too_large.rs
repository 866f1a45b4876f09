// 2^64 does not fit a usize.
use tensor_core::prelude::*;

type Img = Shape![2, 18446744073709551616];

fn main() {
    let _ = <Img as Shape>::RANK;
}
