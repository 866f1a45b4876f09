//! Tests of the small kernels: their bits, when each runs, and the
//! products beside them.

use super::super::operand::{Dense, DenseLhs, Dims};
use super::{holds_rows, rows8_avx, square4_avx, try_product};
use crate::cpu::{simd, Simd};
use crate::num::MulAccumulate;
use crate::prelude::*;
use crate::uninit::build_with;
use std::vec::Vec;

/// Awkward values: signed zeros, infinities, NaN, subnormals, and
/// magnitudes whose sums depend on their order.
const VALUES: [f32; 12] = [
    -0.0,
    0.0,
    1.0,
    -3.5,
    f32::INFINITY,
    f32::NEG_INFINITY,
    f32::NAN,
    1.0e-40,
    3.0e38,
    -2.9e38,
    0.1,
    1.0e7,
];

/// The plain loop in the base kernel's order: from `start(i, j)`, each
/// product `a(i, k) b(k, j)` added in turn for `k` from `from`.
fn plain(
    (m, k, n): (usize, usize, usize),
    a: impl Fn(usize, usize) -> f32,
    b: impl Fn(usize, usize) -> f32,
    first_product: bool,
) -> Vec<f32> {
    (0..m * n)
        .map(|o| {
            let (i, j) = (o / n, o % n);
            let (start, from) = if first_product {
                (a(i, 0) * b(0, j), 1)
            } else {
                (0.0, 0)
            };
            (from..k).fold(start, |s, kk| s + a(i, kk) * b(kk, j))
        })
        .collect()
}

/// `m * k` and `k * n` awkward values for seed `seed`, in buffers whose
/// rows are `k + 1` and `n + 2` apart (the gaps NaN).
fn operands(seed: usize, (m, k, n): (usize, usize, usize)) -> (Vec<f32>, Vec<f32>) {
    let pick = |x: usize| VALUES[(x * 7 + seed * 13 + x * x * seed) % VALUES.len()];
    let a = (0..m * (k + 1)).map(|x| if x % (k + 1) < k { pick(x) } else { f32::NAN });
    let b = (0..k * (n + 2)).map(|x| {
        if x % (n + 2) < n {
            pick(x + 500)
        } else {
            f32::NAN
        }
    });
    (a.collect(), b.collect())
}

/// The bits of each float, every NaN as one (Rust leaves the sign and
/// payload of a NaN unspecified): zeros keep their signs.
fn bits(v: &[f32]) -> Vec<u32> {
    v.iter()
        .map(|x| if x.is_nan() { 0x7FC0_0000 } else { x.to_bits() })
        .collect()
}

#[test]
fn the_kernels_give_the_plain_loops_bits() {
    if !std::is_x86_feature_detected!("avx") {
        return;
    }
    for seed in 0..200usize {
        let d = (4, 4, 4);
        let (a, b) = operands(seed, d);
        let mut out = [f32::NAN; 16];
        // SAFETY: the CPU has AVX (checked above); the rows are in
        // bounds (`operands`); `out` is 16 floats.
        unsafe { square4_avx(a.as_ptr(), 5, b.as_ptr(), 6, out.as_mut_ptr()) };
        let want = plain(d, |i, k| a[i * 5 + k], |k, j| b[k * 6 + j], true);
        assert_eq!(bits(&out), bits(&want), "4 x 4, seed {seed}");
        // Products of only `-0.0`: `-0.0` from the first products,
        // `+0.0` from zeros (the start the two kernels differ in).
        let (a, b) = ([-0.0f32; 16], [1.5f32; 16]);
        // SAFETY: as above, rows 4 apart in 16 floats.
        unsafe { square4_avx(a.as_ptr(), 4, b.as_ptr(), 4, out.as_mut_ptr()) };
        assert_eq!(bits(&out), bits(&[-0.0; 16]));
        let mut out = [f32::NAN; 64];
        // SAFETY: as above, `a` read with stride 0, `b` rows 0 apart.
        unsafe { rows8_avx(a.as_ptr(), 0, b.as_ptr(), 0, 3, out.as_mut_ptr()) };
        assert_eq!(bits(&out), bits(&[0.0; 64]));
        for k in 0..=8 {
            let d = (8, k, 8);
            let (a, b) = operands(seed, d);
            let mut out = [f32::NAN; 64];
            // SAFETY: as above; `out` is 64 floats.
            unsafe { rows8_avx(a.as_ptr(), k + 1, b.as_ptr(), 10, k, out.as_mut_ptr()) };
            let want = plain(
                d,
                |i, kk| a[i * (k + 1) + kk],
                |kk, j| b[kk * 10 + j],
                false,
            );
            assert_eq!(bits(&out), bits(&want), "8 x {k} x 8, seed {seed}");
        }
    }
}

