//! [`QDenseWide`]: a [`QDense`] layer whose weights are stored widened to
//! `i16` and packed four outputs at a time, built by a `const fn` so that a
//! firmware keeps them in flash. Twice the weights' bytes buy the Cortex-M4
//! (`dsp`) its fastest dense loop: each pass reads four inputs (one `LDRD`)
//! and, for each of four outputs, four weights (one `LDRD`) and two `SMLAD`s
//! (two 16-bit multiply-accumulates each): 15 instructions for 16
//! multiply-accumulates, with no `SXTB16` unpacking of `i8` weights.
//! Elsewhere the same packing runs as a plain loop. Results are
//! [`QDense`]'s (TensorFlow Lite's `FullyConnected`) bit for bit.
//!
//! The packed order: the outputs in blocks of four; in a block, for each
//! group of four inputs, the four outputs' weights of that group (16
//! `i16`s, 32 bytes), then the last `K % 4` inputs' weights output by
//! output; the last `N % 4` outputs row by row after the blocks. The
//! example is [`QDenseWide`]'s.

use super::{finish, QDense, Requant};
use crate::dim::Dimension;
use crate::tensor::Tensor;

/// `T` at an alignment of 8 bytes, so that `LDRD` (which faults on an
/// address that is not a multiple of 4) reads the packed weights and the
/// widened input row.
#[derive(Clone, Debug, PartialEq)]
#[repr(C, align(8))]
struct Aligned<T>(T);

/// A quantized dense layer `K → N` ([`QDense`]'s arithmetic), its weights
/// widened to `i16` and packed for the dense loop: the outputs in blocks of
/// four; in a block, for each group of four inputs, the four outputs'
/// weights of that group, then the last `K % 4` inputs' weights output by
/// output; the last `N % 4` outputs row by row. On a Cortex-M4 (`dsp`) each
/// pass of the loop reads four inputs and, for each of four outputs, four
/// weights with one `LDRD` and multiplies them with two `SMLAD`s: 15
/// instructions for 16 multiply-accumulates. Built from a [`QDense`] by
/// [`QDenseWide::new`], a `const fn`.
///
/// ```
/// use tensor_core::prelude::*;
/// const DENSE: QDense<Dim![6], Dim![5]> = QDense {
///     weights: Tensor::from_array([
///         [1, 2, 3, 4, 5, 6], [-1, -2, -3, -4, -5, -6], [7, 0, 7, 0, 7, 0],
///         [0, 1, 0, 1, 0, 1], [127, -128, 1, 2, 3, 4],
///     ]),
///     bias: Tensor::from_array([0, 1, 2, 3, 4]),
///     rqs: Tensor::from_array([Requant::from_scale(0.5); 5]),
///     input_zp: -3,
///     output_zp: 2,
///     clamp: (-128, 127),
/// };
/// static WIDE: QDenseWide<Dim![6], Dim![5]> = QDenseWide::new(&DENSE);
/// let x = tensor![[1i8, -2, 3, -4, 5, 100]];
/// assert_eq!(WIDE.forward(&x), DENSE.forward(&x));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct QDenseWide<K: Dimension, N: Dimension> {
    /// The weights, `N · K` of them, in the packed order.
    weights: Aligned<Tensor<i16, (N, K)>>,
    /// `[N]`, as [`QDense::bias`].
    bias: Tensor<i32, (N,)>,
    /// `[N]`, as [`QDense::rqs`].
    rqs: Tensor<Requant, (N,)>,
    /// The zero point of the input.
    input_zp: i8,
    /// The zero point of the output.
    output_zp: i8,
    /// The activation's clamp `(lo, hi)`.
    clamp: (i8, i8),
}

