//! Layers a user ports from a model codebase, written as shape-generic
//! `#[shape]` functions (and one `#[shape]` struct with its `impl`) with no
//! where-clause, layered (generic callers of generic callees) and called at
//! real sizes: heads split and merged (`[T, H * D] <-> [H, T, D]`), a
//! flatten and its inverse, a bias broadcast as `[O, 1, 1]`, a dense layer
//! through a `[1, I]` row, a 5 x 5 convolution, pools, a layer norm,
//! batched products and their `einsum`, `concat`, `stack`, `split`, trims
//! and steps of `slice!`, a run-time batch. Each is checked against plain
//! index arithmetic on the flat elements.

use tensor_core::prelude::*;

fn value(i: usize) -> f32 {
    ((i * 7919) % 29) as f32 / 7.0 - 2.0
}

// ---- attention's reshapes -------------------------------------------------

#[shape(T, H, D)]
fn split_heads(x: &Tensor<f32, Shape![T, H * D]>) -> Tensor<f32, Shape![H, T, D]> {
    x.reshape::<Shape![T, H, D]>()
        .permute::<Axes![1, 0, 2]>()
        .to_tensor()
}

#[shape(T, H, D)]
fn merge_heads(x: &Tensor<f32, Shape![H, T, D]>) -> Tensor<f32, Shape![T, H * D]> {
    x.permute::<Axes![1, 0, 2]>()
        .to_tensor()
        .into_reshape::<Shape![T, H * D]>()
}

/// Per-head scaled dot-product attention over `[T, H * D]`, projections
/// left out: the generic caller of both reshapes.
#[shape(T, H, D)]
fn self_attention(x: &Tensor<f32, Shape![T, H * D]>) -> Tensor<f32, Shape![T, H * D]> {
    let q = split_heads::<T, H, D>(x);
    let s = q.matmul(&q.t()) * (1.0 / (D::VALUE as f32).sqrt());
    merge_heads(&s.softmax::<Axis<2>>().matmul(&q))
}

/// A residual around [`self_attention`]: a generic caller two levels up.
#[shape(T, H, D)]
fn residual(x: &Tensor<f32, Shape![T, H * D]>) -> Tensor<f32, Shape![T, H * D]> {
    x + &self_attention::<T, H, D>(x)
}

#[shape(T, H, D)]
fn heads_summed(x: &Tensor<f32, Shape![T, H * D]>) -> Tensor<f32, Shape![T, D]> {
    x.reshape::<Shape![T, H, D]>().sum_axes::<Axes![1]>()
}

#[test]
fn heads_split_merge_and_attend_at_a_transformer_size() {
    // 64 tokens, 8 heads of 16: [64, 128].
    let x = Tensor::<f32, Shape![64, 128]>::from_flat_fn(|i| value(i) / 4.0);
    let heads = split_heads::<Dim![64], Dim![8], Dim![16]>(&x);
    for (h, t, d) in [(0, 0, 0), (3, 17, 5), (7, 63, 15)] {
        assert_eq!(heads[[h, t, d]], x.as_slice()[t * 128 + h * 16 + d]);
    }
    assert_eq!(merge_heads(&heads), x);
    let summed = heads_summed::<Dim![64], Dim![8], Dim![16]>(&x);
    let want: f32 = (0..8).map(|h| x.as_slice()[5 * 128 + h * 16 + 3]).sum();
    assert!((summed[[5, 3]] - want).abs() < 1e-5);

    // Attention by plain loops, head 2, token 9, feature 4.
    let y = residual::<Dim![64], Dim![8], Dim![16]>(&x);
    let xs = x.as_slice();
    let at = |t: usize, d: usize| xs[t * 128 + 2 * 16 + d];
    let scores: Vec<f32> = (0..64)
        .map(|j| (0..16).map(|d| at(9, d) * at(j, d)).sum::<f32>() / 4.0)
        .collect();
    let m = scores.iter().cloned().fold(f32::NEG_INFINITY, f32::max);
    let z: f32 = scores.iter().map(|s| (s - m).exp()).sum();
    let attended: f32 = (0..64).map(|j| (scores[j] - m).exp() / z * at(j, 4)).sum();
    assert!((y[[9, 2 * 16 + 4]] - (at(9, 4) + attended)).abs() < 1e-4);
}

