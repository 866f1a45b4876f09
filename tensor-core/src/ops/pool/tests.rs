//! Tests of the pools: real sizes against plain loops, every path (by
//! value, into strided views, of views), NaN at every place, and the
//! comparisons each fold makes.

use crate::layout::{Permuted, Reshaped, RowMajor};
use crate::prelude::*;
use crate::view::View;
use std::boxed::Box;

#[test]
fn pools_match_the_reference_loops() {
    let x = Tensor::<f32, Shape![3, 6, 8]>::from_flat_fn(|n| ((n * 37) % 19) as f32 - 9.0);
    let m = x.max_pool2d::<Shape![3, 2]>();
    let a = x.avg_pool2d::<Shape![2, 4]>();
    assert_eq!((m.shape(), a.shape()), ([3, 2, 4], [3, 3, 2]));
    for c in 0..3 {
        for i in 0..2 {
            for j in 0..4 {
                let pool = (0..3).flat_map(|p| (0..2).map(move |q| (p, q)));
                let want = pool
                    .map(|(p, q)| x[[c, i * 3 + p, j * 2 + q]])
                    .fold(f32::MIN, f32::max);
                assert_eq!(m[[c, i, j]], want);
            }
        }
        for i in 0..3 {
            for j in 0..2 {
                let pool = (0..2).flat_map(|p| (0..4).map(move |q| (p, q)));
                let sum: f32 = pool.map(|(p, q)| x[[c, i * 2 + p, j * 4 + q]]).sum();
                assert_eq!(a[[c, i, j]], sum / 8.0);
            }
        }
    }
}

/// The pools of `x` by the definition: each pool's elements read by
/// index from the logical view, folded in row-major order; max and mean.
fn reference<L: crate::layout::Layout<Shape = Shape![2, 6, 8]>>(
    x: &View<'_, f32, L>,
) -> [Tensor<f32, Shape![2, 2, 4]>; 2] {
    let pool = |[c, i, j]: [usize; 3]| {
        let cells = (0..3).flat_map(move |p| (0..2).map(move |q| (p, q)));
        cells.map(move |(p, q)| x[[c, i * 3 + p, j * 2 + q]])
    };
    [
        Tensor::from_fn(|at| pool(at).fold(f32::MIN, f32::max)),
        Tensor::from_fn(|at| pool(at).sum::<f32>() / 6.0),
    ]
}

/// Max and mean pools of `x` by value and into a destination that is
/// not one run (written only where it views) and one in a box.
fn check<L: crate::layout::Layout<Shape = Shape![2, 6, 8]>>(x: View<'_, f32, L>) {
    let [max, mean] = reference(&x);
    assert_eq!(x.max_pool2d::<Shape![3, 2]>(), max);
    assert_eq!(x.avg_pool2d::<Shape![3, 2]>(), mean);
    let mut out = Tensor::<f32, Shape![2, 4, 3]>::full(-99.0);
    let mut dest = slice!(out.view_mut(), .., .., ..2).permute::<Axes![0, 2, 1]>();
    dest.assign_max_pool2d::<Shape![3, 2], _>(&x);
    assert_eq!(slice!(out, .., .., ..2).permute::<Axes![0, 2, 1]>(), max);
    assert!(slice!(out, .., .., 2).iter().all(|&v| v == -99.0));
    let mut boxed = Box::new(Tensor::<f32, Shape![2, 2, 4]>::zeros());
    boxed.assign_avg_pool2d::<Shape![3, 2], _>(&x);
    assert_eq!(*boxed, mean);
}

#[test]
fn pools_of_every_layout_into_every_destination() {
    let value = |n: usize| ((n * 37) % 19) as f32 - 9.0;
    let t = Tensor::<f32, Shape![2, 6, 8]>::from_flat_fn(value);
    check(t.view());
    check(t.flip::<Axes![1, 2]>()); // negative strides
    let wide = Tensor::<f32, Shape![2, 8, 6]>::from_flat_fn(value);
    check(wide.permute::<Axes![0, 2, 1]>().flip::<Axes![0]>());
    let tall = Tensor::<f32, Shape![6, 16]>::from_flat_fn(value);
    check(tall.t().reshape::<Shape![2, 6, 8]>()); // no constant strides
    type Mapped = Reshaped<Permuted<RowMajor<Shape![6, 16]>, Axes![1, 0]>, Shape![2, 6, 8]>;
    assert!(<Mapped as crate::layout::Layout>::STRIDES.is_none());
    let empty = Tensor::<f32, Shape![0, 4, 4]>::zeros();
    assert_eq!(empty.avg_pool2d::<Shape![2, 2]>().shape(), [0, 2, 2]);
    assert_eq!(empty.t().max_pool2d::<Shape![2, 2]>().shape(), [0, 2, 2]);
}

