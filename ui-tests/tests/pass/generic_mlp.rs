//! Corpus: a dense layer with bias and ReLU, and a two-layer MLP that calls
//! it (a generic function calling a generic function), no where-clause;
//! checked against plain loops.
use tensor_core::prelude::*;

#[shape(B, I, O)]
fn dense(
    x: &Tensor<f32, Shape![B, I]>,
    w: &Tensor<f32, Shape![I, O]>,
    b: &Tensor<f32, Shape![O]>,
) -> Tensor<f32, Shape![B, O]> {
    (x.matmul(w) + b).map(|v| v.max(0.0))
}

#[shape(B, I, H, O)]
fn mlp(
    x: &Tensor<f32, Shape![B, I]>,
    l1: (&Tensor<f32, Shape![I, H]>, &Tensor<f32, Shape![H]>),
    l2: (&Tensor<f32, Shape![H, O]>, &Tensor<f32, Shape![O]>),
) -> Tensor<f32, Shape![B, O]> {
    dense(&dense(x, l1.0, l1.1), l2.0, l2.1)
}

fn dense_loops(x: &[f32], w: &[f32], b: &[f32], n_in: usize, n_out: usize) -> Vec<f32> {
    x.chunks(n_in)
        .flat_map(|row| {
            (0..n_out).map(move |o| {
                let s: f32 = (0..n_in).map(|i| row[i] * w[i * n_out + o]).sum();
                (s + b[o]).max(0.0)
            })
        })
        .collect()
}

fn main() {
    let x = Tensor::<f32, Shape![4, 6]>::from_flat_fn(|i| (i as f32 * 0.3).cos());
    let w1 = Tensor::<f32, Shape![6, 5]>::from_flat_fn(|i| (i as f32 * 0.7).sin());
    let b1 = Tensor::<f32, Shape![5]>::from_flat_fn(|i| i as f32 * 0.1 - 0.2);
    let w2 = Tensor::<f32, Shape![5, 3]>::from_flat_fn(|i| (i as f32 * 1.1).cos());
    let b2 = tensor![0.5f32, -0.5, 0.0];
    let h = dense_loops(x.as_slice(), w1.as_slice(), b1.as_slice(), 6, 5);
    let want = dense_loops(&h, w2.as_slice(), b2.as_slice(), 5, 3);
    let got = mlp(&x, (&w1, &b1), (&w2, &b2));
    for (g, w) in got.iter().zip(&want) {
        assert!((g - w).abs() < 1e-5, "{g} vs {w}");
    }
    // Batch of one: B = 1 broadcasts like any other size.
    let one = Tensor::<f32, Shape![1, 6]>::from_flat_fn(|i| i as f32);
    assert_eq!(mlp(&one, (&w1, &b1), (&w2, &b2)).shape(), [1, 3]);
}