/// `try_product` of `a` (rows `lda` apart) and `b` (`ldb` apart), of
/// sizes `(m, k, n)`, into a value of `S` first filled with NaN: whether
/// it ran, and the value.
fn run<T: MulAccumulate + Copy, S: Shape>(
    (a, lda): (&[T], usize),
    (b, ldb): (&[T], usize),
    (m, k, n): (usize, usize, usize),
    fill: T,
) -> (bool, Tensor<T, S>) {
    let mut ran = false;
    let t = build_with(|out| {
        out.fill(|_| fill);
        let a = DenseLhs {
            elems: a,
            k,
            stride: lda,
        };
        let b = Dense {
            elems: b,
            stride: ldb,
        };
        ran = try_product(&a, &b, out, Dims { m, k, n });
    });
    (ran, t)
}

#[test]
fn kernels_run_on_f32_rows_in_bounds_on_cpus_with_avx2() {
    // The same bits whichever path runs: which one ran is what `run`
    // tells apart.
    let square4 = cfg!(target_feature = "avx") || simd() >= Simd::Avx2;
    let rows8 = !cfg!(target_feature = "avx") && simd() >= Simd::Avx2;
    let nan = f32::NAN;
    let (a, b) = operands(3, (8, 8, 8));
    let (a, b) = (&a[..], &b[..]);
    let want = |d: (usize, usize, usize)| {
        bits(&plain(
            d,
            |i, kk| a[i * 9 + kk],
            |kk, j| b[kk * 10 + j],
            d.0 == 4,
        ))
    };
    let (ran, got) = run::<f32, Shape![4, 4]>((a, 9), (b, 10), (4, 4, 4), nan);
    assert_eq!(ran, square4);
    if ran {
        assert_eq!(bits(got.as_slice()), want((4, 4, 4)));
    }
    let (ran, got) = run::<f32, Shape![8, 8]>((a, 9), (b, 10), (8, 8, 8), nan);
    assert_eq!(ran, rows8);
    if ran {
        assert_eq!(bits(got.as_slice()), want((8, 8, 8)));
    }
    // No inner dimension: zeros written over the NaN.
    let (ran, got) = run::<f32, Shape![8, 8]>((a, 9), (b, 10), (8, 0, 8), nan);
    assert_eq!(ran, rows8);
    if ran {
        assert_eq!(bits(got.as_slice()), bits(&[0.0; 64]));
    }
    // A row past the end of either operand, or too few slots.
    let short = |d, a: &[f32], b: &[f32]| !run::<f32, Shape![8, 8]>((a, 9), (b, 10), d, nan).0;
    assert!(short((4, 4, 4), &a[..3 * 9 + 3], b) && short((4, 4, 4), a, &b[..3 * 10 + 3]));
    assert!(short((8, 8, 8), &a[..7 * 9 + 7], b) && short((8, 8, 8), a, &b[..7 * 10 + 7]));
    assert!(!run::<f32, Shape![15]>((a, 9), (b, 10), (4, 4, 4), nan).0);
    assert_eq!(
        run::<f32, Shape![16]>((a, 9), (b, 10), (4, 4, 4), nan).0,
        square4
    );
    assert!(!run::<f32, Shape![63]>((a, 9), (b, 10), (8, 8, 8), nan).0);
    // Other sizes (operands large enough for each), other elements.
    for d in [
        (4, 4, 3),
        (4, 3, 4),
        (3, 4, 4),
        (8, 8, 7),
        (7, 8, 8),
        (8, 9, 8),
        (9, 8, 8),
    ] {
        let (a, b) = operands(3, d);
        let ran = run::<f32, Shape![81]>((&a, d.1 + 1), (&b, d.2 + 2), d, nan).0;
        assert!(!ran, "{d:?}");
    }
    assert!(!run::<i32, Shape![4, 4]>((&[1; 16], 4), (&[2; 16], 4), (4, 4, 4), 0).0);
}

/// `a @ b` of `f32` operands of `[m, k]` and `[k, n]` against the
/// plain loop.
macro_rules! product_matches {
    ($m:literal, $k:literal, $n:literal) => {{
        let a = Tensor::<f32, Shape![$m, $k]>::from_flat_fn(|i| (i % 7) as f32 - 3.0);
        let b = Tensor::<f32, Shape![$k, $n]>::from_flat_fn(|i| (i % 5) as f32 * 0.5);
        let want = plain(($m, $k, $n), |i, k| a[[i, k]], |k, j| b[[k, j]], true);
        assert_eq!(
            a.matmul(&b).as_slice(),
            want,
            "[{}, {}] @ [{}, {}]",
            $m,
            $k,
            $k,
            $n
        );
    }};
}

