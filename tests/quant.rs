//! `tensor_core::quant` against a reference written here from TensorFlow
//! Lite's published definitions, in plain `i128`/`f64` arithmetic with the
//! rounding rules spelled out (not the nudge-and-truncate formulation of
//! the library): edge cases, thousands of random cases (xorshift, fixed
//! seed), the kernels at real sizes, and the errors. The cases computed in
//! Python are in `generated/quant_cases.rs`.

use tensor_core::prelude::*;
use tensor_core::quant::{doubling_high_mul, rounding_divide_by_pot};

/// `SaturatingRoundingDoublingHighMul`: `2ab / 2^32` rounded to nearest,
/// ties toward +infinity (that is what gemmlowp's nudge then truncation
/// gives on both signs), saturated at `i32::MAX`.
fn ref_high_mul(a: i32, b: i32) -> i32 {
    let exact = a as i128 * b as i128; // the result is exact / 2^31
    let rounded = (exact + (1 << 30)).div_euclid(1 << 31); // floor(v + 1/2)
    rounded.min(i32::MAX as i128) as i32
}

/// `RoundingDivideByPOT`: `x / 2^e` rounded to nearest, ties away from 0.
fn ref_divide_by_pot(x: i32, e: i32) -> i32 {
    if e == 0 {
        return x;
    }
    let magnitude = ((x as i64).abs() + (1 << (e - 1))) >> e;
    (if x < 0 { -magnitude } else { magnitude }) as i32
}

/// `QuantizeMultiplier`: halve or double to `q` in `[0.5, 1)`, round
/// `q · 2^31` with `f64::round` (halves away from zero).
fn ref_quantize_multiplier(scale: f64) -> (i32, i32) {
    let (mut q, mut shift) = (scale, 0);
    while q >= 1.0 {
        q /= 2.0;
        shift += 1;
    }
    while q < 0.5 {
        q *= 2.0;
        shift -= 1;
    }
    let mut fixed = (q * 2f64.powi(31)).round() as i64;
    if fixed == 1 << 31 {
        fixed /= 2;
        shift += 1;
    }
    if shift < -31 {
        return (0, 0);
    }
    (fixed as i32, shift)
}

/// `MultiplyByQuantizedMultiplier` from the two references.
fn ref_apply(x: i32, m: i32, shift: i32) -> i32 {
    let left = x.wrapping_mul(1 << shift.max(0));
    ref_divide_by_pot(ref_high_mul(left, m), (-shift).max(0))
}

/// A small xorshift generator: the same cases on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn i32(&mut self) -> i32 {
        self.next() as i32
    }
    fn i8(&mut self) -> i8 {
        self.next() as i8
    }
    /// A scale `2^e · u`, `e` in `-40..30`, `u` in `[1, 2)`.
    fn scale(&mut self) -> f64 {
        let e = (self.next() % 70) as i32 - 40;
        let u = 1.0 + (self.next() >> 11) as f64 / (1u64 << 53) as f64;
        2f64.powi(e) * u
    }
}

#[test]
fn doubling_high_mul_edge_cases() {
    let edges = [
        i32::MIN,
        i32::MIN + 1,
        -(1 << 30),
        -3,
        -1,
        0,
        1,
        3,
        1 << 30,
        i32::MAX,
    ];
    for &a in &edges {
        for &b in &edges {
            assert_eq!(doubling_high_mul(a, b), ref_high_mul(a, b), "{a} · {b}");
        }
    }
    assert_eq!(doubling_high_mul(i32::MIN, i32::MIN), i32::MAX);
    assert_eq!(doubling_high_mul(i32::MIN, i32::MAX), -i32::MAX);
    // Ties: ±0.5 and ±1.5 of the result's unit.
    assert_eq!(doubling_high_mul(1 << 30, 1), 1);
    assert_eq!(doubling_high_mul(-(1 << 30), 1), 0);
    assert_eq!(doubling_high_mul(-(1 << 30), 3), -1);
}

#[test]
fn rounding_divide_by_pot_edge_cases() {
    for e in 0..=31 {
        for x in [
            i32::MIN,
            i32::MIN + 1,
            -6,
            -5,
            -3,
            -2,
            -1,
            0,
            1,
            2,
            3,
            5,
            6,
            i32::MAX,
        ] {
            assert_eq!(
                rounding_divide_by_pot(x, e),
                ref_divide_by_pot(x, e),
                "{x} / 2^{e}"
            );
        }
    }
    assert_eq!(rounding_divide_by_pot(-3, 1), -2); // -1.5 away from zero
    assert_eq!(rounding_divide_by_pot(3, 1), 2);
    assert_eq!(rounding_divide_by_pot(i32::MIN, 31), -1);
    assert_eq!(rounding_divide_by_pot(i32::MAX, 31), 1);
}

