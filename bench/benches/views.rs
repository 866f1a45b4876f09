//! Views: summing a permuted view of a `[16, 32, 64]` `f32` tensor element by
//! element through its multi-index, `v[[i, j, k]]`, in a triple loop.
//!
//! The view is `t.permute::<Axes![2, 0, 1]>()`: shape `[64, 16, 32]`, and
//! element `(i, j, k)` of the view is element `(j, k, i)` of the tensor, at
//! flat position `i + j * 2048 + k * 64`. This measures what indexing a view
//! costs against the same constant-stride arithmetic written by hand:
//!
//! * `tensor`: the view, `v[[i, j, k]]`, its strides known at compile time;
//! * `hand_written`: a flat `&[f32]`, `flat[i + j * 2048 + k * 64]`, the
//!   baseline of the ratios;
//! * `ndarray`: `a.view().permuted_axes([2, 0, 1])`, `p[[i, j, k]]`, its
//!   strides known at run time;
//! * `hand_written_uncut`: the baseline without its first line, which cuts
//!   the slice to `SIZE` elements: each access is then checked against the
//!   slice's length, as a view's are. For diagnosis: it shows what those
//!   checks cost.
//!
//! Every contender sums into 8 independent accumulators along the innermost
//! loop (see `indexing.rs`: one serial accumulator hides the cost of
//! indexing behind add latency). The tensor and the flat array each sit in
//! their own 64-byte-aligned allocation; the ndarray array is where ndarray
//! put it.

use divan::{black_box, Bencher};
use ndarray::{Array3, ArrayView3};
use tensor_bench::{alignment_of, value, Aligned};
use tensor_core::layout::{Permuted, RowMajor};
use tensor_core::prelude::{Concat, Split, Stack, ViewOps};
use tensor_core::{Axes, Shape, Tensor, View};

/// The tensor's shape: 32768 `f32`, 128 KiB.
type S = Shape![16, 32, 64];
/// The permutation: view axis `k` is tensor axis `P[k]`.
type P = Axes![2, 0, 1];
/// The view's sizes: the tensor's dims permuted.
const D: [usize; 3] = [S::DIMS[2], S::DIMS[0], S::DIMS[1]];
/// The view's strides in the tensor: the tensor's strides permuted.
const STRIDES: [usize; 3] = [S::STRIDES[2], S::STRIDES[0], S::STRIDES[1]];
/// The element count.
const SIZE: usize = S::SIZE;
/// The number of independent accumulators.
const ACCS: usize = 8;
const _: () = assert!(D[2].is_multiple_of(ACCS));
const _: () = assert!(matches!(STRIDES, [1, 2048, 64]));

/// The samples each benchmark takes.
const SAMPLES: u32 = 5000;
/// The runs timed together in one sample (each run is a few µs).
const SAMPLE_SIZE: u32 = 32;

/// Runs the view benchmarks after checking the contenders agree and
/// printing where each operand lives.
fn main() {
    let ops = Operands::new();
    let sum = tensor_sum(black_box(ops.tensor.0.permute::<P>()));
    assert_eq!(sum, hand_written_sum(&ops.flat.0));
    assert_eq!(sum, hand_written_uncut_sum(&ops.flat.0));
    assert_eq!(sum, ndarray_sum(ops.array.view().permuted_axes([2, 0, 1])));
    let mut copies = [vec![0.0; SIZE], vec![0.0; SIZE], vec![0.0; SIZE]];
    tensor_iter_copy(ops.tensor.0.permute::<P>(), &mut copies[0]);
    hand_written_iter_copy(&ops.flat.0, &mut copies[1]);
    ndarray_iter_copy(ops.array.view().permuted_axes([2, 0, 1]), &mut copies[2]);
    assert!(copies[0] == copies[1] && copies[0] == copies[2]);
    let image = Tensor::<f32, Image>::from_flat_fn(value);
    let array = Array3::from_shape_fn((3, 32, 32), |(c, h, w)| value((c * 32 + h) * 32 + w));
    let mut hwc = [vec![0.0; 3072], vec![0.0; 3072], vec![0.0; 3072]];
    tensor_hwc_copy(image.permute::<Hwc>(), &mut hwc[0]);
    hand_written_hwc_copy(image.as_slice(), &mut hwc[1]);
    ndarray_hwc_copy(array.view().permuted_axes([1, 2, 0]), &mut hwc[2]);
    assert!(hwc[0] == hwc[1] && hwc[0] == hwc[2]);
    let (top, bottom) = tensor_split(&image);
    let (mut hand_top, mut hand_bottom) = (vec![0.0; 1536], vec![0.0; 1536]);
    hand_written_split(image.as_slice(), &mut hand_top, &mut hand_bottom);
    assert!(top.as_slice() == hand_top && bottom.as_slice() == hand_bottom);
    let mut joined = vec![0.0; 3072];
    hand_written_concat(&hand_top, &hand_bottom, &mut joined);
    assert!(tensor_concat(&top, &bottom) == image && joined == image.as_slice());
    let s = image.as_slice();
    let channels = [0, 1, 2].map(|c| Tensor::from_flat_fn(|n| s[c * 1024 + n]));
    hand_written_stack([&s[..1024], &s[1024..2048], &s[2048..]], &mut hwc[1]);
    assert_eq!(tensor_stack(&channels).as_slice(), &hwc[1][..]);
    assert_eq!(hwc[1], hwc[0]); // the stack of the channels is HWC
    assert_eq!(tensor_stack_chw(&channels), image);
    println!(
        "operand alignment (bytes): tensor {}, hand_written {}, ndarray {}",
        alignment_of(&ops.tensor.0),
        alignment_of(&ops.flat.0),
        alignment_of(&ops.array.as_slice().unwrap()[0]),
    );
    drop(ops);
    divan::main();
}