impl<K: Dimension, N: Dimension> QDenseWide<K, N> {
    /// The layer `dense`, its weights widened and packed; a `const fn`, so
    /// that a `static` holds the result (flash, on a microcontroller).
    ///
    /// # Panics
    ///
    /// When `dense.clamp.0 > dense.clamp.1` (in a `const` or `static`
    /// initialiser, a compile error).
    pub const fn new(dense: &QDense<K, N>) -> Self {
        assert!(
            dense.clamp.0 <= dense.clamp.1,
            "QDenseWide::new: the clamp range is empty: lo must not exceed hi"
        );
        let (k, n) = (K::VALUE, N::VALUE);
        let src = flat(&dense.weights);
        let mut weights = Tensor::<i16, (N, K)>::zeros();
        let dst = flat_mut(&mut weights);
        let (blocks, steps, tail) = (n / 4, k / 4, k % 4);
        let mut at = 0;
        let mut b = 0;
        while b < blocks {
            let mut s = 0;
            while s < steps {
                let mut o = 0;
                while o < 16 {
                    dst[at] = src[(4 * b + o / 4) * k + 4 * s + o % 4] as i16;
                    at += 1;
                    o += 1;
                }
                s += 1;
            }
            let mut o = 0;
            while o < 4 * tail {
                dst[at] = src[(4 * b + o / tail) * k + 4 * steps + o % tail] as i16;
                at += 1;
                o += 1;
            }
            b += 1;
        }
        while at < n * k {
            dst[at] = src[at] as i16;
            at += 1;
        }
        QDenseWide {
            weights: Aligned(weights),
            // SAFETY: `i32` and `Requant` have no drop glue, so reading the
            // tensors out of `dense` copies them (`Tensor` is `Copy` here,
            // but a generic `const fn` cannot name that bound).
            bias: unsafe { core::ptr::read(&dense.bias) },
            // SAFETY: as above.
            rqs: unsafe { core::ptr::read(&dense.rqs) },
            input_zp: dense.input_zp,
            output_zp: dense.output_zp,
            clamp: dense.clamp,
        }
    }

    /// The layer applied to each row of `x` (`[M, K]`): `[M, N]`, equal to
    /// [`QDense::forward`].
    pub fn forward<M: Dimension>(&self, x: &Tensor<i8, (M, K)>) -> Tensor<i8, (M, N)> {
        let mut out = Tensor::zeros();
        self.forward_into(x, &mut out);
        out
    }

    /// [`QDenseWide::forward`] written into `out`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// const DENSE: QDense<Dim![64], Dim![32]> = QDense {
    ///     weights: Tensor::splat(3),
    ///     bias: Tensor::splat(-7),
    ///     rqs: Tensor::splat(Requant::from_scale(0.01)),
    ///     input_zp: 5,
    ///     output_zp: -128,
    ///     clamp: (-128, 127),
    /// };
    /// static WIDE: QDenseWide<Dim![64], Dim![32]> = QDenseWide::new(&DENSE);
    /// let x = Tensor::<i8, Shape![2, 64]>::from_flat_fn(|i| (i % 11) as i8 - 5);
    /// let mut y = Tensor::zeros();
    /// WIDE.forward_into(&x, &mut y);
    /// assert_eq!(y, DENSE.forward(&x));
    /// ```
    pub fn forward_into<M: Dimension>(&self, x: &Tensor<i8, (M, K)>, out: &mut Tensor<i8, (M, N)>) {
        // The clamp was checked by `new`, and the fields are private.
        let (zp, out_zp, (lo, hi)) = (self.input_zp, i32::from(self.output_zp), self.clamp);
        let (k, n) = (K::VALUE, N::VALUE);
        let (x, out) = (x.as_slice(), out.as_mut_slice());
        let (w, bias, rqs) = (
            self.weights.0.as_slice(),
            self.bias.as_slice(),
            self.rqs.as_slice(),
        );
        let mut row = Aligned(Tensor::<i16, (K,)>::zeros());
        let row = row.0.as_mut_slice();
        let blocks = n / 4;
        for (xs, ys) in x.chunks_exact(k.max(1)).zip(out.chunks_exact_mut(n.max(1))) {
            for (r, &v) in row.iter_mut().zip(xs) {
                *r = v as i16 - zp as i16;
            }
            for b in 0..blocks {
                let mut acc = [0, 1, 2, 3].map(|o| bias[4 * b + o]);
                block(row, &w[4 * b * k..4 * (b + 1) * k], &mut acc);
                for (o, a) in acc.into_iter().enumerate() {
                    ys[4 * b + o] = finish(a, &rqs[4 * b + o], out_zp, lo, hi);
                }
            }
            for o in 4 * blocks..n {
                let acc = dot(bias[o], row, &w[o * k..(o + 1) * k]);
                ys[o] = finish(acc, &rqs[o], out_zp, lo, hi);
            }
        }
    }
}

/// The elements of `t` as a flat slice, in a `const fn`.
const fn flat<S: crate::shape::Shape>(t: &Tensor<i8, S>) -> &[i8] {
    // SAFETY: a tensor is its storage, nested arrays of `S::SIZE` elements
    // without padding (`uninit::slots` asserts the size); the slice
    // borrows `t`.
    unsafe { core::slice::from_raw_parts((t as *const Tensor<i8, S>).cast::<i8>(), S::SIZE) }
}

