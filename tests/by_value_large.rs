//! By-value results of 1 MiB (`[512, 512]` `f32`, half a test thread's
//! stack) on cargo test's default 2 MiB threads, unoptimized too: each
//! result is written once, in place, never copied on the stack (the
//! promise of `../shared/API.md`, "Operations"). The operands are boxed;
//! each result is checked against a plain loop.

use tensor_core::prelude::*;

type Sq = Shape![512, 512];

/// `(i * 7 + j * 3) % 11 - 5` at `[i, j]`: small integers, exact in `f32`.
fn pattern(i: usize, j: usize) -> f32 {
    ((i * 7 + j * 3) % 11) as f32 - 5.0
}

/// Positions spread over a `[512, 512]` result.
const SPOTS: [(usize, usize); 5] = [(0, 0), (511, 511), (1, 300), (300, 1), (257, 129)];

fn boxed_pattern() -> Box<Tensor<f32, Sq>> {
    Tensor::<f32, Sq>::boxed_from_fn(|[i, j]| pattern(i, j))
}

fn close(x: f32, want: f64) -> bool {
    (f64::from(x) - want).abs() <= 1e-5 * (1.0 + want.abs())
}

// One result of 1 MiB per test (unoptimized, every local of a function
// has a stack slot of its own, whatever its scope).

#[test]
fn exp() {
    let e = boxed_pattern().exp();
    for (i, j) in SPOTS {
        assert!(close(e[[i, j]], f64::from(pattern(i, j)).exp()));
    }
}

#[test]
fn tanh_of_a_transpose() {
    let t = boxed_pattern().t().tanh();
    for (i, j) in SPOTS {
        assert!(close(t[[i, j]], f64::from(pattern(j, i)).tanh()));
    }
}

#[test]
fn map() {
    let m = boxed_pattern().map(|&x| x * 2.0);
    for (i, j) in SPOTS {
        assert_eq!(m[[i, j]], 2.0 * pattern(i, j));
    }
}

#[test]
fn clamp() {
    let c = boxed_pattern().clamp(-1.0, 1.0);
    for (i, j) in SPOTS {
        assert_eq!(c[[i, j]], pattern(i, j).clamp(-1.0, 1.0));
    }
}

/// `[2, 512, 512]`: 2 MiB, boxed; `pattern(i + k, j)` at `[k, i, j]`.
fn two_layers() -> Box<Tensor<f32, Shape![2, 512, 512]>> {
    Tensor::boxed_from_fn(|[k, i, j]| pattern(i + k, j))
}

#[test]
fn sum_axes_keep() {
    let s = two_layers().sum_axes_keep::<Axes![0]>();
    for (i, j) in SPOTS {
        assert_eq!(s[[0, i, j]], pattern(i, j) + pattern(i + 1, j));
    }
}

#[test]
fn max_axes_keep() {
    let m = two_layers().max_axes_keep::<Axes![0]>();
    for (i, j) in SPOTS {
        assert_eq!(m[[0, i, j]], pattern(i, j).max(pattern(i + 1, j)));
    }
}

#[test]
fn min_axes_keep() {
    let m = two_layers().min_axes_keep::<Axes![0]>();
    for (i, j) in SPOTS {
        assert_eq!(m[[0, i, j]], pattern(i, j).min(pattern(i + 1, j)));
    }
}

#[test]
fn mean_axes_keep() {
    let m = two_layers().mean_axes_keep::<Axes![0]>();
    for (i, j) in SPOTS {
        assert_eq!(m[[0, i, j]], (pattern(i, j) + pattern(i + 1, j)) / 2.0);
    }
}

#[test]
fn mean_axes() {
    let m = two_layers().mean_axes::<Axes![0]>();
    for (i, j) in SPOTS {
        assert_eq!(m[[i, j]], (pattern(i, j) + pattern(i + 1, j)) / 2.0);
    }
}

#[test]
fn var_axes() {
    let v = two_layers().var_axes::<Axes![0]>();
    for (i, j) in SPOTS {
        let d = f64::from(pattern(i, j) - pattern(i + 1, j)) / 2.0;
        assert!(close(v[[i, j]], d * d));
    }
}

#[test]
fn std_axes() {
    let v = two_layers().std_axes::<Axes![0]>();
    for (i, j) in SPOTS {
        let d = f64::from(pattern(i, j) - pattern(i + 1, j)) / 2.0;
        assert!(close(v[[i, j]], d.abs()));
    }
}

#[test]
fn softmax() {
    let p = boxed_pattern().softmax::<Axis<1>>();
    for (i, j) in SPOTS {
        let row: f64 = (0..512).map(|k| f64::from(pattern(i, k)).exp()).sum();
        assert!(close(p[[i, j]], f64::from(pattern(i, j)).exp() / row));
    }
}