/// The 2 × 2 pools of a `[c, h, w]` run, by plain loops; `N` results.
fn plain<const N: usize>(x: &[f32], [c, h, w]: [usize; 3], avg: bool) -> std::vec::Vec<f32> {
    let mut out = std::vec::Vec::new();
    for k in 0..c {
        for i in 0..h / 2 {
            for j in 0..w / 2 {
                let at = |a: usize, b: usize| x[(k * h + 2 * i + a) * w + 2 * j + b];
                let pool = [at(0, 0), at(0, 1), at(1, 0), at(1, 1)];
                out.push(match avg {
                    true => pool.iter().sum::<f32>() / 4.0,
                    false => pool.into_iter().fold(f32::MIN, f32::max),
                });
            }
        }
    }
    assert_eq!(out.len(), N);
    out
}

/// Test data: quarters from -12 to 13, in no order.
fn value(n: usize) -> f32 {
    ((n * 37) % 101) as f32 * 0.25 - 12.0
}

/// An `f32` that counts its `le` calls (each fold's compare,
/// `!(b <= a)`) and its `eq` calls (the check's `e == e` per element,
/// and the exact fold's `a == a` per compare).
#[derive(Clone, Copy, Debug)]
struct Counted(f32);

std::thread_local! {
    /// `[le, eq]` calls on this thread.
    static CALLS: core::cell::Cell<[usize; 2]> = const { core::cell::Cell::new([0, 0]) };
}

impl PartialEq for Counted {
    fn eq(&self, other: &Self) -> bool {
        CALLS.with(|c| c.set([c.get()[0], c.get()[1] + 1]));
        self.0 == other.0
    }
}

impl PartialOrd for Counted {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        self.0.partial_cmp(&other.0)
    }
    fn le(&self, other: &Self) -> bool {
        CALLS.with(|c| c.set([c.get()[0] + 1, c.get()[1]]));
        self.0 <= other.0
    }
}

/// The `[le, eq]` calls of `f`, and its result.
fn calls<R>(f: impl FnOnce() -> R) -> ([usize; 2], R) {
    CALLS.with(|c| c.set([0, 0]));
    let r = f();
    (CALLS.with(|c| c.get()), r)
}

/// A contiguous input with no NaN is pooled by the fast fold alone; a
/// plane holding a NaN by the exact fold only on the bands (pool rows)
/// that hold it; ties keep the first element, as the definition does.
#[test]
fn max_pools_take_the_exact_fold_only_where_a_nan_is() {
    let mut x =
        Tensor::<Counted, Shape![2, 4, 6]>::from_flat_fn(|n| Counted(((n * 7) % 11) as f32));
    let (n, clean) = calls(|| x.max_pool2d::<Shape![2, 3]>());
    // 8 pools of 6 elements: 5 compares each; each of the 48 elements
    // checked once (its plane), and no `a == a` of the exact fold.
    assert_eq!(n, [40, 48]);
    x[[1, 2, 4]] = Counted(f32::NAN); // plane 1, band 1, pool 1
    let (n, m) = calls(|| x.max_pool2d::<Shape![2, 3]>());
    // The planes checked (48), then plane 1's two bands (24), then the
    // NaN's band folded exactly: 2 pools, 5 `a == a` each.
    assert_eq!(n, [40, 48 + 24 + 10]);
    for (i, (got, want)) in m.as_slice().iter().zip(clean.as_slice()).enumerate() {
        assert!(
            if i == 7 {
                got.0.is_nan()
            } else {
                got.0 == want.0
            },
            "pool {i}"
        );
    }
    // Ties: the first of equal elements (zeros told apart by sign), the
    // rest of each pool equal to it with the other sign.
    let zeros = tensor![[[-0.0f32, 0.0], [0.0, 0.0]], [[0.0, -0.0], [-0.0, -0.0]]];
    let m = zeros.max_pool2d::<Shape![2, 2]>();
    assert!(m[[0, 0, 0]].is_sign_negative() && m[[1, 0, 0]].is_sign_positive());
}

/// A product order: `P(0, 1)` and `P(1, 0)` are incomparable, though
/// each equals itself (no NaN to flag).
#[derive(Clone, Copy, Debug, PartialEq)]
struct P(i32, i32);

