//! Copies: a strided view of `f32` written out contiguously, the work of
//! `to_tensor` (NumPy's `np.ascontiguousarray`).
//!
//! Two views, each its own group:
//!
//! * `transpose`: `t.t()` of a `[256, 256]` tensor (256 KiB);
//! * `permute`: `t.permute::<Axes![2, 0, 1]>()` of a `[64, 64, 64]` tensor
//!   (1 MiB), `out[k][i][j] = in[i][j][k]`;
//! * `flip`: `t.flip::<Axes![0]>()` of the `[256, 256]` tensor, the rows in
//!   reverse order: `to_tensor`'s row path, one `memcpy` per row (no
//!   hand-tiled contender: there is nothing to tile).
//!
//! and the same contenders in each, all writing into memory allocated
//! before timing unless said otherwise:
//!
//! * `memcpy`: `copy_from_slice` of the same bytes, no reordering: the floor
//!   and the baseline of the ratios;
//! * `ndarray`: `dst.assign(&src.view().permuted_axes(..))`;
//! * `hand_tiled_8` and `hand_tiled_16`: loops over the flat arrays in
//!   8 × 8 and 16 × 16 blocks, the axis contiguous in the input innermost on
//!   reads, the output's last axis innermost on writes;
//! * `tensor`: `*dst = src.t().to_tensor()`, the tensor returned by value
//!   and stored into a 64-byte-aligned box;
//! * `tensor_boxed`: `src.t().to_boxed_tensor()` then dropped: allocation,
//!   copy and free, what a one-off copy of a large tensor costs;
//! * `memcpy_boxed`: `Box::<[f32]>::from(src)` then dropped: allocation,
//!   `memcpy` and free, the floor of any copy into new memory and the
//!   baseline of `tensor_boxed`;
//! * `tensor_assign_line_plus_16` (transpose only): `v.assign(&src.t())`
//!   into a `ViewMut` that starts 16 bytes past a cache line, where a large
//!   box from the allocator usually starts.
//!
//! Every operand the benchmark owns has its own 64-byte-aligned allocation;
//! ndarray's arrays are where ndarray put them (their alignment is printed).

use divan::{black_box, Bencher};
use ndarray::{s, Array2, Array3};
use tensor_bench::{alignment_of, value, Aligned};
use tensor_core::view::ViewOps;
use tensor_core::{Axes, Shape, Tensor};

/// The transposed shape: 65536 `f32`, 256 KiB.
type Square = Shape![256, 256];
/// The permuted shape: 262144 `f32`, 1 MiB.
type Cube = Shape![64, 64, 64];
/// The side of [`Square`].
const N: usize = Square::DIMS[0];
/// The side of [`Cube`].
const M: usize = Cube::DIMS[0];

/// The samples each benchmark takes.
const SAMPLES: u32 = 3000;
/// The runs timed together in one sample (each run is 2 µs to 60 µs).
const SAMPLE_SIZE: u32 = 4;

/// Runs the copy benchmarks after checking every contender and printing
/// where each operand lives.
fn main() {
    check_transpose();
    check_permute();
    check_flip();
    let ops = Operands::<Square>::new();
    let (nd_src, nd_dst) = Square::ndarray();
    println!(
        "operand alignment (bytes): tensor src {}, dst {}, to_boxed_tensor {}, boxed_zeros of the cube {}, ndarray src {}, dst {}",
        alignment_of(&ops.src.0),
        alignment_of(&ops.dst.0),
        alignment_of(&*transpose_boxed(&ops.src.0)),
        alignment_of(&*Tensor::<f32, Cube>::boxed_zeros()),
        alignment_of(&nd_src.as_slice().unwrap()[0]),
        alignment_of(&nd_dst.as_slice().unwrap()[0]),
    );
    divan::main();
}

