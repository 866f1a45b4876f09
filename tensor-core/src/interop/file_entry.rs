//! One tensor located in a file (its shape and its data bytes), checked
//! against the tensor type asked for and decoded into it: the part of the
//! `.npy` and safetensors readers that does not depend on the format.
//!
//! ```
//! use tensor_core::prelude::*;
//! // A .npy file's data is checked against the declared shape.
//! let t = tensor![[1u8, 2], [3, 4]];
//! # #[cfg(feature = "alloc")] {
//! let err = Tensor::<u8, Shape![4]>::try_from_npy(&t.to_npy()).unwrap_err();
//! assert_eq!(err.to_string(), "shape: expected [4], the file holds [2, 2]");
//! # }
//! ```

use core::mem::size_of;

use super::file_element::{decode_le_into, FileElement};
use super::file_error::{Dims, FileError, FileFormat, Problem};
use crate::shape::{Shape, MAX_RANK};
use crate::tensor::Tensor;
use crate::uninit;

/// A tensor found in a file: its format, shape, element count (the
/// product of the dims, checked for overflow) and data bytes (not yet
/// checked against the count).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<'a> {
    pub(crate) format: FileFormat,
    pub(crate) dims: Dims,
    pub(crate) count: usize,
    pub(crate) data: &'a [u8],
}

impl Entry<'_> {
    /// `Ok` when the entry is a `Tensor<T, S>`: the same shape (rank and
    /// every dim) and exactly the bytes `S::SIZE` elements of `T` take.
    /// The element type is the format's to check.
    pub(crate) fn check<T: FileElement, S: Shape>(&self) -> Result<(), FileError> {
        let padded: &'static [usize; MAX_RANK] = const { &S::PADDED };
        let expected = &padded[..S::RANK];
        if Dims::of(expected) != self.dims {
            let problem = Problem::Shape {
                expected,
                found: self.dims.into(),
            };
            return Err(FileError::new(self.format, problem));
        }
        self.check_data::<T>()
    }

    /// `Ok(n)` when the entry is `n` items of shape `S` (`[n, ..S]`, any
    /// `n`: a batch's file) and exactly the bytes they take.
    #[cfg(feature = "alloc")]
    pub(crate) fn check_items<T: FileElement, S: Shape>(&self) -> Result<usize, FileError> {
        let padded: &'static [usize; MAX_RANK] = const { &S::PADDED };
        let item = &padded[..S::RANK];
        // A file of rank above `KEPT` keeps only its first dims: it is not
        // a batch of items of this crate's ranks (at most `MAX_RANK`).
        let rank = self.dims.rank;
        let kept = super::file_error::KEPT;
        let dims = &self.dims.dims[..rank.min(kept)];
        match dims.split_first() {
            Some((&n, rest)) if rank <= kept && rest == item => {
                // Items of no element take no bytes: their count is not data.
                if S::SIZE == 0 && n != 0 {
                    let problem = Problem::EmptyItems { item, count: n };
                    return Err(FileError::new(self.format, problem));
                }
                self.check_data::<T>()?;
                Ok(n)
            }
            _ => {
                let problem = Problem::ItemShape {
                    item,
                    found: self.dims.into(),
                };
                Err(FileError::new(self.format, problem))
            }
        }
    }

    /// `Ok` when the data is exactly the bytes of `count` elements of `T`.
    fn check_data<T: FileElement>(&self) -> Result<(), FileError> {
        let needed = self.count.checked_mul(size_of::<T>()).ok_or_else(|| {
            FileError::new(
                self.format,
                Problem::Overflow {
                    what: "the data size",
                },
            )
        })?;
        if needed != self.data.len() {
            let problem = Problem::DataLength {
                expected: needed,
                found: self.data.len(),
            };
            return Err(FileError::new(self.format, problem));
        }
        Ok(())
    }

    /// The tensor, on the stack; [`Entry::check`] passed.
    pub(crate) fn tensor<T: FileElement, S: Shape>(&self) -> Tensor<T, S> {
        uninit::build_with(|slots| decode_le_into(self.data, slots))
    }

    /// The elements, in a vector built in place; [`Entry::check_items`]
    /// passed.
    #[cfg(feature = "alloc")]
    pub(crate) fn elements<T: FileElement>(&self) -> alloc::vec::Vec<T> {
        uninit::build_vec_with(self.count, |slots| decode_le_into(self.data, slots))
    }

    /// The tensor, built in place on the heap; [`Entry::check`] passed.
    #[cfg(feature = "alloc")]
    pub(crate) fn boxed<T: FileElement, S: Shape>(&self) -> alloc::boxed::Box<Tensor<T, S>> {
        uninit::build_boxed_with(|slots| decode_le_into(self.data, slots))
    }
}

#[cfg(feature = "alloc")]
extern crate alloc;

/// The little-endian bytes of `values`, appended to `out`.
#[cfg(feature = "alloc")]
pub(crate) fn encode_le<T: FileElement>(values: &[T], out: &mut alloc::vec::Vec<u8>) {
    let size = size_of::<T>();
    // SAFETY: `values` is `values.len() * size` initialised bytes: a
    // `FileElement` is a primitive number (or a `half` float) without
    // padding; `u8` has no alignment requirement.
    let bytes = unsafe {
        core::slice::from_raw_parts(values.as_ptr().cast::<u8>(), core::mem::size_of_val(values))
    };
    if cfg!(target_endian = "little") {
        out.extend_from_slice(bytes);
    } else {
        for element in bytes.chunks_exact(size) {
            out.extend(element.iter().rev());
        }
    }
}