/// The elements of `t` as a flat mutable slice, in a `const fn`.
const fn flat_mut<S: crate::shape::Shape>(t: &mut Tensor<i16, S>) -> &mut [i16] {
    // SAFETY: as in `flat`; the slice borrows `t` mutably.
    unsafe { core::slice::from_raw_parts_mut((t as *mut Tensor<i16, S>).cast::<i16>(), S::SIZE) }
}

/// Adds to `acc[o]` the dot product of `row` with output `o`'s weights, for
/// the four outputs of one packed block (`4 · row.len()` weights).
#[inline(always)]
fn block(row: &[i16], w: &[i16], acc: &mut [i32; 4]) {
    let (steps, tail) = (row.len() / 4, row.len() % 4);
    let body = steps * 16;
    dsp::steps(&row[..4 * steps], &w[..body], acc);
    for (o, a) in acc.iter_mut().enumerate() {
        *a = dot(
            *a,
            &row[4 * steps..],
            &w[body + o * tail..body + (o + 1) * tail],
        );
    }
}

/// `acc + Σ row[k] · w[k]`, wrapping (as TensorFlow Lite's `int32_t` sums).
#[inline(always)]
fn dot(acc: i32, row: &[i16], w: &[i16]) -> i32 {
    let terms = row.iter().zip(w);
    terms.fold(acc, |a, (&r, &w)| a.wrapping_add(r as i32 * w as i32))
}

/// The packed groups of four inputs by four outputs, with `SMLAD`.
///
/// Compiled only for ARMv7E-M: host tests (and cargo-mutants, for which a
/// change here is "missed") never run it. The firmware runs it on QEMU's
/// Cortex-M4 and fails unless its outputs equal `QDense`'s for all 360
/// test digits (`embedded/src/firmware/quantized.rs`, in CI).
#[cfg(all(target_arch = "arm", target_feature = "dsp"))]
mod dsp {
    use core::arch::asm;

    /// `acc[o] += Σ row[k] · w[16 s + 4 o + k % 4]` over the groups `s` of
    /// four inputs: `row.len() == 4 · steps`, `w.len() == 16 · steps`.
    #[inline(always)]
    pub(super) fn steps(row: &[i16], w: &[i16], acc: &mut [i32; 4]) {
        assert!(row.len() % 4 == 0 && w.len() == 4 * row.len());
        if row.is_empty() {
            return;
        }
        let [mut a0, mut a1, mut a2, mut a3] = *acc;
        let end = row.as_ptr_range().end;
        // SAFETY: the loop reads `row` (8 bytes a pass, `row.len() / 4`
        // passes, until `x == end`) and `w` (32 bytes a pass, `w.len() ==
        // 4 · row.len()` asserted above), nothing else; both start at an
        // address that is a multiple of 8 (`Aligned` storage, blocks of
        // `8 · K` bytes), as `LDRD` needs. SMLAD is a DSP instruction of
        // every ARMv7E-M core (cfg `dsp`): it adds both halfword products to
        // the accumulator (wrapping; it may set the sticky Q flag, so flags
        // are clobbered, as `asm!` assumes by default).
        unsafe {
            asm!(
                "2:",
                "ldrd {r0}, {r1}, [{x}], #8",
                "ldrd {w0}, {w1}, [{w}], #8",
                "smlad {a0}, {r0}, {w0}, {a0}",
                "smlad {a0}, {r1}, {w1}, {a0}",
                "ldrd {w0}, {w1}, [{w}], #8",
                "smlad {a1}, {r0}, {w0}, {a1}",
                "smlad {a1}, {r1}, {w1}, {a1}",
                "ldrd {w0}, {w1}, [{w}], #8",
                "smlad {a2}, {r0}, {w0}, {a2}",
                "smlad {a2}, {r1}, {w1}, {a2}",
                "ldrd {w0}, {w1}, [{w}], #8",
                "smlad {a3}, {r0}, {w0}, {a3}",
                "smlad {a3}, {r1}, {w1}, {a3}",
                "cmp {x}, {end}",
                "bne 2b",
                x = inout(reg) row.as_ptr() => _,
                w = inout(reg) w.as_ptr() => _,
                end = in(reg) end,
                r0 = out(reg) _,
                r1 = out(reg) _,
                w0 = out(reg) _,
                w1 = out(reg) _,
                a0 = inout(reg) a0,
                a1 = inout(reg) a1,
                a2 = inout(reg) a2,
                a3 = inout(reg) a3,
                options(nostack, readonly),
            );
        }
        *acc = [a0, a1, a2, a3];
    }
}

