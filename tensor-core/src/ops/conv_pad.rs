//! Convolution over a padded input: `x.pad::<Shape![1, 1]>().conv2d(&w)`
//! on a [`PaddedView`], and `x.conv2d_same(&w)`, whose output keeps the
//! image's size (PyTorch's `padding="same"`; with steps, TensorFlow's
//! `"SAME"`). Nothing is copied: the kernel reads the source and the pad
//! value in place of a padded copy.
//!
//! The output is split into its interior, whose every tap reads the source
//! (`i * SH >= LO` and `i * SH - LO + KH <= H` on rows, alike on columns),
//! and its border. The interior runs the loop of the valid convolution, with
//! no test per tap; only the border outputs test each tap and read the pad
//! value outside the source. Every output adds its terms in the order of
//! the valid convolution over a padded copy (channel, row, column, the pad
//! value's terms included), so the two agree bit for bit.
//!
//! ```
//! use tensor_core::prelude::*;
//! let img = Tensor::<f32, Shape![1, 5, 5]>::from_flat_fn(|i| i as f32);
//! let w = Tensor::<f32, Shape![2, 1, 3, 3]>::from_flat_fn(|i| (i % 4) as f32 - 1.5);
//! let same = img.conv2d_same(&w); // [2, 5, 5]
//! let copied = img.pad::<Shape![1, 1]>().to_tensor().conv2d(&w);
//! assert_eq!(same, copied);
//! assert_eq!(img.pad::<Shape![1, 1]>().conv2d(&w), copied);
//! ```

use crate::shape::MAX_RANK;
use core::ops::Range;

use super::conv::{dims3, dims4, output_size, Dims};
use super::{AsView, ShapeOf};
use crate::constraint::{
    Conv2dSameStepWeights, Conv2dSameWeights, Conv2dStepWeights, Conv2dWeights,
};
use crate::layout::Layout;
use crate::num::{Acc, Accumulate, MulAccumulate, Zero};
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::uninit::build_with;
use crate::view::pad::{PadShape, PaddedShape, PaddedView};
use crate::view::View;

/// The shape of the same convolution of `X` by `K`: `[O, H, W]`.
pub type ConvolvedSame<X, K> = <ShapeOf<K> as Conv2dSameWeights<ShapeOf<X>>>::Output;

/// The shape of the same convolution of `X` by `K` with the steps `St`.
pub type ConvolvedSameStep<X, K, St> =
    <ShapeOf<K> as Conv2dSameStepWeights<ShapeOf<X>, St>>::Output;

/// The shape of the valid convolution of `L`'s view padded by `Lo` and
/// `Hi` by `K`.
pub type PaddedConvolved<L, Lo, Hi, K> =
    <ShapeOf<K> as Conv2dWeights<PaddedShape<L, Lo, Hi>>>::Output;

/// The shape of the strided convolution of `L`'s view padded by `Lo` and
/// `Hi` by `K` with the steps `St`.
pub type PaddedConvolvedStep<L, Lo, Hi, K, St> =
    <ShapeOf<K> as Conv2dStepWeights<PaddedShape<L, Lo, Hi>, St>>::Output;

/// Where the source lies in the padded input of a convolution: `lo` rows
/// and columns of padding before it, and the value read outside it.
#[derive(Clone, Copy)]
pub(super) struct Pads<T> {
    pub(super) lo: [usize; 2],
    pub(super) value: T,
}

