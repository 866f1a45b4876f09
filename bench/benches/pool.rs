//! `max_pool2d::<Shape![2, 2]>()` and `avg_pool2d`, `f32`, at two sizes:
//! LeNet's first pool at CIFAR size (`[6, 28, 28]` → `[6, 14, 14]`) and a
//! ResNet-sized one (`[64, 56, 56]` → `[64, 28, 28]`, 784 KiB in). In one
//! run, against a hand-written loop over flat arrays (the baseline) and
//! ndarray's `exact_chunks` + `Zip`. Every contender folds a pool's four
//! elements in the same order, so the results are bit-identical (checked
//! before timing).
//!
//! Contenders, per group:
//!
//! * `hand_written`: four loops over flat arrays;
//! * `tensor`: `*out = x.max_pool2d::<Shape![2, 2]>()`;
//! * `tensor_into`: `out.assign_max_pool2d::<Shape![2, 2], _>(&x)`;
//! * `tensor_avg_into`: `out.assign_avg_pool2d::<Shape![2, 2], _>(&x)`
//!   (against `hand_avg`, the same loop summing and dividing);
//! * `tensor_view`: the pool of a permuted view,
//!   `x.permute::<Axes![0, 2, 1]>()`, in place (a strided read; its result
//!   is the transpose of the others');
//! * `ndarray`: `Zip` of the output with `x.exact_chunks((1, 2, 2))`.

use divan::{black_box, Bencher};
use ndarray::{Array3, Zip};
use tensor_bench::{alignment_of, value, Aligned};
use tensor_core::prelude::*;

/// The samples each benchmark takes.
const SAMPLES: u32 = 500;

/// The larger of two, NaN-free inputs (as `max_pool2d` on them).
#[inline(always)]
fn larger(a: f32, b: f32) -> f32 {
    if b > a {
        b
    } else {
        a
    }
}

/// The hand-written pools of `[c, h, w]` by 2 × 2, `avg` or max.
#[inline(always)]
fn pool_hand(x: &[f32], out: &mut [f32], [c, h, w]: [usize; 3], avg: bool) {
    let (ph, pw) = (h / 2, w / 2);
    let (x, out) = (&x[..c * h * w], &mut out[..c * ph * pw]);
    for k in 0..c {
        for i in 0..ph {
            for j in 0..pw {
                let at = (k * h + 2 * i) * w + 2 * j;
                let [a, b, p, q] = [x[at], x[at + 1], x[at + w], x[at + w + 1]];
                out[(k * ph + i) * pw + j] = if avg {
                    (a + b + p + q) / 4.0
                } else {
                    larger(larger(larger(a, b), p), q)
                };
            }
        }
    }
}

