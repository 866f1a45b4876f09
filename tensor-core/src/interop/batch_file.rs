//! A run-time batch read from a file and written to one: a `.npy` array or
//! a safetensors tensor of shape `[n, ..S]`, `n` items of the static shape
//! `S`, `n` known only when the file is read (a file of samples). Feature
//! `alloc`: the items are decoded into one vector, built in place.
//!
//! ```
//! use tensor_core::prelude::*;
//! // 3 samples of 784 pixels, as `np.save("x.npy", x)` writes them.
//! let xs = BatchTensor::<f32, Shape![784]>::try_from_vec((0..3 * 784).map(|i| i as f32).collect())?;
//! let bytes = xs.to_npy();
//! let back = BatchTensor::<f32, Shape![784]>::try_from_npy(&bytes)?;
//! assert_eq!((back.len(), back.get(2).map(|x| x[[783]])), (3, Some(2351.0)));
//! let err = BatchTensor::<f32, Shape![28, 28]>::try_from_npy(&bytes).unwrap_err();
//! assert_eq!(err.to_string(), "shape: expected [n, 28, 28] (any number n of [28, 28] items), the file holds [3, 784]");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

extern crate alloc;

use alloc::vec::Vec;

use super::file_element::FileElement;
use super::file_entry::Entry;
use super::file_error::FileError;
use super::{npy, safetensors};
use crate::batch::{AsBatch, BatchTensor};
use crate::shape::Shape;

impl<T: FileElement, S: Shape> BatchTensor<T, S> {
    /// The items stored in `bytes`, a `.npy` file (versions 1.0 to 3.0,
    /// little-endian, C order) of this element type and of shape
    /// `[n, ..S]`: `n` items of shape `S`, any `n` (0 included).
    ///
    /// # Errors
    ///
    /// A [`FileError`] naming what is wrong, as
    /// [`Tensor::try_from_npy`](crate::Tensor::try_from_npy); a shape that is
    /// not `[n, ..S]` (`[n * 784]` for items of `[784]`, or `[n, 28, 28]`
    /// for items of `[784]`: no reshape) is an error whose message shows
    /// both. Never a panic.
    pub fn try_from_npy(bytes: &[u8]) -> Result<Self, FileError> {
        items(npy::entry::<T>(bytes)?)
    }

    /// The items stored in the tensor called `name` of `bytes`, a
    /// safetensors file, of this element type and of shape `[n, ..S]`.
    ///
    /// # Errors
    ///
    /// A [`FileError`] naming the tensor and what is wrong, as
    /// [`Tensor::try_from_safetensors`](crate::Tensor::try_from_safetensors),
    /// and a shape that is not `[n, ..S]`. Never a panic.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let json = br#"{"x":{"dtype":"I32","shape":[2,3],"data_offsets":[0,24]}}"#;
    /// let mut file = (json.len() as u64).to_le_bytes().to_vec();
    /// file.extend_from_slice(json);
    /// for v in 1..=6i32 { file.extend(v.to_le_bytes()); }
    /// let xs = BatchTensor::<i32, Shape![3]>::try_from_safetensors(&file, "x")?;
    /// assert_eq!(xs.get(1), Some(&tensor![4, 5, 6]));
    /// let err = BatchTensor::<i32, Shape![2]>::try_from_safetensors(&file, "x").unwrap_err();
    /// assert_eq!(err.to_string(), "tensor 'x': shape: expected [n, 2] (any number n of [2] items), the file holds [2, 3]");
    /// # Ok::<(), FileError>(())
    /// ```
    pub fn try_from_safetensors(bytes: &[u8], name: &str) -> Result<Self, FileError> {
        let entry = safetensors::entry::<T>(bytes, name).map_err(|e| e.of_tensor(name))?;
        items(entry).map_err(|e| e.of_tensor(name))
    }

    /// The batch as a `.npy` file of shape `[n, ..S]`, byte for byte what
    /// `np.save` writes for that array.
    pub fn to_npy(&self) -> Vec<u8> {
        let item = S::DIMS;
        let mut dims = [0; crate::shape::MAX_RANK + 1];
        dims[0] = self.len();
        dims[1..=S::RANK].copy_from_slice(item.as_ref());
        npy::write(&dims[..=S::RANK], self.as_slice())
    }
}