/// A shape's tensor operands, each in its own 64-byte-aligned box (and
/// also read as flat arrays).
struct Operands<S: Shape> {
    /// The source, holding [`value`]`(n)` at flat position `n`.
    src: Box<Aligned<Tensor<f32, S>>>,
    /// The destination.
    dst: Box<Aligned<Tensor<f32, S>>>,
}

impl<S: Shape> Operands<S> {
    /// Fresh operands: the source filled, the destination zero.
    fn new() -> Self {
        let src = Aligned::boxed(Tensor::from_flat_fn(value));
        Operands {
            src,
            dst: Aligned::boxed(Tensor::zeros()),
        }
    }
}

/// ndarray's operands for a shape.
trait NdArrays: Shape {
    /// The ndarray type of this rank.
    type Array;
    /// The source, holding [`value`]`(n)` at flat position `n`, and a zero
    /// destination, each allocated by ndarray.
    fn ndarray() -> (Self::Array, Self::Array);
}

impl NdArrays for Square {
    type Array = Array2<f32>;
    fn ndarray() -> (Array2<f32>, Array2<f32>) {
        let src = Array2::from_shape_fn((N, N), |(i, j)| value(i * N + j));
        (src, Array2::zeros((N, N)))
    }
}

impl NdArrays for Cube {
    type Array = Array3<f32>;
    fn ndarray() -> (Array3<f32>, Array3<f32>) {
        let src = Array3::from_shape_fn((M, M, M), |(i, j, k)| value((i * M + j) * M + k));
        (src, Array3::zeros((M, M, M)))
    }
}

/// Panics unless `got` is `expected`, naming the contender.
fn verify(name: &str, got: &[f32], expected: &[f32]) {
    assert!(got == expected, "{name} copied wrongly");
}

/// Checks every transpose contender against the definition.
fn check_transpose() {
    let mut ops = Operands::<Square>::new();
    let src = ops.src.0.as_slice();
    let expected: Vec<f32> = (0..N * N).map(|at| src[(at % N) * N + at / N]).collect();
    transpose_tensor(&ops.src.0, &mut ops.dst.0);
    verify("tensor", ops.dst.0.as_slice(), &expected);
    verify(
        "tensor_boxed",
        transpose_boxed(&ops.src.0).as_slice(),
        &expected,
    );
    transpose_hand::<8>(ops.src.0.as_slice(), ops.dst.0.as_mut_slice());
    verify("hand_tiled_8", ops.dst.0.as_slice(), &expected);
    transpose_hand::<16>(ops.src.0.as_slice(), ops.dst.0.as_mut_slice());
    verify("hand_tiled_16", ops.dst.0.as_slice(), &expected);
    let (nd_src, mut nd_dst) = Square::ndarray();
    transpose_ndarray(&nd_src, &mut nd_dst);
    verify("ndarray", nd_dst.as_slice().unwrap(), &expected);
    let mut buffer = Aligned::boxed([0.0f32; N * N + 16]);
    line_plus_16::<Square>(&mut buffer.0).assign(&ops.src.0.t());
    verify(
        "tensor_assign_line_plus_16",
        &buffer.0[4..4 + N * N],
        &expected,
    );
}

/// Checks every permute contender against the definition.
fn check_permute() {
    let mut ops = Operands::<Cube>::new();
    let src = ops.src.0.as_slice();
    let at = |k: usize, i: usize, j: usize| src[(i * M + j) * M + k];
    let expected: Vec<f32> = (0..M * M * M)
        .map(|n| at(n / (M * M), n / M % M, n % M))
        .collect();
    permute_tensor(&ops.src.0, &mut ops.dst.0);
    verify("tensor", ops.dst.0.as_slice(), &expected);
    verify(
        "tensor_boxed",
        permute_boxed(&ops.src.0).as_slice(),
        &expected,
    );
    permute_hand::<8>(ops.src.0.as_slice(), ops.dst.0.as_mut_slice());
    verify("hand_tiled_8", ops.dst.0.as_slice(), &expected);
    permute_hand::<16>(ops.src.0.as_slice(), ops.dst.0.as_mut_slice());
    verify("hand_tiled_16", ops.dst.0.as_slice(), &expected);
    let (nd_src, mut nd_dst) = Cube::ndarray();
    permute_ndarray(&nd_src, &mut nd_dst);
    verify("ndarray", nd_dst.as_slice().unwrap(), &expected);
}

