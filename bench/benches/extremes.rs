//! `max()` and `max_axes` of `f32`, in one run against a hand-written loop
//! over flat arrays (the baseline of every group) and ndarray:
//!
//! * `max_all`: `x.max()` of a `[256, 256]` tensor (256 KiB);
//! * `max_lenet`: `x.max()` of `[3, 32, 32]` (a CIFAR image, 12 KiB);
//! * `max_axis1`: `*out = x.max_axes::<Axes![1]>()` of `[256, 256]`, the
//!   maximum of each contiguous row (a softmax's first pass);
//! * `max_axis0`: `*out = x.max_axes::<Axes![0]>()`, the maximum of each
//!   column (whole rows combined);
//! * `softmax_axis1`: `out.assign_softmax::<Axis<1>, _>(&x)` of
//!   `[256, 256]` (attention scores), whose first pass is the row maxima,
//!   against a hand loop (row maximum, `exp` of the shifted row and its
//!   sum, division by the sum), equal to within 1e-5 relative (the sums are added in another order);
//! * `log_softmax_axis1`: `out.assign_log_softmax::<Axis<1>, _>(&x)` of
//!   `[256, 256]` (a classifier's loss), against a hand loop (row maximum,
//!   sum of the shifted `exp`, one `ln` per row, `(x - max) - ln(sum)`),
//!   equal to within 1e-5 relative.
//!
//! The hand loops and ndarray fold with `f32::max`, which LLVM vectorises;
//! `f32::max` skips a NaN where ours returns it, which cannot matter here:
//! the inputs are NaN-free and every element distinct (`element`), so
//! every contender returns the same values (checked before timing).

use divan::{black_box, Bencher};
use ndarray::{Array1, Array2, ArrayView1, Axis};
use tensor_bench::{alignment_of, Aligned};
use tensor_core::prelude::*;

/// The shape of the `[256, 256]` groups: 65536 `f32`.
type Square = Shape![256, 256];
/// A CIFAR image: 3072 `f32`.
type Image = Shape![3, 32, 32];
/// The result of the reductions of [`Square`] over one axis.
type Line = Shape![256];
/// The side of [`Square`].
const N: usize = Square::DIMS[0];
/// The elements of [`Image`].
const IMAGE: usize = Image::SIZE;

/// The samples each benchmark takes.
const SAMPLES: u32 = 2000;

/// The element at flat position `i`: distinct for the first 65536 (40503
/// is odd, so `i ↦ 40503 i mod 65536` is a permutation), so that the
/// maximum is one element at a position that is not the first.
fn element(i: usize) -> f32 {
    ((i * 40503) % 65536) as f32 / 256.0 - 128.0
}

/// A boxed, 64-byte-aligned tensor holding [`element`]`(n)` at flat `n`.
fn tensor<Sh: Shape>() -> Box<Aligned<Tensor<f32, Sh>>> {
    Aligned::boxed(Tensor::from_flat_fn(element))
}

/// A boxed, 64-byte-aligned tensor of zeros, an output.
fn zeros<Sh: Shape>() -> Box<Aligned<Tensor<f32, Sh>>> {
    Aligned::boxed(Tensor::zeros())
}

/// A boxed, 64-byte-aligned array holding [`element`]`(n)` at `n`.
fn flat<const LEN: usize>() -> Box<Aligned<[f32; LEN]>> {
    Aligned::boxed(core::array::from_fn(element))
}

/// The largest of `xs`, by `f32::max`.
#[inline(always)]
fn fold_max(xs: &[f32]) -> f32 {
    xs.iter().fold(f32::NEG_INFINITY, |m, &x| m.max(x))
}

/// The largest of a flat array.
#[inline(never)]
fn all_hand(a: &[f32]) -> f32 {
    fold_max(a)
}

/// Row maxima of a flat `[256, 256]`.
#[inline(never)]
fn rows_hand(a: &[f32], out: &mut [f32]) {
    for (o, row) in out[..N].iter_mut().zip(a[..N * N].chunks_exact(N)) {
        *o = fold_max(row);
    }
}