/// "Same" convolution of any operand `[C, H, W]` by weights `[O, C, KH, KW]`.
pub trait ConvSame: AsView {
    /// The stride-1 convolution of `self` (`[C, H, W]`) by `weights`
    /// (`[O, C, KH, KW]`) over the input padded with zeros so that the
    /// output keeps its size: `[O, H, W]` (PyTorch
    /// `conv2d(x, w, padding="same")`: `(KH - 1) / 2` rows before, the rest
    /// after, alike for columns). Channels that differ do not compile.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = Tensor::<f32, Shape![1, 3, 3]>::ones();
    /// let y = x.conv2d_same(&Tensor::<f32, Shape![1, 1, 3, 3]>::ones());
    /// assert_eq!(y, tensor![[[4.0, 6.0, 4.0], [6.0, 9.0, 6.0], [4.0, 6.0, 4.0]]]);
    /// ```
    fn conv2d_same<K>(&self, weights: &K) -> Tensor<Self::Elem, ConvolvedSame<Self, K>>
    where
        K: AsView<Elem = Self::Elem>,
        ShapeOf<K>: Conv2dSameWeights<ShapeOf<Self>>,
        Self::Elem: MulAccumulate,
    {
        let lo = const {
            same_padding(
                <ShapeOf<Self>>::PADDED,
                <ShapeOf<K>>::PADDED,
                <ConvolvedSame<Self, K>>::PADDED,
                [1, 1],
            )
        };
        let pads = Pads { lo, value: zero() };
        convolve_new(self.as_view(), weights, [1, 1], pads)
    }

    /// [`conv2d_same`](ConvSame::conv2d_same) with the kernel moved by the
    /// steps `St` (`Shape![SH, SW]`, none 0): `[O, ceil(H / SH), ceil(W / SW)]`,
    /// the input padded by `max((OH - 1) * SH + KH - H, 0)` rows, half of
    /// them (rounded down) before, alike for columns (TensorFlow's
    /// `padding="SAME"`).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = Tensor::<f32, Shape![1, 5, 5]>::from_flat_fn(|i| i as f32);
    /// let pick = Tensor::<f32, Shape![1, 1, 1, 1]>::ones();
    /// let y = x.conv2d_same_step::<_, Shape![2, 2]>(&pick); // [1, 3, 3]
    /// assert_eq!(y, tensor![[[0.0, 2.0, 4.0], [10.0, 12.0, 14.0], [20.0, 22.0, 24.0]]]);
    /// ```
    fn conv2d_same_step<K, St: Shape>(
        &self,
        weights: &K,
    ) -> Tensor<Self::Elem, ConvolvedSameStep<Self, K, St>>
    where
        K: AsView<Elem = Self::Elem>,
        ShapeOf<K>: Conv2dSameStepWeights<ShapeOf<Self>, St>,
        Self::Elem: MulAccumulate,
    {
        let step = steps::<St>();
        let lo = const {
            same_padding(
                <ShapeOf<Self>>::PADDED,
                <ShapeOf<K>>::PADDED,
                <ConvolvedSameStep<Self, K, St>>::PADDED,
                [St::PADDED[0], St::PADDED[1]],
            )
        };
        let pads = Pads { lo, value: zero() };
        convolve_new(self.as_view(), weights, step, pads)
    }
}

impl<A: AsView + ?Sized> ConvSame for A {}