/// The `[256, 256]` tensor with its rows reversed, by `to_tensor`.
#[inline(never)]
fn flip_tensor(src: &Tensor<f32, Square>, dst: &mut Tensor<f32, Square>) {
    *dst = src.flip::<Axes![0]>().to_tensor();
}

/// The `[256, 256]` tensor with its rows reversed, by `to_boxed_tensor`.
#[inline(never)]
fn flip_boxed(src: &Tensor<f32, Square>) -> Box<Tensor<f32, Square>> {
    src.flip::<Axes![0]>().to_boxed_tensor()
}

/// ndarray's row reversal into a preallocated array.
#[inline(never)]
fn flip_ndarray(src: &Array2<f32>, dst: &mut Array2<f32>) {
    dst.assign(&src.slice(s![..;-1, ..]));
}

/// Checks every flip contender against the definition.
fn check_flip() {
    let mut ops = Operands::<Square>::new();
    let src = ops.src.0.as_slice();
    let expected: Vec<f32> = (0..N * N)
        .map(|at| src[(N - 1 - at / N) * N + at % N])
        .collect();
    flip_tensor(&ops.src.0, &mut ops.dst.0);
    verify("tensor", ops.dst.0.as_slice(), &expected);
    verify("tensor_boxed", flip_boxed(&ops.src.0).as_slice(), &expected);
    let (nd_src, mut nd_dst) = Square::ndarray();
    flip_ndarray(&nd_src, &mut nd_dst);
    verify("ndarray", nd_dst.as_slice().unwrap(), &expected);
}

/// `copy_from_slice` of `src` into `dst`: the same bytes, in order.
#[inline(never)]
fn memcpy(src: &[f32], dst: &mut [f32]) {
    dst.copy_from_slice(src);
}

/// `src`'s bytes, in order, in a new allocation.
#[inline(never)]
fn memcpy_boxed(src: &[f32]) -> Box<[f32]> {
    Box::from(src)
}

/// The transpose of the `[256, 256]` tensor, by `to_tensor`.
#[inline(never)]
fn transpose_tensor(src: &Tensor<f32, Square>, dst: &mut Tensor<f32, Square>) {
    *dst = src.t().to_tensor();
}

/// The transpose of the `[256, 256]` tensor, by `to_boxed_tensor`.
#[inline(never)]
fn transpose_boxed(src: &Tensor<f32, Square>) -> Box<Tensor<f32, Square>> {
    src.t().to_boxed_tensor()
}

/// The transpose of a flat `256 × 256` array in `B × B` blocks: reads run
/// down the block's columns (contiguous in `src`), writes along its rows.
#[inline(never)]
fn transpose_hand<const B: usize>(src: &[f32], dst: &mut [f32]) {
    let (src, dst) = (&src[..N * N], &mut dst[..N * N]);
    for i0 in (0..N).step_by(B) {
        for j0 in (0..N).step_by(B) {
            for i in i0..i0 + B {
                for j in j0..j0 + B {
                    dst[i * N + j] = src[j * N + i];
                }
            }
        }
    }
}

/// ndarray's transpose into a preallocated array.
#[inline(never)]
fn transpose_ndarray(src: &Array2<f32>, dst: &mut Array2<f32>) {
    dst.assign(&src.view().permuted_axes([1, 0]));
}

/// The `(2, 0, 1)` permute of the `[64, 64, 64]` tensor, by `to_tensor`.
#[inline(never)]
fn permute_tensor(src: &Tensor<f32, Cube>, dst: &mut Tensor<f32, Cube>) {
    *dst = src.permute::<Axes![2, 0, 1]>().to_tensor();
}

