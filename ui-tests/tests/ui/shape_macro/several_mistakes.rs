// Every mistake of one invocation is reported at once, each at its token.
use tensor_core::prelude::*;

type Img = Shape![-1, 2.5, "x", 3u8, 4];

fn main() {
    let _ = <Img as Shape>::RANK;
}
