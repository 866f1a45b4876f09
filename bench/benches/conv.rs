//! `conv2d` of a `[1, 28, 28]` image by `[8, 1, 3, 3]` weights (valid,
//! stride 1: `[8, 26, 26]`), `f32`, against a hand-written direct loop over
//! flat arrays (the baseline) and ndarray's `windows` + `Zip` (the issue's
//! one-liner), all in one run. Every contender adds the nine terms of an
//! output in the same order, so all results are bit-identical (checked
//! before timing).
//!
//! Contenders:
//!
//! * `hand_written`: six loops, a dot product per output element;
//! * `tensor`: `*out = x.conv2d(&w)`;
//! * `tensor_into`: `out.assign_conv2d(&x, &w)`, the result written in place;
//! * `tensor_windows`: the same computed through `x.windows::<Shape![3, 3]>()`
//!   and `Tensor::from_fn`, as a user would write it on the window view;
//! * `ndarray`: per output channel, `Zip` of the output plane with
//!   `img.windows((3, 3))`, a fold over each window.

//!
//! The `conv_same` group: the same image and weights with "same" padding
//! (one row and column of zeros around the image: `[8, 28, 28]`):
//!
//! * `hand_written`: the six loops with the padding tested per tap (a read
//!   outside the image is 0), the baseline;
//! * `hand_written_split`: the six loops split by hand into the interior,
//!   untested, and the border, tested per tap;
//! * `tensor_same_into`: `out.assign_conv2d_same(&x, &w)`;
//! * `tensor_same`: `*out = x.conv2d_same(&w)`;
//! * `tensor_padded_view`: `*out = x.pad::<Shape![1, 1]>().conv2d(&w)`, the
//!   convolution over the padded view (no copy);
//! * `tensor_prepadded_into`: `out.assign_conv2d(&xp, &w)` over a
//!   `[1, 30, 30]` copy padded once before timing (valid convolution);
//! * `tensor_pad_copy_then_conv`: the padded copy made in each run
//!   (`x.pad::<Shape![1, 1]>().to_tensor()`), then the valid convolution.

use divan::{black_box, Bencher};
use ndarray::{Array2, Array3, Zip};
use tensor_bench::{alignment_of, value, Aligned};
use tensor_core::prelude::*;

/// The input image, `[C, H, W]`.
type Img = Shape![1, 28, 28];
/// The weights, `[O, C, K, K]`.
type Weights = Shape![8, 1, 3, 3];
/// The output, `[O, H - K + 1, W - K + 1]`.
type Out = Shape![8, 26, 26];

const C: usize = Img::DIMS[0];
const H: usize = Img::DIMS[1];
const W: usize = Img::DIMS[2];
const O: usize = Weights::DIMS[0];
const K: usize = Weights::DIMS[2];
const OH: usize = H - K + 1;
const OW: usize = W - K + 1;

/// The samples each benchmark takes.
const SAMPLES: u32 = 1000;
/// Runs per sample: one run is a few µs.
const SAMPLE_SIZE: u32 = 8;

/// The weights' datum at flat `n`: small quarters like [`value`].
fn weight(n: usize) -> f32 {
    value(n * 5 + 1) - 1.5
}

/// The hand-written direct convolution over flat arrays.
#[inline(never)]
fn conv_hand(x: &[f32], w: &[f32], out: &mut [f32]) {
    let (x, w, out) = (
        &x[..C * H * W],
        &w[..O * C * K * K],
        &mut out[..O * OH * OW],
    );
    for o in 0..O {
        for i in 0..OH {
            for j in 0..OW {
                let mut acc = 0.0;
                for c in 0..C {
                    for a in 0..K {
                        for b in 0..K {
                            acc +=
                                w[((o * C + c) * K + a) * K + b] * x[(c * H + i + a) * W + j + b];
                        }
                    }
                }
                out[(o * OH + i) * OW + j] = acc;
            }
        }
    }
}

/// `*out = x.conv2d(&w)`.
#[inline(never)]
fn conv_tensor(x: &Tensor<f32, Img>, w: &Tensor<f32, Weights>, out: &mut Tensor<f32, Out>) {
    *out = x.conv2d(w);
}

/// `out.assign_conv2d(&x, &w)`: the same kernel, no copy of the result.
#[inline(never)]
fn conv_tensor_into(x: &Tensor<f32, Img>, w: &Tensor<f32, Weights>, out: &mut Tensor<f32, Out>) {
    out.assign_conv2d(x, w);
}

/// The convolution written on the window view `[1, 26, 26, 3, 3]`.
#[inline(never)]
fn conv_windows(x: &Tensor<f32, Img>, w: &Tensor<f32, Weights>, out: &mut Tensor<f32, Out>) {
    let win = x.windows::<Shape![3, 3]>();
    *out = Tensor::from_fn(|[o, i, j]| {
        let mut acc = 0.0;
        for c in 0..C {
            for a in 0..K {
                for b in 0..K {
                    acc += w[[o, c, a, b]] * win[[c, i, j, a, b]];
                }
            }
        }
        acc
    });
}

