//! Index arithmetic: ravel and unravel with constant strides, the range
//! check and its panic (`t[[i, j]]` and `t.get([i, j])` are in `tensor.rs`,
//! views' in `view/`).
//!
//! A multi-index is raveled as `i * STRIDES[0] + j * STRIDES[1] + ...`; the
//! strides are constants, the loop over axes has a constant trip count, so it
//! compiles to unrolled constant multiply-adds. Every axis is checked against
//! its dimension: an index out of range is `None` from `get`, and a panic
//! naming the index and the shape from `[]`.
//!
//! ```
//! use tensor_core::prelude::*;
//! let mut t = tensor![[1, 2, 3], [4, 5, 6]];
//! t[[1, 2]] = 60;
//! assert_eq!(t[[1, 2]], 60);
//! assert_eq!(t.get([2, 0]), None);
//! ```

use crate::shape::{MultiIndex, Shape};

/// The flat position of `index` in a row-major layout of shape `S`, or `None`
/// when some axis is out of range.
#[inline(always)]
pub(crate) fn ravel<S: Shape>(index: &S::Index) -> Option<usize> {
    let (dims, strides) = (S::DIMS, S::STRIDES);
    let (index, dims, strides) = (index.as_ref(), dims.as_ref(), strides.as_ref());
    let mut flat = 0;
    // One constant block per axis, checking and accumulating together (see
    // `in_range`; checking first and summing after measured 1.8x slower).
    macro_rules! each_axis {
        ($($k:literal)*) => {$(
            if $k < S::RANK {
                if index[$k] >= dims[$k] {
                    return None;
                }
                flat += index[$k] * strides[$k];
            }
        )*};
    }
    crate::generated::for_each_axis!(each_axis);
    Some(flat)
}

/// Whether every axis of `index` is below its dimension in `S`.
///
/// One constant block per axis rather than a loop: LLVM then drops the
/// checks that the caller's loop bounds already imply (measured: a loop over
/// axes left one check and a stack spill per row).
#[inline(always)]
pub(crate) fn in_range<S: Shape>(index: &S::Index) -> bool {
    let dims = S::DIMS;
    let (index, dims) = (index.as_ref(), dims.as_ref());
    macro_rules! each_axis {
        ($($k:literal)*) => {$(
            if $k < S::RANK && index[$k] >= dims[$k] {
                return false;
            }
        )*};
    }
    crate::generated::for_each_axis!(each_axis);
    true
}

/// The panic of an out-of-range index: it names the index and the shape.
#[cold]
#[inline(never)]
#[track_caller]
pub(crate) fn out_of_bounds(index: &[usize], dims: &[usize]) -> ! {
    panic!("index {index:?} is out of bounds for shape {dims:?}")
}

/// [`ravel`], panicking with [`out_of_bounds`] when the index is out of range.
#[inline(always)]
#[track_caller]
pub(crate) fn ravel_or_panic<S: Shape>(index: &S::Index) -> usize {
    match ravel::<S>(index) {
        Some(flat) => flat,
        None => out_of_bounds(index.as_ref(), S::DIMS.as_ref()),
    }
}

/// The multi-index of flat row-major position `flat` in shape `S`: repeated
/// division by the constant strides, outermost axis first.
#[inline(always)]
pub(crate) fn unravel<S: Shape>(mut flat: usize) -> S::Index {
    let mut index = S::Index::ZERO;
    let strides = S::STRIDES;
    for (i, stride) in index.as_mut().iter_mut().zip(strides.as_ref()) {
        *i = flat / stride;
        flat %= stride;
    }
    index
}