/// Column maxima of a flat `[256, 256]`: the first row copied, every other
/// row combined into it.
#[inline(never)]
fn columns_hand(a: &[f32], out: &mut [f32]) {
    let (a, out) = (&a[..N * N], &mut out[..N]);
    out.copy_from_slice(&a[..N]);
    for row in a[N..].chunks_exact(N) {
        for (o, &x) in out.iter_mut().zip(row) {
            *o = o.max(x);
        }
    }
}

/// `exp(x - max)` of `row` into `o`; returns the maximum and the sum.
#[inline(always)]
fn exp_shifted_row(row: &[f32], o: &mut [f32]) -> (f32, f32) {
    let m = fold_max(row);
    for (y, &x) in o.iter_mut().zip(row) {
        *y = (x - m).exp();
    }
    (m, o.iter().sum())
}

/// Softmax of each row of a flat `[256, 256]`.
#[inline(never)]
fn softmax_hand(a: &[f32], out: &mut [f32]) {
    for (row, o) in a[..N * N]
        .chunks_exact(N)
        .zip(out[..N * N].chunks_exact_mut(N))
    {
        let (_, total) = exp_shifted_row(row, o);
        for y in o.iter_mut() {
            *y /= total;
        }
    }
}

/// The hand-written log-softmax along rows: `(x - max) - ln(sum)`, the
/// sum of `exp(x - max)`, one `ln` per row.
#[inline(never)]
fn log_softmax_hand(a: &[f32], out: &mut [f32]) {
    for (row, o) in a[..N * N]
        .chunks_exact(N)
        .zip(out[..N * N].chunks_exact_mut(N))
    {
        let (m, total) = exp_shifted_row(row, o);
        let ln_sum = total.ln();
        for (y, &x) in o.iter_mut().zip(row) {
            *y = (x - m) - ln_sum;
        }
    }
}

/// `out.assign_log_softmax::<Axis<1>, _>(&x)`.
#[inline(never)]
fn log_softmax_tensor(x: &Tensor<f32, Square>, out: &mut Tensor<f32, Square>) {
    out.assign_log_softmax::<tensor_core::Axis<1>, _>(x);
}

/// `out.assign_softmax::<Axis<1>, _>(&x)`.
#[inline(never)]
fn softmax_tensor(x: &Tensor<f32, Square>, out: &mut Tensor<f32, Square>) {
    out.assign_softmax::<tensor_core::Axis<1>, _>(x);
}

/// `x.max()`.
#[inline(never)]
fn all_tensor<Sh: Shape>(x: &Tensor<f32, Sh>) -> f32 {
    x.max()
}

/// `*out = x.max_axes::<Axes![1]>()`.
#[inline(never)]
fn rows_tensor(x: &Tensor<f32, Square>, out: &mut Tensor<f32, Line>) {
    *out = x.max_axes::<Axes![1]>();
}

/// `*out = x.max_axes::<Axes![0]>()`.
#[inline(never)]
fn columns_tensor(x: &Tensor<f32, Square>, out: &mut Tensor<f32, Line>) {
    *out = x.max_axes::<Axes![0]>();
}

/// ndarray's `fold` by `f32::max`.
#[inline(never)]
fn all_ndarray(a: &ndarray::ArrayD<f32>) -> f32 {
    a.fold(f32::NEG_INFINITY, |m, &x| m.max(x))
}

/// ndarray's row maxima: `map_axis` of a row fold, a fresh array.
#[inline(never)]
fn rows_ndarray(a: &Array2<f32>) -> Array1<f32> {
    a.map_axis(Axis(1), |row: ArrayView1<f32>| {
        row.fold(f32::NEG_INFINITY, |m, &x| m.max(x))
    })
}

/// ndarray's column maxima: `fold_axis` over axis 0, a fresh array.
#[inline(never)]
fn columns_ndarray(a: &Array2<f32>) -> Array1<f32> {
    a.fold_axis(Axis(0), f32::NEG_INFINITY, |&m, &x| m.max(x))
}