/// ndarray: `Zip` of each output plane with the image's `windows((3, 3))`.
#[inline(never)]
fn conv_ndarray(img: &Array2<f32>, w: &Array3<f32>, out: &mut Array3<f32>) {
    for (mut plane, kernel) in out.outer_iter_mut().zip(w.outer_iter()) {
        Zip::from(&mut plane)
            .and(img.windows((K, K)))
            .for_each(|y, win| {
                *y = win
                    .iter()
                    .zip(kernel.iter())
                    .fold(0.0, |acc, (&a, &b)| acc + b * a)
            });
    }
}

/// Operands of every contender, filled alike.
struct Operands {
    x: Box<Aligned<[f32; C * H * W]>>,
    w: Box<Aligned<[f32; O * C * K * K]>>,
    tx: Box<Aligned<Tensor<f32, Img>>>,
    tw: Box<Aligned<Tensor<f32, Weights>>>,
    nx: Array2<f32>,
    nw: Array3<f32>,
}

fn operands() -> Operands {
    Operands {
        x: Aligned::boxed(core::array::from_fn(value)),
        w: Aligned::boxed(core::array::from_fn(weight)),
        tx: Aligned::boxed(Tensor::from_flat_fn(value)),
        tw: Aligned::boxed(Tensor::from_flat_fn(weight)),
        nx: Array2::from_shape_fn((H, W), |(i, j)| value(i * W + j)),
        nw: Array3::from_shape_fn((O, K, K), |(o, a, b)| weight((o * K + a) * K + b)),
    }
}

/// Panics unless every contender computes the hand-written loop's result.
fn check() {
    let p = operands();
    let mut want = [0.0; O * OH * OW];
    conv_hand(&p.x.0, &p.w.0, &mut want);
    let mut out = Aligned::boxed(Tensor::<f32, Out>::zeros());
    conv_tensor(&p.tx.0, &p.tw.0, &mut out.0);
    assert!(out.0.as_slice() == want, "tensor computed wrongly");
    out.0 = Tensor::zeros();
    conv_tensor_into(&p.tx.0, &p.tw.0, &mut out.0);
    assert!(out.0.as_slice() == want, "tensor_into computed wrongly");
    conv_windows(&p.tx.0, &p.tw.0, &mut out.0);
    assert!(out.0.as_slice() == want, "tensor_windows computed wrongly");
    let mut nout = Array3::zeros((O, OH, OW));
    conv_ndarray(&p.nx, &p.nw, &mut nout);
    assert!(nout.as_slice().unwrap() == want, "ndarray computed wrongly");
    println!(
        "operand alignment (bytes): tensor {}, flat {}, ndarray {}",
        alignment_of(&p.tx.0),
        alignment_of(&p.x.0),
        alignment_of(&p.nx.as_slice().unwrap()[0]),
    );
}

/// The output of a same convolution, `[O, H, W]`.
type OutSame = Shape![8, 28, 28];
/// The padded image, `[C, H + 2, W + 2]`.
type Padded = Shape![1, 30, 30];

/// The hand-written same convolution: the six loops, each tap tested
/// against the image (outside, the padding's 0).
#[inline(never)]
fn conv_same_hand(x: &[f32], w: &[f32], out: &mut [f32]) {
    let (x, w, out) = (&x[..C * H * W], &w[..O * C * K * K], &mut out[..O * H * W]);
    for o in 0..O {
        for i in 0..H {
            for j in 0..W {
                let mut acc = 0.0;
                for c in 0..C {
                    for a in 0..K {
                        for b in 0..K {
                            let (y, xx) = ((i + a).wrapping_sub(1), (j + b).wrapping_sub(1));
                            let v = if y < H && xx < W {
                                x[(c * H + y) * W + xx]
                            } else {
                                0.0
                            };
                            acc += w[((o * C + c) * K + a) * K + b] * v;
                        }
                    }
                }
                out[(o * H + i) * W + j] = acc;
            }
        }
    }
}

/// One output of the same convolution, each tap tested.
#[inline(always)]
fn same_tested(x: &[f32], w: &[f32], o: usize, i: usize, j: usize) -> f32 {
    let mut acc = 0.0;
    for c in 0..C {
        for a in 0..K {
            for b in 0..K {
                let (y, xx) = ((i + a).wrapping_sub(1), (j + b).wrapping_sub(1));
                let v = if y < H && xx < W {
                    x[(c * H + y) * W + xx]
                } else {
                    0.0
                };
                acc += w[((o * C + c) * K + a) * K + b] * v;
            }
        }
    }
    acc
}

