// Every mistake of one axis list is reported at once, each at its token.
use tensor_core::prelude::*;

type P = Axes![0, 0, 9];

fn main() {
    let _ = <P as Axes>::LEN;
}
