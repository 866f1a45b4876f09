//! The error of a batch read from a slice whose length is not a whole
//! number of items.
//!
//! ```
//! use tensor_core::prelude::*;
//! let err = Batch::<f32, Shape![784]>::try_from_slice(&[0.0; 1000]).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "a batch of items of shape [784] (784 elements each) needs a length that is a multiple of 784, found 1000"
//! );
//! ```

use core::fmt;

use crate::shape::{Shape, MAX_RANK};

/// A slice given to [`Batch::try_from_slice`](super::Batch::try_from_slice)
/// (or its mutable and owned forms) whose length is not a multiple of the
/// item's element count, or, for items of no element, is not 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BatchError {
    /// The item shape's dimensions (the first `rank`).
    dims: [usize; MAX_RANK],
    /// The rank of the item shape.
    rank: usize,
    /// The length of the slice.
    len: usize,
}

impl BatchError {
    /// The error for a slice of `len` elements cut into items of shape `S`.
    pub(crate) fn new<S: Shape>(len: usize) -> Self {
        let mut dims = [0; MAX_RANK];
        dims[..S::RANK].copy_from_slice(S::DIMS.as_ref());
        BatchError {
            dims,
            rank: S::RANK,
            len,
        }
    }

    /// The dimensions of the item shape.
    pub fn dims(&self) -> &[usize] {
        &self.dims[..self.rank]
    }

    /// The element count of one item.
    pub fn item_size(&self) -> usize {
        self.dims().iter().product()
    }

    /// The length of the slice that was given.
    pub fn found(&self) -> usize {
        self.len
    }
}

impl fmt::Display for BatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (dims, size, len) = (self.dims(), self.item_size(), self.len);
        match size {
            0 => write!(
                f,
                "items of shape {dims:?} have no elements, so only an empty slice is a batch of them, found a length of {len}"
            ),
            _ => write!(
                f,
                "a batch of items of shape {dims:?} ({size} elements each) needs a length that is a multiple of {size}, found {len}"
            ),
        }
    }
}

impl core::error::Error for BatchError {}
