//! The static-table demos of `tensor_examples` (`examples/embedded.rs`),
//! checked against plain-array computations: kernels written as literals,
//! a table computed by a `const fn`, and a Sobel filter over a static image.
//!
//! ```
//! assert_eq!(tensor_firmware::demos::check(), Ok(()));
//! ```

use tensor_core::prelude::*;
use tensor_examples::{edge_strength, GAUSS, KERNELS, SAMPLE, SOBEL_X, SOBEL_Y, TIMES};

/// Which demo disagreed with its plain-array check.
pub type Failure = &'static str;

/// Checks every demo; the first failure's name otherwise.
pub fn check() -> Result<(), Failure> {
    check_kernels()?;
    check_times()?;
    check_edges()
}

/// The kernel table holds the three kernels, Sobel weights summing to 0 and
/// the Gaussian's to 16.
fn check_kernels() -> Result<(), Failure> {
    let sums = KERNELS.map(|(_, k)| k.iter().map(|&w| i32::from(w)).sum::<i32>());
    let names = KERNELS.map(|(name, _)| name);
    let ok = sums == [0, 0, 16]
        && names == ["sobel-x", "sobel-y", "gauss"]
        && SOBEL_Y == SOBEL_X.t().to_tensor()
        && GAUSS[[1, 1]] == 4;
    ok.then_some(()).ok_or("kernels")
}

/// The const-computed multiplication table.
fn check_times() -> Result<(), Failure> {
    let ok = (0..16).all(|i| (0..16).all(|j| usize::from(TIMES[[i, j]]) == i * j));
    ok.then_some(()).ok_or("times table")
}

/// `edge_strength` of the sample image against the same filter on plain
/// arrays.
fn check_edges() -> Result<(), Failure> {
    let image: [[i32; 8]; 8] =
        core::array::from_fn(|i| core::array::from_fn(|j| i32::from(SAMPLE[[i, j]])));
    let sx = [[-1, 0, 1], [-2, 0, 2], [-1, 0, 1]];
    let sy = [[-1, -2, -1], [0, 0, 0], [1, 2, 1]];
    let response = |k: &[[i32; 3]; 3], i: usize, j: usize| -> i32 {
        (0..3)
            .flat_map(|a| (0..3).map(move |b| (a, b)))
            .map(|(a, b)| k[a][b] * image[i + a][j + b])
            .sum()
    };
    let edges = edge_strength(&SAMPLE);
    let ok = (0..6).all(|i| {
        (0..6).all(|j| {
            let want = response(&sx, i, j).unsigned_abs() + response(&sy, i, j).unsigned_abs();
            u32::from(edges[[i, j]]) == want
        })
    });
    ok.then_some(()).ok_or("edge strength")
}
