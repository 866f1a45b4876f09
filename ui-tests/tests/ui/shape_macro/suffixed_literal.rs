// Dimensions are `usize`: a `u8` suffix is rejected.
use tensor_core::prelude::*;

type Img = Shape![3u8, 4];

fn main() {
    let _ = <Img as Shape>::RANK;
}