/// The three operands, each holding [`value`]`(n)` at flat position `n`.
struct Operands {
    /// The tensor, in its own 64-byte-aligned allocation.
    tensor: Box<Aligned<Tensor<f32, S>>>,
    /// The flat array, in its own 64-byte-aligned allocation.
    flat: Box<Aligned<[f32; SIZE]>>,
    /// The ndarray array, in the allocation ndarray made.
    array: Array3<f32>,
}

impl Operands {
    /// Fresh operands.
    fn new() -> Self {
        let [d0, d1, d2] = S::DIMS;
        Operands {
            tensor: Aligned::boxed(Tensor::from_flat_fn(value)),
            flat: Aligned::boxed(core::array::from_fn(value)),
            array: Array3::from_shape_fn((d0, d1, d2), |(i, j, k)| value((i * d1 + j) * d2 + k)),
        }
    }
}

/// The sum of `get(i, j, k)` over the view's shape, the innermost axis
/// spread over [`ACCS`] independent accumulators, added up at the end.
#[inline(always)]
fn sum_indep(get: impl Fn(usize, usize, usize) -> f32) -> f32 {
    let mut acc = [0.0f32; ACCS];
    for i in 0..D[0] {
        for j in 0..D[1] {
            for k0 in (0..D[2]).step_by(ACCS) {
                for (a, acc) in acc.iter_mut().enumerate() {
                    *acc += get(i, j, k0 + a);
                }
            }
        }
    }
    acc.iter().sum()
}

/// [`sum_indep`] of the permuted view, by `v[[i, j, k]]`.
#[inline(never)]
fn tensor_sum(v: View<'_, f32, Permuted<RowMajor<S>, P>>) -> f32 {
    sum_indep(|i, j, k| v[[i, j, k]])
}

/// [`sum_indep`] of the flat array, by `flat[i + j * 2048 + k * 64]`, cut
/// to `SIZE` elements first as a hand-written kernel would.
#[inline(never)]
fn hand_written_sum(flat: &[f32]) -> f32 {
    let flat = &flat[..SIZE];
    sum_indep(|i, j, k| flat[i + j * 2048 + k * 64])
}

/// [`sum_indep`] of the flat array, by `flat[i + j * 2048 + k * 64]`,
/// without cutting it first: every access checks the slice's length.
#[inline(never)]
fn hand_written_uncut_sum(flat: &[f32]) -> f32 {
    sum_indep(|i, j, k| flat[i + j * 2048 + k * 64])
}

/// [`sum_indep`] of ndarray's permuted view, by `p[[i, j, k]]`.
#[inline(never)]
fn ndarray_sum(p: ArrayView3<'_, f32>) -> f32 {
    sum_indep(|i, j, k| p[[i, j, k]])
}

/// Sums the permuted view by index into 8 independent accumulators.
#[divan::bench_group(sample_count = SAMPLES, sample_size = SAMPLE_SIZE)]
mod permuted_sum {
    use super::*;