#[test]
fn quantize_multiplier_edge_cases() {
    let edges = [
        1.0,
        0.5,
        0.75,
        1.0 - 2f64.powi(-40), // rounds up to 2^31: halved, shift + 1
        2f64.powi(-31),
        2f64.powi(-32),        // shift -31: the smallest kept
        2f64.powi(-33),        // shift -32: flushed to zero
        2f64.powi(29) * 1.999, // shift 30
        f64::MIN_POSITIVE,
        5e-324,
    ];
    for s in edges {
        let rq = Requant::from_scale(s);
        assert_eq!(
            (rq.multiplier(), rq.shift()),
            ref_quantize_multiplier(s),
            "scale {s:e}"
        );
    }
    assert_eq!(Requant::from_scale(1.0 - 2f64.powi(-40)).shift(), 1);
    assert_eq!(
        Requant::from_scale(1.0 - 2f64.powi(-40)).multiplier(),
        1 << 30
    );
    assert_eq!(Requant::from_scale(2f64.powi(-32)).shift(), -31);
    assert_eq!(Requant::from_scale(2f64.powi(-33)).multiplier(), 0);
    assert_eq!(Requant::from_scale(2f64.powi(29) * 1.999).shift(), 30);
}

#[test]
fn requant_is_computed_by_the_compiler() {
    const RQ: Requant = Requant::from_scale(0.0123);
    const M: i32 = RQ.multiplier();
    const APPLIED: i32 = RQ.apply(-123_456);
    assert_eq!((M, RQ.shift()), ref_quantize_multiplier(0.0123));
    assert_eq!(APPLIED, ref_apply(-123_456, M, RQ.shift()));
}

#[test]
fn apply_edge_cases() {
    let scales = [
        1.0,
        0.5,
        0.25,
        2f64.powi(-31),
        2f64.powi(-32),
        2f64.powi(30) * 0.999,
        3.0,
        1e-5,
    ];
    let accs = [
        i32::MIN,
        i32::MIN + 1,
        -1 << 20,
        -3,
        -2,
        -1,
        0,
        1,
        2,
        3,
        1 << 20,
        i32::MAX,
    ];
    for s in scales {
        let rq = Requant::from_scale(s);
        for x in accs {
            assert_eq!(
                rq.apply(x),
                ref_apply(x, rq.multiplier(), rq.shift()),
                "{x} · {s:e}"
            );
        }
    }
}

#[test]
fn thousands_of_random_requantizations() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for n in 0..20_000 {
        let s = rng.scale();
        let (m, shift) = ref_quantize_multiplier(s);
        if shift > 30 {
            assert!(Requant::try_from_scale(s).is_err());
            continue;
        }
        let rq = Requant::from_scale(s);
        assert_eq!((rq.multiplier(), rq.shift()), (m, shift), "scale {s:e}");
        let x = if n % 2 == 0 {
            rng.i32()
        } else {
            rng.i32() >> 12
        };
        assert_eq!(rq.apply(x), ref_apply(x, m, shift), "{x} · {s:e}");
        let (a, b) = (rng.i32(), rng.i32());
        assert_eq!(doubling_high_mul(a, b), ref_high_mul(a, b));
        let e = (rng.next() % 32) as i32;
        assert_eq!(rounding_divide_by_pot(a, e), ref_divide_by_pot(a, e));
    }
}

#[test]
fn bad_scales_and_zero_points_are_errors() {
    for s in [0.0, -0.0, -1.0, f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let err = Requant::try_from_scale(s).unwrap_err();
        assert!(
            err.to_string().contains("finite and greater than 0"),
            "{err}"
        );
    }
    let err = Requant::try_from_scale(2f64.powi(30)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "requantization scale must be below 2^30, found 1073741824"
    );
    assert!(QParams::new(0.1, -128).is_ok() && QParams::new(0.1, 127).is_ok());
    assert!(QParams::new(0.1, -129).is_err() && QParams::new(0.1, 128).is_err());
    assert!(QParams::new(-0.1, 0).is_err() && QParams::new(f32::INFINITY, 0).is_err());
}