#[test]
fn products_at_and_beside_the_small_sizes_match_the_plain_loop() {
    product_matches!(4, 4, 4);
    product_matches!(8, 4, 4);
    product_matches!(4, 8, 4);
    product_matches!(4, 4, 8);
    product_matches!(3, 4, 4);
    product_matches!(4, 4, 3);
    product_matches!(8, 8, 8);
    product_matches!(8, 3, 8);
    product_matches!(16, 8, 8);
    product_matches!(8, 8, 16);
    product_matches!(7, 8, 8);
    product_matches!(8, 8, 7);
    product_matches!(8, 9, 8);
}

#[test]
fn the_small_kernels_and_the_base_tiles_agree_on_signed_zeros() {
    // Row 1 of `a` is `-0.0`: its products are all `-0.0`, whose sum is
    // `-0.0` from the first products (`[4, 4]`), `+0.0` from zeros
    // (`[8, 8]`). A transposed right operand has no contiguous rows and
    // takes the base tiles; a contiguous one the small kernels.
    macro_rules! agree {
        ($d:literal, $zero:expr) => {{
            let a =
                Tensor::<f32, Shape![$d, $d]>::from_fn(
                    |[i, k]| {
                        if i == 1 {
                            -0.0
                        } else {
                            k as f32 - 1.5
                        }
                    },
                );
            let b = Tensor::<f32, Shape![$d, $d]>::from_flat_fn(|x| x as f32 + 1.0);
            let bt = b.t().to_tensor();
            let (fast, base) = (a.matmul(&b), a.matmul(&bt.t()));
            assert_eq!(
                bits(fast.as_slice()),
                bits(base.as_slice()),
                "[{}, {}]",
                $d,
                $d
            );
            assert_eq!(bits(&fast.as_slice()[$d..2 * $d]), bits(&[$zero; $d]));
        }};
    }
    agree!(4, -0.0f32);
    agree!(8, 0.0f32);
}

#[test]
fn rows_are_taken_only_in_bounds() {
    let elems = [0.0f32; 15];
    assert!(holds_rows(&elems[..4], 4, 4, 0) && !holds_rows(&elems[..3], 4, 4, 0));
    assert!(holds_rows(&elems[..0], 0, 4, 9) && holds_rows(&elems[..0], 0, 0, 0));
    assert!(holds_rows(&elems[..13], 4, 4, 3) && !holds_rows(&elems[..12], 4, 4, 3));
    assert!(!holds_rows(&elems, 4, 4, 4) && holds_rows(&elems, 4, 4, 1));
    assert!(holds_rows(&elems, 3, 5, 5) && !holds_rows(&elems, 3, 6, 5));
    assert!(holds_rows(&elems, 1, 15, 99) && !holds_rows(&elems, 2, 1, 15));
    assert!(!holds_rows(&elems, 4, 4, usize::MAX / 2) && !holds_rows(&elems, 4, 4, usize::MAX / 3));
}

#[test]
fn products_of_views_with_row_gaps_and_repeated_rows_match_the_plain_loop() {
    let wide = Tensor::<f32, Shape![8, 16]>::from_flat_fn(|i| (i as f32 - 13.0) * 0.75);
    let tall = Tensor::<f32, Shape![16, 8]>::from_flat_fn(|i| (i % 5) as f32 - 2.0);
    let row = Tensor::<f32, Shape![1, 8]>::from_flat_fn(|i| i as f32 + 0.5);
    let b = tall.reshape::<Shape![8, 16]>();
    let (a4, b4) = (slice!(wide, ..4, 2..6), slice!(b, ..4, 1..5));
    let (a8, b8) = (slice!(wide, .., 3..11), slice!(b, .., 5..13));
    let r4 = slice!(row, .., ..4).expand::<Shape![4, 4]>();
    let r8 = row.view().expand::<Shape![8, 8]>();
    let check = |got: &[f32],
                 d: (usize, usize, usize),
                 x: &dyn Fn([usize; 2]) -> f32,
                 y: &dyn Fn([usize; 2]) -> f32| {
        let want = plain(d, |i, k| x([i, k]), |k, j| y([k, j]), d.0 == 4);
        assert_eq!(got, want, "{d:?}");
    };
    check(a4.matmul(&b4).as_slice(), (4, 4, 4), &|p| a4[p], &|p| b4[p]);
    check(a4.matmul(&r4).as_slice(), (4, 4, 4), &|p| a4[p], &|p| r4[p]);
    check(r4.matmul(&a4).as_slice(), (4, 4, 4), &|p| r4[p], &|p| a4[p]);
    check(a8.matmul(&b8).as_slice(), (8, 8, 8), &|p| a8[p], &|p| b8[p]);
    check(a8.matmul(&r8).as_slice(), (8, 8, 8), &|p| a8[p], &|p| r8[p]);
    check(r8.matmul(&b8).as_slice(), (8, 8, 8), &|p| r8[p], &|p| b8[p]);
    let mut c = Tensor::<f32, Shape![8, 8]>::zeros();
    c.assign_matmul(&a8, &b8);
    check(c.as_slice(), (8, 8, 8), &|p| a8[p], &|p| b8[p]);
}