// ---- a CNN's layers ------------------------------------------------------

#[shape(C, H, W)]
fn flatten(x: &Tensor<f32, Shape![C, H, W]>) -> Tensor<f32, Shape![C * H * W]> {
    x.reshape::<Shape![C * H * W]>().to_tensor()
}

#[shape(C, H, W)]
fn unflatten(x: &Tensor<f32, Shape![C * H * W]>) -> Tensor<f32, Shape![C, H, W]> {
    x.reshape::<Shape![C, H, W]>().to_tensor()
}

#[shape(C, H, W)]
fn round_trip(x: &Tensor<f32, Shape![C, H, W]>) -> Tensor<f32, Shape![C, H, W]> {
    unflatten(&flatten(x))
}

#[shape(O, H, W)]
fn add_bias(
    x: &Tensor<f32, Shape![O, H, W]>,
    b: &Tensor<f32, Shape![O]>,
) -> Tensor<f32, Shape![O, H, W]> {
    x + b.reshape::<Shape![O, 1, 1]>()
}

/// A 5 x 5 valid convolution, spelled `H - 5 + 1` (docs/generic.md).
#[shape(C, H, W, O)]
fn conv5(
    x: &Tensor<f32, Shape![C, H, W]>,
    w: &Tensor<f32, Shape![O, C, 5, 5]>,
) -> Tensor<f32, Shape![O, H - 5 + 1, W - 5 + 1]> {
    x.conv2d(w)
}

/// Pooled, then flattened: the callee's `C * H * W` at `H / 2`.
#[shape(C, H, W)]
fn pool_flat(x: &Tensor<f32, Shape![C, H, W]>) -> Tensor<f32, Shape![C * (H / 2) * (W / 2)]> {
    flatten(&x.max_pool2d::<Shape![2, 2]>())
}

#[test]
fn a_cnn_at_cifar_size() {
    let img = Tensor::<f32, Shape![3, 32, 32]>::from_flat_fn(value);
    let flat = flatten(&img);
    assert_eq!(flat.shape(), [3072]);
    assert_eq!(flat.as_slice(), img.as_slice());
    assert_eq!(round_trip(&img), img);
    let back: Tensor<f32, Shape![3, 32, 32]> = unflatten(&flat);
    assert_eq!(back, img);

    let w = Tensor::<f32, Shape![6, 3, 5, 5]>::from_flat_fn(|i| value(i + 11));
    let b = Tensor::<f32, Shape![6]>::from_flat_fn(|i| i as f32);
    let y = add_bias(&conv5(&img, &w), &b);
    assert_eq!(y.shape(), [6, 28, 28]);
    let (xs, ws) = (img.as_slice(), w.as_slice());
    for (o, i, j) in [(0, 0, 0), (2, 13, 27), (5, 27, 4)] {
        let mut acc = 0.0;
        for c in 0..3 {
            for a in 0..5 {
                for e in 0..5 {
                    acc += ws[((o * 3 + c) * 5 + a) * 5 + e] * xs[(c * 32 + i + a) * 32 + j + e];
                }
            }
        }
        assert!(
            (y[[o, i, j]] - (acc + o as f32)).abs() < 1e-4,
            "{o} {i} {j}"
        );
    }

    let p = pool_flat(&img);
    assert_eq!(p.shape(), [768]);
    let (c, i, j) = (2, 7, 11);
    let want = [(0, 0), (0, 1), (1, 0), (1, 1)]
        .map(|(a, e)| xs[(c * 32 + 2 * i + a) * 32 + 2 * j + e])
        .into_iter()
        .fold(f32::NEG_INFINITY, f32::max);
    assert_eq!(p.as_slice()[(c * 16 + i) * 16 + j], want);
}

