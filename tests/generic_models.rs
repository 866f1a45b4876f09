//! A LeNet written as layered shape-generic `#[shape]` functions, with no
//! where-clause and no restated bound anywhere: `forward<C, H, W>` calls
//! `features<C, H, W>`, which calls `conv_block` twice, which calls
//! `conv_relu` (`H - K + 1`) and `pool` (`H / 2`). Each caller's signature
//! spells the chain of its callees' shapes (`((H - 5 + 1) / 2 - 5 + 1) / 2`),
//! so the attribute's bounds for it cover every callee's. Run at CIFAR size
//! (3 × 32 × 32), at MNIST size (1 × 28 × 28) and at an odd one
//! (2 × 24 × 36), each against plain loops over flat arrays.
//!
//! (Before the attribute wrote sums as `Dimension`'s own projections, the
//! chain did not compile: its bound on `(H - 5 + 1) / 2 - 5` could not be
//! proved from the one on `(H - 5 + 1) / 2`.)

use tensor_core::prelude::*;

/// Convolution `K × K` (`O` filters), bias, ReLU.
#[shape(C, H, W, O, K)]
fn conv_relu(
    x: &Tensor<f32, Shape![C, H, W]>,
    w: &Tensor<f32, Shape![O, C, K, K]>,
    b: &Tensor<f32, Shape![O]>,
) -> Tensor<f32, Shape![O, H - K + 1, W - K + 1]> {
    let planes: Tensor<f32, Shape![O, 1, 1]> = b.reshape().to_tensor();
    (&x.conv2d(w) + &planes).map(|v| v.max(0.0))
}

#[shape(C, H, W)]
fn pool(x: &Tensor<f32, Shape![C, H, W]>) -> Tensor<f32, Shape![C, H / 2, W / 2]> {
    x.max_pool2d::<Shape![2, 2]>()
}

#[shape(C, H, W)]
fn flatten(x: &Tensor<f32, Shape![C, H, W]>) -> Tensor<f32, Shape![C * H * W]> {
    x.reshape().to_tensor()
}

#[shape(I, O)]
fn dense(
    x: &Tensor<f32, Shape![I]>,
    w: &Tensor<f32, Shape![I, O]>,
    b: &Tensor<f32, Shape![O]>,
) -> Tensor<f32, Shape![O]> {
    let row: Tensor<f32, Shape![1, I]> = x.reshape().to_tensor();
    let y: Tensor<f32, Shape![O]> = row.matmul(w).into_reshape();
    &y + b
}

/// Convolution 5 × 5, ReLU, 2 × 2 max pool: a generic caller of two
/// generic layers.
#[shape(C, H, W, O)]
fn conv_block(
    x: &Tensor<f32, Shape![C, H, W]>,
    w: &Tensor<f32, Shape![O, C, 5, 5]>,
    b: &Tensor<f32, Shape![O]>,
) -> Tensor<f32, Shape![O, (H - 5 + 1) / 2, (W - 5 + 1) / 2]> {
    pool(&conv_relu(x, w, b))
}

/// The weights: `C` input channels, `P × Q` the last pool's output.
#[shape(C, P, Q)]
struct LeNet {
    c1: (Tensor<f32, Shape![6, C, 5, 5]>, Tensor<f32, Shape![6]>),
    c2: (Tensor<f32, Shape![16, 6, 5, 5]>, Tensor<f32, Shape![16]>),
    f1: (
        Tensor<f32, Shape![16 * P * Q, 120]>,
        Tensor<f32, Shape![120]>,
    ),
    f2: (Tensor<f32, Shape![120, 84]>, Tensor<f32, Shape![84]>),
    f3: (Tensor<f32, Shape![84, 10]>, Tensor<f32, Shape![10]>),
}

/// Weights from a xorshift sequence, on the heap (the `16 * P * Q × 120`
/// layer is 188 KiB at CIFAR size).
#[shape(C, P, Q)]
fn random(seed: u32) -> Box<LeNet<C, P, Q>> {
    let mut s = seed;
    let mut next = move |scale: f32| {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        (s as f32 / u32::MAX as f32 - 0.5) * scale
    };
    Box::new(LeNet {
        c1: (
            Tensor::from_flat_fn(|_| next(0.8)),
            Tensor::from_flat_fn(|_| next(0.8)),
        ),
        c2: (
            Tensor::from_flat_fn(|_| next(0.6)),
            Tensor::from_flat_fn(|_| next(0.6)),
        ),
        f1: (
            Tensor::from_flat_fn(|_| next(0.2)),
            Tensor::from_flat_fn(|_| next(0.2)),
        ),
        f2: (
            Tensor::from_flat_fn(|_| next(0.4)),
            Tensor::from_flat_fn(|_| next(0.4)),
        ),
        f3: (
            Tensor::from_flat_fn(|_| next(0.4)),
            Tensor::from_flat_fn(|_| next(0.4)),
        ),
    })
}