/// The `(2, 0, 1)` permute of the `[64, 64, 64]` tensor, by
/// `to_boxed_tensor`.
#[inline(never)]
fn permute_boxed(src: &Tensor<f32, Cube>) -> Box<Tensor<f32, Cube>> {
    src.permute::<Axes![2, 0, 1]>().to_boxed_tensor()
}

/// `out[k][i][j] = in[i][j][k]` over flat arrays: for each `i`, the
/// `(k, j)` plane in `B × B` blocks (a transpose of the `(j, k)` plane).
#[inline(never)]
fn permute_hand<const B: usize>(src: &[f32], dst: &mut [f32]) {
    let (src, dst) = (&src[..M * M * M], &mut dst[..M * M * M]);
    for i in 0..M {
        for k0 in (0..M).step_by(B) {
            for j0 in (0..M).step_by(B) {
                for k in k0..k0 + B {
                    for j in j0..j0 + B {
                        dst[(k * M + i) * M + j] = src[(i * M + j) * M + k];
                    }
                }
            }
        }
    }
}

/// ndarray's `(2, 0, 1)` permute into a preallocated array.
#[inline(never)]
fn permute_ndarray(src: &Array3<f32>, dst: &mut Array3<f32>) {
    dst.assign(&src.view().permuted_axes([2, 0, 1]));
}

/// `t.t()` of a `[256, 256]` `f32` tensor to contiguous memory.
#[divan::bench_group(sample_count = SAMPLES, sample_size = SAMPLE_SIZE)]
mod transpose {
    use super::*;

    /// `copy_from_slice` of the 256 KiB: the baseline.
    #[divan::bench]
    fn memcpy(bencher: Bencher) {
        let mut ops = Operands::<Square>::new();
        bencher.bench_local(|| {
            super::memcpy(black_box(ops.src.0.as_slice()), ops.dst.0.as_mut_slice())
        });
    }

    /// `Box::<[f32]>::from` of the same bytes, allocated and freed in the
    /// timing: the baseline of `tensor_boxed`.
    #[divan::bench]
    fn memcpy_boxed(bencher: Bencher) {
        let ops = Operands::<Square>::new();
        bencher.bench_local(|| {
            drop(black_box(super::memcpy_boxed(black_box(
                ops.src.0.as_slice(),
            ))))
        });
    }

    /// `dst.assign(&src.view().permuted_axes([1, 0]))`.
    #[divan::bench]
    fn ndarray(bencher: Bencher) {
        let (src, mut dst) = Square::ndarray();
        bencher.bench_local(|| transpose_ndarray(black_box(&src), &mut dst));
    }

    /// Flat arrays, 8 × 8 blocks.
    #[divan::bench]
    fn hand_tiled_8(bencher: Bencher) {
        let mut ops = Operands::<Square>::new();
        bencher.bench_local(|| {
            transpose_hand::<8>(black_box(ops.src.0.as_slice()), ops.dst.0.as_mut_slice())
        });
    }

    /// Flat arrays, 16 × 16 blocks.
    #[divan::bench]
    fn hand_tiled_16(bencher: Bencher) {
        let mut ops = Operands::<Square>::new();
        bencher.bench_local(|| {
            transpose_hand::<16>(black_box(ops.src.0.as_slice()), ops.dst.0.as_mut_slice())
        });
    }

    /// `*dst = src.t().to_tensor()`.
    #[divan::bench]
    fn tensor(bencher: Bencher) {
        let mut ops = Operands::<Square>::new();
        bencher.bench_local(|| transpose_tensor(black_box(&ops.src.0), &mut ops.dst.0));
    }

    /// `src.t().to_boxed_tensor()`, allocated and freed in the timing.
    #[divan::bench]
    fn tensor_boxed(bencher: Bencher) {
        let ops = Operands::<Square>::new();
        bencher.bench_local(|| drop(black_box(transpose_boxed(black_box(&ops.src.0)))));
    }

