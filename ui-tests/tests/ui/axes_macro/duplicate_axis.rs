// An axis list names each axis once; the second `1` is reported.
use tensor_core::prelude::*;

type P = Axes![1, 0, 1];

fn main() {
    let _ = <P as Axes>::LEN;
}
