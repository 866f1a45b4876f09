// Tensors have at most 8 axes, so axis 8 does not exist.
use tensor_core::prelude::*;

type P = Axes![0, 8];

fn main() {
    let _ = <P as Axes>::LEN;
}