impl<'a, T, L: Layout, LH, LW, HH, HW> PaddedView<'a, T, L, (LH, LW), (HH, HW)>
where
    L::Shape: PadShape<(LH, LW), (HH, HW)>,
    (LH, LW): Shape,
    (HH, HW): Shape,
{
    /// The valid, stride-1 convolution of this padded view (`[C, H, W]`
    /// padded on its last two axes) by `weights` (`[O, C, KH, KW]`), as
    /// [`Conv::conv2d`](super::conv::Conv::conv2d) of the padded copy, but
    /// reading the source in place: `[O, H + LO + HI - KH + 1, ..]`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = Tensor::<i32, Shape![1, 2, 2]>::ones();
    /// let y = x.pad_with::<Shape![1, 1]>(10).conv2d(&Tensor::<i32, Shape![1, 1, 2, 2]>::ones());
    /// assert_eq!(y, tensor![[[31, 22, 31], [22, 4, 22], [31, 22, 31]]]);
    /// ```
    #[allow(clippy::type_complexity)] // the padding's two tuples, already behind an alias
    pub fn conv2d<K>(&self, weights: &K) -> Tensor<T, PaddedConvolved<L, (LH, LW), (HH, HW), K>>
    where
        K: AsView<Elem = T>,
        ShapeOf<K>: Conv2dWeights<PaddedShape<L, (LH, LW), (HH, HW)>>,
        T: MulAccumulate,
    {
        const {
            assert!(
                output_size(
                    <PaddedShape<L, (LH, LW), (HH, HW)>>::PADDED,
                    <ShapeOf<K>>::PADDED,
                    [1, 1],
                ) == <PaddedConvolved<L, (LH, LW), (HH, HW), K>>::SIZE,
                "conv2d over a padded view: the output shape's arithmetic is wrong"
            )
        };
        self.convolve(weights, [1, 1])
    }

    /// [`conv2d`](Self::conv2d) with the kernel moved by the steps `St`
    /// (`Shape![SH, SW]`, none 0), as
    /// [`Conv::conv2d_step`](super::conv::Conv::conv2d_step) of the padded
    /// copy.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = Tensor::<f32, Shape![1, 4, 4]>::from_flat_fn(|i| i as f32);
    /// let w = Tensor::<f32, Shape![3, 1, 3, 3]>::from_flat_fn(|i| (i % 5) as f32);
    /// let p = x.pad::<Shape![1, 1]>();
    /// let y = p.conv2d_step::<_, Shape![2, 2]>(&w); // [3, 2, 2]
    /// assert_eq!(y, p.to_tensor().conv2d_step::<_, Shape![2, 2]>(&w));
    /// ```
    #[allow(clippy::type_complexity)] // as `conv2d`
    pub fn conv2d_step<K, St: Shape>(
        &self,
        weights: &K,
    ) -> Tensor<T, PaddedConvolvedStep<L, (LH, LW), (HH, HW), K, St>>
    where
        K: AsView<Elem = T>,
        ShapeOf<K>: Conv2dStepWeights<PaddedShape<L, (LH, LW), (HH, HW)>, St>,
        T: MulAccumulate,
    {
        let step = steps::<St>();
        const {
            assert!(
                output_size(
                    <PaddedShape<L, (LH, LW), (HH, HW)>>::PADDED,
                    <ShapeOf<K>>::PADDED,
                    [St::PADDED[0], St::PADDED[1]],
                ) == <PaddedConvolvedStep<L, (LH, LW), (HH, HW), K, St>>::SIZE,
                "conv2d over a padded view: the output shape's arithmetic is wrong"
            )
        };
        self.convolve(weights, step)
    }

    /// The convolution of this view by `weights` with the steps `step`
    /// into a new tensor of shape `Out`, which the caller has checked.
    #[inline(always)]
    fn convolve<K, Out: Shape>(&self, weights: &K, step: [usize; 2]) -> Tensor<T, Out>
    where
        K: AsView<Elem = T>,
        T: MulAccumulate,
    {
        let lo = [<(LH, LW)>::PADDED[0], <(LH, LW)>::PADDED[1]];
        let pads = Pads {
            lo,
            value: *self.value(),
        };
        convolve_new(self.inner(), weights, step, pads)
    }
}

/// The steps of `St`, which must have rank 2 (a constant assertion; the
/// shape traits already require it).
pub(super) fn steps<St: Shape>() -> [usize; 2] {
    const { assert!(St::RANK == 2, "conv2d: the steps take two axes") };
    [St::PADDED[0], St::PADDED[1]]
}

/// The padding before the source of a same convolution of an input
/// `[C, H, W]` by weights `[O, C, KH, KW]` into `[O, OH, OW]` (padded
/// shapes) with the steps `step`: half of `(OH - 1) * SH + KH - H` (at
/// least 0), rounded down, alike for columns.
pub(super) const fn same_padding(
    x: [usize; MAX_RANK],
    k: [usize; MAX_RANK],
    out: [usize; MAX_RANK],
    step: [usize; 2],
) -> [usize; 2] {
    const fn half(o: usize, s: usize, k: usize, d: usize) -> usize {
        (o.saturating_sub(1) * s + k).saturating_sub(d) / 2
    }
    [
        half(out[1], step[0], k[2], x[1]),
        half(out[2], step[1], k[3], x[2]),
    ]
}

