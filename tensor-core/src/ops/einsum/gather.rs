//! The strided walks of `einsum!` (`plan.rs`'s [`Walk`]): gather the kept
//! axes in row-major order, summing the summed ones. A walk that is a
//! plain transpose of 4-byte elements (the contiguous source axis kept
//! second to last, a strided one last: the keys of `bhqd,bhkd->bhqk`) goes
//! through the SIMD planes of `view/plane.rs` when the CPU has AVX2, as a
//! view's `to_tensor` does. Sums over a contiguous axis go through the
//! reduction kernel's `sum_run`.
//!
//! ```
//! use tensor_core::prelude::*;
//! let k = Tensor::<f32, Shape![2, 64, 16]>::from_flat_fn(|i| i as f32);
//! assert_eq!(einsum!("bkd->bdk", &k), k.permute::<Axes![0, 2, 1]>().to_tensor());
//! ```

use super::plan::Walk;
use crate::layout::row_major_unsigned;
use crate::layout::walk::odometer;
use crate::num::{Acc, Accumulate, Zero};
use crate::ops::reduce::sum_run;
use crate::shape::MAX_RANK;
use crate::uninit::as_slots;
use crate::view::block::Bitwise;
use crate::view::plane::{self, Plane};

/// Writes the walk `w` of `src` (starting at position `base`) into `out`,
/// row-major over the kept axes, the innermost one in a loop of its own.
pub(crate) fn gather<T: Accumulate>(src: &[T], base: usize, w: &Walk, out: &mut [T]) {
    if w.len == 0 {
        return;
    }
    if w.kept == 0 {
        out[0] = sum_at(src, base as isize, w);
        return;
    }
    if w.summed == 0 && w.kept >= 2 && w.strides[w.kept - 2] == 1 && w.strides[w.kept - 1] != 1 {
        if let Some(bits) = Bitwise::of::<T>().filter(|&b| plane::fits::<T>(b)) {
            return planes(src, base, w, bits, out);
        }
    }
    let last = w.kept - 1;
    let (inner, step) = (w.dims[last], w.strides[last]);
    // A row of the output per index of the kept axes but the last.
    each_block(w, last, base, |at, o| {
        let row = &mut out[o * inner..][..inner];
        match w.summed {
            0 => {
                for (j, slot) in row.iter_mut().enumerate() {
                    *slot = src[(at + j as isize * step) as usize];
                }
            }
            _ => {
                for (j, slot) in row.iter_mut().enumerate() {
                    *slot = sum_at(src, at + j as isize * step, w);
                }
            }
        }
    });
}

/// The sum over `w`'s summed axes from the position `at`. Where the
/// innermost summed axis is contiguous, its runs are summed by the
/// reduction kernel (`sum_run`, several accumulators), the other summed
/// axes walked around it by the odometer.
fn sum_at<T: Accumulate>(src: &[T], at: isize, w: &Walk) -> T {
    let dims = &w.sum_dims[..w.summed];
    if dims.contains(&0) {
        return T::narrow(Zero::ZERO);
    }
    let last = w.summed - 1;
    let (outer, run) = match w.sum_strides[last] {
        1 => (last, dims[last]),
        _ => (w.summed, 1),
    };
    let mut acc: Acc<T> = Zero::ZERO;
    let none = [0; MAX_RANK];
    odometer(
        0..outer,
        (&w.sum_dims, &w.sum_strides, &none),
        (at, 0),
        |p, _| {
            let p = p as usize;
            acc = acc
                + match run {
                    1 => src[p].widen(),
                    _ => sum_run(&src[p..p + run]).widen(),
                };
        },
    );
    T::narrow(acc)
}

/// `f(at, b)` for each index of the kept axes `0..axes`, in row-major
/// order: `at` the source position of its block (the rest of the kept
/// axes), `b` the block's number; by the layout module's odometer.
fn each_block(w: &Walk, axes: usize, base: usize, f: impl FnMut(isize, usize)) {
    let blocks = row_major_unsigned(w.dims, axes);
    odometer(
        0..axes,
        (&w.dims, &w.strides, &blocks),
        (base as isize, 0),
        f,
    );
}

/// [`gather`] of a transpose: for each index of the kept axes before the
/// last two, one [`Plane`] whose runs are the second-to-last axis
/// (contiguous in `src`) and whose columns are the last.
fn planes<T: Copy>(src: &[T], base: usize, w: &Walk, bits: Bitwise, out: &mut [T]) {
    let (outer, last) = (w.kept - 2, w.kept - 1);
    let (xs, js) = (w.dims[outer], w.dims[last]);
    each_block(w, outer, base, |at, b| {
        let plane = Plane {
            at,
            step: w.strides[last],
            xs,
            js,
            origin: 0,
            stride: js,
        };
        let block = &mut out[b * xs * js..][..xs * js];
        plane::transpose(bits, src, plane, as_slots(block));
    });
}
