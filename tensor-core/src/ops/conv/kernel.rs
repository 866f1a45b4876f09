//! The one convolution kernel under every `conv2d` form (`conv.rs`,
//! `conv_pad.rs`, `conv_assign.rs`): the direct convolution of a
//! `[C, H, W]` input padded by [`Pads`] (none for the valid forms) by
//! weights `[O, C, KH, KW]`, both read as row-major runs.
//!
//! `out[o, i, j] = Σ_c Σ_a Σ_b w[o, c, a, b] · p[c, i·SH + a, j·SW + b]`,
//! `p` the padded input, the terms added in that order (as the
//! hand-written loop of `bench/` does), so a convolution over a padded
//! view agrees bit for bit with the valid one over its padded copy.
//!
//! The output's interior, whose every tap reads the source (the mask's
//! [`interior`]), runs with no test per tap: with the dimensions constant
//! (they come from the shapes), LLVM unrolls the taps, keeps the weights
//! of an output channel in registers and vectorizes along the output row,
//! as it does the hand-written loop of `bench/benches/conv.rs` (same
//! speed). The border tests each tap against the mask ([`axis_source`])
//! and reads the pad value outside the source, its rows' interior columns
//! `LANES` at a time. Without padding the interior is the whole output and
//! the border is empty. Measured slower for the interior: adding each tap
//! into the whole output row (3.0× the loop), and blocks of 4 or 8 columns
//! summed in registers across the taps (1.6×, the weights reloaded per
//! block).

use crate::layout::mask::{axis_source, interior};
use crate::layout::Layout;
use crate::num::{Acc, Accumulate, MulAccumulate, Zero};
use crate::ops::{AsView, ShapeOf};
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::uninit::build_with;
use crate::view::View;

/// The dimensions of a convolution: input `[C, H, W]`, weights
/// `[O, C, KH, KW]`, steps `[SH, SW]`. Constants once inlined.
#[derive(Clone, Copy)]
pub(in crate::ops) struct Dims {
    pub(in crate::ops) input: [usize; 3],
    pub(in crate::ops) kernel: [usize; 4],
    pub(in crate::ops) step: [usize; 2],
}

/// The three dimensions of a rank-3 shape `S`.
pub(in crate::ops) fn dims3<S: Shape>() -> [usize; 3] {
    let d = S::DIMS;
    [d.as_ref()[0], d.as_ref()[1], d.as_ref()[2]]
}

/// The four dimensions of a rank-4 shape `S`.
pub(in crate::ops) fn dims4<S: Shape>() -> [usize; 4] {
    let d = S::DIMS;
    [d.as_ref()[0], d.as_ref()[1], d.as_ref()[2], d.as_ref()[3]]
}

/// Where the source lies in the padded input of a convolution: `lo` rows
/// and columns of padding before it, and the value read outside it.
#[derive(Clone, Copy)]
pub(in crate::ops) struct Pads<T> {
    pub(in crate::ops) lo: [usize; 2],
    pub(in crate::ops) value: T,
}

impl<T: Accumulate> Pads<T> {
    /// `lo` rows and columns of zeros before the source, the padding of the
    /// "same" convolutions: the accumulator's zero narrowed (every
    /// `MulAccumulate` has it).
    #[inline(always)]
    pub(in crate::ops) fn zeros(lo: [usize; 2]) -> Self {
        Pads {
            lo,
            value: T::narrow(Acc::<T>::ZERO),
        }
    }

    /// No padding: the valid convolution, every tap in the source.
    #[inline(always)]
    pub(in crate::ops) fn none() -> Self {
        Self::zeros([0, 0])
    }
}

/// The convolution of `x` (padded by `pads`) by `weights` with the steps
/// `step` into a new tensor of shape `Out`, which the caller has checked.
#[inline(always)]
pub(in crate::ops) fn convolve_new<T, L, K, Out>(
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
    // Both closures inlined, always: behind an outlined one the kernel
    // takes the dimensions as run-time values (`conv2d_same` of
    // `[1, 28, 28]` by value: 27 µs, against 6.6 in place).
    build_with(
        #[inline(always)]
        |slots| {
            convolve(
                x,
                weights,
                step,
                pads,
                dims3::<Out>(),
                #[inline(always)]
                |k, v| {
                    slots[k].write(v);
                },
            )
        },
    )
}

/// The convolution of `x` padded by `pads` by `weights`, with the steps
/// `step`, each output of the dimensions `out` (`[O, OH, OW]`) passed to
/// `store` with its flat position.
///
/// No closure stands between the caller and `padded`: one that was not
/// inlined took the dimensions as run-time values, and the interior ran 9x
/// slower.
#[inline(always)]
pub(in crate::ops) fn convolve<T, L, K>(
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
    // A view that is not contiguous is copied (on the heap with `alloc`,
    // so this frame holds a pointer, not the copy).
    // Two statements: a tuple of the two would be one more slot of each
    // copy's size in an unoptimized build.
    let mut x_copy = Default::default();
    let mut w_copy = Default::default();
    let xs = x.contiguous_in(&mut x_copy);
    let ws = weights.as_view().contiguous_in(&mut w_copy);
    let dims = Dims {
        input: dims3::<L::Shape>(),
        kernel: dims4::<ShapeOf<K>>(),
        step,
    };
    padded(xs, ws, dims, pads, out, store)
}

/// The outputs a border row computes together.
const LANES: usize = 8;

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
            let taps = &wo[(ci * kh + a) * kw..(ci * kh + a + 1) * kw];
            if let Some(y) = axis_source(i * sh + a, lh, h) {
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
            let y = axis_source(i * sh + a, lh, h);
            for b in 0..kw {
                let v = match (y, axis_source(j * sw + b, lw, wd)) {
                    (Some(y), Some(xx)) => x[(ci * h + y) * wd + xx],
                    _ => pads.value,
                };
                acc = acc + wo[(ci * kh + a) * kw + b].widen() * v.widen();
            }
        }
    }
    T::narrow(acc)
}

/// The direct convolution over the padded input, `out = [O, OH, OW]`: the
/// interior rows' interior columns without a test per tap, every other
/// output testing each tap against the source, each adding its terms in
/// the order of the module's formula.
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
        // The interior, with no test per tap: constant bounds once inlined.
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