/// Two conv blocks: `[C, H, W] -> [16, P, Q]`.
#[shape(C, H, W)]
fn features(
    c1: &(Tensor<f32, Shape![6, C, 5, 5]>, Tensor<f32, Shape![6]>),
    c2: &(Tensor<f32, Shape![16, 6, 5, 5]>, Tensor<f32, Shape![16]>),
    x: &Tensor<f32, Shape![C, H, W]>,
) -> Tensor<
    f32,
    Shape![
        16,
        ((H - 5 + 1) / 2 - 5 + 1) / 2,
        ((W - 5 + 1) / 2 - 5 + 1) / 2
    ],
> {
    conv_block(&conv_block(x, &c1.0, &c1.1), &c2.0, &c2.1)
}

/// The logits of `x`.
#[shape(C, H, W)]
fn forward(
    net: &LeNet<C, Dim![((H - 5 + 1) / 2 - 5 + 1) / 2], Dim![((W - 5 + 1) / 2 - 5 + 1) / 2]>,
    x: &Tensor<f32, Shape![C, H, W]>,
) -> Tensor<f32, Shape![10]> {
    let flat = flatten(&features(&net.c1, &net.c2, x));
    let h1 = dense(&flat, &net.f1.0, &net.f1.1).map(|v| v.max(0.0));
    let h2 = dense(&h1, &net.f2.0, &net.f2.1).map(|v| v.max(0.0));
    dense(&h2, &net.f3.0, &net.f3.1)
}

/// The same network by plain loops over flat arrays.
mod plain {
    /// Convolution `k × k` (`o` filters) of `[c, h, w]`, bias, ReLU.
    pub fn conv_relu(
        x: &[f32],
        [c, h, w]: [usize; 3],
        k: &[f32],
        b: &[f32],
        ks: usize,
    ) -> Vec<f32> {
        let (o, oh, ow) = (b.len(), h - ks + 1, w - ks + 1);
        let mut out = vec![0.0f32; o * oh * ow];
        for f in 0..o {
            for i in 0..oh {
                for j in 0..ow {
                    let mut acc = 0.0f32;
                    for ch in 0..c {
                        for a in 0..ks {
                            for e in 0..ks {
                                let kk = ((f * c + ch) * ks + a) * ks + e;
                                acc += x[(ch * h + i + a) * w + j + e] * k[kk];
                            }
                        }
                    }
                    out[(f * oh + i) * ow + j] = (acc + b[f]).max(0.0);
                }
            }
        }
        out
    }

    /// 2 × 2 max pool of `[c, h, w]`.
    pub fn pool(x: &[f32], [c, h, w]: [usize; 3]) -> Vec<f32> {
        let (oh, ow) = (h / 2, w / 2);
        let mut out = vec![0.0f32; c * oh * ow];
        for ch in 0..c {
            for i in 0..oh {
                for j in 0..ow {
                    let at = |a: usize, e: usize| x[(ch * h + 2 * i + a) * w + 2 * j + e];
                    out[(ch * oh + i) * ow + j] =
                        at(0, 0).max(at(0, 1)).max(at(1, 0)).max(at(1, 1));
                }
            }
        }
        out
    }

    /// `x · w + b` for `w` of `[x.len(), b.len()]`, ReLU when `relu`.
    pub fn dense(x: &[f32], w: &[f32], b: &[f32], relu: bool) -> Vec<f32> {
        let o = b.len();
        (0..o)
            .map(|n| {
                let y = (0..x.len()).map(|i| x[i] * w[i * o + n]).sum::<f32>() + b[n];
                if relu {
                    y.max(0.0)
                } else {
                    y
                }
            })
            .collect()
    }
}

