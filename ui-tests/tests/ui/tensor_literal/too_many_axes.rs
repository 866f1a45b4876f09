// A tensor has at most 8 axes; this literal nests 9 deep.
use tensor_core::prelude::*;

fn main() {
    let _t = tensor![[[[[[[[[1]]]]]]]]];
}