    /// `dst.copy_from(&src.t())`: into an existing tensor, no temporary.
    #[divan::bench]
    fn tensor_copy_from(bencher: Bencher) {
        let mut ops = Operands::<Square>::new();
        bencher.bench_local(|| ops.dst.0.copy_from(&black_box(&ops.src.0).t()));
    }

    /// `dst.copy_from(&src.t())` into a `Tensor::boxed_zeros()`, aligned
    /// as the allocator aligns it (as `to_boxed_tensor`'s result is).
    #[divan::bench]
    fn tensor_copy_from_malloc(bencher: Bencher) {
        let ops = Operands::<Square>::new();
        let mut dst = Tensor::<f32, Square>::boxed_zeros();
        bencher.bench_local(|| dst.copy_from(&black_box(&ops.src.0).t()));
    }

    /// `v.assign(&src.t())` into a `ViewMut` of a buffer that starts 16
    /// bytes past a cache line, as a large box from the allocator usually
    /// does (whatever this run's boxes got: their alignment is printed).
    #[divan::bench]
    fn tensor_assign_line_plus_16(bencher: Bencher) {
        let ops = Operands::<Square>::new();
        let mut buffer = Aligned::boxed([0.0f32; N * N + 16]);
        let mut dst = line_plus_16::<Square>(&mut buffer.0);
        bencher.bench_local(|| dst.assign(&black_box(&ops.src.0).t()));
    }
}

/// A row-major `ViewMut` of shape `S` over `buffer` (64-byte aligned),
/// starting 16 bytes (4 floats) into it.
fn line_plus_16<S: tensor_core::Shape>(
    buffer: &mut [f32],
) -> tensor_core::view::ViewMut<'_, f32, tensor_core::layout::RowMajor<S>> {
    tensor_core::view::ViewMut::try_from_slice(&mut buffer[4..4 + S::SIZE]).expect("room for S")
}

/// `t.permute::<Axes![2, 0, 1]>()` of a `[64, 64, 64]` `f32` tensor to
/// contiguous memory.
#[divan::bench_group(sample_count = SAMPLES, sample_size = SAMPLE_SIZE)]
mod permute {
    use super::*;

    /// `copy_from_slice` of the 1 MiB: the baseline.
    #[divan::bench]
    fn memcpy(bencher: Bencher) {
        let mut ops = Operands::<Cube>::new();
        bencher.bench_local(|| {
            super::memcpy(black_box(ops.src.0.as_slice()), ops.dst.0.as_mut_slice())
        });
    }

    /// `Box::<[f32]>::from` of the same bytes, allocated and freed in the
    /// timing: the baseline of `tensor_boxed`.
    #[divan::bench]
    fn memcpy_boxed(bencher: Bencher) {
        let ops = Operands::<Cube>::new();
        bencher.bench_local(|| {
            drop(black_box(super::memcpy_boxed(black_box(
                ops.src.0.as_slice(),
            ))))
        });
    }

    /// `dst.assign(&src.view().permuted_axes([2, 0, 1]))`.
    #[divan::bench]
    fn ndarray(bencher: Bencher) {
        let (src, mut dst) = Cube::ndarray();
        bencher.bench_local(|| permute_ndarray(black_box(&src), &mut dst));
    }

    /// Flat arrays, 8 × 8 blocks.
    #[divan::bench]
    fn hand_tiled_8(bencher: Bencher) {
        let mut ops = Operands::<Cube>::new();
        bencher.bench_local(|| {
            permute_hand::<8>(black_box(ops.src.0.as_slice()), ops.dst.0.as_mut_slice())
        });
    }