#[test]
fn log_softmax() {
    let l = boxed_pattern().log_softmax::<Axis<0>>();
    for (i, j) in SPOTS {
        let col: f64 = (0..512).map(|k| f64::from(pattern(k, j)).exp()).sum();
        assert!(close(l[[i, j]], f64::from(pattern(i, j)) - col.ln()));
    }
}

/// `[4, 512, 512]`: 4 MiB, boxed; `pattern(i + c, j)` at `[c, i, j]`.
fn channels() -> Box<Tensor<f32, Shape![4, 512, 512]>> {
    Tensor::boxed_from_fn(|[c, i, j]| pattern(i + c, j))
}

/// The four elements of pool `[c, i, j]` of [`channels`] by `[2, 2]`.
fn pool(c: usize, i: usize, j: usize) -> [f32; 4] {
    [(0, 0), (0, 1), (1, 0), (1, 1)].map(|(p, q)| pattern(2 * i + p + c, 2 * j + q))
}

const POOLS: [(usize, usize, usize); 4] = [(0, 0, 0), (3, 255, 255), (1, 100, 7), (2, 7, 200)];

#[test]
fn max_pool2d() {
    let m = channels().max_pool2d::<Shape![2, 2]>();
    for (c, i, j) in POOLS {
        assert_eq!(
            m[[c, i, j]],
            pool(c, i, j).into_iter().fold(f32::MIN, f32::max)
        );
    }
}

#[test]
fn avg_pool2d() {
    let v = channels().avg_pool2d::<Shape![2, 2]>();
    for (c, i, j) in POOLS {
        assert_eq!(v[[c, i, j]], pool(c, i, j).iter().sum::<f32>() / 4.0);
    }
}

/// `[256, 512]` halves, boxed: rows `0..256` and `256..512` of `pattern`.
fn halves() -> [Box<Tensor<f32, Shape![256, 512]>>; 2] {
    [0, 256].map(|first| Tensor::boxed_from_fn(|[i, j]| pattern(i + first, j)))
}

#[test]
fn concat() {
    let [a, b] = halves();
    let c = a.concat::<Axis<0>>(&*b);
    for (i, j) in SPOTS {
        assert_eq!(c[[i, j]], pattern(i, j));
    }
}

#[test]
fn stack() {
    let [a, b] = halves();
    let s = [&*a, &*b].stack::<Axis<0>>();
    for (i, j) in SPOTS {
        assert_eq!(s[[i / 256, i % 256, j]], pattern(i, j));
    }
}

/// The pair is kept whole: `let (top, rest) = ..` moves its parts into two
/// more locals, a copy of 1 MiB in an unoptimized build.
#[test]
fn split() {
    let x = boxed_pattern();
    let parts = x.split::<Axis<0>, Shape![100, 512], Shape![412, 512]>();
    let (top, rest) = (&parts.0, &parts.1);
    assert_eq!(
        (top[[99, 3]], rest[[0, 3]]),
        (pattern(99, 3), pattern(100, 3))
    );
    assert_eq!(
        (top[[0, 0]], rest[[411, 511]]),
        (pattern(0, 0), pattern(511, 511))
    );
}

// Constructors and moves that are not operations: the `const fn` fills and
// `into_reshape` each keep one stack copy besides the result's (the `const
// fn`'s own slot; the argument moved in), so they are tested at 768 KiB
// and 512 KiB. Before: `zeros()` took three copies (2.25 MiB here) and
// `into_reshape` of a tensor held by value seven (3.5 MiB), both over the
// thread's 2 MiB.

/// `[384, 512]` `f32`: 768 KiB.
type Wide = Shape![384, 512];

#[test]
fn zeros_of_768_kib() {
    let z = Tensor::<f32, Wide>::zeros();
    assert!(z.iter().all(|&x| x == 0.0));
}

#[test]
fn ones_of_768_kib() {
    let o = Tensor::<f32, Wide>::ones();
    assert_eq!(o.iter().sum::<f32>(), (384 * 512) as f32);
}

#[test]
fn splat_of_768_kib() {
    let s = Tensor::<f32, Wide>::splat(0.5);
    assert!(s.iter().all(|&x| x == 0.5));
}

#[test]
fn into_reshape_of_512_kib_held_by_value() {
    let [a, _] = halves();
    let t: Tensor<f32, Shape![256, 512]> = *a;
    let r = t.into_reshape::<Shape![512, 256]>();
    for (i, j) in [(0, 0), (511, 255), (3, 7), (300, 100)] {
        let flat = i * 256 + j;
        assert_eq!(r[[i, j]], pattern(flat / 512, flat % 512));
    }
}
