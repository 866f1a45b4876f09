//! Errors for run-time input: data whose length does not match a shape.
//!
//! ```
//! use tensor_core::prelude::*;
//! let err = Tensor::<f32, Shape![2, 3]>::try_from_slice(&[1.0; 5]).unwrap_err();
//! assert_eq!(err.to_string(), "expected 6 elements for shape [2, 3], found 5");
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