#[test]
#[should_panic(expected = "Requant::from_scale: the scale must be finite and greater than 0")]
fn from_scale_panics_on_a_negative_scale() {
    Requant::from_scale(std::hint::black_box(-1.0));
}

#[test]
#[should_panic(
    expected = "quantize: invalid quantization parameters: zero point must be in -128..=127 (i8), found 200"
)]
fn quantize_panics_on_bad_parameters() {
    tensor![1.0f32].quantize(QParams {
        scale: 1.0,
        zero_point: 200,
    });
}

#[test]
#[should_panic(
    expected = "assign_qmatmul: the clamp range (5, -5) is empty: lo must not exceed hi"
)]
fn an_empty_clamp_range_panics() {
    let mut out = Tensor::<i8, Shape![1, 1]>::zeros();
    let rq = Tensor::full(Requant::from_scale(1.0));
    out.assign_qmatmul(
        &tensor![[1i8]],
        0,
        &tensor![[1i8]],
        0,
        &tensor![0],
        &rq,
        0,
        (5, -5),
    );
}

#[test]
#[should_panic(
    expected = "assign_qconv2d: the zero point of x must be in -128..=127 (i8), found -129"
)]
fn a_zero_point_out_of_range_panics() {
    let mut out = Tensor::<i8, Shape![1, 1, 1]>::zeros();
    let rq = Tensor::full(Requant::from_scale(1.0));
    let w = Tensor::<i8, Shape![1, 1, 1, 1]>::ones();
    out.assign_qconv2d(
        &tensor![[[1i8]]],
        -129,
        &w,
        &tensor![0],
        &rq,
        0,
        (-128, 127),
    );
}

#[test]
fn quantize_rounds_halves_away_from_zero_and_saturates() {
    let p = QParams {
        scale: 0.5,
        zero_point: 3,
    };
    let x = tensor![0.25f32, -0.25, 0.75, -0.75, 1e9, -1e9, f32::NAN];
    assert_eq!(x.quantize(p), tensor![4, 2, 5, 1, 127, -128, 3]);
    let q = Tensor::<i8, Shape![256]>::from_flat_fn(|i| (i as i32 - 128) as i8);
    let back = q.dequantize(p).quantize(p);
    assert_eq!(back, q); // every i8 survives the round trip
}

/// `assign_qmatmul`'s definition, one `i64` sum per output.
fn ref_qmatmul(
    a: &[i8],
    b: &[i8],
    (k, n): (usize, usize),
    zps: [i32; 3],
    bias: &[i32],
    rqs: &[Requant],
    clamp: (i8, i8),
) -> Vec<i8> {
    let m = a.len() / k;
    let mut out = vec![];
    for i in 0..m {
        for j in 0..n {
            let sum: i64 = (0..k)
                .map(|t| {
                    (a[i * k + t] as i64 - zps[0] as i64) * (b[t * n + j] as i64 - zps[1] as i64)
                })
                .sum();
            let acc = i32::try_from(sum + bias[j] as i64).unwrap();
            let r = rqs[j];
            let y = ref_apply(acc, r.multiplier(), r.shift()) as i64 + zps[2] as i64;
            out.push(y.clamp(clamp.0 as i64, clamp.1 as i64) as i8);
        }
    }
    out
}

#[test]
fn qmatmul_at_real_sizes_matches_the_reference() {
    let mut rng = Rng(7);
    let a = Tensor::<i8, Shape![4, 784]>::from_flat_fn(|_| rng.i8());
    let b = Tensor::<i8, Shape![784, 32]>::from_flat_fn(|_| rng.i8());
    let bias = Tensor::<i32, Shape![32]>::from_flat_fn(|_| rng.i32() >> 12);
    let rqs =
        Tensor::<Requant, Shape![32]>::from_flat_fn(|_| Requant::from_scale(rng.scale() * 1e-6));
    let mut out = Tensor::<i8, Shape![4, 32]>::zeros();
    for (zps, clamp) in [
        ([-3, 0, 5], (-128, 127)),
        ([127, -128, -128], (-128, 0)),
        ([0, 7, 0], (0, 0)),
    ] {
        out.assign_qmatmul(&a, zps[0], &b, zps[1], &bias, &rqs, zps[2], clamp);
        let want = ref_qmatmul(
            a.as_slice(),
            b.as_slice(),
            (784, 32),
            zps,
            bias.as_slice(),
            rqs.as_slice(),
            clamp,
        );
        assert_eq!(out.as_slice(), want);
    }
    // A per-tensor multiplier near 1/2^8 keeps most outputs inside the range.
    let rqs = Tensor::full(Requant::from_scale(1.0 / 4096.0));
    out.assign_qmatmul(&a, 0, &b, 0, &bias, &rqs, 0, (-128, 127));
    let want = ref_qmatmul(
        a.as_slice(),
        b.as_slice(),
        (784, 32),
        [0; 3],
        bias.as_slice(),
        rqs.as_slice(),
        (-128, 127),
    );
    assert_eq!(out.as_slice(), want);
    assert!(want.iter().filter(|&&y| y != 127 && y != -128).count() > 64);
}