// ---- dense layers: a struct, its impl, and a generic caller ---------------

#[shape(I)]
fn squeeze_row(x: &Tensor<f32, Shape![1, I]>) -> Tensor<f32, Shape![I]> {
    x.reshape::<Shape![I]>().to_tensor()
}

#[shape(I, O)]
struct Linear {
    w: Tensor<f32, Shape![I, O]>,
    b: Tensor<f32, Shape![O]>,
}

#[shape(I, O)]
impl Linear<I, O> {
    fn forward(&self, x: &Tensor<f32, Shape![I]>) -> Tensor<f32, Shape![O]> {
        &squeeze_row(&x.reshape::<Shape![1, I]>().matmul(&self.w)) + &self.b
    }
}

#[shape(A, B, C)]
fn two_layers(
    l1: &Linear<A, B>,
    l2: &Linear<B, C>,
    x: &Tensor<f32, Shape![A]>,
) -> Tensor<f32, Shape![C]> {
    l2.forward(&l1.forward(x).map(|v| v.max(0.0)))
}

#[test]
fn dense_layers_at_lenet_size() {
    let l1 = Box::new(Linear::<Dim![400], Dim![120]> {
        w: Tensor::from_flat_fn(|i| value(i) / 20.0),
        b: Tensor::from_flat_fn(|i| value(i + 3)),
    });
    let l2 = Linear::<Dim![120], Dim![84]> {
        w: Tensor::from_flat_fn(|i| value(i + 5) / 10.0),
        b: Tensor::from_flat_fn(|i| value(i + 7)),
    };
    let x = Tensor::<f32, Shape![400]>::from_flat_fn(|i| value(i + 1));
    let y = two_layers(&l1, &l2, &x);
    let hidden: Vec<f32> = (0..120)
        .map(|o| {
            let s: f32 = (0..400)
                .map(|i| x.as_slice()[i] * l1.w.as_slice()[i * 120 + o])
                .sum();
            (s + l1.b.as_slice()[o]).max(0.0)
        })
        .collect();
    for o in [0, 41, 83] {
        let s: f32 = (0..120)
            .map(|i| hidden[i] * l2.w.as_slice()[i * 84 + o])
            .sum();
        assert!((y[[o]] - (s + l2.b.as_slice()[o])).abs() < 1e-3, "{o}");
    }
}

// ---- reductions, batches, joins ------------------------------------------

#[shape(T, E)]
fn layer_norm(
    x: &Tensor<f32, Shape![T, E]>,
    g: &Tensor<f32, Shape![E]>,
) -> Tensor<f32, Shape![T, E]> {
    let c = x - &x.mean_axes_keep::<Axes![1]>();
    let s = (&c * &c)
        .mean_axes_keep::<Axes![1]>()
        .map(|v| 1.0 / (v + 1e-5).sqrt());
    &(&c * &s) * g
}

#[shape(N, K)]
fn classify(x: &Tensor<f32, Shape![N, K]>) -> Tensor<usize, Shape![N]> {
    x.softmax::<Axis<1>>().argmax_axes::<Axes![1]>()
}

#[shape(B, M, K, N)]
fn batched(
    x: &Tensor<f32, Shape![B, M, K]>,
    y: &Tensor<f32, Shape![B, K, N]>,
) -> Tensor<f32, Shape![B, M, N]> {
    x.matmul(y)
}

#[shape(B, M, K, N)]
fn batched_einsum(
    x: &Tensor<f32, Shape![B, M, K]>,
    y: &Tensor<f32, Shape![B, K, N]>,
) -> Tensor<f32, Shape![B, M, N]> {
    einsum!("bmk,bkn->bmn", x, y)
}