/// `forward` at `[C, H, W]` against the plain loops.
#[shape(C, P, Q)]
fn agrees_with_loops(net: &LeNet<C, P, Q>, x: &[f32], [c, h, w]: [usize; 3], got: &[f32]) {
    let a = plain::conv_relu(x, [c, h, w], net.c1.0.as_slice(), net.c1.1.as_slice(), 5);
    let a = plain::pool(&a, [6, h - 4, w - 4]);
    let (h2, w2) = ((h - 4) / 2, (w - 4) / 2);
    let a = plain::conv_relu(&a, [6, h2, w2], net.c2.0.as_slice(), net.c2.1.as_slice(), 5);
    let a = plain::pool(&a, [16, h2 - 4, w2 - 4]);
    assert_eq!(a.len(), P::VALUE * Q::VALUE * 16, "flattened features");
    let a = plain::dense(&a, net.f1.0.as_slice(), net.f1.1.as_slice(), true);
    let a = plain::dense(&a, net.f2.0.as_slice(), net.f2.1.as_slice(), true);
    let want = plain::dense(&a, net.f3.0.as_slice(), net.f3.1.as_slice(), false);
    for (n, (&g, &e)) in got.iter().zip(&want).enumerate() {
        assert!(
            (g - e).abs() <= 1e-4 * e.abs().max(1.0),
            "logit {n}: {g} against {e}"
        );
    }
    assert!(
        want.iter().any(|&e| e.abs() > 1e-3),
        "a network of zeros tests nothing"
    );
}

fn input<S: Shape>(salt: usize) -> Tensor<f32, S> {
    Tensor::from_flat_fn(|i| ((i * 7 + salt) % 13) as f32 / 6.0 - 1.0)
}

#[test]
fn at_cifar_size() {
    // 32 -> 28 -> 14 -> 10 -> 5: flatten 16 * 5 * 5 = 400
    let net = random::<Dim![3], Dim![5], Dim![5]>(7);
    let x = input::<Shape![3, 32, 32]>(1);
    let y = forward(&net, &x);
    agrees_with_loops(&net, x.as_slice(), [3, 32, 32], y.as_slice());
    let _: &Tensor<f32, Shape![400, 120]> = &net.f1.0;
}

#[test]
fn at_mnist_size() {
    // 28 -> 24 -> 12 -> 8 -> 4: flatten 256
    let net = random::<Dim![1], Dim![4], Dim![4]>(3);
    let x = input::<Shape![1, 28, 28]>(2);
    let y = forward(&net, &x);
    agrees_with_loops(&net, x.as_slice(), [1, 28, 28], y.as_slice());
}

#[test]
fn at_an_odd_size() {
    // H: 24 -> 20 -> 10 -> 6 -> 3; W: 36 -> 32 -> 16 -> 12 -> 6: flatten 288
    let net = random::<Dim![2], Dim![3], Dim![6]>(11);
    let x = input::<Shape![2, 24, 36]>(3);
    let y = forward(&net, &x);
    agrees_with_loops(&net, x.as_slice(), [2, 24, 36], y.as_slice());
    let _: &Tensor<f32, Shape![288, 120]> = &net.f1.0;
}

/// The negative log-likelihood of each sample, as a classifier's loss is
/// written: unary `-` of a generic tensor, with no bound.
#[shape(B, K)]
fn nll(
    logits: &Tensor<f32, Shape![B, K]>,
    onehot: &Tensor<f32, Shape![B, K]>,
) -> Tensor<f32, Shape![B]> {
    -(&logits.log_softmax::<Axis<1>>() * onehot).sum_axes::<Axes![1]>()
}

#[test]
fn a_loss_negates_in_generic_code() {
    const B: usize = 32;
    let logits = Tensor::<f32, Shape![32, 10]>::from_flat_fn(|i| ((i * 7919) % 23) as f32 / 4.0);
    let onehot = Tensor::<f32, Shape![32, 10]>::from_fn(|[b, k]| f32::from(u8::from(k == b % 10)));
    let loss = nll(&logits, &onehot);
    for b in 0..B {
        let row: std::vec::Vec<f64> = (0..10).map(|k| f64::from(logits[[b, k]])).collect();
        let max = row.iter().copied().fold(f64::MIN, f64::max);
        let ln_sum = row.iter().map(|x| (x - max).exp()).sum::<f64>().ln();
        let want = -((row[b % 10] - max) - ln_sum);
        assert!(
            (f64::from(loss[[b]]) - want).abs() < 1e-5,
            "sample {b}: {} against {want}",
            loss[[b]]
        );
    }
}