/// ndarray's array of `shape` holding [`element`]`(n)` at flat `n`.
fn nd(shape: &[usize]) -> ndarray::ArrayD<f32> {
    let len = shape.iter().product();
    ndarray::ArrayD::from_shape_vec(shape, (0..len).map(element).collect()).unwrap()
}

/// ndarray's `[256, 256]` array.
fn nd2() -> Array2<f32> {
    nd(&[N, N]).into_dimensionality().unwrap()
}

/// Checks every contender against the hand-written loops.
fn check() {
    let (a, img) = (flat::<{ N * N }>(), flat::<IMAGE>());
    let want = all_hand(&a.0);
    assert_eq!(all_tensor(&tensor::<Square>().0), want, "tensor max");
    assert_eq!(all_ndarray(&nd(&[N, N])), want, "ndarray max");
    let want = all_hand(&img.0);
    assert_eq!(all_tensor(&tensor::<Image>().0), want, "tensor max, image");
    assert_eq!(all_ndarray(&nd(&[3, 32, 32])), want, "ndarray max, image");
    let (mut rows, mut columns) = ([0.0; N], [0.0; N]);
    rows_hand(&a.0, &mut rows);
    columns_hand(&a.0, &mut columns);
    let (t, mut out) = (tensor::<Square>(), zeros::<Line>());
    rows_tensor(&t.0, &mut out.0);
    assert_eq!(out.0.as_slice(), &rows, "tensor row maxima");
    columns_tensor(&t.0, &mut out.0);
    assert_eq!(out.0.as_slice(), &columns, "tensor column maxima");
    assert_eq!(
        rows_ndarray(&nd2()).as_slice().unwrap(),
        &rows,
        "ndarray rows"
    );
    let got = columns_ndarray(&nd2());
    assert_eq!(got.as_slice().unwrap(), &columns, "ndarray columns");
    let (mut want, mut got) = (flat::<{ N * N }>(), zeros::<Square>());
    let close = |what: &str, got: &[f32], want: &[f32]| {
        for (&x, &y) in got.iter().zip(want) {
            assert!(
                (x - y).abs() <= 1e-5 * y.abs() + f32::MIN_POSITIVE,
                "{what}: {x} against {y}"
            );
        }
    };
    softmax_hand(&a.0, &mut want.0);
    softmax_tensor(&t.0, &mut got.0);
    close("softmax", got.0.as_slice(), &want.0);
    log_softmax_hand(&a.0, &mut want.0);
    log_softmax_tensor(&t.0, &mut got.0);
    close("log_softmax", got.0.as_slice(), &want.0);
}

/// Checks every contender, prints where operands live, runs the benches.
fn main() {
    check();
    let (t, a) = (tensor::<Square>(), nd2());
    println!(
        "operand alignment (bytes): tensor {}, ndarray {}",
        alignment_of(&t.0),
        alignment_of(&a.as_slice().unwrap()[0]),
    );
    divan::main();
}

/// One group of `x.max()` over a tensor of shape `$shape`.
macro_rules! max_all_group {
    ($group:ident, $shape:ty, $doc:literal) => {
        #[doc = $doc]
        #[divan::bench_group(sample_count = SAMPLES)]
        mod $group {
            use super::*;

            /// A fold by `f32::max` over a flat array: the baseline.
            #[divan::bench]
            fn hand_written(bencher: Bencher) {
                let a = flat::<{ <$shape>::SIZE }>();
                bencher.bench_local(|| all_hand(black_box(&a.0)));
            }

            /// `x.max()`.
            #[divan::bench]
            fn tensor(bencher: Bencher) {
                let x = super::tensor::<$shape>();
                bencher.bench_local(|| all_tensor(black_box(&x.0)));
            }

            /// `a.fold(f32::NEG_INFINITY, f32::max)`.
            #[divan::bench]
            fn ndarray(bencher: Bencher) {
                let a = nd(<$shape>::DIMS.as_ref());
                bencher.bench_local(|| all_ndarray(black_box(&a)));
            }
        }
    };
}