impl PartialOrd for P {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        match (self.0.cmp(&other.0), self.1.cmp(&other.1)) {
            (x, y) if x == y => Some(x),
            (x, core::cmp::Ordering::Equal) | (core::cmp::Ordering::Equal, x) => Some(x),
            _ => None,
        }
    }
}

/// A max pool of a partially ordered type is the definition's (`larger`
/// folded in row-major order) on every path: the fast fold too gives
/// `b` when `b` and `a` are incomparable (found by a review).
#[test]
fn a_partial_order_pools_alike_on_every_path() {
    let x = tensor![
        [P(0, 1), P(1, 0), P(2, 2), P(3, 3)],
        [P(5, 5), P(0, 0), P(0, 1), P(1, 0)]
    ];
    let want = tensor![[P(1, 0), P(3, 3)], [P(5, 5), P(1, 0)]];
    assert_eq!(x.max_pool2d::<Shape![1, 2]>(), want);
    let xt = x.t().to_tensor();
    assert_eq!(xt.t().max_pool2d::<Shape![1, 2]>(), want);
    let mut strided = Tensor::<P, Shape![2, 2]>::full(P(9, 9));
    strided
        .view_mut()
        .t()
        .assign_max_pool2d::<Shape![1, 2], _>(&x);
    assert_eq!(strided.t().to_tensor(), want);
}

/// Pools of rank 2 and rank 4 inputs (the last two axes pooled).
#[test]
fn pools_of_rank_2_and_4() {
    let x = Tensor::<f32, Shape![4, 6]>::from_flat_fn(value);
    let want = |i: usize, j: usize| {
        let cells = (0..2).flat_map(move |a| (0..3).map(move |b| (a, b)));
        cells
            .map(|(a, b)| x[[i * 2 + a, j * 3 + b]])
            .fold(f32::MIN, f32::max)
    };
    assert_eq!(
        x.max_pool2d::<Shape![2, 3]>(),
        Tensor::from_fn(|[i, j]| want(i, j))
    );
    let y = Tensor::<f32, Shape![2, 3, 4, 6]>::from_flat_fn(value);
    let m = y.avg_pool2d::<Shape![2, 3]>();
    for (k, plane) in y.reshape::<Shape![6, 4, 6]>().outer_iter().enumerate() {
        let p = plane.avg_pool2d::<Shape![2, 3]>();
        assert_eq!(
            p,
            slice!(m.reshape::<Shape![6, 2, 2]>(), k, .., ..).to_tensor()
        );
    }
}

/// LeNet's pools at CIFAR size (`[6, 28, 28]` and `[16, 10, 10]` by
/// 2 × 2), against plain loops over the flat data.
#[test]
fn pools_at_lenet_sizes_match_plain_loops() {
    let x = Tensor::<f32, Shape![6, 28, 28]>::from_flat_fn(value);
    let want = plain::<1176>(x.as_slice(), [6, 28, 28], false);
    assert_eq!(x.max_pool2d::<Shape![2, 2]>().as_slice(), &want[..]);
    let want = plain::<1176>(x.as_slice(), [6, 28, 28], true);
    assert_eq!(x.avg_pool2d::<Shape![2, 2]>().as_slice(), &want[..]);
    let y = Tensor::<f32, Shape![16, 10, 10]>::from_flat_fn(value);
    let want = plain::<400>(y.as_slice(), [16, 10, 10], false);
    assert_eq!(y.max_pool2d::<Shape![2, 2]>().as_slice(), &want[..]);
}

/// A ResNet-sized pool (`[64, 56, 56]`, 784 KiB, boxed) of a permuted
/// view, into a box, against plain loops.
#[cfg(feature = "alloc")]
#[test]
fn a_resnet_sized_pool_of_a_permuted_view() {
    let big = Tensor::<f32, Shape![64, 56, 56]>::boxed_from_flat_fn(value);
    let mut out = Tensor::<f32, Shape![64, 28, 28]>::boxed_zeros();
    out.assign_max_pool2d::<Shape![2, 2], _>(&big.permute::<Axes![0, 2, 1]>());
    let back = out.permute::<Axes![0, 2, 1]>().to_boxed_tensor();
    assert_eq!(
        back.as_slice(),
        &plain::<50176>(big.as_slice(), [64, 56, 56], false)[..]
    );
}

