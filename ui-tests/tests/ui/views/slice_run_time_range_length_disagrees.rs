// `i..i + 3` has the static length 3: annotating it as 2 is a mismatch.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<u8, Shape![8]>::zeros();
    let i = 2;
    let _w: View<'_, u8, _> = slice!(t, i..i + 3);
    let _t: Tensor<u8, Shape![2]> = slice!(t, i..i + 3).to_tensor();
}
