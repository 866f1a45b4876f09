// `try_slice!` returns a `Result` for run-time entries only: its static
// mistakes are compile errors like `slice!`'s, under its own name.
use tensor_core::prelude::*;

fn main() {
    let t = Tensor::<u8, Shape![1, 1, 1, 1, 1, 1, 1, 1]>::zeros();
    let _ = try_slice!(t, .., .., .., .., .., .., .., .., ..);
    let m = Tensor::<u8, Shape![4, 5]>::zeros();
    let _ = try_slice!(m, 1..3;0);
    let i = 1;
    let _ = try_slice!(m, .., i..i + 6);
}