    /// `t.permute::<Axes![2, 0, 1]>()`, `v[[i, j, k]]`.
    #[divan::bench]
    fn tensor(bencher: Bencher) {
        let ops = Operands::new();
        bencher.bench_local(|| tensor_sum(black_box(ops.tensor.0.permute::<P>())));
    }

    /// Flat `&[f32]`, `flat[i + j * 2048 + k * 64]`: the baseline.
    #[divan::bench]
    fn hand_written(bencher: Bencher) {
        let ops = Operands::new();
        bencher.bench_local(|| hand_written_sum(black_box(&ops.flat.0[..])));
    }

    /// Flat `&[f32]` of unknown length, `flat[i + j * 2048 + k * 64]`.
    #[divan::bench]
    fn hand_written_uncut(bencher: Bencher) {
        let ops = Operands::new();
        bencher.bench_local(|| hand_written_uncut_sum(black_box(&ops.flat.0[..])));
    }

    /// `a.view().permuted_axes([2, 0, 1])`, `p[[i, j, k]]`.
    #[divan::bench]
    fn ndarray(bencher: Bencher) {
        let ops = Operands::new();
        bencher.bench_local(|| ndarray_sum(black_box(ops.array.view().permuted_axes([2, 0, 1]))));
    }
}

/// Copies the permuted view into `out` through its iterator, in logical
/// order: what `v.iter()` costs per element (its positions walked by the
/// layout's strides, or before issue 24's walker, unravelled per element).
#[inline(never)]
fn tensor_iter_copy(v: View<'_, f32, Permuted<RowMajor<S>, P>>, out: &mut [f32]) {
    out.iter_mut().zip(v.iter()).for_each(|(o, &x)| *o = x);
}

/// The same copy by hand: a triple loop over the view's shape, reading the
/// flat array at `i + j * 2048 + k * 64`.
#[inline(never)]
fn hand_written_iter_copy(flat: &[f32], out: &mut [f32]) {
    let (flat, mut n) = (&flat[..SIZE], 0);
    for i in 0..D[0] {
        for j in 0..D[1] {
            for k in 0..D[2] {
                out[n] = flat[i * STRIDES[0] + j * STRIDES[1] + k * STRIDES[2]];
                n += 1;
            }
        }
    }
}

/// ndarray's permuted view copied through its iterator.
#[inline(never)]
fn ndarray_iter_copy(p: ArrayView3<'_, f32>, out: &mut [f32]) {
    out.iter_mut().zip(p.iter()).for_each(|(o, &x)| *o = x);
}

/// Copies the permuted view into a flat buffer through an iterator.
#[divan::bench_group(sample_count = SAMPLES, sample_size = SAMPLE_SIZE)]
mod permuted_iter {
    use super::*;

    /// `out.iter_mut().zip(v.iter())`.
    #[divan::bench]
    fn tensor(bencher: Bencher) {
        let (ops, mut out) = (Operands::new(), vec![0.0; SIZE]);
        bencher.bench_local(|| tensor_iter_copy(black_box(ops.tensor.0.permute::<P>()), &mut out));
    }

    /// The triple loop by hand: the baseline.
    #[divan::bench]
    fn hand_written(bencher: Bencher) {
        let (ops, mut out) = (Operands::new(), vec![0.0; SIZE]);
        bencher.bench_local(|| hand_written_iter_copy(black_box(&ops.flat.0[..]), &mut out));
    }

    /// `out.iter_mut().zip(p.iter())` on ndarray's permuted view.
    #[divan::bench]
    fn ndarray(bencher: Bencher) {
        let (ops, mut out) = (Operands::new(), vec![0.0; SIZE]);
        bencher.bench_local(|| {
            ndarray_iter_copy(
                black_box(ops.array.view().permuted_axes([2, 0, 1])),
                &mut out,
            )
        });
    }
}

/// A CIFAR image, `[3, 32, 32]` (CHW).
type Image = Shape![3, 32, 32];
/// CHW to HWC: view axis `k` is image axis `HWC[k]`.
type Hwc = Axes![1, 2, 0];

/// The image in HWC order through the permuted view's iterator.
#[inline(never)]
fn tensor_hwc_copy(v: View<'_, f32, Permuted<RowMajor<Image>, Hwc>>, out: &mut [f32]) {
    out.iter_mut().zip(v.iter()).for_each(|(o, &x)| *o = x);
}