/// The convolution of `x` (padded by `pads`) by `weights` into a new tensor
/// of shape `Out`.
#[inline(always)]
fn convolve_new<T, L, K, Out>(
    x: View<'_, T, L>,
    weights: &K,
    step: [usize; 2],
    pads: Pads<T>,
) -> Tensor<T, Out>
where
    L: Layout,
    K: AsView<Elem = T> + ?Sized,
    Out: Shape,
    T: MulAccumulate,
{
    const { assert!(Out::RANK == 3, "conv2d: the output has three axes") };
    // `convolve` stores into every slot, as `build_with` requires: for each `oc` in `0..O`,
    // `padded` covers every `(i, j)` of `0..OH` x `0..OW` (`O`, `OH`, `OW`
    // are `Out`'s own dimensions, its rank 3 asserted above): with
    // the interior `rows` and `cols` ranges `a..b` and `c..d`,
    // `0 <= a <= b <= OH` and `0 <= c <= d <= OW` (`interior`), on the rows
    // `a..b` the columns `0..c` and `d..OW` tested and `c..d` interior, on
    // every other row the columns `0..c` tested, `c..e` by `LANES` (`e` the
    // end of the last whole group, `c <= e <= d`) and `e..OW` tested. It
    // stores at `(oc * OH + i) * OW + j`, so every position below
    // `O * OH * OW = Out::SIZE`, the slots' count. The elements need no
    // drop.
    build_with(|slots| {
        convolve(x, weights, step, pads, dims3::<Out>(), |k, v| {
            slots[k].write(v);
        })
    })
}

/// The convolution of `x` padded by `pads` by `weights`, with the steps
/// `step`, each output of the dimensions `out` (`[O, OH, OW]`) passed to
/// `store` with its flat position.
#[inline(always)]
///
/// No closure stands between the caller and `padded` (as `conv::with_slices`
/// would put): one that was not inlined took the dimensions as run-time
/// values, and the interior ran 9x slower.
pub(super) fn convolve<T, L, K>(
    x: View<'_, T, L>,
    weights: &K,
    step: [usize; 2],
    pads: Pads<T>,
    out: [usize; 3],
    store: impl FnMut(usize, T),
) where
    L: Layout,
    K: AsView<Elem = T> + ?Sized,
    T: MulAccumulate,
{
    let (mut x_copy, mut w_copy) = (None, None);
    let xs = contiguous(x, &mut x_copy);
    let ws = contiguous(weights.as_view(), &mut w_copy);
    let dims = Dims {
        input: dims3::<L::Shape>(),
        kernel: dims4::<ShapeOf<K>>(),
        step,
    };
    padded(xs, ws, dims, pads, out, store)
}

/// The elements of `v` as a row-major slice: its own when contiguous, else
/// a copy kept in `copy`.
#[inline(always)]
fn contiguous<'a, T: Clone, L: Layout>(
    v: View<'a, T, L>,
    copy: &'a mut Option<Tensor<T, L::Shape>>,
) -> &'a [T] {
    match v.as_contiguous() {
        Some(elems) => elems,
        None => copy.insert(v.to_tensor()).as_slice(),
    }
}

/// The outputs `0..n` of one axis whose every tap reads the source: from
/// `ceil(lo / s)` (the first tap at or after the padding) to the last
/// `i` with `i * s - lo + k <= d`, clamped to `0..n`.
#[inline(always)]
fn interior(lo: usize, d: usize, k: usize, s: usize, n: usize) -> Range<usize> {
    let start = lo.div_ceil(s).min(n);
    let end = match (d + lo).checked_sub(k) {
        Some(last) => (last / s + 1).min(n),
        None => 0,
    };
    start..end.max(start)
}

/// The outputs a border row computes together.
const LANES: usize = 8;

