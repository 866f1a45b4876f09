//! A `#![no_std]` table of static tensors, without `alloc`.
//!
//! Everything here is fixed at compile time and lives in read-only memory
//! (flash, on a microcontroller): image-processing kernels written as
//! literals, a table computed by a `const fn`, and a filter that runs over a
//! static image into a tensor on the stack. The `static_table` example prints
//! them on a host; this library itself links neither `std` nor `alloc`.
//!
//! ```
//! use tensor_examples::{edge_strength, SAMPLE, SOBEL_X};
//! assert_eq!(SOBEL_X[[1, 0]], -2);
//! let edges = edge_strength(&SAMPLE);
//! assert_eq!(edges[[0, 0]], 18); // next to the square's corner
//! assert_eq!(edges[[2, 2]], 0); // inside the square
//! ```
#![no_std]

use tensor_core::prelude::*;

// A digit classifier whose weights can be `static`: the inference half of
// the `digits` example.
pub mod mlp;

// That classifier with the weights the `digits` example trained, as
// `static` data, and the held-out digits.
pub mod trained;

// A convolutional digit classifier (conv 3x3, ReLU, max pool, dense): the
// inference half of the `cnn` example.
pub mod cnn;

// That network with the weights the `cnn` example trained, as `static` data.
pub mod trained_cnn;

// The digits networks in int8 (tensor-core's quantized layers), and their
// weights as `scripts/quantize_digits.py` wrote them.
pub mod quantized;
pub mod quantized_weights;

// The training examples' random numbers.
pub mod rng;

/// A 3×3 image-filter kernel.
pub type Kernel = Tensor<i16, Shape![3, 3]>;

/// Horizontal Sobel kernel: responds to vertical edges.
pub static SOBEL_X: Kernel = tensor![[-1, 0, 1], [-2, 0, 2], [-1, 0, 1]];

/// Vertical Sobel kernel: responds to horizontal edges.
pub static SOBEL_Y: Kernel = tensor![[-1, -2, -1], [0, 0, 0], [1, 2, 1]];

/// A 3×3 Gaussian blur kernel, weights summing to 16.
pub static GAUSS: Kernel = tensor![[1, 2, 1], [2, 4, 2], [1, 2, 1]];

/// The kernels by name: a table of references to static tensors.
pub static KERNELS: [(&str, &Kernel); 3] = [
    ("sobel-x", &SOBEL_X),
    ("sobel-y", &SOBEL_Y),
    ("gauss", &GAUSS),
];

/// The multiplication table of 0..16, computed by the compiler.
pub static TIMES: Tensor<u8, Shape![16, 16]> = Tensor::from_array(times_table());

/// `[[i * j]]` for `i, j < 16`, as a `const fn` (every product fits a `u8`).
const fn times_table() -> [[u8; 16]; 16] {
    let mut table = [[0u8; 16]; 16];
    let mut i = 0;
    while i < 16 {
        let mut j = 0;
        while j < 16 {
            table[i][j] = (i * j) as u8;
            j += 1;
        }
        i += 1;
    }
    table
}

/// An 8×8 test image: a bright square on a dark background.
pub static SAMPLE: Tensor<u8, Shape![8, 8]> = tensor![
    [0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 9, 9, 9, 9, 0, 0],
    [0, 0, 9, 9, 9, 9, 0, 0],
    [0, 0, 9, 9, 9, 9, 0, 0],
    [0, 0, 9, 9, 9, 9, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0],
];

/// The response of `kernel` centred on pixel `(i + 1, j + 1)` of `image`.
#[shape(H = 8, W = 8)]
fn respond(image: &Tensor<u8, Shape![H, W]>, kernel: &Kernel, i: usize, j: usize) -> i32 {
    let mut sum = 0i32;
    for di in 0..3 {
        for dj in 0..3 {
            sum += kernel[[di, dj]] as i32 * image[[i + di, j + dj]] as i32;
        }
    }
    sum
}

/// The Sobel gradient magnitude `|gx| + |gy|` of each interior pixel of an
/// 8×8 image: a 6×6 tensor on the stack.
pub fn edge_strength(image: &Tensor<u8, Shape![8, 8]>) -> Tensor<u16, Shape![6, 6]> {
    Tensor::from_fn(|[i, j]| {
        let gx = respond(image, &SOBEL_X, i, j);
        let gy = respond(image, &SOBEL_Y, i, j);
        (gx.unsigned_abs() + gy.unsigned_abs()) as u16
    })
}