/// The image in HWC order by hand: `out[(h * 32 + w) * 3 + c] = x[c][h][w]`
/// in output order.
#[inline(never)]
fn hand_written_hwc_copy(flat: &[f32], out: &mut [f32]) {
    let (flat, out) = (&flat[..3072], &mut out[..3072]);
    let mut n = 0;
    for h in 0..32 {
        for w in 0..32 {
            for c in 0..3 {
                out[n] = flat[c * 1024 + h * 32 + w];
                n += 1;
            }
        }
    }
}

/// ndarray's permuted view of the image, copied through its iterator.
#[inline(never)]
fn ndarray_hwc_copy(p: ArrayView3<'_, f32>, out: &mut [f32]) {
    out.iter_mut().zip(p.iter()).for_each(|(o, &x)| *o = x);
}

/// A `[3, 32, 32]` image (not a power of 2 on its first axis) copied to
/// HWC order through an iterator.
#[divan::bench_group(sample_count = SAMPLES, sample_size = SAMPLE_SIZE)]
mod hwc_iter {
    use super::*;

    /// An image and its flat copy, each in its own aligned box.
    type Operands = (Box<Aligned<Tensor<f32, Image>>>, Box<Aligned<[f32; 3072]>>);

    /// The image and its flat copy, both `value(n)` at position `n`.
    fn operands() -> Operands {
        (
            Aligned::boxed(Tensor::from_flat_fn(value)),
            Aligned::boxed(core::array::from_fn(value)),
        )
    }

    /// `out.iter_mut().zip(x.permute::<Axes![1, 2, 0]>().iter())`.
    #[divan::bench]
    fn tensor(bencher: Bencher) {
        let ((x, _), mut out) = (operands(), vec![0.0; 3072]);
        bencher.bench_local(|| tensor_hwc_copy(black_box(x.0.permute::<Hwc>()), &mut out));
    }

    /// The triple loop by hand: the baseline.
    #[divan::bench]
    fn hand_written(bencher: Bencher) {
        let ((_, flat), mut out) = (operands(), vec![0.0; 3072]);
        bencher.bench_local(|| hand_written_hwc_copy(black_box(&flat.0[..]), &mut out));
    }

    /// ndarray's `permuted_axes([1, 2, 0])`, copied through its iterator.
    #[divan::bench]
    fn ndarray(bencher: Bencher) {
        let array = Array3::from_shape_fn((3, 32, 32), |(c, h, w)| value((c * 32 + h) * 32 + w));
        let mut out = vec![0.0; 3072];
        bencher.bench_local(|| {
            ndarray_hwc_copy(black_box(array.view().permuted_axes([1, 2, 0])), &mut out)
        });
    }
}

/// `[3, 32, 32]` split along the rows into `[3, 16, 32]` twice.
type Half = Shape![3, 16, 32];

/// The image's top and bottom halves by `split`.
#[inline(never)]
fn tensor_split(x: &Tensor<f32, Image>) -> (Tensor<f32, Half>, Tensor<f32, Half>) {
    x.split::<tensor_core::Axis<1>, Half, Half>()
}

/// The halves by hand: each channel's first 512 elements, then its last.
#[inline(never)]
fn hand_written_split(x: &[f32], top: &mut [f32], bottom: &mut [f32]) {
    let (x, top, bottom) = (&x[..3072], &mut top[..1536], &mut bottom[..1536]);
    for c in 0..3 {
        top[c * 512..][..512].copy_from_slice(&x[c * 1024..][..512]);
        bottom[c * 512..][..512].copy_from_slice(&x[c * 1024 + 512..][..512]);
    }
}

/// Three `[32, 32]` channels stacked on a last axis: HWC.
#[inline(never)]
fn tensor_stack(channels: &[Tensor<f32, Shape![32, 32]>; 3]) -> Tensor<f32, Shape![32, 32, 3]> {
    [&channels[0], &channels[1], &channels[2]].stack::<tensor_core::Axis<2>>()
}

/// Three `[32, 32]` channels stacked on a first axis: CHW.
#[inline(never)]
fn tensor_stack_chw(channels: &[Tensor<f32, Shape![32, 32]>; 3]) -> Tensor<f32, Image> {
    [&channels[0], &channels[1], &channels[2]].stack::<tensor_core::Axis<0>>()
}

/// The stack by hand: `out[n * 3 + c] = channels[c][n]`.
#[inline(never)]
fn hand_written_stack(channels: [&[f32]; 3], out: &mut [f32]) {
    let out = &mut out[..3072];
    for (n, o) in out.chunks_exact_mut(3).enumerate() {
        for (c, o) in o.iter_mut().enumerate() {
            *o = channels[c][n];
        }
    }
}

