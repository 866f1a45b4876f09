//! A transformer block — multi-head self-attention over `[T, H * D]`, a
//! residual, a feed-forward layer and a second residual — built from
//! shape-generic `#[shape]` functions with no where-clause, called at a
//! real size (`T = 256` tokens, `H = 4` heads of `D = 16`; `[4, 256, 256]`
//! scores, 1 MiB, on the heap) and at toy ones.
//!
//! Each head's projections are one slice of a `[H, H * D, D]` weight, so the
//! heads are computed by batched matmuls (`[1, T, E] × [H, E, D]`, the batch
//! axis broadcast) and the heads are merged by the output projection
//! `[H, D, E]` summed over heads: the same function as concatenating the
//! heads and multiplying by a `[H * D, H * D]` matrix, with no reshape of a
//! product of dimension variables. `H` and `D` appear only inside
//! `H * D` in [`block`]'s input, so a caller names them with `Dim!`.
//!
//! Run: `cargo run --release --example transformer`; `cargo test --example
//! transformer` checks it against the textbook formulation in plain loops.

use tensor_core::prelude::*;
use tensor_examples::rng::XorShift;

/// Multi-head self-attention: `softmax(Q Kᵀ / √D) V` per head, heads merged
/// by the output projection.
///
/// The `[H, T, T]` scores are 1 MiB at `T = 256` with 4 heads, and a
/// by-value tensor lives on the stack: three of them overflow a 2 MiB
/// thread. So the per-head tensors are built on the heap
/// (`Tensor::boxed_zeros`) and written by the in-place forms
/// (`assign_matmul`, `assign_softmax`); only `[T, H * D]` values (64 KiB at
/// that size) stay on the stack. Same bounds as the by-value spelling:
/// none.
#[shape(T, H, D)]
pub fn attention(
    x: &Tensor<f32, Shape![T, H * D]>,
    w: &Heads<H, D>,
) -> Tensor<f32, Shape![T, H * D]> {
    let x3 = x.reshape::<Shape![1, T, H * D]>(); // a view; the batch axis broadcasts
    let mut q = Tensor::<f32, Shape![H, T, D]>::boxed_zeros();
    let mut k = Tensor::<f32, Shape![H, T, D]>::boxed_zeros();
    let mut v = Tensor::<f32, Shape![H, T, D]>::boxed_zeros();
    q.assign_matmul(&x3, &w.q);
    k.assign_matmul(&x3, &w.k);
    v.assign_matmul(&x3, &w.v);
    *q *= 1.0 / (D::VALUE as f32).sqrt(); // scale Q, not the T x T scores
    let mut scores = Tensor::<f32, Shape![H, T, T]>::boxed_zeros();
    scores.assign_matmul(&*q, &k.t());
    let mut weights = Tensor::<f32, Shape![H, T, T]>::boxed_zeros();
    weights.assign_softmax::<Axis<2>, _>(&*scores);
    let mut heads = Tensor::<f32, Shape![H, T, D]>::boxed_zeros();
    heads.assign_matmul(&*weights, &*v);
    let mut merged = Tensor::<f32, Shape![H, T, H * D]>::boxed_zeros();
    merged.assign_matmul(&*heads, &w.o);
    merged.sum_axes::<Axes![0]>() // [T, H * D]
}

/// The weights of [`attention`]: per-head query, key and value projections
/// `[H, H * D, D]` and the output projection `[H, D, H * D]`.
#[shape(H, D)]
#[derive(Clone, Debug)]
pub struct Heads {
    /// Queries.
    pub q: Tensor<f32, Shape![H, H * D, D]>,
    /// Keys.
    pub k: Tensor<f32, Shape![H, H * D, D]>,
    /// Values.
    pub v: Tensor<f32, Shape![H, H * D, D]>,
    /// Output projection.
    pub o: Tensor<f32, Shape![H, D, H * D]>,
}

/// A position-wise feed-forward layer with ReLU: `[T, E] -> [T, F] -> [T, E]`.
#[shape(T, E, F)]
pub fn feed_forward(
    x: &Tensor<f32, Shape![T, E]>,
    w1: &Tensor<f32, Shape![E, F]>,
    w2: &Tensor<f32, Shape![F, E]>,
) -> Tensor<f32, Shape![T, E]> {
    x.matmul(w1).map(|v| v.max(0.0)).matmul(w2)
}