/// [`dsp`]'s loop as plain arithmetic.
#[cfg(not(all(target_arch = "arm", target_feature = "dsp")))]
mod dsp {
    /// `acc[o] += Σ row[k] · w[16 s + 4 o + k % 4]` over the groups `s` of
    /// four inputs.
    #[inline(always)]
    pub(super) fn steps(row: &[i16], w: &[i16], acc: &mut [i32; 4]) {
        for (r, ws) in row.chunks_exact(4).zip(w.chunks_exact(16)) {
            for (a, wo) in acc.iter_mut().zip(ws.chunks_exact(4)) {
                *a = super::dot(*a, r, wo);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::dim::Dimension;
    use crate::prelude::*;

    /// A layer `K → N` whose outputs stay inside the clamp mostly (small
    /// weights, a small scale), so that every weight and input counts.
    fn dense<K: Dimension, N: Dimension>() -> QDense<K, N> {
        QDense {
            weights: Tensor::from_flat_fn(|i| ((i * 37 + 11) % 7) as i8 - 3),
            bias: Tensor::from_flat_fn(|i| (i % 9) as i32 * 50 - 200),
            rqs: Tensor::from_flat_fn(|i| Requant::from_scale(0.002 * (1 + i % 5) as f64)),
            input_zp: -7,
            output_zp: 3,
            clamp: (-100, 120),
        }
    }

    /// `x` through the wide layer and the `i8` one: equal, and the outputs
    /// vary (most are not clamped).
    fn check<K: Dimension, N: Dimension, M: Dimension>(x: &Tensor<i8, (M, K)>) {
        let d = dense::<K, N>();
        let (wide, plain) = (QDenseWide::new(&d).forward(x), d.forward(x));
        assert_eq!(wide, plain);
        let clamped = plain.iter().filter(|&&v| v == -100 || v == 120).count();
        assert!(
            clamped * 4 < plain.as_slice().len(),
            "{clamped} of {:?} clamped",
            plain.shape()
        );
    }

    #[test]
    fn equals_the_i8_layer_for_every_remainder() {
        // 10 outputs: two blocks and 2 more; 787 inputs: 196 groups and 3 more.
        let x = Tensor::<i8, Shape![3, 787]>::from_flat_fn(|i| ((i * 91 + 5) % 128) as i8 - 64);
        check::<_, Dim<10>, _>(&x);
        // Whole blocks and groups: 32 outputs, 64 inputs (the digits MLP).
        let x = Tensor::<i8, Shape![2, 64]>::from_flat_fn(|i| ((i * 13 + 1) % 128) as i8 - 64);
        check::<_, Dim<32>, _>(&x);
        // Fewer than four of each: no block, no group.
        let x = Tensor::<i8, Shape![1, 3]>::from_array([[5, -9, 100]]);
        check::<_, Dim<3>, _>(&x);
    }

    #[test]
    fn packs_four_outputs_a_group() {
        let d = dense::<Dim<787>, Dim<10>>();
        let w = QDenseWide::new(&d).weights.0;
        let (p, src) = (w.as_slice(), d.weights.as_slice());
        // Block 1, group 2, output 3, input 1 of the group.
        assert_eq!(
            p[4 * 787 + 2 * 16 + 3 * 4 + 1],
            src[7 * 787 + 2 * 4 + 1] as i16
        );
        // Block 0's tail: output 2's last 3 inputs after the 196 groups.
        assert_eq!(p[196 * 16 + 2 * 3 + 1], src[2 * 787 + 784 + 1] as i16);
        // Output 9 (after the two blocks), row-major.
        assert_eq!(p[9 * 787 + 5], src[9 * 787 + 5] as i16);
        assert_eq!(core::mem::align_of_val(&QDenseWide::new(&d).weights), 8);
    }

    #[test]
    #[should_panic(expected = "the clamp range is empty")]
    fn an_empty_clamp_is_refused() {
        let mut d = dense::<Dim<4>, Dim<4>>();
        d.clamp = (5, 4);
        let _ = QDenseWide::new(&d);
    }
}