/// The halves joined again along the rows by `concat`.
#[inline(never)]
fn tensor_concat(top: &Tensor<f32, Half>, bottom: &Tensor<f32, Half>) -> Tensor<f32, Image> {
    top.concat::<tensor_core::Axis<1>>(bottom)
}

/// The concatenation by hand, two `copy_from_slice` per channel.
#[inline(never)]
fn hand_written_concat(top: &[f32], bottom: &[f32], out: &mut [f32]) {
    let (top, bottom, out) = (&top[..1536], &bottom[..1536], &mut out[..3072]);
    for c in 0..3 {
        out[c * 1024..][..512].copy_from_slice(&top[c * 512..][..512]);
        out[c * 1024 + 512..][..512].copy_from_slice(&bottom[c * 512..][..512]);
    }
}

/// `split`, `concat` and `stack` of an image.
#[divan::bench_group(sample_count = SAMPLES, sample_size = SAMPLE_SIZE)]
mod split_stack {
    use super::*;

    /// The image, `value(n)` at position `n`.
    fn image() -> Box<Aligned<Tensor<f32, Image>>> {
        Aligned::boxed(Tensor::from_flat_fn(value))
    }

    /// `x.split::<Axis<1>, _, _>()` into two `[3, 16, 32]` tensors.
    #[divan::bench]
    fn tensor_split(bencher: Bencher) {
        let x = image();
        bencher.bench_local(|| super::tensor_split(black_box(&x.0)));
    }

    /// The split by hand, two `copy_from_slice` per channel.
    #[divan::bench]
    fn hand_written_split(bencher: Bencher) {
        let (x, mut top, mut bottom) = (image(), vec![0.0; 1536], vec![0.0; 1536]);
        bencher.bench_local(|| {
            super::hand_written_split(black_box(x.0.as_slice()), &mut top, &mut bottom)
        });
    }

    /// `top.concat::<Axis<1>>(&bottom)`.
    #[divan::bench]
    fn tensor_concat(bencher: Bencher) {
        let (top, bottom) = super::tensor_split(&image().0);
        bencher.bench_local(|| super::tensor_concat(black_box(&top), black_box(&bottom)));
    }

    /// The concatenation by hand.
    #[divan::bench]
    fn hand_written_concat(bencher: Bencher) {
        let (top, bottom) = super::tensor_split(&image().0);
        let mut out = vec![0.0; 3072];
        bencher.bench_local(|| {
            let (t, b) = (black_box(top.as_slice()), black_box(bottom.as_slice()));
            super::hand_written_concat(t, b, &mut out)
        });
    }

    /// `[&r, &g, &b].stack::<Axis<2>>()`.
    #[divan::bench]
    fn tensor_stack(bencher: Bencher) {
        let x = image();
        let channels = [0, 1, 2].map(|c| Tensor::from_flat_fn(|n| x.0.as_slice()[c * 1024 + n]));
        bencher.bench_local(|| super::tensor_stack(black_box(&channels)));
    }

    /// `[&r, &g, &b].stack::<Axis<0>>()`: blocks of a whole channel.
    #[divan::bench]
    fn tensor_stack_chw(bencher: Bencher) {
        let x = image();
        let channels = [0, 1, 2].map(|c| Tensor::from_flat_fn(|n| x.0.as_slice()[c * 1024 + n]));
        bencher.bench_local(|| super::tensor_stack_chw(black_box(&channels)));
    }

    /// The CHW stack by hand: three `copy_from_slice`.
    #[divan::bench]
    fn hand_written_stack_chw(bencher: Bencher) {
        let (x, mut out) = (image(), vec![0.0; 3072]);
        let s = x.0.as_slice();
        bencher.bench_local(|| {
            let channels = black_box([&s[..1024], &s[1024..2048], &s[2048..]]);
            for (o, c) in out.chunks_exact_mut(1024).zip(channels) {
                o.copy_from_slice(c);
            }
        });
    }

    /// The stack by hand.
    #[divan::bench]
    fn hand_written_stack(bencher: Bencher) {
        let (x, mut out) = (image(), vec![0.0; 3072]);
        let s = x.0.as_slice();
        bencher.bench_local(|| {
            super::hand_written_stack(
                black_box([&s[..1024], &s[1024..2048], &s[2048..]]),
                &mut out,
            )
        });
    }
}