#[test]
fn qconv2d_at_real_sizes_matches_the_reference() {
    let mut rng = Rng(11);
    let x = Tensor::<i8, Shape![3, 32, 32]>::from_flat_fn(|_| rng.i8());
    let w = Tensor::<i8, Shape![8, 3, 3, 3]>::from_flat_fn(|_| rng.i8());
    let bias = Tensor::<i32, Shape![8]>::from_flat_fn(|_| rng.i32() >> 16);
    let rqs = Tensor::<Requant, Shape![8]>::from_flat_fn(|_| {
        Requant::from_scale(1.0 / (300.0 + rng.scale()))
    });
    let mut out = Tensor::<i8, Shape![8, 30, 30]>::zeros();
    out.assign_qconv2d(&x, -7, &w, &bias, &rqs, 4, (-100, 120));
    for o in 0..8 {
        for i in 0..30 {
            for j in 0..30 {
                let mut acc = bias[[o]] as i64;
                for c in 0..3 {
                    for a in 0..3 {
                        for b in 0..3 {
                            acc += (x[[c, i + a, j + b]] as i64 + 7) * w[[o, c, a, b]] as i64;
                        }
                    }
                }
                let r = rqs[[o]];
                let y = ref_apply(acc as i32, r.multiplier(), r.shift()) + 4;
                assert_eq!(out[[o, i, j]] as i32, y.clamp(-100, 120), "[{o}, {i}, {j}]");
            }
        }
    }
}

#[test]
fn qdense_with_n_k_weights_matches_the_reference() {
    let mut rng = Rng(23);
    let a = Tensor::<i8, Shape![3, 784]>::from_flat_fn(|_| rng.i8());
    let w = Tensor::<i8, Shape![32, 784]>::from_flat_fn(|_| rng.i8()); // [N, K]
    let bias = Tensor::<i32, Shape![32]>::from_flat_fn(|_| rng.i32() >> 12);
    let rqs = Tensor::<Requant, Shape![32]>::from_flat_fn(|_| {
        Requant::from_scale(1.0 / (3000.0 + rng.scale()))
    });
    let wt = w.t().to_tensor(); // [K, N]
    let mut out = Tensor::<i8, Shape![3, 32]>::zeros();
    for (zp, out_zp, clamp) in [
        (-128, -128, (-128, 127)),
        (127, 3, (-50, 60)),
        (0, 0, (7, 7)),
    ] {
        out.assign_qdense(&a, zp, &w, &bias, &rqs, out_zp, clamp);
        let want = ref_qmatmul(
            a.as_slice(),
            wt.as_slice(),
            (784, 32),
            [zp, 0, out_zp],
            bias.as_slice(),
            rqs.as_slice(),
            clamp,
        );
        assert_eq!(out.as_slice(), want);
    }
    assert!(out.iter().all(|&y| y == 7));
    // A length that is not a multiple of four: the tail after the groups.
    let a = Tensor::<i8, Shape![2, 39]>::from_flat_fn(|_| rng.i8());
    let w = Tensor::<i8, Shape![5, 39]>::from_flat_fn(|_| rng.i8());
    let bias = Tensor::<i32, Shape![5]>::from_flat_fn(|_| rng.i32() >> 16);
    let rqs = Tensor::full(Requant::from_scale(1.0 / 200.0));
    let mut out = Tensor::<i8, Shape![2, 5]>::zeros();
    out.assign_qdense(&a, -9, &w, &bias, &rqs, 2, (-128, 127));
    let want = ref_qmatmul(
        a.as_slice(),
        w.t().to_tensor().as_slice(),
        (39, 5),
        [-9, 0, 2],
        bias.as_slice(),
        rqs.as_slice(),
        (-128, 127),
    );
    assert_eq!(out.as_slice(), want);
    assert!(want.iter().any(|&y| y != 127 && y != -128));
}