/// One size of the benchmark: input `[C, H, W]`, output `[C, H/2, W/2]`.
macro_rules! pool_group {
    ($name:ident, $c:literal, $h:literal, $w:literal) => {
        #[divan::bench_group(sample_count = SAMPLES)]
        mod $name {
            use super::*;

            type In = Shape![$c, $h, $w];
            type Out = Shape![$c, $h / 2, $w / 2];
            /// The input with its last two axes swapped.
            type OutT = Shape![$c, $w / 2, $h / 2];
            const DIMS: [usize; 3] = [$c, $h, $w];
            const N_IN: usize = $c * $h * $w;
            const N_OUT: usize = N_IN / 4;

            #[inline(never)]
            fn hand(x: &[f32; N_IN], out: &mut [f32; N_OUT]) {
                pool_hand(x, out, DIMS, false);
            }

            #[inline(never)]
            fn hand_avg(x: &[f32; N_IN], out: &mut [f32; N_OUT]) {
                pool_hand(x, out, DIMS, true);
            }

            #[inline(never)]
            fn by_value(x: &Tensor<f32, In>, out: &mut Tensor<f32, Out>) {
                *out = x.max_pool2d::<Shape![2, 2]>();
            }

            #[inline(never)]
            fn into(x: &Tensor<f32, In>, out: &mut Tensor<f32, Out>) {
                out.assign_max_pool2d::<Shape![2, 2], _>(x);
            }

            #[inline(never)]
            fn avg_into(x: &Tensor<f32, In>, out: &mut Tensor<f32, Out>) {
                out.assign_avg_pool2d::<Shape![2, 2], _>(x);
            }

            #[inline(never)]
            fn permuted(x: &Tensor<f32, In>, out: &mut Tensor<f32, OutT>) {
                out.assign_max_pool2d::<Shape![2, 2], _>(&x.permute::<Axes![0, 2, 1]>());
            }

            #[inline(never)]
            fn nd(x: &Array3<f32>, out: &mut Array3<f32>) {
                Zip::from(out)
                    .and(x.exact_chunks((1, 2, 2)))
                    .for_each(|y, pool| {
                        let [a, b, p, q] = [
                            pool[[0, 0, 0]],
                            pool[[0, 0, 1]],
                            pool[[0, 1, 0]],
                            pool[[0, 1, 1]],
                        ];
                        *y = larger(larger(larger(a, b), p), q);
                    });
            }

            struct Operands {
                x: Box<Aligned<[f32; N_IN]>>,
                tx: Box<Aligned<Tensor<f32, In>>>,
                nx: Array3<f32>,
            }

            fn operands() -> Operands {
                Operands {
                    x: Aligned::boxed(core::array::from_fn(value)),
                    tx: Aligned::boxed(Tensor::from_flat_fn(value)),
                    nx: Array3::from_shape_fn(($c, $h, $w), |(k, i, j)| {
                        value((k * $h + i) * $w + j)
                    }),
                }
            }

            /// Panics unless every contender computes the hand loop's result.
            pub(super) fn check() {
                let p = operands();
                let mut want = Aligned::boxed([0.0; N_OUT]);
                hand(&p.x.0, &mut want.0);
                let mut out = Aligned::boxed(Tensor::<f32, Out>::full(f32::NAN));
                by_value(&p.tx.0, &mut out.0);
                assert!(out.0.as_slice() == want.0, "tensor computed wrongly");
                out.0 = Tensor::full(f32::NAN);
                into(&p.tx.0, &mut out.0);
                assert!(out.0.as_slice() == want.0, "tensor_into computed wrongly");
                let mut out_t = Aligned::boxed(Tensor::<f32, OutT>::full(f32::NAN));
                permuted(&p.tx.0, &mut out_t.0);
                let back = out_t.0.permute::<Axes![0, 2, 1]>().to_tensor();
                assert!(back.as_slice() == want.0, "tensor_view computed wrongly");
                let mut nout = Array3::from_elem(($c, $h / 2, $w / 2), f32::NAN);
                nd(&p.nx, &mut nout);
                assert!(
                    nout.as_slice().unwrap() == want.0,
                    "ndarray computed wrongly"
                );
                hand_avg(&p.x.0, &mut want.0);
                avg_into(&p.tx.0, &mut out.0);
                assert!(
                    out.0.as_slice() == want.0,
                    "tensor_avg_into computed wrongly"
                );
                println!(
                    "{}: operand alignment (bytes): tensor {}, flat {}, ndarray {}",
                    stringify!($name),
                    alignment_of(&p.tx.0),
                    alignment_of(&p.x.0),
                    alignment_of(&p.nx.as_slice().unwrap()[0]),
                );
            }

            /// Four loops over flat arrays: the baseline.
            #[divan::bench]
            fn hand_written(bencher: Bencher) {
                let (p, mut out) = (operands(), Aligned::boxed([0.0f32; N_OUT]));
                bencher.bench_local(|| hand(black_box(&p.x.0), &mut out.0));
            }

            /// `*out = x.max_pool2d::<Shape![2, 2]>()`.
            #[divan::bench]
            fn tensor(bencher: Bencher) {
                let (p, mut out) = (operands(), Aligned::boxed(Tensor::<f32, Out>::zeros()));
                bencher.bench_local(|| by_value(black_box(&p.tx.0), &mut out.0));
            }

            /// `out.assign_max_pool2d::<Shape![2, 2], _>(&x)`.
            #[divan::bench]
            fn tensor_into(bencher: Bencher) {
                let (p, mut out) = (operands(), Aligned::boxed(Tensor::<f32, Out>::zeros()));
                bencher.bench_local(|| into(black_box(&p.tx.0), &mut out.0));
            }

            /// The pool of `x.permute::<Axes![0, 2, 1]>()`, in place.
            #[divan::bench]
            fn tensor_view(bencher: Bencher) {
                let (p, mut out) = (operands(), Aligned::boxed(Tensor::<f32, OutT>::zeros()));
                bencher.bench_local(|| permuted(black_box(&p.tx.0), &mut out.0));
            }

            /// ndarray's `exact_chunks((1, 2, 2))` and `Zip`.
            #[divan::bench]
            fn ndarray(bencher: Bencher) {
                let p = operands();
                let mut out = Array3::zeros(($c, $h / 2, $w / 2));
                bencher.bench_local(|| nd(black_box(&p.nx), &mut out));
            }

            /// The hand-written average pool: the baseline of `tensor_avg_into`.
            #[divan::bench]
            fn hand_avg_written(bencher: Bencher) {
                let (p, mut out) = (operands(), Aligned::boxed([0.0f32; N_OUT]));
                bencher.bench_local(|| hand_avg(black_box(&p.x.0), &mut out.0));
            }

            /// `out.assign_avg_pool2d::<Shape![2, 2], _>(&x)`.
            #[divan::bench]
            fn tensor_avg_into(bencher: Bencher) {
                let (p, mut out) = (operands(), Aligned::boxed(Tensor::<f32, Out>::zeros()));
                bencher.bench_local(|| avg_into(black_box(&p.tx.0), &mut out.0));
            }
        }
    };
}

pool_group!(lenet_6x28x28, 6, 28, 28);
pool_group!(resnet_64x56x56, 64, 56, 56);

fn main() {
    tensor_bench::cap_simd_from_env();
    lenet_6x28x28::check();
    resnet_64x56x56::check();
    divan::main();
}
