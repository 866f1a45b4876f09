//! Corpus: numerically stable row softmax of [M, N], one chain with no named
//! temporaries and no where-clause; checked against plain loops, including
//! values whose naive exponentials overflow.
use tensor_core::prelude::*;

#[shape(M, N)]
fn softmax(x: &Tensor<f64, Shape![M, N]>) -> Tensor<f64, Shape![M, N]> {
    let e = (x - &x.max_axes_keep::<Axes![1]>()).map(|v| v.exp());
    &e / &e.sum_axes_keep::<Axes![1]>()
}

/// The log-sum-exp of each row: keep-dims reductions chained through a
/// consuming reshape of the `[M, 1]` column into `[M]`.
#[shape(M, N)]
fn logsumexp(x: &Tensor<f64, Shape![M, N]>) -> Tensor<f64, Shape![M]> {
    let m: Tensor<f64, Shape![M, 1]> = x.max_axes_keep::<Axes![1]>();
    ((x - &m).map(|v| v.exp()).sum_axes_keep::<Axes![1]>().map(|s| s.ln()) + &m)
        .into_reshape::<Shape![M]>()
}

fn softmax_loops(rows: &[&[f64]]) -> Vec<f64> {
    let mut out = Vec::new();
    for r in rows {
        let m = r.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let z: f64 = r.iter().map(|x| (x - m).exp()).sum();
        out.extend(r.iter().map(|x| (x - m).exp() / z));
    }
    out
}

fn main() {
    let x = tensor![[1.0, 2.0, 3.0, 4.0], [1000.0, 1001.0, 999.0, 1000.0], [-5.0, 0.0, 5.0, 1e-3]];
    let got = softmax(&x);
    let want = softmax_loops(&x.as_slice().chunks(4).collect::<Vec<_>>());
    for (g, w) in got.iter().zip(&want) {
        assert!((g - w).abs() < 1e-12 && g.is_finite(), "{g} vs {w}");
    }
    for row in got.outer_iter() {
        assert!((row.sum() - 1.0).abs() < 1e-12);
    }
    let lse = logsumexp(&x);
    for (i, row) in x.as_slice().chunks(4).enumerate() {
        let m = row.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let want = m + row.iter().map(|v| (v - m).exp()).sum::<f64>().ln();
        assert!((lse[[i]] - want).abs() < 1e-9);
    }
}