/// The hand-written same convolution split into the interior (rows and
/// columns `1..H - 1`, no test) and the border (tested per tap).
#[inline(never)]
fn conv_same_hand_split(x: &[f32], w: &[f32], out: &mut [f32]) {
    let (x, w, out) = (&x[..C * H * W], &w[..O * C * K * K], &mut out[..O * H * W]);
    for o in 0..O {
        for i in 0..H {
            if i == 0 || i == H - 1 {
                for j in 0..W {
                    out[(o * H + i) * W + j] = same_tested(x, w, o, i, j);
                }
                continue;
            }
            out[(o * H + i) * W] = same_tested(x, w, o, i, 0);
            for j in 1..W - 1 {
                let mut acc = 0.0;
                for c in 0..C {
                    for a in 0..K {
                        for b in 0..K {
                            acc += w[((o * C + c) * K + a) * K + b]
                                * x[(c * H + i - 1 + a) * W + j - 1 + b];
                        }
                    }
                }
                out[(o * H + i) * W + j] = acc;
            }
            out[(o * H + i) * W + W - 1] = same_tested(x, w, o, i, W - 1);
        }
    }
}

/// `out.assign_conv2d_same(&x, &w)`.
#[inline(never)]
fn conv_same_into(x: &Tensor<f32, Img>, w: &Tensor<f32, Weights>, out: &mut Tensor<f32, OutSame>) {
    out.assign_conv2d_same(x, w);
}

/// `*out = x.conv2d_same(&w)`.
#[inline(never)]
fn conv_same(x: &Tensor<f32, Img>, w: &Tensor<f32, Weights>, out: &mut Tensor<f32, OutSame>) {
    *out = x.conv2d_same(w);
}

/// `*out = x.pad::<Shape![1, 1]>().conv2d(&w)`: over the padded view.
#[inline(never)]
fn conv_padded_view(
    x: &Tensor<f32, Img>,
    w: &Tensor<f32, Weights>,
    out: &mut Tensor<f32, OutSame>,
) {
    *out = x.pad::<Shape![1, 1]>().conv2d(w);
}

/// `out.assign_conv2d(&xp, &w)`: the valid convolution of a padded copy.
#[inline(never)]
fn conv_prepadded_into(
    xp: &Tensor<f32, Padded>,
    w: &Tensor<f32, Weights>,
    out: &mut Tensor<f32, OutSame>,
) {
    out.assign_conv2d(xp, w);
}

/// The padded copy made, then convolved (valid).
#[inline(never)]
fn conv_pad_copy_then_conv(
    x: &Tensor<f32, Img>,
    w: &Tensor<f32, Weights>,
    out: &mut Tensor<f32, OutSame>,
) {
    let xp = x.pad::<Shape![1, 1]>().to_tensor();
    out.assign_conv2d(&xp, w);
}

/// A same-padding contender writing into its output.
type Contender<'a> = dyn Fn(&mut Tensor<f32, OutSame>) + 'a;

/// Panics unless every same-padding contender computes the hand-written
/// loop's result.
fn check_same() {
    let p = operands();
    let mut want = [0.0; O * H * W];
    conv_same_hand(&p.x.0, &p.w.0, &mut want);
    let mut split = [0.0; O * H * W];
    conv_same_hand_split(&p.x.0, &p.w.0, &mut split);
    assert!(split == want, "hand_written_split computed wrongly");
    let xp = p.tx.0.pad::<Shape![1, 1]>().to_tensor();
    let mut out = Aligned::boxed(Tensor::<f32, OutSame>::zeros());
    let each: [(&str, &Contender); 5] = [
        ("tensor_same_into", &|o| conv_same_into(&p.tx.0, &p.tw.0, o)),
        ("tensor_same", &|o| conv_same(&p.tx.0, &p.tw.0, o)),
        ("tensor_padded_view", &|o| {
            conv_padded_view(&p.tx.0, &p.tw.0, o)
        }),
        ("tensor_prepadded_into", &|o| {
            conv_prepadded_into(&xp, &p.tw.0, o)
        }),
        ("tensor_pad_copy_then_conv", &|o| {
            conv_pad_copy_then_conv(&p.tx.0, &p.tw.0, o)
        }),
    ];
    for (name, f) in each {
        out.0 = Tensor::full(f32::NAN);
        f(&mut out.0);
        assert!(out.0.as_slice() == want, "{name} computed wrongly");
    }
}

fn main() {
    check();
    check_same();
    divan::main();
}

/// `[1, 28, 28]` by `[8, 1, 3, 3]`, `f32`.
#[divan::bench_group(sample_count = SAMPLES, sample_size = SAMPLE_SIZE)]
mod conv {
    use super::*;