#[shape(B, M, K, N)]
fn shared_weights(
    x: &Tensor<f32, Shape![B, M, K]>,
    w: &Tensor<f32, Shape![K, N]>,
) -> Tensor<f32, Shape![B, M, N]> {
    x.matmul(w)
}

#[test]
fn norms_products_and_classes_at_real_sizes() {
    let t = Tensor::<f32, Shape![64, 512]>::from_flat_fn(value);
    let g = Tensor::<f32, Shape![512]>::from_flat_fn(|i| 1.0 + i as f32 / 512.0);
    let n = layer_norm(&t, &g);
    let row = &t.as_slice()[7 * 512..8 * 512];
    let mean = row.iter().sum::<f32>() / 512.0;
    let var = row.iter().map(|v| (v - mean) * (v - mean)).sum::<f32>() / 512.0;
    let want = (row[100] - mean) / (var + 1e-5).sqrt() * g[[100]];
    assert!((n[[7, 100]] - want).abs() < 1e-4);

    let classes = classify(&t);
    for r in [0, 31, 63] {
        let row = &t.as_slice()[r * 512..(r + 1) * 512];
        let best = (0..512).fold(0, |b, i| if row[i] > row[b] { i } else { b });
        assert_eq!(classes[[r]], best);
    }

    let q = Tensor::<f32, Shape![4, 64, 32]>::from_flat_fn(|i| value(i) / 8.0);
    let k = Tensor::<f32, Shape![4, 32, 48]>::from_flat_fn(|i| value(i + 2) / 8.0);
    let p = batched(&q, &k);
    assert_eq!(p, batched_einsum(&q, &k));
    let at: f32 = (0..32).map(|j| q[[3, 10, j]] * k[[3, j, 47]]).sum();
    assert!((p[[3, 10, 47]] - at).abs() < 1e-4);
    let w = Tensor::<f32, Shape![32, 48]>::from_flat_fn(|i| value(i + 9));
    let shared = shared_weights(&q, &w);
    assert_eq!(slice!(shared, 2).to_tensor(), slice!(q, 2).matmul(&w));
}

#[shape(I, O)]
fn batch_dense(
    xs: &Batch<'_, f32, Shape![I]>,
    w: &Tensor<f32, Shape![I, O]>,
    b: &Tensor<f32, Shape![O]>,
) -> BatchTensor<f32, Shape![O]> {
    let h: BatchTensor<f32, Shape![O]> = xs.matmul(w);
    (h + b).map(|v| v.max(0.0))
}

#[test]
fn a_run_time_batch_through_a_generic_layer() {
    let n = 5; // known only at run time
    let pixels: Vec<f32> = (0..n * 784).map(value).collect();
    let xs = Batch::<f32, Shape![784]>::try_from_slice(&pixels).unwrap();
    let mut w = Tensor::<f32, Shape![784, 128]>::boxed_zeros();
    w.as_mut_slice()
        .iter_mut()
        .enumerate()
        .for_each(|(i, v)| *v = value(i + 4) / 30.0);
    let b = Tensor::<f32, Shape![128]>::from_flat_fn(|i| value(i) / 10.0);
    let h = batch_dense(&xs, &w, &b);
    assert_eq!(h.len(), n);
    for (item, o) in [(0, 0), (4, 127), (2, 60)] {
        let s: f32 = (0..784)
            .map(|i| pixels[item * 784 + i] * w.as_slice()[i * 128 + o])
            .sum();
        let got = h.get(item).unwrap()[[o]];
        assert!((got - (s + b[[o]]).max(0.0)).abs() < 1e-3, "{item} {o}");
    }
}

#[shape(A, B, N)]
fn joined(
    x: &Tensor<f32, Shape![A, N]>,
    y: &Tensor<f32, Shape![B, N]>,
) -> Tensor<f32, Shape![A + B, N]> {
    x.concat::<Axis<0>>(y)
}

