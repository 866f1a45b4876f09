// Axes count from 0; a negative axis is rejected.
use tensor_core::prelude::*;

type P = Axes![0, -1];

fn main() {
    let _ = <P as Axes>::LEN;
}
