// Axes are integer literals, not names or expressions.
use tensor_core::prelude::*;

type P = Axes![0, N];

fn main() {
    let _ = <P as Axes>::LEN;
}
