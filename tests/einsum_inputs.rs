//! The inputs of the generated `einsum!` cases (`scripts/gen_einsum_cases.py`
//! computes the same ones in NumPy) and the expected values of the large
//! cases, read from `generated/einsum_large.txt`.

use tensor_core::prelude::*;

/// The element types of the cases: each holds the cases' integers exactly.
pub trait Exact: Copy {
    /// `v` as this type.
    fn exact(v: i64) -> Self;
}

macro_rules! exact {
    ($($t:ty),*) => {$(
        impl Exact for $t {
            fn exact(v: i64) -> Self {
                v as $t
            }
        }
    )*};
}

exact!(i32, i64, f32, f64);

/// Operand `seed` of a case: `(i * 7 + seed * 5) % 11 - 5` at flat
/// position `i`, as the script computes it; boxed, so that the large
/// cases' operands stay off the test thread's stack.
pub fn input<T: Exact, S: Shape>(seed: usize) -> Box<Tensor<T, S>> {
    Tensor::boxed_from_flat_fn(|i| T::exact(((i * 7 + seed * 5) % 11) as i64 - 5))
}

/// The expected values of the large case `name`.
pub fn large<T: Exact>(name: &str) -> Vec<T> {
    let text = include_str!("generated/einsum_large.txt");
    let line = text
        .lines()
        .find(|l| l.split(' ').next() == Some(name))
        .unwrap_or_else(|| panic!("no expected values for {name}"));
    line.split(' ')
        .skip(1)
        .map(|v| T::exact(v.parse().unwrap()))
        .collect()
}
