//! Corpus: single-head attention, softmax(Q Kᵀ / √D) V, generic over the
//! sequence length T and the head size D, with no where-clause; checked
//! against plain loops at T = 8, D = 16 and T = 1, D = 3.
use tensor_core::prelude::*;

#[shape(M, N)]
fn softmax_rows(x: &Tensor<f32, Shape![M, N]>) -> Tensor<f32, Shape![M, N]> {
    let e = (x - &x.max_axes_keep::<Axes![1]>()).map(|v| v.exp());
    &e / &e.sum_axes_keep::<Axes![1]>()
}

#[shape(T, D)]
fn attention(
    q: &Tensor<f32, Shape![T, D]>,
    k: &Tensor<f32, Shape![T, D]>,
    v: &Tensor<f32, Shape![T, D]>,
) -> Tensor<f32, Shape![T, D]> {
    let scores = q.matmul(&k.t()) / (D::VALUE as f32).sqrt();
    softmax_rows(&scores).matmul(v)
}

/// The same computation over nested `Vec`s.
fn attention_loops(q: &[Vec<f32>], k: &[Vec<f32>], v: &[Vec<f32>]) -> Vec<Vec<f32>> {
    let (t, d) = (q.len(), q[0].len());
    let mut out = vec![vec![0.0f32; d]; t];
    for i in 0..t {
        let s: Vec<f32> = (0..t)
            .map(|j| (0..d).map(|c| q[i][c] * k[j][c]).sum::<f32>() / (d as f32).sqrt())
            .collect();
        let m = s.iter().cloned().fold(f32::NEG_INFINITY, f32::max);
        let e: Vec<f32> = s.iter().map(|x| (x - m).exp()).collect();
        let z: f32 = e.iter().sum();
        for c in 0..d {
            out[i][c] = (0..t).map(|j| e[j] / z * v[j][c]).sum();
        }
    }
    out
}

fn rows<S: Shape>(t: &Tensor<f32, S>) -> Vec<Vec<f32>> {
    let w = S::DIMS.as_ref()[S::RANK - 1];
    t.as_slice().chunks(w).map(|r| r.to_vec()).collect()
}

fn check<const T: usize, const D: usize>()
where
    Dim<T>: Dimension,
    Dim<D>: Dimension,
{
    let gen = |seed: f32| {
        Tensor::<f32, (Dim<T>, Dim<D>)>::from_flat_fn(|i| (i as f32 * seed).sin() * 3.0)
    };
    let (q, k, v) = (gen(0.37), gen(0.71), gen(1.3));
    let got = rows(&attention(&q, &k, &v));
    let want = attention_loops(&rows(&q), &rows(&k), &rows(&v));
    for (g, w) in got.iter().flatten().zip(want.iter().flatten()) {
        assert!((g - w).abs() < 1e-5, "{g} vs {w}");
    }
}

fn main() {
    check::<8, 16>();
    check::<2, 3>();
    // T = 1: the scores are [1, 1], and every size-1 broadcast still holds.
    let q = tensor![[0.5f32, -1.0, 2.0]];
    assert_eq!(attention(&q, &q, &q), q);
}
