//! Padding a CIFAR image, `[3, 32, 32]` `f32`, by one pixel of zeros on
//! each side of its last two axes (`[3, 34, 34]`, NumPy's
//! `np.pad(x, ((0, 0), (1, 1), (1, 1)))`), all contenders in one run, each
//! checked against the hand-written loop before timing.
//!
//! The `copy` group, the padded copy written into memory allocated before
//! timing:
//!
//! * `hand_written`: the output filled with 0, then each source row copied
//!   into its place (`copy_from_slice`), the baseline;
//! * `tensor`: `*out = x.pad::<Shape![1, 1]>().to_tensor()`;
//! * `tensor_of_transpose`: the same of the image's transpose
//!   (`x.permute::<Axes![0, 2, 1]>()`, so the source is copied once first),
//!   against `hand_transposed`, the fill and a strided read per element;
//! * `ndarray`: `out.fill(0.0)` then
//!   `out.slice_mut(s![.., 1..33, 1..33]).assign(&x)`.
//!
//! The `iter` group, the padded elements summed in logical order (the same
//! order for every contender, so the same sum):
//!
//! * `hand_written`: three loops, the border tested per element;
//! * `tensor`: `x.pad::<Shape![1, 1]>().iter().sum()`.
//!
//! ndarray has no padded view, so it has no contender in `iter`.

use divan::{black_box, Bencher};
use ndarray::{s, Array3};
use tensor_bench::{value, Aligned};
use tensor_core::prelude::*;

/// The image, `[C, H, W]`.
type Img = Shape![3, 32, 32];
/// The padded image.
type Padded = Shape![3, 34, 34];

const C: usize = Img::DIMS[0];
const H: usize = Img::DIMS[1];
const W: usize = Img::DIMS[2];
const PH: usize = H + 2;
const PW: usize = W + 2;

/// The samples each benchmark takes.
const SAMPLES: u32 = 2000;
/// Runs per sample: one run is about a µs.
const SAMPLE_SIZE: u32 = 16;

/// The padded copy by hand: fill, then one row at a time.
#[inline(never)]
fn copy_hand(x: &[f32], out: &mut [f32]) {
    out.fill(0.0);
    for c in 0..C {
        for i in 0..H {
            let at = (c * PH + i + 1) * PW + 1;
            out[at..at + W].copy_from_slice(&x[(c * H + i) * W..][..W]);
        }
    }
}

/// The padded copy of the transpose by hand: fill, then element by element.
#[inline(never)]
fn copy_hand_transposed(x: &[f32], out: &mut [f32]) {
    out.fill(0.0);
    for c in 0..C {
        for i in 0..W {
            for j in 0..H {
                out[(c * PH + i + 1) * PW + j + 1] = x[(c * H + j) * W + i];
            }
        }
    }
}

/// `*out = x.pad::<Shape![1, 1]>().to_tensor()`.
#[inline(never)]
fn copy_tensor(x: &Tensor<f32, Img>, out: &mut Tensor<f32, Padded>) {
    *out = x.pad::<Shape![1, 1]>().to_tensor();
}

/// The same of the image's transpose.
#[inline(never)]
fn copy_tensor_transposed(x: &Tensor<f32, Img>, out: &mut Tensor<f32, Padded>) {
    *out = x
        .permute::<Axes![0, 2, 1]>()
        .pad::<Shape![1, 1]>()
        .to_tensor();
}

/// ndarray: fill, then assign the interior.
#[inline(never)]
fn copy_ndarray(x: &Array3<f32>, out: &mut Array3<f32>) {
    out.fill(0.0);
    out.slice_mut(s![.., 1..PH - 1, 1..PW - 1]).assign(x);
}

