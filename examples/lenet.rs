//! LeNet-5 at CIFAR size, built from shape-generic `#[shape]` layers with no
//! where-clause anywhere:
//!
//! ```text
//! [3, 32, 32] --conv 5x5 (6), ReLU--> [6, 28, 28] --max pool 2x2--> [6, 14, 14]
//!             --conv 5x5 (16), ReLU--> [16, 10, 10] --max pool 2x2--> [16, 5, 5]
//!             --flatten--> [400] --dense, ReLU--> [120] --dense, ReLU--> [84] --dense--> [10]
//! ```
//!
//! Each layer is generic over its sizes ([`conv_relu`], [`pool`],
//! [`flatten`], [`dense`]); [`logits`] chains them at CIFAR's sizes, and the
//! compiler checks every shape on the way (a `[16, 6, 5, 5]` filter bank on
//! the 3-channel input, or a `[120, 400]` weight where `[400, 120]` belongs,
//! does not build). The flattened size 3·32·32 = 3072 of the input, and 400
//! after the features, are ordinary dimensions (`Dim![3072]`).
//!
//! Run: `cargo run --release --example lenet` (untrained weights from a
//! seed; `cargo test --example lenet` checks [`logits`] against plain loops).

use tensor_core::prelude::*;

use tensor_examples::rng::XorShift;

/// A valid convolution by `O` filters of `K × K`, plus one bias per filter,
/// then ReLU: `[C, H, W] -> [O, H - K + 1, W - K + 1]`.
#[shape(C, H, W, O, K)]
pub fn conv_relu(
    x: &Tensor<f32, Shape![C, H, W]>,
    w: &Tensor<f32, Shape![O, C, K, K]>,
    b: &Tensor<f32, Shape![O]>,
) -> Tensor<f32, Shape![O, H - K + 1, W - K + 1]> {
    let planes: Tensor<f32, Shape![O, 1, 1]> = b.reshape().to_tensor();
    (&x.conv2d(w) + &planes).map(|v| v.max(0.0))
}

/// 2 × 2 max pooling: `[C, H, W] -> [C, H / 2, W / 2]` (the sizes must be
/// even: an odd one is a compile error at the call).
#[shape(C, H, W)]
pub fn pool(x: &Tensor<f32, Shape![C, H, W]>) -> Tensor<f32, Shape![C, H / 2, W / 2]> {
    x.max_pool2d::<Shape![2, 2]>()
}

/// `[C, H, W] -> [C * H * W]`, in row-major order.
#[shape(C, H, W)]
pub fn flatten(x: &Tensor<f32, Shape![C, H, W]>) -> Tensor<f32, Shape![C * H * W]> {
    x.reshape().to_tensor()
}

/// A dense layer, `x · w + b`: `[I] -> [O]`.
#[shape(I, O)]
pub fn dense(
    x: &Tensor<f32, Shape![I]>,
    w: &Tensor<f32, Shape![I, O]>,
    b: &Tensor<f32, Shape![O]>,
) -> Tensor<f32, Shape![O]> {
    let row: Tensor<f32, Shape![1, I]> = x.reshape().to_tensor();
    let y: Tensor<f32, Shape![O]> = row.matmul(w).into_reshape();
    &y + b
}

/// [`dense`], then ReLU.
#[shape(I, O)]
pub fn dense_relu(
    x: &Tensor<f32, Shape![I]>,
    w: &Tensor<f32, Shape![I, O]>,
    b: &Tensor<f32, Shape![O]>,
) -> Tensor<f32, Shape![O]> {
    dense(x, w, b).map(|v| v.max(0.0))
}

/// The weights of LeNet-5 for 3 × 32 × 32 images: 62,006 parameters
/// (about 242 KiB), kept in a `Box` by [`LeNet::boxed_random`].
#[derive(Clone, Debug, PartialEq)]
pub struct LeNet {
    /// First convolution, `[6, 3, 5, 5]`.
    pub c1_w: Tensor<f32, Shape![6, 3, 5, 5]>,
    /// Its biases.
    pub c1_b: Tensor<f32, Shape![6]>,
    /// Second convolution, `[16, 6, 5, 5]`.
    pub c2_w: Tensor<f32, Shape![16, 6, 5, 5]>,
    /// Its biases.
    pub c2_b: Tensor<f32, Shape![16]>,
    /// `[400, 120]`.
    pub f1_w: Tensor<f32, Shape![400, 120]>,
    /// Its biases.
    pub f1_b: Tensor<f32, Shape![120]>,
    /// `[120, 84]`.
    pub f2_w: Tensor<f32, Shape![120, 84]>,
    /// Its biases.
    pub f2_b: Tensor<f32, Shape![84]>,
    /// `[84, 10]`.
    pub f3_w: Tensor<f32, Shape![84, 10]>,
    /// Its biases.
    pub f3_b: Tensor<f32, Shape![10]>,
}