/// The zero of `T`, the padding of the "same" convolutions: the
/// accumulator's zero narrowed (every `MulAccumulate` has it).
#[inline(always)]
pub(super) fn zero<T: Accumulate>() -> T {
    T::narrow(Acc::<T>::ZERO)
}

/// The outputs at `[i, j..j + LANES]` of one output channel (weights `wo`),
/// in columns whose taps all lie inside the image's columns: a kernel row
/// reads the image row for every lane or the pad value for every lane, so
/// the lanes run side by side (vectorized), each adding its terms in the
/// order of [`tested`].
#[inline(always)]
fn border_row_lanes<T>(
    x: &[T],
    wo: &[T],
    dims: Dims,
    pads: Pads<T>,
    [i, j]: [usize; 2],
) -> [T; LANES]
where
    T: MulAccumulate,
{
    let ([c, h, wd], [_, _, kh, kw], [sh, sw]) = (dims.input, dims.kernel, dims.step);
    let [lh, lw] = pads.lo;
    let x0 = (j * sw).wrapping_sub(lw);
    let mut accs = [Acc::<T>::ZERO; LANES];
    for ci in 0..c {
        for a in 0..kh {
            let y = (i * sh + a).wrapping_sub(lh);
            let taps = &wo[(ci * kh + a) * kw..(ci * kh + a + 1) * kw];
            if y < h {
                let row = &x[(ci * h + y) * wd..(ci * h + y + 1) * wd];
                for (b, &wv) in taps.iter().enumerate() {
                    for (l, acc) in accs.iter_mut().enumerate() {
                        *acc = *acc + wv.widen() * row[x0 + l * sw + b].widen();
                    }
                }
            } else {
                for &wv in taps {
                    for acc in accs.iter_mut() {
                        *acc = *acc + wv.widen() * pads.value.widen();
                    }
                }
            }
        }
    }
    accs.map(T::narrow)
}

/// The output at `[i, j]` of one output channel (weights `wo`), each tap
/// tested against the source and reading the pad value outside it.
#[inline(always)]
fn tested<T>(x: &[T], wo: &[T], dims: Dims, pads: Pads<T>, [i, j]: [usize; 2]) -> T
where
    T: MulAccumulate,
{
    let ([c, h, wd], [_, _, kh, kw], [sh, sw]) = (dims.input, dims.kernel, dims.step);
    let [lh, lw] = pads.lo;
    let mut acc = Acc::<T>::ZERO;
    for ci in 0..c {
        for a in 0..kh {
            let y = (i * sh + a).wrapping_sub(lh);
            for b in 0..kw {
                let xx = (j * sw + b).wrapping_sub(lw);
                let v = if y < h && xx < wd {
                    x[(ci * h + y) * wd + xx]
                } else {
                    pads.value
                };
                acc = acc + wo[(ci * kh + a) * kw + b].widen() * v.widen();
            }
        }
    }
    T::narrow(acc)
}

