//! The `half` feature: `half::f16` and `half::bf16` as tensor elements.
//!
//! Both are [`Zero`], [`One`], [`Float`] (each function computed in `f32`
//! and rounded once) and [`FromCount`]; they [`Accumulate`] in `f32`, so
//! `sum`, `sum_axes`, `mean_axes`, `matmul` and `dot` add in `f32` and round
//! once at the end. Arithmetic, comparisons, `Display` and `Debug` are
//! `half`'s own.
//!
//! ```
//! # #[cfg(feature = "half")] {
//! use half::f16;
//! use tensor_core::prelude::*;
//! let ones = Tensor::<f16, Shape![4096]>::ones();
//! assert_eq!(ones.sum(), f16::from_f32(4096.0)); // an f16 sum stops at 2048
//! let a = Tensor::<f16, Shape![2, 2]>::from_flat_fn(|i| f16::from_f32(i as f32));
//! assert_eq!(a.matmul(&a), tensor![[2.0f32, 3.0], [6.0, 11.0]].map(|&x| f16::from_f32(x)));
//! # }
//! ```

use half::{bf16, f16};

use super::{Accumulate, Float, FromCount, One, Zero};

/// The number traits for one 16-bit float type, through `f32`.
macro_rules! impl_half {
    ($($t:ident),+) => {
        $(
            impl Zero for $t {
                const ZERO: Self = $t::ZERO;
            }

            impl One for $t {
                const ONE: Self = $t::ONE;
            }

            /// Sums and products in `f32`: exact for up to 2^24 / 2^11
            /// ones, where an `f16` sum stalls at 2048.
            impl Accumulate for $t {
                type Acc = f32;
                #[inline(always)]
                fn widen(self) -> f32 {
                    self.to_f32()
                }
                #[inline(always)]
                fn narrow(acc: f32) -> Self {
                    $t::from_f32(acc)
                }
            }

            impl FromCount for $t {
                fn from_count(n: usize) -> Self {
                    $t::from_f32(n as f32)
                }
            }

            impl Float for $t {
                fn abs(self) -> Self {
                    $t::from_bits(self.to_bits() & !$t::NEG_ZERO.to_bits())
                }
                fn sqrt(self) -> Self {
                    via_f32(self, Float::sqrt)
                }
                fn exp(self) -> Self {
                    via_f32(self, Float::exp)
                }
                fn ln(self) -> Self {
                    via_f32(self, Float::ln)
                }
                fn log2(self) -> Self {
                    via_f32(self, Float::log2)
                }
                fn log10(self) -> Self {
                    via_f32(self, Float::log10)
                }
                fn sin(self) -> Self {
                    via_f32(self, Float::sin)
                }
                fn cos(self) -> Self {
                    via_f32(self, Float::cos)
                }
                fn tanh(self) -> Self {
                    via_f32(self, Float::tanh)
                }
                fn powi(self, n: i32) -> Self {
                    via_f32(self, |x| Float::powi(x, n))
                }
                fn powf(self, y: Self) -> Self {
                    via_f32(self, |x| Float::powf(x, y.to_f32()))
                }
                fn sigmoid(self) -> Self {
                    via_f32(self, Float::sigmoid)
                }
            }

            impl Via32 for $t {
                fn to32(self) -> f32 {
                    self.to_f32()
                }
                fn from32(x: f32) -> Self {
                    $t::from_f32(x)
                }
            }
        )+
    };
}

impl_half!(f16, bf16);

/// A 16-bit float converted to and from `f32`.
trait Via32 {
    fn to32(self) -> f32;
    fn from32(x: f32) -> Self;
}

/// `f` computed in `f32` and rounded once to the 16-bit type.
fn via_f32<H: Via32>(x: H, f: impl Fn(f32) -> f32) -> H {
    H::from32(f(x.to32()))
}

#[cfg(test)]
mod tests {
    use half::{bf16, f16};

    use crate::num::Float;
    use crate::prelude::*;

    #[test]
    fn functions_round_the_f32_result_once() {
        for x in [0.0f32, 0.1, 0.5, 1.0, 2.5, -3.0, 10.0] {
            let h = f16::from_f32(x);
            let want = f16::from_f32(h.to_f32().exp());
            assert_eq!(Float::exp(h), want, "exp({x})");
            assert_eq!(Float::abs(h), f16::from_f32(h.to_f32().abs()));
            let b = bf16::from_f32(x);
            assert_eq!(Float::tanh(b), bf16::from_f32(b.to_f32().tanh()));
        }
        assert!(Float::sqrt(f16::from_f32(-1.0)).is_nan());
        assert_eq!(Float::powi(f16::from_f32(2.0), 3), f16::from_f32(8.0));
    }

