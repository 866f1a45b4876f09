// A step is a literal (the output shape is a type); a variable is not.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<u8, Shape![4]>::zeros();
    let s = 2;
    let _ = slice!(t, ..;s);
}