/// The direct convolution over the padded input, `out = [O, OH, OW]`: the
/// interior rows' interior columns without a test per tap, every other
/// output testing each tap against the source. The terms are added in the
/// order of `conv::direct` over a padded copy.
#[inline(always)]
fn padded<T>(
    x: &[T],
    w: &[T],
    dims: Dims,
    pads: Pads<T>,
    out: [usize; 3],
    mut store: impl FnMut(usize, T),
) where
    T: MulAccumulate,
{
    let ([c, h, wd], [_, _, kh, kw], [sh, sw]) = (dims.input, dims.kernel, dims.step);
    let ([o, oh, ow], [lh, lw]) = (out, pads.lo);
    let (rows, cols) = (interior(lh, h, kh, sh, oh), interior(lw, wd, kw, sw, ow));
    let (x, w) = (&x[..c * h * wd], &w[..o * c * kh * kw]);
    for oc in 0..o {
        let wo = &w[oc * c * kh * kw..(oc + 1) * c * kh * kw];
        // The border: whole rows above and below the interior, and the
        // columns left and right of it on the interior's rows. The
        // dimensions go to `tested` by value: borrowed, they would escape
        // into its calls and the interior would reload them from the stack
        // instead of folding them as constants (measured 20x slower).
        for i in 0..oh {
            let at = (oc * oh + i) * ow;
            let mut tested_from = cols.end;
            if !rows.contains(&i) {
                // A border row's interior columns, `LANES` at a time: each
                // kernel row is in the image or not for all of them.
                let mut j = cols.start;
                while j + LANES <= cols.end {
                    // A plain loop: a closure capturing `store` would let
                    // the output's pointer escape (measured 37 µs against 4).
                    let accs = border_row_lanes(x, wo, dims, pads, [i, j]);
                    for (l, &v) in accs.iter().enumerate() {
                        store(at + j + l, v);
                    }
                    j += LANES;
                }
                tested_from = j;
            }
            for j in (0..cols.start).chain(tested_from..ow) {
                store(at + j, tested(x, wo, dims, pads, [i, j]));
            }
        }
        // The interior, as `conv::direct`: constant bounds once inlined.
        // Where the interior's first output reads: `start * s >= lo` when
        // the range is not empty (`interior`); an empty one reads nothing.
        let r0 = (rows.start * sh).wrapping_sub(lh);
        let c0 = (cols.start * sw).wrapping_sub(lw);
        let (rn, cn) = (rows.len(), cols.len());
        for i in 0..rn {
            for j in 0..cn {
                let mut acc = Acc::<T>::ZERO;
                for ci in 0..c {
                    for a in 0..kh {
                        for b in 0..kw {
                            let wv = w[((oc * c + ci) * kh + a) * kw + b].widen();
                            let xv = x[(ci * h + r0 + i * sh + a) * wd + c0 + j * sw + b];
                            acc = acc + wv * xv.widen();
                        }
                    }
                }
                store(
                    (oc * oh + rows.start + i) * ow + cols.start + j,
                    T::narrow(acc),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::interior;
    use crate::prelude::*;

    fn value(n: usize) -> f32 {
        ((n * 7919) % 23) as f32 / 7.0 - 1.5
    }

    /// The naive reference: the padded input built element by element,
    /// then the textbook loops of a valid, strided convolution.
    #[allow(clippy::too_many_arguments)]
    fn reference(
        x: &[f32],
        [c, h, wd]: [usize; 3],
        w: &[f32],
        [o, kh, kw]: [usize; 3],
        [lh, hh, lw, hw]: [usize; 4],
        [sh, sw]: [usize; 2],
        pad: f32,
    ) -> std::vec::Vec<f32> {
        let (ph, pw) = (h + lh + hh, wd + lw + hw);
        let at = |ci: usize, y: usize, xx: usize| {
            if y < lh || y >= lh + h || xx < lw || xx >= lw + wd {
                pad
            } else {
                x[(ci * h + y - lh) * wd + xx - lw]
            }
        };
        let (oh, ow) = ((ph - kh) / sh + 1, (pw - kw) / sw + 1);
        let mut out = std::vec![0.0; o * oh * ow];
        for oc in 0..o {
            for i in 0..oh {
                for j in 0..ow {
                    let mut acc = 0.0;
                    for ci in 0..c {
                        for a in 0..kh {
                            for b in 0..kw {
                                acc += w[((oc * c + ci) * kh + a) * kw + b]
                                    * at(ci, i * sh + a, j * sw + b);
                            }
                        }
                    }
                    out[(oc * oh + i) * ow + j] = acc;
                }
            }
        }
        out
    }

    #[test]
    fn same_conv2d_matches_the_reference_bit_for_bit() {
        let x = Tensor::<f32, Shape![1, 28, 28]>::from_flat_fn(value);
        let w = Tensor::<f32, Shape![8, 1, 3, 3]>::from_flat_fn(|n| value(n * 3));
        let want = reference(
            x.as_slice(),
            [1, 28, 28],
            w.as_slice(),
            [8, 3, 3],
            [1, 1, 1, 1],
            [1, 1],
            0.0,
        );
        assert_eq!(x.conv2d_same(&w).as_slice(), want);
        assert_eq!(x.pad::<Shape![1, 1]>().conv2d(&w).as_slice(), want);
        let mut out = Tensor::<f32, Shape![8, 28, 28]>::full(f32::NAN);
        out.assign_conv2d_same(&x, &w);
        assert_eq!(out.as_slice(), want);
        // Even kernels pad the odd row after; several channels; a kernel
        // larger than the image.
        let x = Tensor::<f32, Shape![3, 5, 7]>::from_flat_fn(|n| value(n + 2));
        let w = Tensor::<f32, Shape![2, 3, 4, 2]>::from_flat_fn(|n| value(n + 9));
        let want = reference(
            x.as_slice(),
            [3, 5, 7],
            w.as_slice(),
            [2, 4, 2],
            [1, 2, 0, 1],
            [1, 1],
            0.0,
        );
        assert_eq!(x.conv2d_same(&w).as_slice(), want);
        let w = Tensor::<f32, Shape![1, 3, 7, 9]>::from_flat_fn(value);
        let want = reference(
            x.as_slice(),
            [3, 5, 7],
            w.as_slice(),
            [1, 7, 9],
            [3, 3, 4, 4],
            [1, 1],
            0.0,
        );
        assert_eq!(x.conv2d_same(&w).as_slice(), want);
    }

    #[test]
    fn strided_same_conv2d_matches_the_reference() {
        let x = Tensor::<f32, Shape![2, 7, 8]>::from_flat_fn(value);
        let w = Tensor::<f32, Shape![3, 2, 3, 3]>::from_flat_fn(|n| value(n + 4));
        let y = x.conv2d_same_step::<_, Shape![2, 3]>(&w);
        assert_eq!(y.shape(), [3, 4, 3]); // ceil(7 / 2), ceil(8 / 3)
                                          // Rows: (4 - 1) * 2 + 3 - 7 = 2, 1 before; columns: (3 - 1) * 3 + 3 - 8 = 1, 0 before.
        let want = reference(
            x.as_slice(),
            [2, 7, 8],
            w.as_slice(),
            [3, 3, 3],
            [1, 1, 0, 1],
            [2, 3],
            0.0,
        );
        assert_eq!(y.as_slice(), want);
        assert_eq!(x.conv2d_same_step::<_, Shape![1, 1]>(&w), x.conv2d_same(&w));
        // No interior row, the first output clamped: an image smaller than
        // the kernel (rows: 1 + 4 padded, 2 before; columns: 5 + 3, 1 before).
        let x = Tensor::<f32, Shape![2, 1, 5]>::from_flat_fn(value);
        let w = Tensor::<f32, Shape![3, 2, 5, 4]>::from_flat_fn(|n| value(n + 3));
        let want = reference(
            x.as_slice(),
            [2, 1, 5],
            w.as_slice(),
            [3, 5, 4],
            [2, 2, 1, 2],
            [1, 1],
            0.0,
        );
        assert_eq!(x.conv2d_same(&w).as_slice(), want);
        let x = Tensor::<f32, Shape![1, 3, 5]>::from_flat_fn(value);
        let w = Tensor::<f32, Shape![1, 1, 2, 2]>::from_flat_fn(|n| value(n + 3));
        let y = x.conv2d_same_step::<_, Shape![3, 1]>(&w); // rows: 1 output, no padding
        let want = reference(
            x.as_slice(),
            [1, 3, 5],
            w.as_slice(),
            [1, 2, 2],
            [0, 0, 0, 1],
            [3, 1],
            0.0,
        );
        assert_eq!(y.as_slice(), want);
    }

    #[test]
    fn padded_views_convolve_as_their_copies() {
        let x = Tensor::<f32, Shape![2, 6, 5]>::from_flat_fn(value);
        let w = Tensor::<f32, Shape![3, 2, 2, 3]>::from_flat_fn(|n| value(n + 1));
        let p = x.pad_sides::<Shape![2, 0], Shape![1, 3]>(0.75);
        let want = reference(
            x.as_slice(),
            [2, 6, 5],
            w.as_slice(),
            [3, 2, 3],
            [2, 1, 0, 3],
            [1, 1],
            0.75,
        );
        assert_eq!(p.conv2d(&w).as_slice(), want);
        assert_eq!(p.conv2d(&w), p.to_tensor().conv2d(&w));
        let s = p.conv2d_step::<_, Shape![3, 2]>(&w);
        assert_eq!(s, p.to_tensor().conv2d_step::<_, Shape![3, 2]>(&w));
        // A permuted (non-contiguous) source, integer elements, a wide pad.
        let xi = Tensor::<i32, Shape![4, 3, 2]>::from_flat_fn(|n| n as i32 - 7);
        let wi = Tensor::<i32, Shape![2, 2, 3, 3]>::from_flat_fn(|n| (n % 5) as i32 - 2);
        let v = xi.permute::<Axes![2, 0, 1]>(); // [2, 4, 3]
        let pv = v.pad_with::<Shape![3, 2]>(-1);
        assert_eq!(pv.conv2d(&wi), pv.to_tensor().conv2d(&wi));
        assert_eq!(
            v.conv2d_same(&wi),
            v.pad::<Shape![1, 1]>().to_tensor().conv2d(&wi)
        );
    }

    #[test]
    fn wide_border_rows_run_in_lanes_as_the_reference() {
        // Rows of 21 and more: the border rows' interior columns go by
        // groups of `LANES`, with a pad value, steps, several channels.
        let x = Tensor::<f32, Shape![2, 5, 21]>::from_flat_fn(value);
        let w = Tensor::<f32, Shape![3, 2, 3, 3]>::from_flat_fn(|n| value(n + 6));
        let p = x.pad_sides::<Shape![2, 1], Shape![1, 3]>(0.5);
        let want = |st: [usize; 2]| {
            reference(
                x.as_slice(),
                [2, 5, 21],
                w.as_slice(),
                [3, 3, 3],
                [2, 1, 1, 3],
                st,
                0.5,
            )
        };
        assert_eq!(p.conv2d(&w).as_slice(), want([1, 1]));
        assert_eq!(
            p.conv2d_step::<_, Shape![1, 2]>(&w).as_slice(),
            want([1, 2])
        );
        assert_eq!(
            p.conv2d_step::<_, Shape![2, 1]>(&w).as_slice(),
            want([2, 1])
        );
        let x = Tensor::<f32, Shape![1, 4, 40]>::from_flat_fn(|n| value(n + 1));
        let want = reference(
            x.as_slice(),
            [1, 4, 40],
            w.as_slice()[..27].as_ref(),
            [3, 3, 3],
            [1, 1, 1, 1],
            [1, 1],
            0.0,
        );
        let w1 = Tensor::<f32, Shape![3, 1, 3, 3]>::from_flat_fn(|n| w.as_slice()[n]);
        assert_eq!(x.conv2d_same(&w1).as_slice(), want);
    }

    #[test]
    fn the_interior_is_where_every_tap_reads_the_source() {
        // Brute force over small sizes: an output is interior exactly when
        // all its taps land in the source.
        for d in 0..7 {
            for k in 1..5 {
                for lo in 0..4 {
                    for s in 1..4 {
                        let padded = d + lo + 2;
                        let n = if padded >= k { (padded - k) / s + 1 } else { 0 };
                        let r = interior(lo, d, k, s, n);
                        for i in 0..n {
                            let reads_source =
                                (0..k).all(|a| i * s + a >= lo && i * s + a - lo < d);
                            assert_eq!(
                                r.contains(&i),
                                reads_source,
                                "d={d} k={k} lo={lo} s={s} i={i}"
                            );
                        }
                        assert!(r.start <= r.end && r.end <= n);
                    }
                }
            }
        }
    }
}