/// The items of `entry`, checked to be `[n, ..S]` of `T`.
fn items<T: FileElement, S: Shape>(entry: Entry<'_>) -> Result<BatchTensor<T, S>, FileError> {
    let n = entry.check_items::<T, S>()?;
    Ok(BatchTensor::from_parts(entry.elements(), n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interop::file_error::FileErrorKind;
    use crate::prelude::*;
    use std::string::ToString;

    /// 4 items of `[2, 3]` `i16`, written by the crate's own writer (the
    /// integration tests write files byte by byte, as NumPy does).
    fn four() -> BatchTensor<i16, Shape![2, 3]> {
        BatchTensor::try_from_vec((0..24).map(|i| i * 3 - 20).collect()).unwrap()
    }

    #[test]
    fn items_round_trip_through_npy_with_the_count_from_the_file() {
        let bytes = four().to_npy();
        assert!(bytes.starts_with(b"\x93NUMPY\x01\x00"));
        let text = core::str::from_utf8(&bytes[10..80]).unwrap();
        assert!(text.contains("'shape': (4, 2, 3)"), "{text}");
        let back = BatchTensor::<i16, Shape![2, 3]>::try_from_npy(&bytes).unwrap();
        assert_eq!(back.len(), 4);
        assert_eq!(back, four());
        let one = BatchTensor::<i16, Shape![3]>::try_from_vec(std::vec![7, 8, 9]).unwrap();
        let text = one.to_npy();
        assert!(core::str::from_utf8(&text[10..70])
            .unwrap()
            .contains("'shape': (1, 3)"));
    }

    #[test]
    fn another_shape_is_an_error_naming_the_item_shape_and_the_files() {
        let bytes = four().to_npy();
        for err in [
            BatchTensor::<i16, Shape![3, 2]>::try_from_npy(&bytes).unwrap_err(),
            BatchTensor::<i16, Shape![6]>::try_from_npy(&bytes).unwrap_err(),
            BatchTensor::<i16, Shape![4, 2, 3]>::try_from_npy(&bytes).unwrap_err(),
        ] {
            assert_eq!(err.kind(), FileErrorKind::Shape);
            assert!(
                err.to_string().ends_with("the file holds [4, 2, 3]"),
                "{err}"
            );
        }
        let err = BatchTensor::<i16, Shape![3, 2]>::try_from_npy(&bytes).unwrap_err();
        assert_eq!(
            err.to_string(),
            "shape: expected [n, 3, 2] (any number n of [3, 2] items), the file holds [4, 2, 3]"
        );
        let scalar = tensor![5i16].into_reshape::<Shape![]>().to_npy();
        let err = BatchTensor::<i16, Shape![1]>::try_from_npy(&scalar).unwrap_err();
        assert_eq!(err.kind(), FileErrorKind::Shape);
    }

    #[test]
    fn items_of_rank_8_round_trip_and_items_of_no_element_only_as_none() {
        type Eight = Shape![1, 2, 1, 1, 1, 1, 1, 3];
        let xs = BatchTensor::<i16, Eight>::try_from_vec((0..18).collect()).unwrap();
        let bytes = xs.to_npy();
        assert_eq!(BatchTensor::<i16, Eight>::try_from_npy(&bytes).unwrap(), xs);
        let err = BatchTensor::<i16, Shape![1, 2, 1, 1, 1, 1, 3, 1]>::try_from_npy(&bytes);
        assert_eq!(
            err.unwrap_err().to_string(),
            "shape: expected [n, 1, 2, 1, 1, 1, 1, 3, 1] (any number n of [1, 2, 1, 1, 1, 1, 3, 1] items), the file holds [3, 1, 2, 1, 1, 1, 1, 1, 3]"
        );
        let none = BatchTensor::<i16, Shape![0, 2]>::try_from_vec(std::vec![]).unwrap();
        let bytes = none.to_npy();
        assert_eq!(
            BatchTensor::<i16, Shape![0, 2]>::try_from_npy(&bytes)
                .unwrap()
                .len(),
            0
        );
        let mut five = bytes.clone();
        let at = five.windows(9).position(|w| w == b"(0, 0, 2)").unwrap();
        five[at + 1] = b'5';
        let err = BatchTensor::<i16, Shape![0, 2]>::try_from_npy(&five).unwrap_err();
        assert_eq!(err.kind(), FileErrorKind::Shape);
        assert_eq!(
            err.to_string(),
            "shape: the file holds 5 items of shape [0, 2], which have no elements: only a batch of no item is read from a file"
        );
    }

    #[test]
    fn data_of_another_length_is_an_error() {
        let mut bytes = four().to_npy();
        bytes.push(0);
        let err = BatchTensor::<i16, Shape![2, 3]>::try_from_npy(&bytes).unwrap_err();
        assert_eq!(err.kind(), FileErrorKind::DataLength);
        bytes.truncate(bytes.len() - 3);
        let err = BatchTensor::<i16, Shape![2, 3]>::try_from_npy(&bytes).unwrap_err();
        assert_eq!(err.kind(), FileErrorKind::DataLength);
    }

    #[test]
    fn a_safetensors_entry_reads_as_items_and_errors_name_it() {
        let json = br#"{"x":{"dtype":"I16","shape":[2,2],"data_offsets":[0,8]}}"#;
        let mut file = (json.len() as u64).to_le_bytes().to_vec();
        file.extend_from_slice(json);
        for v in [1i16, -2, 3, -4] {
            file.extend(v.to_le_bytes());
        }
        let xs = BatchTensor::<i16, Shape![2]>::try_from_safetensors(&file, "x").unwrap();
        assert_eq!(xs.as_slice(), &[1, -2, 3, -4]);
        let err = BatchTensor::<i16, Shape![4]>::try_from_safetensors(&file, "x").unwrap_err();
        assert_eq!(err.tensor_name(), Some("x"));
        let err = BatchTensor::<i16, Shape![2]>::try_from_safetensors(&file, "y").unwrap_err();
        assert_eq!(err.kind(), FileErrorKind::MissingName);
    }
}