    /// Six loops over flat arrays: the baseline.
    #[divan::bench]
    fn hand_written(bencher: Bencher) {
        let (p, mut out) = (operands(), Aligned::boxed([0.0f32; O * OH * OW]));
        bencher.bench_local(|| conv_hand(black_box(&p.x.0), black_box(&p.w.0), &mut out.0));
    }

    /// `*out = x.conv2d(&w)`.
    #[divan::bench]
    fn tensor(bencher: Bencher) {
        let (p, mut out) = (operands(), Aligned::boxed(Tensor::<f32, Out>::zeros()));
        bencher.bench_local(|| conv_tensor(black_box(&p.tx.0), black_box(&p.tw.0), &mut out.0));
    }

    /// `out.assign_conv2d(&x, &w)`.
    #[divan::bench]
    fn tensor_into(bencher: Bencher) {
        let (p, mut out) = (operands(), Aligned::boxed(Tensor::<f32, Out>::zeros()));
        bencher
            .bench_local(|| conv_tensor_into(black_box(&p.tx.0), black_box(&p.tw.0), &mut out.0));
    }

    /// Through `windows::<Shape![3, 3]>()` and `from_fn`.
    #[divan::bench]
    fn tensor_windows(bencher: Bencher) {
        let (p, mut out) = (operands(), Aligned::boxed(Tensor::<f32, Out>::zeros()));
        bencher.bench_local(|| conv_windows(black_box(&p.tx.0), black_box(&p.tw.0), &mut out.0));
    }

    /// ndarray's `windows` + `Zip`.
    #[divan::bench]
    fn ndarray(bencher: Bencher) {
        let p = operands();
        let mut out = Array3::zeros((O, OH, OW));
        bencher.bench_local(|| conv_ndarray(black_box(&p.nx), black_box(&p.nw), &mut out));
    }
}

/// `[1, 28, 28]` by `[8, 1, 3, 3]` with "same" padding, `f32`.
#[divan::bench_group(sample_count = SAMPLES, sample_size = SAMPLE_SIZE)]
mod conv_same {
    use super::*;

    /// Six loops, the padding tested per tap: the baseline.
    #[divan::bench]
    fn hand_written(bencher: Bencher) {
        let (p, mut out) = (operands(), Aligned::boxed([0.0f32; O * H * W]));
        bencher.bench_local(|| conv_same_hand(black_box(&p.x.0), black_box(&p.w.0), &mut out.0));
    }

    /// Six loops split by hand into interior and border.
    #[divan::bench]
    fn hand_written_split(bencher: Bencher) {
        let (p, mut out) = (operands(), Aligned::boxed([0.0f32; O * H * W]));
        bencher
            .bench_local(|| conv_same_hand_split(black_box(&p.x.0), black_box(&p.w.0), &mut out.0));
    }

    /// `out.assign_conv2d_same(&x, &w)`.
    #[divan::bench]
    fn tensor_same_into(bencher: Bencher) {
        let (p, mut out) = (operands(), Aligned::boxed(Tensor::<f32, OutSame>::zeros()));
        bencher.bench_local(|| conv_same_into(black_box(&p.tx.0), black_box(&p.tw.0), &mut out.0));
    }

    /// `*out = x.conv2d_same(&w)`.
    #[divan::bench]
    fn tensor_same(bencher: Bencher) {
        let (p, mut out) = (operands(), Aligned::boxed(Tensor::<f32, OutSame>::zeros()));
        bencher.bench_local(|| conv_same(black_box(&p.tx.0), black_box(&p.tw.0), &mut out.0));
    }

    /// `*out = x.pad::<Shape![1, 1]>().conv2d(&w)`.
    #[divan::bench]
    fn tensor_padded_view(bencher: Bencher) {
        let (p, mut out) = (operands(), Aligned::boxed(Tensor::<f32, OutSame>::zeros()));
        bencher
            .bench_local(|| conv_padded_view(black_box(&p.tx.0), black_box(&p.tw.0), &mut out.0));
    }

    /// `out.assign_conv2d(&xp, &w)` over a copy padded before timing.
    #[divan::bench]
    fn tensor_prepadded_into(bencher: Bencher) {
        let p = operands();
        let xp = Aligned::boxed(p.tx.0.pad::<Shape![1, 1]>().to_tensor());
        let mut out = Aligned::boxed(Tensor::<f32, OutSame>::zeros());
        bencher
            .bench_local(|| conv_prepadded_into(black_box(&xp.0), black_box(&p.tw.0), &mut out.0));
    }

    /// The padded copy made in each run, then the valid convolution.
    #[divan::bench]
    fn tensor_pad_copy_then_conv(bencher: Bencher) {
        let (p, mut out) = (operands(), Aligned::boxed(Tensor::<f32, OutSame>::zeros()));
        bencher.bench_local(|| {
            conv_pad_copy_then_conv(black_box(&p.tx.0), black_box(&p.tw.0), &mut out.0)
        });
    }
}