    /// Flat arrays, 16 × 16 blocks.
    #[divan::bench]
    fn hand_tiled_16(bencher: Bencher) {
        let mut ops = Operands::<Cube>::new();
        bencher.bench_local(|| {
            permute_hand::<16>(black_box(ops.src.0.as_slice()), ops.dst.0.as_mut_slice())
        });
    }

    /// `*dst = src.permute::<Axes![2, 0, 1]>().to_tensor()`.
    #[divan::bench]
    fn tensor(bencher: Bencher) {
        let mut ops = Operands::<Cube>::new();
        bencher.bench_local(|| permute_tensor(black_box(&ops.src.0), &mut ops.dst.0));
    }

    /// `src.permute::<Axes![2, 0, 1]>().to_boxed_tensor()`, allocated and
    /// freed in the timing.
    #[divan::bench]
    fn tensor_boxed(bencher: Bencher) {
        let ops = Operands::<Cube>::new();
        bencher.bench_local(|| drop(black_box(permute_boxed(black_box(&ops.src.0)))));
    }

    /// `dst.copy_from(&src.permute::<Axes![2, 0, 1]>())`: into an existing
    /// tensor, no temporary.
    #[divan::bench]
    fn tensor_copy_from(bencher: Bencher) {
        let mut ops = Operands::<Cube>::new();
        bencher.bench_local(|| {
            ops.dst
                .0
                .copy_from(&black_box(&ops.src.0).permute::<Axes![2, 0, 1]>())
        });
    }

    /// `dst.copy_from(..)` into a `Tensor::boxed_zeros()`, aligned as the
    /// allocator aligns it (as `to_boxed_tensor`'s result is).
    #[divan::bench]
    fn tensor_copy_from_malloc(bencher: Bencher) {
        let ops = Operands::<Cube>::new();
        let mut dst = Tensor::<f32, Cube>::boxed_zeros();
        bencher.bench_local(|| dst.copy_from(&black_box(&ops.src.0).permute::<Axes![2, 0, 1]>()));
    }
}

/// `t.flip::<Axes![0]>()` of a `[256, 256]` `f32` tensor to contiguous
/// memory: rows copied whole, in reverse order.
#[divan::bench_group(sample_count = SAMPLES, sample_size = SAMPLE_SIZE)]
mod flip {
    use super::*;

    /// `copy_from_slice` of the 256 KiB: the baseline.
    #[divan::bench]
    fn memcpy(bencher: Bencher) {
        let mut ops = Operands::<Square>::new();
        bencher.bench_local(|| {
            super::memcpy(black_box(ops.src.0.as_slice()), ops.dst.0.as_mut_slice())
        });
    }

    /// `Box::<[f32]>::from` of the same bytes, allocated and freed in the
    /// timing: the baseline of `tensor_boxed`.
    #[divan::bench]
    fn memcpy_boxed(bencher: Bencher) {
        let ops = Operands::<Square>::new();
        bencher.bench_local(|| {
            drop(black_box(super::memcpy_boxed(black_box(
                ops.src.0.as_slice(),
            ))))
        });
    }

    /// `dst.assign(&src.slice(s![..;-1, ..]))`.
    #[divan::bench]
    fn ndarray(bencher: Bencher) {
        let (src, mut dst) = Square::ndarray();
        bencher.bench_local(|| flip_ndarray(black_box(&src), &mut dst));
    }

    /// `*dst = src.flip::<Axes![0]>().to_tensor()`.
    #[divan::bench]
    fn tensor(bencher: Bencher) {
        let mut ops = Operands::<Square>::new();
        bencher.bench_local(|| flip_tensor(black_box(&ops.src.0), &mut ops.dst.0));
    }

    /// `src.flip::<Axes![0]>().to_boxed_tensor()`, allocated and freed in
    /// the timing.
    #[divan::bench]
    fn tensor_boxed(bencher: Bencher) {
        let ops = Operands::<Square>::new();
        bencher.bench_local(|| drop(black_box(flip_boxed(black_box(&ops.src.0)))));
    }
}