#[test]
fn nan_wins_a_max_pool_and_views_pool_their_logical_elements() {
    // A NaN at each place of a `[2, 4, 6]` input: its pool's maximum
    // is NaN and every other pool's is its largest element, whether the
    // NaN's plane, band (its pool row) or neither is the one read. By
    // value, into a strided view, and of a strided view.
    let clean = Tensor::<f32, Shape![2, 4, 6]>::from_flat_fn(|n| ((n * 7) % 11) as f32);
    let want = clean.max_pool2d::<Shape![2, 3]>();
    for at in 0..48 {
        let mut x = clean;
        x.as_mut_slice()[at] = f32::NAN;
        let pool = [at / 24, at % 24 / 12, at % 6 / 3];
        let mut strided = Tensor::<f32, Shape![2, 2, 2]>::zeros();
        let mut t = strided.view_mut().permute::<Axes![0, 2, 1]>();
        t.assign_max_pool2d::<Shape![2, 3], _>(&x);
        let flipped = x.flip::<Axes![2]>().max_pool2d::<Shape![2, 3]>();
        let results = [
            x.max_pool2d::<Shape![2, 3]>(),
            strided.permute::<Axes![0, 2, 1]>().to_tensor(),
            flipped.flip::<Axes![2]>().to_tensor(),
        ];
        for (k, m) in results.iter().enumerate() {
            for (i, (&got, &clean)) in m.as_slice().iter().zip(want.as_slice()).enumerate() {
                let nan = i == (pool[0] * 2 + pool[1]) * 2 + pool[2];
                assert!(
                    if nan { got.is_nan() } else { got == clean },
                    "NaN at {at}: result {k}, pool {i}"
                );
            }
        }
    }
    let t = Tensor::<i32, Shape![4, 6]>::from_flat_fn(|n| (n as i32 * 5) % 11);
    let p = t.t().max_pool2d::<Shape![2, 2]>();
    assert_eq!(p, t.t().to_tensor().max_pool2d::<Shape![2, 2]>());
    assert_eq!(
        p[[1, 1]],
        [t[[2, 2]], t[[2, 3]], t[[3, 2]], t[[3, 3]]]
            .into_iter()
            .max()
            .unwrap()
    );
}

/// `f32` pools two columns wide (on x86-64 a kernel's, which flags a
/// plane with a NaN for the exact fold): a NaN at each place of a
/// `[2, 4, 26]` input wins its pool and no other, as the definition says.
#[test]
fn nan_wins_a_max_pool_of_f32_pairs() {
    let clean = Tensor::<f32, Shape![2, 4, 26]>::from_flat_fn(value);
    let want = Tensor::<f32, Shape![2, 2, 13]>::from_fn(|[c, i, j]| {
        let cells = [(0, 0), (0, 1), (1, 0), (1, 1)].map(|(a, b)| clean[[c, 2 * i + a, 2 * j + b]]);
        cells.into_iter().fold(f32::MIN, f32::max)
    });
    assert_eq!(clean.max_pool2d::<Shape![2, 2]>(), want);
    for at in 0..2 * 4 * 26 {
        let mut x = clean;
        x.as_mut_slice()[at] = f32::NAN;
        let (c, i, j) = (at / 104, at % 104 / 26, at % 26);
        let m = x.max_pool2d::<Shape![2, 2]>();
        for (k, (&got, &clean)) in m.as_slice().iter().zip(want.as_slice()).enumerate() {
            let nan = k == (c * 2 + i / 2) * 13 + j / 2;
            assert!(
                if nan { got.is_nan() } else { got == clean },
                "NaN at {at}: pool {k}"
            );
        }
    }
}

/// A strided input's max pools: on x86-64 without AVX folded fast and
/// checked (one `le` per compare, one `e == e` per element), else by the
/// exact fold alone (one `le` and one `a == a` per compare); either way
/// once when no element is NaN, and the definition's result.
#[test]
fn strided_max_pools_fold_once_without_a_nan() {
    let x = Tensor::<Counted, Shape![2, 4, 6]>::from_flat_fn(|n| Counted(((n * 7) % 11) as f32));
    let flipped = x.flip::<Axes![2]>();
    assert!(flipped.as_contiguous().is_none());
    let (n, m) = calls(|| flipped.max_pool2d::<Shape![2, 3]>());
    // 8 pools of 6 elements: 5 compares each.
    let want = if super::CHECK_STRIDED {
        [40, 48]
    } else {
        [40, 40]
    };
    assert_eq!(n, want);
    let plain = flipped.to_tensor().max_pool2d::<Shape![2, 3]>();
    for (got, want) in m.as_slice().iter().zip(plain.as_slice()) {
        assert_eq!(got.0, want.0);
    }
}
