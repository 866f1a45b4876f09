//! Errors for run-time input: data whose length does not match a shape
//! ([`ShapeError`]), an index or window that does not fit its axis
//! ([`SliceError`]).
//!
//! ```
//! use tensor_core::prelude::*;
//! let err = Tensor::<f32, Shape![2, 3]>::try_from_slice(&[1.0; 5]).unwrap_err();
//! assert_eq!(err.to_string(), "expected 6 elements for shape [2, 3], found 5");
//! let t = Tensor::<f32, Shape![2, 3]>::zeros();
//! let j = 2;
//! let err = try_slice!(t, .., j..j + 2).unwrap_err();
//! assert_eq!(err.to_string(), "range 2..2 + 2 is out of bounds for axis 1 of size 3 in shape [2, 3]");
//! ```

use crate::shape::MAX_RANK;
use core::fmt;

/// A run-time length did not match the element count of a static shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShapeError {
    /// The shape's dimensions (at most `MAX_RANK` are stored; `rank` says how many).
    dims: [usize; MAX_RANK],
    /// The rank of the shape.
    rank: usize,
    /// The element count the shape needs.
    expected: usize,
    /// The length that was given.
    found: usize,
}

impl ShapeError {
    /// A length mismatch for a shape with dims `dims`.
    pub(crate) fn length(dims: &[usize], found: usize) -> Self {
        let mut stored = [0; MAX_RANK];
        stored[..dims.len()].copy_from_slice(dims);
        let expected = dims.iter().product();
        ShapeError {
            dims: stored,
            rank: dims.len(),
            expected,
            found,
        }
    }

    /// The dims of the shape that was asked for.
    pub fn dims(&self) -> &[usize] {
        &self.dims[..self.rank]
    }

    /// The element count the shape needs.
    pub fn expected(&self) -> usize {
        self.expected
    }

    /// The length that was given instead.
    pub fn found(&self) -> usize {
        self.found
    }
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "expected {} elements for shape {:?}, found {}",
            self.expected,
            self.dims(),
            self.found
        )
    }
}

impl core::error::Error for ShapeError {}

/// An index or a window given at run time to [`try_slice!`](crate::try_slice)
/// (or [`slice!`](crate::slice), which panics with it) that does not fit its
/// axis.
///
/// ```
/// use tensor_core::prelude::*;
/// let t = Tensor::<i32, Shape![5, 6]>::zeros();
/// let row = 7;
/// let err = try_slice!(t, row, ..).unwrap_err();
/// assert_eq!((err.axis(), err.start(), err.window_len(), err.dims()), (0, 7, None, &[5, 6][..]));
/// assert_eq!(err.to_string(), "index 7 is out of bounds for axis 0 of size 5 in shape [5, 6]");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SliceError {
    /// The dims of the shape sliced (the first `rank`).
    dims: [usize; MAX_RANK],
    /// The rank of the shape sliced.
    rank: usize,
    /// The axis the index or window is on.
    axis: usize,
    /// The index, or the window's first index.
    start: usize,
    /// The window's length; `None` for an index.
    len: Option<usize>,
}

impl SliceError {
    /// An entry on `axis` of a shape with dims `dims`, at `start`, `len`
    /// long when a window, that does not fit.
    pub(crate) fn new(dims: &[usize], axis: usize, start: usize, len: Option<usize>) -> Self {
        let mut stored = [0; MAX_RANK];
        stored[..dims.len()].copy_from_slice(dims);
        SliceError {
            dims: stored,
            rank: dims.len(),
            axis,
            start,
            len,
        }
    }

    /// The dims of the shape that was sliced.
    pub fn dims(&self) -> &[usize] {
        &self.dims[..self.rank]
    }

    /// The axis whose entry does not fit.
    pub fn axis(&self) -> usize {
        self.axis
    }

    /// The index given, or the window's first index.
    pub fn start(&self) -> usize {
        self.start
    }

    /// The window's length (`N` of `i..i + N`); `None` for an index.
    pub fn window_len(&self) -> Option<usize> {
        self.len
    }
}

impl fmt::Display for SliceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (start, axis, dim) = (self.start, self.axis, self.dims()[self.axis]);
        match self.len {
            None => write!(f, "index {start}")?,
            Some(len) => write!(f, "range {start}..{start} + {len}")?,
        }
        write!(
            f,
            " is out of bounds for axis {axis} of size {dim} in shape {:?}",
            self.dims()
        )
    }
}

impl core::error::Error for SliceError {}