impl LeNet {
    /// Untrained weights, uniform in `±1/√fan_in` from a seeded generator,
    /// built on the heap (the struct is 242 KiB).
    pub fn boxed_random(seed: u32) -> Box<LeNet> {
        let mut rng = XorShift(seed.max(1));
        let mut fill = |t: &mut [f32], fan_in: usize| {
            let bound = 1.0 / (fan_in as f32).sqrt();
            t.iter_mut().for_each(|v| *v = rng.uniform(bound));
        };
        let mut net = Box::new(LeNet {
            c1_w: Tensor::zeros(),
            c1_b: Tensor::zeros(),
            c2_w: Tensor::zeros(),
            c2_b: Tensor::zeros(),
            f1_w: Tensor::zeros(),
            f1_b: Tensor::zeros(),
            f2_w: Tensor::zeros(),
            f2_b: Tensor::zeros(),
            f3_w: Tensor::zeros(),
            f3_b: Tensor::zeros(),
        });
        fill(net.c1_w.as_mut_slice(), 75);
        fill(net.c1_b.as_mut_slice(), 75);
        fill(net.c2_w.as_mut_slice(), 150);
        fill(net.c2_b.as_mut_slice(), 150);
        fill(net.f1_w.as_mut_slice(), 400);
        fill(net.f1_b.as_mut_slice(), 400);
        fill(net.f2_w.as_mut_slice(), 120);
        fill(net.f2_b.as_mut_slice(), 120);
        fill(net.f3_w.as_mut_slice(), 84);
        fill(net.f3_b.as_mut_slice(), 84);
        net
    }
}

/// The class scores of one image.
pub fn logits(net: &LeNet, x: &Tensor<f32, Shape![3, 32, 32]>) -> Tensor<f32, Shape![10]> {
    let p1 = pool(&conv_relu(x, &net.c1_w, &net.c1_b)); // [6, 14, 14]
    let p2 = pool(&conv_relu(&p1, &net.c2_w, &net.c2_b)); // [16, 5, 5]
    let h1 = dense_relu(&flatten(&p2), &net.f1_w, &net.f1_b); // [120]
    let h2 = dense_relu(&h1, &net.f2_w, &net.f2_b); // [84]
    dense(&h2, &net.f3_w, &net.f3_b)
}

fn main() {
    let net = LeNet::boxed_random(7);
    let img = Tensor::<f32, Shape![3, 32, 32]>::from_fn(|[c, i, j]| {
        ((c * 7 + i * 3 + j) % 11) as f32 / 10.0
    });
    let pixels: Tensor<f32, Shape![3072]> = flatten(&img); // 3 * 32 * 32
    println!("input: {:?} = {} pixels", img.shape(), pixels.shape()[0]);
    let y = logits(&net, &img);
    println!("logits: {y:.4}");
    println!("class: {}", y.argmax()[0]);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// LeNet by plain loops over flat slices, sharing no code with the
    /// layers above.
    fn reference(net: &LeNet, x: &[f32]) -> Vec<f32> {
        fn conv(x: &[f32], c: usize, h: usize, w: &[f32], b: &[f32], o: usize) -> Vec<f32> {
            let (k, oh) = (5, h - 4);
            let mut out = vec![0.0f32; o * oh * oh];
            for f in 0..o {
                for i in 0..oh {
                    for j in 0..oh {
                        let mut acc = 0.0f32;
                        for ch in 0..c {
                            for a in 0..k {
                                for bb in 0..k {
                                    acc += x[(ch * h + i + a) * h + j + bb]
                                        * w[((f * c + ch) * k + a) * k + bb];
                                }
                            }
                        }
                        out[(f * oh + i) * oh + j] = (acc + b[f]).max(0.0);
                    }
                }
            }
            out
        }
        fn pool(x: &[f32], c: usize, h: usize) -> Vec<f32> {
            let oh = h / 2;
            let mut out = vec![0.0f32; c * oh * oh];
            for ch in 0..c {
                for i in 0..oh {
                    for j in 0..oh {
                        let at = |a: usize, b: usize| x[(ch * h + 2 * i + a) * h + 2 * j + b];
                        out[(ch * oh + i) * oh + j] =
                            at(0, 0).max(at(0, 1)).max(at(1, 0)).max(at(1, 1));
                    }
                }
            }
            out
        }
        fn dense(x: &[f32], w: &[f32], b: &[f32], relu: bool) -> Vec<f32> {
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
        let p1 = pool(
            &conv(x, 3, 32, net.c1_w.as_slice(), net.c1_b.as_slice(), 6),
            6,
            28,
        );
        let p2 = pool(
            &conv(&p1, 6, 14, net.c2_w.as_slice(), net.c2_b.as_slice(), 16),
            16,
            10,
        );
        let h1 = dense(&p2, net.f1_w.as_slice(), net.f1_b.as_slice(), true);
        let h2 = dense(&h1, net.f2_w.as_slice(), net.f2_b.as_slice(), true);
        dense(&h2, net.f3_w.as_slice(), net.f3_b.as_slice(), false)
    }

    #[test]
    fn logits_match_plain_loops_at_cifar_size() {
        for seed in [1, 7, 12345] {
            let net = LeNet::boxed_random(seed);
            let mut rng = XorShift(seed.wrapping_mul(31) | 1);
            let img = Tensor::<f32, Shape![3, 32, 32]>::from_flat_fn(|_| rng.uniform(1.0) + 1.0);
            let got = logits(&net, &img);
            let want = reference(&net, img.as_slice());
            for (k, (g, w)) in got.iter().zip(&want).enumerate() {
                assert!(
                    (g - w).abs() <= 1e-4 * w.abs().max(1.0),
                    "seed {seed}, class {k}: {g} vs {w}"
                );
            }
        }
    }

    #[test]
    fn flatten_is_row_major_at_3072() {
        let img = Tensor::<f32, Shape![3, 32, 32]>::from_flat_fn(|i| i as f32);
        let flat: Tensor<f32, Shape![3072]> = flatten(&img);
        assert_eq!(flat.as_slice(), img.as_slice());
        assert_eq!(flat[[32 * 32 + 5]], img[[1, 0, 5]]);
    }
}