    #[test]
    fn sums_accumulate_in_f32() {
        // 4096 ones: exact in f32; an f16 running sum stays at 2048.
        let stalled = (0..4096).fold(f16::ZERO, |s, _| s + f16::ONE);
        assert_eq!(stalled, f16::from_f32(2048.0));
        let ones = Tensor::<f16, Shape![64, 64]>::ones();
        assert_eq!(ones.sum(), f16::from_f32(4096.0));
        assert_eq!(ones.t().sum(), f16::from_f32(4096.0));
        let long = Tensor::<f16, Shape![4096, 2]>::ones();
        assert_eq!(
            long.sum_axes::<Axes![0]>(),
            Tensor::full(f16::from_f32(4096.0))
        );
        let wide = Tensor::<f16, Shape![2, 4096]>::ones();
        assert_eq!(
            wide.sum_axes::<Axes![1]>(),
            Tensor::full(f16::from_f32(4096.0))
        );
        assert_eq!(
            wide.t().sum_axes::<Axes![0]>(),
            Tensor::full(f16::from_f32(4096.0))
        );
        assert_eq!(wide.mean_axes::<Axes![1]>(), Tensor::full(f16::ONE));
        let b = Tensor::<bf16, Shape![4096]>::ones();
        assert_eq!(b.sum(), bf16::from_f32(4096.0));
    }

    #[test]
    fn products_accumulate_in_f32() {
        // A [1, 4096] x [4096, 1] product of ones: 4096 only in f32.
        let (a, b) = (
            Tensor::<f16, Shape![1, 4096]>::ones(),
            Tensor::<f16, Shape![4096, 1]>::ones(),
        );
        assert_eq!(a.matmul(&b)[[0, 0]], f16::from_f32(4096.0));
        assert_eq!(slice!(a, 0).dot(&slice!(b, .., 0)), f16::from_f32(4096.0));
        assert_eq!(slice!(a, 0).dot(&slice!(b.t(), 0)), f16::from_f32(4096.0));
    }

    #[test]
    fn convolutions_accumulate_in_f32() {
        // 64 channels of 8 x 8 ones under an all-ones 8 x 8 kernel: every
        // output of the valid conv sums 4096 taps, the border ones of the
        // "same" conv fewer, all exact in f32 and stalled at 2048 in f16.
        let x = Tensor::<f16, Shape![64, 8, 8]>::ones();
        let k = Tensor::<f16, Shape![1, 64, 8, 8]>::ones();
        assert_eq!(x.conv2d(&k), Tensor::full(f16::from_f32(4096.0)));
        let want = x.map(|_| f32::ONE).conv2d_same(&k.map(|_| f32::ONE));
        let same = x.conv2d_same(&k);
        assert_eq!(same, want.map(|&v| f16::from_f32(v)));
        assert_eq!(same[[0, 3, 3]], f16::from_f32(4096.0));
        assert_eq!(x.pad::<Shape![0, 0]>().conv2d(&k), x.conv2d(&k));
    }

    /// `n * 7 % 11 - 5` over 8: small values of mixed sign.
    fn data<S: Shape>() -> Tensor<f32, S> {
        Tensor::from_flat_fn(|n| ((n * 7 % 11) as f32 - 5.0) / 8.0)
    }

    #[test]
    fn products_match_f32_within_f16_rounding() {
        let (a, b) = (data::<Shape![2, 13, 37]>(), data::<Shape![37, 21]>());
        let want = a.matmul(&b);
        let (ha, hb) = (a.map(|&x| f16::from_f32(x)), b.map(|&x| f16::from_f32(x)));
        // The inputs are exact in f16: one rounding of the f32 result.
        let got = ha.matmul(&hb);
        assert_eq!(got, want.map(|&x| f16::from_f32(x)));
        let got_t = ha.matmul(&hb.t().to_tensor().t());
        assert_eq!(got_t, got);
        // bf16 (8 significant bits) within half an ulp of its own rounding.
        let bb = b.map(|&x| bf16::from_f32(x));
        let gb = a.map(|&x| bf16::from_f32(x)).matmul(&bb);
        for (g, w) in gb.iter().zip(want.iter()) {
            assert!((g.to_f32() - w).abs() <= w.abs() / 256.0, "{g} vs {w}");
        }
    }

    #[test]
    fn elementwise_and_display() {
        let a = Tensor::<f16, Shape![3]>::from_flat_fn(|i| f16::from_f32(i as f32 + 0.5));
        let s = a + a;
        assert_eq!(s, tensor![1.0f32, 3.0, 5.0].map(|&x| f16::from_f32(x)));
        assert_eq!(a.exp()[[0]], f16::from_f32(0.5f32.exp()));
        assert_eq!(std::format!("{s}"), "[1. 3. 5.]");
    }
}