max_all_group!(max_all, Square, "`x.max()` of `[256, 256]` `f32`.");
max_all_group!(max_lenet, Image, "`x.max()` of `[3, 32, 32]` `f32`.");

/// `max_axes::<Axes![1]>()` of `[256, 256]` `f32`: row maxima.
#[divan::bench_group(sample_count = SAMPLES)]
mod max_axis1 {
    use super::*;

    /// Flat array, a fold per row: the baseline.
    #[divan::bench]
    fn hand_written(bencher: Bencher) {
        let (a, mut out) = (flat::<{ N * N }>(), flat::<N>());
        bencher.bench_local(|| rows_hand(black_box(&a.0), &mut out.0));
    }

    /// `*out = x.max_axes::<Axes![1]>()`.
    #[divan::bench]
    fn tensor(bencher: Bencher) {
        let (x, mut out) = (super::tensor(), zeros());
        bencher.bench_local(|| rows_tensor(black_box(&x.0), &mut out.0));
    }

    /// `map_axis(Axis(1), ..)`, allocating the result.
    #[divan::bench]
    fn ndarray(bencher: Bencher) {
        let a = nd2();
        bencher.bench_local(|| drop(rows_ndarray(black_box(&a))));
    }
}

/// `max_axes::<Axes![0]>()` of `[256, 256]` `f32`: column maxima.
#[divan::bench_group(sample_count = SAMPLES)]
mod max_axis0 {
    use super::*;

    /// Flat array, rows combined into the output: the baseline.
    #[divan::bench]
    fn hand_written(bencher: Bencher) {
        let (a, mut out) = (flat::<{ N * N }>(), flat::<N>());
        bencher.bench_local(|| columns_hand(black_box(&a.0), &mut out.0));
    }

    /// `*out = x.max_axes::<Axes![0]>()`.
    #[divan::bench]
    fn tensor(bencher: Bencher) {
        let (x, mut out) = (super::tensor(), zeros());
        bencher.bench_local(|| columns_tensor(black_box(&x.0), &mut out.0));
    }

    /// `fold_axis(Axis(0), ..)`, allocating the result.
    #[divan::bench]
    fn ndarray(bencher: Bencher) {
        let a = nd2();
        bencher.bench_local(|| drop(columns_ndarray(black_box(&a))));
    }
}

/// `assign_softmax::<Axis<1>, _>` of `[256, 256]` `f32`.
#[divan::bench_group(sample_count = SAMPLES)]
mod softmax_axis1 {
    use super::*;

    /// Flat arrays, row by row: the baseline.
    #[divan::bench]
    fn hand_written(bencher: Bencher) {
        let (a, mut out) = (flat::<{ N * N }>(), flat::<{ N * N }>());
        bencher.bench_local(|| softmax_hand(black_box(&a.0), &mut out.0));
    }

    /// `out.assign_softmax::<Axis<1>, _>(&x)`.
    #[divan::bench]
    fn tensor(bencher: Bencher) {
        let (x, mut out) = (super::tensor(), zeros());
        bencher.bench_local(|| softmax_tensor(black_box(&x.0), &mut out.0));
    }
}

/// `assign_log_softmax::<Axis<1>, _>` of `[256, 256]` `f32`.
#[divan::bench_group(sample_count = SAMPLES)]
mod log_softmax_axis1 {
    use super::*;

    /// Flat arrays, row by row: the baseline.
    #[divan::bench]
    fn hand_written(bencher: Bencher) {
        let (a, mut out) = (flat::<{ N * N }>(), flat::<{ N * N }>());
        bencher.bench_local(|| log_softmax_hand(black_box(&a.0), &mut out.0));
    }

    /// `out.assign_log_softmax::<Axis<1>, _>(&x)`.
    #[divan::bench]
    fn tensor(bencher: Bencher) {
        let (x, mut out) = (super::tensor(), zeros());
        bencher.bench_local(|| log_softmax_tensor(black_box(&x.0), &mut out.0));
    }
}