/// The padded elements summed by hand, the border tested per element.
#[inline(never)]
fn sum_hand(x: &[f32]) -> f32 {
    let mut acc = 0.0;
    for c in 0..C {
        for i in 0..PH {
            for j in 0..PW {
                let inside = (1..=H).contains(&i) && (1..=W).contains(&j);
                acc += if inside {
                    x[(c * H + i - 1) * W + j - 1]
                } else {
                    0.0
                };
            }
        }
    }
    acc
}

/// `x.pad::<Shape![1, 1]>().iter().sum()`.
#[inline(never)]
fn sum_tensor(x: &Tensor<f32, Img>) -> f32 {
    x.pad::<Shape![1, 1]>().iter().sum()
}

/// The image, its ndarray twin and an output for each.
fn operands() -> (Tensor<f32, Img>, Array3<f32>) {
    let x = Tensor::<f32, Img>::from_flat_fn(value);
    let a = Array3::from_shape_vec((C, H, W), x.as_slice().to_vec()).unwrap();
    (x, a)
}

/// Panics unless every contender gives the hand-written loop's result.
fn check() {
    let (x, a) = operands();
    let mut want = vec![1.0; Padded::SIZE];
    copy_hand(x.as_slice(), &mut want);
    let mut out = Aligned::boxed(Tensor::<f32, Padded>::full(1.0));
    copy_tensor(&x, &mut out.0);
    assert_eq!(out.0.as_slice(), want, "tensor");
    let mut nd = Array3::<f32>::ones((C, PH, PW));
    copy_ndarray(&a, &mut nd);
    assert_eq!(nd.as_slice().unwrap(), want, "ndarray");
    copy_hand_transposed(x.as_slice(), &mut want);
    copy_tensor_transposed(&x, &mut out.0);
    assert_eq!(out.0.as_slice(), want, "tensor_of_transpose");
    assert_eq!(sum_tensor(&x), sum_hand(x.as_slice()), "iter");
}

fn main() {
    check();
    divan::main();
}

#[divan::bench_group(sample_count = SAMPLES, sample_size = SAMPLE_SIZE)]
mod copy {
    use super::*;

    #[divan::bench]
    fn hand_written(bencher: Bencher) {
        let (x, _) = operands();
        let mut out = Aligned::boxed(Tensor::<f32, Padded>::zeros());
        bencher.bench_local(|| copy_hand(black_box(x.as_slice()), out.0.as_mut_slice()));
    }

    #[divan::bench]
    fn tensor(bencher: Bencher) {
        let (x, _) = operands();
        let mut out = Aligned::boxed(Tensor::<f32, Padded>::zeros());
        bencher.bench_local(|| copy_tensor(black_box(&x), &mut out.0));
    }

    #[divan::bench]
    fn hand_transposed(bencher: Bencher) {
        let (x, _) = operands();
        let mut out = Aligned::boxed(Tensor::<f32, Padded>::zeros());
        bencher.bench_local(|| copy_hand_transposed(black_box(x.as_slice()), out.0.as_mut_slice()));
    }

    #[divan::bench]
    fn tensor_of_transpose(bencher: Bencher) {
        let (x, _) = operands();
        let mut out = Aligned::boxed(Tensor::<f32, Padded>::zeros());
        bencher.bench_local(|| copy_tensor_transposed(black_box(&x), &mut out.0));
    }

    #[divan::bench]
    fn ndarray(bencher: Bencher) {
        let (_, a) = operands();
        let mut out = Array3::<f32>::zeros((C, PH, PW));
        bencher.bench_local(|| copy_ndarray(black_box(&a), &mut out));
    }
}

#[divan::bench_group(sample_count = SAMPLES, sample_size = SAMPLE_SIZE)]
mod iter {
    use super::*;

    #[divan::bench]
    fn hand_written(bencher: Bencher) {
        let (x, _) = operands();
        bencher.bench_local(|| sum_hand(black_box(x.as_slice())));
    }

    #[divan::bench]
    fn tensor(bencher: Bencher) {
        let (x, _) = operands();
        bencher.bench_local(|| sum_tensor(black_box(&x)));
    }
}
