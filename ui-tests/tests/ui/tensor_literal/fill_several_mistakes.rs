// Every mistake in the sizes of the fill form is reported at once.
use tensor_core::prelude::*;

fn main() {
    let _t = tensor![0u8; -2, 2.5, 3];
}