#[shape(N)]
fn paired(a: &Tensor<f32, Shape![N]>, b: &Tensor<f32, Shape![N]>) -> Tensor<f32, Shape![2, N]> {
    [a.view(), b.view()].stack::<Axis<0>>()
}

/// A gated unit: the channels split in halves, one gating the other.
#[shape(C, H, W)]
fn glu(x: &Tensor<f32, Shape![C + C, H, W]>) -> Tensor<f32, Shape![C, H, W]> {
    let (a, g): (Tensor<f32, Shape![C, H, W]>, Tensor<f32, Shape![C, H, W]>) =
        x.split::<Axis<0>, _, _>();
    &a * &g.map(|v| 1.0 / (1.0 + (-v).exp()))
}

#[test]
fn joins_and_splits_at_real_sizes() {
    let a = Tensor::<f32, Shape![3, 784]>::from_flat_fn(value);
    let b = Tensor::<f32, Shape![7, 784]>::from_flat_fn(|i| value(i + 1));
    let j = joined(&a, &b);
    assert_eq!(j.shape(), [10, 784]);
    assert_eq!(&j.as_slice()[..3 * 784], a.as_slice());
    assert_eq!(&j.as_slice()[3 * 784..], b.as_slice());

    let u = Tensor::<f32, Shape![3072]>::from_flat_fn(value);
    let v = Tensor::<f32, Shape![3072]>::from_flat_fn(|i| i as f32);
    let s = paired(&u, &v);
    assert_eq!(slice!(s, 0), u.view());
    assert_eq!(slice!(s, 1), v.view());

    let x = Tensor::<f32, Shape![6, 32, 32]>::from_flat_fn(value);
    let y = glu::<Dim![3], Dim![32], Dim![32]>(&x);
    let (c, i, k) = (2, 5, 30);
    let (lin, gate) = (x[[c, i, k]], x[[c + 3, i, k]]);
    assert!((y[[c, i, k]] - lin / (1.0 + (-gate).exp())).abs() < 1e-6);
}

// ---- slices of axes of variable size -------------------------------------

#[shape(N)]
fn interior(x: &Tensor<f32, Shape![N]>) -> Tensor<f32, Shape![N - 2]> {
    slice!(x, 1..-1).to_tensor()
}

#[shape(N)]
fn evens(x: &Tensor<f32, Shape![N]>) -> Tensor<f32, Shape![ceil(N / 2)]> {
    slice!(x, ..;2).to_tensor()
}

#[shape(N)]
fn ends(x: &Tensor<f32, Shape![N]>) -> (f32, f32) {
    (slice!(x, 0).sum(), slice!(x, -1).sum())
}

#[shape(M, N)]
fn outer(a: &Tensor<f32, Shape![M]>, b: &Tensor<f32, Shape![N]>) -> Tensor<f32, Shape![M, N]> {
    a.reshape::<Shape![M, 1]>() * b.reshape::<Shape![1, N]>()
}

#[test]
fn trims_steps_and_broadcasts_of_variable_axes() {
    let x = Tensor::<f32, Shape![3071]>::from_flat_fn(value);
    let inner = interior(&x);
    assert_eq!(inner.shape(), [3069]);
    assert_eq!(inner.as_slice(), &x.as_slice()[1..3070]);
    let e = evens(&x);
    assert_eq!(e.shape(), [1536]);
    assert!(e
        .as_slice()
        .iter()
        .enumerate()
        .all(|(i, &v)| v == x.as_slice()[2 * i]));
    assert_eq!(ends(&x), (x[[0]], x[[3070]]));

    let a = Tensor::<f32, Shape![784]>::from_flat_fn(value);
    let b = Tensor::<f32, Shape![10]>::from_flat_fn(|i| i as f32);
    let o = outer(&a, &b);
    assert_eq!(o[[500, 7]], a[[500]] * 7.0);
}