/// A block: `x + attention(x)`, then `h + feed_forward(h)`. Generic, and it
/// calls the generic layers above with no bound restated.
#[shape(T, H, D, F)]
pub fn block(
    x: &Tensor<f32, Shape![T, H * D]>,
    heads: &Heads<H, D>,
    w1: &Tensor<f32, Shape![H * D, F]>,
    w2: &Tensor<f32, Shape![F, H * D]>,
) -> Tensor<f32, Shape![T, H * D]> {
    let h = x + &attention(x, heads);
    &h + &feed_forward(&h, w1, w2)
}

/// Weights uniform in `±bound`.
#[shape(H, D)]
fn random_heads(rng: &mut XorShift) -> Heads<H, D> {
    let bound = 1.0 / (<Dim![H * D]>::VALUE as f32).sqrt();
    let mut next = || rng.uniform(bound);
    Heads {
        q: Tensor::from_flat_fn(|_| next()),
        k: Tensor::from_flat_fn(|_| next()),
        v: Tensor::from_flat_fn(|_| next()),
        o: Tensor::from_flat_fn(|_| next()),
    }
}

fn main() {
    let mut rng = XorShift(2024);
    let heads = random_heads::<Dim![4], Dim![16]>(&mut rng);
    let w1 = Tensor::<f32, Shape![64, 256]>::from_flat_fn(|_| rng.uniform(0.125));
    let w2 = Tensor::<f32, Shape![256, 64]>::from_flat_fn(|_| rng.uniform(0.0625));
    let x = Tensor::<f32, Shape![256, 64]>::from_flat_fn(|_| rng.uniform(1.0));
    // H and D only appear inside `H * D` in x's shape: named with `Dim!`.
    let y = block::<Dim![256], Dim![4], Dim![16], Dim![256]>(&x, &heads, &w1, &w2);
    println!("block([256, 64]) -> {:?}", y.shape());
    println!("first token: {:.3}", slice!(y, 0, ..8));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The textbook block over nested `Vec`s: concatenated heads, one
    /// `[E, E]` matrix per projection (built from the per-head slices).
    /// `w` is the per-head `[q, k, v, o]` weights as flat slices.
    fn reference(
        x: &[Vec<f32>],
        w: [&[f32]; 4],
        w1: &[Vec<f32>],
        w2: &[Vec<f32>],
        h: usize,
        d: usize,
    ) -> Vec<Vec<f32>> {
        let [q, k, v, o] = w;
        let (t, e) = (x.len(), h * d);
        // wq[h][i][c] at q[(h * e + i) * d + c] -> full[i][h * d + c]
        let full = |w: &[f32]| -> Vec<Vec<f32>> {
            (0..e)
                .map(|i| {
                    (0..e)
                        .map(|col| w[((col / d) * e + i) * d + col % d])
                        .collect()
                })
                .collect()
        };
        let mm = |a: &[Vec<f32>], b: &[Vec<f32>]| -> Vec<Vec<f32>> {
            a.iter()
                .map(|r| {
                    (0..b[0].len())
                        .map(|j| r.iter().zip(b).map(|(x, br)| x * br[j]).sum())
                        .collect()
                })
                .collect()
        };
        let (qs, ks, vs) = (mm(x, &full(q)), mm(x, &full(k)), mm(x, &full(v)));
        let mut concat = vec![vec![0.0f32; e]; t];
        for hh in 0..h {
            for i in 0..t {
                let s: Vec<f32> = (0..t)
                    .map(|j| {
                        (0..d)
                            .map(|c| qs[i][hh * d + c] * ks[j][hh * d + c])
                            .sum::<f32>()
                            / (d as f32).sqrt()
                    })
                    .collect();
                let m = s.iter().cloned().fold(f32::NEG_INFINITY, f32::max);
                let z: f32 = s.iter().map(|x| (x - m).exp()).sum();
                for c in 0..d {
                    concat[i][hh * d + c] = (0..t)
                        .map(|j| (s[j] - m).exp() / z * vs[j][hh * d + c])
                        .sum();
                }
            }
        }
        // o[h][c][j] at o[(h * d + c) * e + j] is row h * d + c of the [E, E] matrix
        let wo: Vec<Vec<f32>> = (0..e).map(|r| o[r * e..(r + 1) * e].to_vec()).collect();
        let attn = mm(&concat, &wo);
        let h1: Vec<Vec<f32>> = x
            .iter()
            .zip(&attn)
            .map(|(a, b)| a.iter().zip(b).map(|(p, q)| p + q).collect())
            .collect();
        let f = mm(
            &mm(&h1, w1)
                .into_iter()
                .map(|r| r.into_iter().map(|v| v.max(0.0)).collect())
                .collect::<Vec<Vec<f32>>>(),
            w2,
        );
        h1.iter()
            .zip(&f)
            .map(|(a, b)| a.iter().zip(b).map(|(p, q)| p + q).collect())
            .collect()
    }

    fn rows<S: Shape>(t: &Tensor<f32, S>) -> Vec<Vec<f32>> {
        let w = S::DIMS.as_ref()[S::RANK - 1];
        t.as_slice().chunks(w).map(|r| r.to_vec()).collect()
    }

    /// The block at `T` tokens (4 heads of 16, feed-forward width `F`) on
    /// inputs drawn from `seed`, against [`reference`] on the same inputs.
    fn block_against_reference<T: Dimension, F: Dimension>(seed: u32, w2_bound: f32) {
        let mut rng = XorShift(seed);
        let heads = random_heads::<Dim![4], Dim![16]>(&mut rng);
        let w1 = Tensor::<f32, (Dim<64>, F)>::from_flat_fn(|_| rng.uniform(0.125));
        let w2 = Tensor::<f32, (F, Dim<64>)>::from_flat_fn(|_| rng.uniform(w2_bound));
        let x = Tensor::<f32, (T, Dim<64>)>::from_flat_fn(|_| rng.uniform(1.0));
        let got = rows(&block::<T, Dim![4], Dim![16], F>(&x, &heads, &w1, &w2));
        let want = reference(
            &rows(&x),
            [
                heads.q.as_slice(),
                heads.k.as_slice(),
                heads.v.as_slice(),
                heads.o.as_slice(),
            ],
            &rows(&w1),
            &rows(&w2),
            4,
            16,
        );
        assert_eq!(got.len(), want.len());
        for (i, (g, w)) in got.iter().flatten().zip(want.iter().flatten()).enumerate() {
            assert!(
                (g - w).abs() <= 1e-4 * w.abs().max(1.0),
                "element {i}: {g} vs {w}"
            );
        }
    }

    #[test]
    fn block_matches_the_textbook_formulation() {
        block_against_reference::<Dim![16], Dim![128]>(99, 0.09);
    }

    /// 256 tokens, on cargo test's 2 MiB thread, unoptimized: the two
    /// `[4, 256, 256]` tensors (scores and weights, 1 MiB each) are on the
    /// heap.
    #[test]
    fn block_at_256_tokens_on_a_test_thread() {
        block_against_reference::<Dim![256], Dim![256]>(7, 0.0625);
    }

    #[test]
    fn one_token_one_head() {
        // T = 1: softmax of one score is 1, so attention is x Wv Wo.
        let mut rng = XorShift(5);
        let heads = random_heads::<Dim![1], Dim![3]>(&mut rng);
        let x = Tensor::<f32, Shape![1, 3]>::from_flat_fn(|_| rng.uniform(1.0));
        let got = attention::<Dim![1], Dim![1], Dim![3]>(&x, &heads);
        let v: Tensor<f32, Shape![3, 3]> = heads.v.reshape().to_tensor();
        let o: Tensor<f32, Shape![3, 3]> = heads.o.reshape().to_tensor();
        let want = x.matmul(&v).matmul(&o);
        for (g, w) in got.iter().zip(want.iter()) {
            assert!((g - w).abs() < 1e-6, "{g} vs {w}");
        }
    }
}
