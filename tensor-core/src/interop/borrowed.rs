//! Views of memory the library does not own: a borrowed slice seen as a
//! row-major tensor of a static shape, its length checked at run time.
//!
//! ```
//! use tensor_core::layout::RowMajor;
//! use tensor_core::prelude::*;
//! let mut buf = [0.0f32; 6]; // a DMA buffer, an mmap, a `Vec`
//! let mut m = ViewMut::<f32, RowMajor<Shape![2, 3]>>::try_from_slice(&mut buf)?;
//! m[[1, 2]] = 5.0;
//! assert_eq!(buf[5], 5.0);
//! let short = View::<f32, RowMajor<Shape![4, 4]>>::try_from_slice(&buf);
//! assert_eq!(short.unwrap_err().to_string(), "expected 16 elements for shape [4, 4], found 6");
//! # Ok::<(), ShapeError>(())
//! ```

use crate::error::ShapeError;
use crate::layout::RowMajor;
use crate::shape::Shape;
use crate::view::{View, ViewMut};

/// `Ok(())` when `len` is the element count of `S`, else the error naming both.
fn check_len<S: Shape>(len: usize) -> Result<(), ShapeError> {
    match len == S::SIZE {
        true => Ok(()),
        false => Err(ShapeError::length(S::DIMS.as_ref(), len)),
    }
}

impl<'a, T, S: Shape> View<'a, T, RowMajor<S>> {
    /// A read-only view of `data`, read in row-major order as shape `S`;
    /// no copy.
    ///
    /// # Errors
    ///
    /// [`ShapeError`] naming the shape, the expected and the found length
    /// when `data.len()` is not `S::SIZE` (a longer slice is an error too:
    /// cut it first if a prefix is meant).
    ///
    /// ```
    /// use tensor_core::layout::RowMajor;
    /// use tensor_core::prelude::*;
    /// let data = [1, 2, 3, 4, 5, 6];
    /// let v = View::<i32, RowMajor<Shape![3, 2]>>::try_from_slice(&data)?;
    /// assert_eq!(v.t().to_tensor(), tensor![[1, 3, 5], [2, 4, 6]]);
    /// # Ok::<(), ShapeError>(())
    /// ```
    pub fn try_from_slice(data: &'a [T]) -> Result<Self, ShapeError> {
        check_len::<S>(data.len())?;
        // The invariant: the buffer is the whole root of a `RowMajor<S>`.
        Ok(View::new(data, ()))
    }
}

impl<'a, T, S: Shape> ViewMut<'a, T, RowMajor<S>> {
    /// A mutable view of `data`, read and written in row-major order as
    /// shape `S`; no copy.
    ///
    /// # Errors
    ///
    /// [`ShapeError`] as for [`View::try_from_slice`].
    ///
    /// ```
    /// use tensor_core::layout::RowMajor;
    /// use tensor_core::prelude::*;
    /// let mut data = [0u8; 4];
    /// ViewMut::<u8, RowMajor<Shape![2, 2]>>::try_from_slice(&mut data)?.t().assign(&tensor![[1, 2], [3, 4]].view());
    /// assert_eq!(data, [1, 3, 2, 4]);
    /// # Ok::<(), ShapeError>(())
    /// ```
    pub fn try_from_slice(data: &'a mut [T]) -> Result<Self, ShapeError> {
        check_len::<S>(data.len())?;
        // The invariant: the buffer is the whole root of a `RowMajor<S>`,
        // whose map is injective.
        Ok(ViewMut::new(data, ()))
    }
}

#[cfg(test)]
mod tests {
    use std::string::ToString;

    use crate::layout::RowMajor;
    use crate::prelude::*;

    type V<'a> = View<'a, i32, RowMajor<Shape![2, 3]>>;

    #[test]
    fn a_view_reads_the_slice_in_row_major_order() {
        let data = [1, 2, 3, 4, 5, 6];
        let v = V::try_from_slice(&data).unwrap();
        assert_eq!(v, tensor![[1, 2, 3], [4, 5, 6]]);
        assert_eq!(v.shape(), [2, 3]);
        assert!(core::ptr::eq(&v[[0, 0]], &data[0]), "no copy");
    }

    #[test]
    fn wrong_lengths_are_errors_naming_both() {
        for len in [0, 5, 7, 12] {
            let data = std::vec![0; len];
            let err = V::try_from_slice(&data).unwrap_err();
            assert_eq!(
                (err.dims(), err.expected(), err.found()),
                (&[2, 3][..], 6, len)
            );
        }
        let mut data = [0; 4];
        let err = ViewMut::<i32, RowMajor<Shape![2, 3]>>::try_from_slice(&mut data).unwrap_err();
        assert_eq!(
            err.to_string(),
            "expected 6 elements for shape [2, 3], found 4"
        );
    }

    #[test]
    fn a_mutable_view_writes_through() {
        let mut data = [0; 6];
        let m = ViewMut::<i32, RowMajor<Shape![2, 3]>>::try_from_slice(&mut data).unwrap();
        slice!(m, .., 1).fill(9);
        assert_eq!(data, [0, 9, 0, 0, 9, 0]);
    }
}
