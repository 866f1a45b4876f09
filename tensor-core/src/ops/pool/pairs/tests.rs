//! Tests of the `f32` max pools two columns wide: every row length from 1
//! to 20 pools and ResNet's 28 (each way a row ends: one by one, by
//! fours, by eights, with an overlapping last step), bands of 1 to 3 rows,
//! on both levels; bits against the definition, ties between signed
//! zeros, and one or two NaNs at every place flagged.

use super::*;
use std::format;
use std::vec;
use std::vec::Vec;

/// Row lengths in pools.
const POOLS: [usize; 21] = [
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 19, 20, 24, 28,
];

/// Test data with many ties: -1, -0, +0, 1, 2 in no order.
fn value(n: usize) -> f32 {
    [-1.0, -0.0, 0.0, 1.0, 2.0][(n * 7 + n / 3) % 5]
}

/// Test data whose pools are mostly won by a zero: -1, -0 and +0 drawn
/// by a small generator (`seed` picks the sequence), so that which zero
/// comes first in a pool decides its sign.
fn zeros(seed: u32) -> impl Fn(usize) -> f32 {
    move |n| {
        let x = (n as u32 ^ seed).wrapping_mul(0x9E37_79B9).rotate_left(13);
        [-1.0, -0.0, 0.0][(x % 3) as usize]
    }
}

/// The pools of `plane` (rows of `width`) by `kh × 2`, by the definition:
/// each pool's elements in row-major order folded by `b > a`, keeping the
/// first of equal elements.
fn definition(plane: &[f32], width: usize, kh: usize) -> Vec<f32> {
    let (ph, pw) = (plane.len() / width / kh, width / 2);
    let mut out = Vec::new();
    for i in 0..ph {
        for j in 0..pw {
            let mut cells =
                (0..kh).flat_map(|a| (0..2).map(move |b| (i * kh + a) * width + 2 * j + b));
            let first = plane[cells.next().unwrap()];
            out.push(cells.fold(
                first,
                |acc, at| if plane[at] > acc { plane[at] } else { acc },
            ));
        }
    }
    out
}

/// A kernel on a plane of `f32`, its rows `width` long (the third
/// argument), pooled by `kh` rows (the fourth).
type Kernel = fn(&mut [f32], &[f32], usize, usize) -> bool;

/// The kernels this CPU runs: SSE2 always, AVX2 where it has it.
fn kernels() -> Vec<(&'static str, Kernel)> {
    // SAFETY (both): the kernels need SSE2, which the build enables (the
    // module is built only then), and AVX2, which the run-time probe found.
    let mut all: Vec<(&'static str, Kernel)> =
        vec![("sse2", |o, p, w, kh| unsafe { max_plane_sse2(o, p, w, kh) })];
    if std::is_x86_feature_detected!("avx2") {
        all.push(("avx2", |o, p, w, kh| unsafe { max_plane_avx2(o, p, w, kh) }));
    }
    all
}

/// Bands of three bands' worth of rows, every row length, each kernel:
/// the definition's bits (signed zeros told apart), nothing flagged, and
/// every output written.
#[test]
fn pools_are_the_definitions_bits() {
    for (name, kernel) in kernels() {
        for pools in POOLS {
            for kh in 1..=3 {
                let width = 2 * pools;
                let data: [&dyn Fn(usize) -> f32; 4] = [&value, &zeros(0), &zeros(1), &zeros(7)];
                for (d, data) in data.into_iter().enumerate() {
                    let plane: Vec<f32> = (0..3 * kh * width).map(data).collect();
                    let mut out = vec![f32::NAN; 3 * pools];
                    let case = format!("{name}: {pools} pools, {kh} rows, data {d}");
                    assert!(!kernel(&mut out, &plane, width, kh), "{case}");
                    let want = definition(&plane, width, kh);
                    let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                    assert_eq!(bits(&out), bits(&want), "{case}");
                }
            }
        }
    }
}

/// The zeros' data holds pools won by `-0.0` and by `+0.0`, and pools
/// where the two tie (so that the tests above tell the order of a fold).
#[test]
fn the_zeros_tie_both_ways() {
    let plane: Vec<f32> = (0..2 * 56).map(zeros(0)).collect();
    let want = definition(&plane, 56, 2);
    let won = |neg: bool| {
        want.iter()
            .any(|w| *w == 0.0 && w.is_sign_negative() == neg)
    };
    assert!(won(true) && won(false));
    // A pool won by a zero that holds both zeros.
    let tied = (0..28).any(|j| {
        let pool = [
            plane[2 * j],
            plane[2 * j + 1],
            plane[56 + 2 * j],
            plane[57 + 2 * j],
        ];
        let zero = |neg: bool| {
            pool.iter()
                .any(|x| *x == 0.0 && x.is_sign_negative() == neg)
        };
        want[j] == 0.0 && zero(true) && zero(false)
    });
    assert!(tied);
}

/// One NaN, or two (in one pool, or far apart: flags that cancel in
/// pairs would miss them), at any place of the plane is flagged, by each
/// kernel, whatever step reads it (the last, overlapping one included).
#[test]
fn a_nan_anywhere_is_flagged() {
    for (name, kernel) in kernels() {
        for pools in POOLS {
            for kh in 1..=3 {
                let width = 2 * pools;
                let clean: Vec<f32> = (0..2 * kh * width).map(|n| n as f32).collect();
                let len = clean.len();
                for at in 0..len {
                    for second in [None, Some(at ^ 1), Some((at * 7 + 3) % len)] {
                        let mut plane = clean.clone();
                        plane[at] = f32::NAN;
                        if let Some(second) = second {
                            plane[second] = f32::NAN;
                        }
                        let mut out = vec![0.0; 2 * pools];
                        assert!(
                            kernel(&mut out, &plane, width, kh),
                            "{name}: {pools} pools, {kh} rows, NaN at {at} and {second:?}"
                        );
                    }
                }
            }
        }
    }
}

/// The dispatched kernel is handed out for `f32` two columns wide only,
/// and pools as the others.
#[test]
fn the_kernel_is_for_f32_pairs() {
    assert!(max_kernel::<f32>(3).is_none() && max_kernel::<f32>(1).is_none());
    assert!(max_kernel::<f64>(2).is_none() && max_kernel::<i32>(2).is_none());
    let kernel = max_kernel::<f32>(2).expect("f32 pairs");
    let plane: Vec<f32> = (0..4 * 26).map(value).collect();
    let mut out = vec![f32::NAN; 2 * 13];
    assert!(!kernel(&mut out, &plane, 26, 2));
    assert_eq!(out, definition(&plane, 26, 2));
}
