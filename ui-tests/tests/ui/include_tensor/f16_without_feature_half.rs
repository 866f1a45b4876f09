// An f16 file needs tensor-core's feature `half` (off in this crate).
use tensor_core::prelude::*;

const W: () = {
    let _ = include_tensor!("data/w2x3_f16.npy");
};

fn main() {}
