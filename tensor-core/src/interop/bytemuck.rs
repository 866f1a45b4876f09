//! Tensors as plain bytes (feature `bytemuck`): `Pod` tensors and
//! zero-copy `&Tensor` from aligned bytes. (Weight files with a header,
//! `.npy` and safetensors, are read by [`include_tensor!`](crate::include_tensor)
//! at compile time, and by [`npy`](super::npy) and
//! [`safetensors`](super::safetensors) at run time, without this feature.)
//!
//! A tensor is its elements, nested arrays of `T` with no padding and no
//! header, so a tensor of [`Pod`] elements is itself [`Pod`]: `bytemuck`'s
//! casts work on it, and [`Tensor::try_from_bytes`] reads one in place from
//! bytes whose length and alignment it checks. Bytes read in place are in
//! the target's own byte order; [`tensor_from_le_bytes`] reads
//! little-endian bytes on every target.
//!
//! ```
//! use tensor_core::prelude::*;
//! let t = tensor![[1u16, 2], [3, 4]];
//! let bytes: &[u8] = bytemuck::bytes_of(&t);
//! assert_eq!(bytes.len(), 8);
//! let back = Tensor::<u16, Shape![2, 2]>::try_from_bytes(bytes)?;
//! assert_eq!(back, &t);
//! let err = Tensor::<u16, Shape![3, 2]>::try_from_bytes(bytes).unwrap_err();
//! assert_eq!(err.to_string(), "expected 12 bytes for shape [3, 2] of 2-byte elements, found 8");
//! # Ok::<(), tensor_core::interop::bytemuck::BytesError>(())
//! ```

use crate::shape::MAX_RANK;
use core::fmt;
use core::mem::{align_of, size_of};

use bytemuck::{Pod, Zeroable};

use crate::shape::Shape;
use crate::tensor::Tensor;

// SAFETY: a `Tensor<T, S>` is `repr(transparent)` over `S::Storage<T>`, which
// the sealed `Shape` trait fixes to nested arrays `[[T; b]; a]` (or `[T; 1]`
// for rank 0). Arrays of a `Zeroable` type are `Zeroable`: all-zero bytes
// are `S::SIZE` valid elements, hence a valid tensor.
unsafe impl<T: Zeroable, S: Shape> Zeroable for Tensor<T, S> {}

// SAFETY: as for `Zeroable`, the tensor is nested arrays of `T`, so it has
// `T`'s alignment, no padding between or after elements (an array has none,
// and `T: Pod` has none inside), and every byte pattern of
// `S::SIZE * size_of::<T>()` bytes is valid because each is for `T: Pod`.
// `Copy` holds through the bound; `'static` holds as `T: Pod` and `S: Shape`
// are `'static`.
unsafe impl<T: Pod, S: Shape> Pod for Tensor<T, S> where S::Storage<T>: Copy {}

/// Bytes that cannot be read as a tensor in place: their length is not the
/// tensor's size in bytes, or their address is not a multiple of the
/// element's alignment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BytesError {
    /// The shape's dimensions (the first `rank`).
    dims: [usize; MAX_RANK],
    /// The rank of the shape.
    rank: usize,
    /// The size of one element in bytes.
    elem_size: usize,
    /// What is wrong.
    problem: BytesProblem,
}

/// What [`BytesError`] found wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BytesProblem {
    /// The byte length is not the tensor's size in bytes.
    Length {
        /// The tensor's size in bytes.
        expected: usize,
        /// The number of bytes given.
        found: usize,
    },
    /// The first byte's address is not a multiple of the alignment.
    Alignment {
        /// The element's alignment, in bytes.
        required: usize,
        /// The address of the first byte.
        address: usize,
    },
}

impl BytesError {
    /// An error about the bytes for a tensor of shape `S` and elements `T`.
    fn new<T, S: Shape>(problem: BytesProblem) -> Self {
        let dims = S::DIMS;
        let mut stored = [0; MAX_RANK];
        stored[..S::RANK].copy_from_slice(dims.as_ref());
        BytesError {
            dims: stored,
            rank: S::RANK,
            elem_size: size_of::<T>(),
            problem,
        }
    }

    /// The dims of the shape that was asked for.
    pub fn dims(&self) -> &[usize] {
        &self.dims[..self.rank]
    }

    /// What is wrong: the length or the alignment.
    pub fn problem(&self) -> BytesProblem {
        self.problem
    }
}

impl fmt::Display for BytesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (dims, size) = (self.dims(), self.elem_size);
        match self.problem {
            BytesProblem::Length { expected, found } => write!(
                f,
                "expected {expected} bytes for shape {dims:?} of {size}-byte elements, found {found}"
            ),
            BytesProblem::Alignment { required, address } => write!(
                f,
                "bytes for shape {dims:?} of {size}-byte elements must start at a multiple of \
                 {required}, found address {address:#x} ({} past one)",
                address % required
            ),
        }
    }
}

impl core::error::Error for BytesError {}

/// `Ok(())` when `bytes` can hold a `Tensor<T, S>` in place.
fn check<T, S: Shape>(bytes: &[u8]) -> Result<(), BytesError> {
    let (expected, found) = (size_of::<Tensor<T, S>>(), bytes.len());
    if expected != found {
        return Err(BytesError::new::<T, S>(BytesProblem::Length {
            expected,
            found,
        }));
    }
    let (required, address) = (align_of::<T>(), bytes.as_ptr() as usize);
    if address % required != 0 {
        return Err(BytesError::new::<T, S>(BytesProblem::Alignment {
            required,
            address,
        }));
    }
    Ok(())
}

impl<T: Pod, S: Shape> Tensor<T, S>
where
    S::Storage<T>: Copy,
{
    /// The tensor stored in `bytes`, read in place (no copy), in the
    /// target's byte order.
    ///
    /// # Errors
    ///
    /// [`BytesError`] naming the expected byte length when `bytes.len()` is
    /// not `S::SIZE * size_of::<T>()`, or the required alignment when the
    /// bytes do not start at a multiple of `align_of::<T>()`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// #[repr(C, align(4))]
    /// struct Aligned([u8; 8]);
    /// let raw = Aligned([0, 0, 128, 63, 0, 0, 0, 64]); // 1.0f32, 2.0f32 (little-endian)
    /// # if cfg!(target_endian = "little") {
    /// let t = Tensor::<f32, Shape![2]>::try_from_bytes(&raw.0)?;
    /// assert_eq!(t, &tensor![1.0, 2.0]);
    /// # }
    /// let err = Tensor::<f32, Shape![1]>::try_from_bytes(&raw.0[1..5]).unwrap_err();
    /// assert!(err.to_string().starts_with("bytes for shape [1] of 4-byte elements must start at a multiple of 4"));
    /// # Ok::<(), tensor_core::interop::bytemuck::BytesError>(())
    /// ```
    pub fn try_from_bytes(bytes: &[u8]) -> Result<&Self, BytesError> {
        check::<T, S>(bytes)?;
        Ok(bytemuck::from_bytes(bytes))
    }

    /// The mutable form of [`Tensor::try_from_bytes`]: writes go to `bytes`.
    ///
    /// # Errors
    ///
    /// [`BytesError`] as for [`Tensor::try_from_bytes`].
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let mut words = [0u32; 2];
    /// let bytes: &mut [u8] = bytemuck::cast_slice_mut(&mut words);
    /// Tensor::<u32, Shape![2]>::try_from_bytes_mut(bytes)?[[1]] = 7;
    /// assert_eq!(words, [0, 7]);
    /// # Ok::<(), tensor_core::interop::bytemuck::BytesError>(())
    /// ```
    pub fn try_from_bytes_mut(bytes: &mut [u8]) -> Result<&mut Self, BytesError> {
        check::<T, S>(bytes)?;
        Ok(bytemuck::from_bytes_mut(bytes))
    }

    /// The elements as bytes, in the target's byte order; no copy.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// assert_eq!(tensor![[1u8, 2], [3, 4]].as_bytes(), &[1, 2, 3, 4]);
    /// ```
    pub fn as_bytes(&self) -> &[u8] {
        bytemuck::bytes_of(self)
    }
}

/// An element type that [`tensor_from_le_bytes`] reads from little-endian bytes:
/// the primitive integers and floats of a fixed size (not `usize`/`isize`,
/// whose size depends on the target).
///
/// Sealed: reading an element as its bytes in reverse order on a big-endian
/// target is right for these types, not for every `Pod` type.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an element type of a little-endian tensor file",
    label = "not a fixed-size primitive integer or float",
    note = "`tensor_from_le_bytes` reads u8..u128, i8..i128, f32 and f64"
)]
pub trait LeElement: Pod + sealed::Sealed {}

mod sealed {
    pub trait Sealed {}
}

macro_rules! impl_le_element {
    ($($t:ty),+) => {$(
        impl sealed::Sealed for $t {}
        impl LeElement for $t {}
    )+};
}

impl_le_element!(u8, u16, u32, u64, u128, i8, i16, i32, i64, i128, f32, f64);

/// The tensor whose elements are `bytes` read as little-endian `T`s in
/// row-major order: a `const fn`, so a `const` or `static` tensor can be
/// decoded at compile time. The bytes need no alignment: they are copied.
///
/// # Panics
///
/// When `bytes.len()` is not `S::SIZE * size_of::<T>()`; in a `const` or
/// `static` initialiser, that is a compile error.
///
/// ```
/// use tensor_core::interop::bytemuck::tensor_from_le_bytes;
/// use tensor_core::prelude::*;
/// static T: Tensor<u16, Shape![2]> = tensor_from_le_bytes(&[1, 0, 0, 1]);
/// assert_eq!(T, tensor![1, 256]);
/// ```
pub const fn tensor_from_le_bytes<T: LeElement, S: Shape>(bytes: &[u8]) -> Tensor<T, S> {
    // SAFETY: a tensor of `T: Pod` is nested arrays of `T` without padding,
    // and any bytes are a valid `T` (see the `Pod` impl above).
    unsafe { crate::uninit::from_le_bytes(bytes, size_of::<T>()) }
}

/// [`tensor_from_le_bytes`] for bytes read at run time (a file, a network
/// message): a length that is not the tensor's size in bytes is an `Err`
/// rather than a panic.
///
/// # Errors
///
/// [`BytesError`] with [`BytesProblem::Length`] naming the shape, the
/// element size, the expected and the found byte counts.
///
/// ```
/// use tensor_core::interop::bytemuck::try_tensor_from_le_bytes;
/// use tensor_core::prelude::*;
/// let t = try_tensor_from_le_bytes::<u16, Shape![2]>(&[1, 0, 0, 1])?;
/// assert_eq!(t, tensor![1, 256]);
/// let err = try_tensor_from_le_bytes::<u16, Shape![2]>(&[1, 0, 0]).unwrap_err();
/// assert_eq!(err.to_string(), "expected 4 bytes for shape [2] of 2-byte elements, found 3");
/// # Ok::<(), tensor_core::interop::bytemuck::BytesError>(())
/// ```
pub fn try_tensor_from_le_bytes<T: LeElement, S: Shape>(
    bytes: &[u8],
) -> Result<Tensor<T, S>, BytesError> {
    let expected = size_of::<Tensor<T, S>>();
    match bytes.len() == expected {
        true => Ok(tensor_from_le_bytes(bytes)),
        false => Err(BytesError::new::<T, S>(BytesProblem::Length {
            expected,
            found: bytes.len(),
        })),
    }
}

#[cfg(test)]
mod tests {
    use std::string::ToString;

    use super::{BytesProblem, LeElement};
    use crate::prelude::*;

    /// 8-aligned storage for byte tests.
    #[repr(C, align(8))]
    struct Aligned([u8; 32]);

    #[test]
    fn tensors_of_pod_elements_cast_both_ways() {
        let t = Tensor::<i32, Shape![2, 3]>::from_flat_fn(|i| i as i32 - 2);
        let words: &[i32] = bytemuck::cast_slice(core::slice::from_ref(&t));
        assert_eq!(words, t.as_slice());
        let z: Tensor<f64, Shape![3, 2]> = bytemuck::Zeroable::zeroed();
        assert_eq!(z, Tensor::zeros());
        let back = Tensor::<i32, Shape![2, 3]>::try_from_bytes(t.as_bytes()).unwrap();
        assert_eq!(back, &t);
        assert!(core::ptr::eq(back, &t), "no copy");
    }

    #[test]
    fn wrong_byte_lengths_name_the_expected_length() {
        let raw = Aligned([0; 32]);
        for len in [0, 20, 23, 25, 32] {
            let err = Tensor::<f32, Shape![2, 3]>::try_from_bytes(&raw.0[..len]).unwrap_err();
            assert_eq!(
                err.problem(),
                BytesProblem::Length {
                    expected: 24,
                    found: len
                }
            );
            assert_eq!(err.dims(), &[2, 3]);
        }
        let err = Tensor::<f32, Shape![2, 3]>::try_from_bytes(&raw.0[..20]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "expected 24 bytes for shape [2, 3] of 4-byte elements, found 20"
        );
    }

    #[test]
    fn misaligned_bytes_name_the_alignment() {
        let mut raw = Aligned([0; 32]);
        for skew in 1..8 {
            let bytes = &raw.0[skew..skew + 16];
            let err = Tensor::<u64, Shape![2]>::try_from_bytes(bytes).unwrap_err();
            let address = bytes.as_ptr() as usize;
            assert_eq!(
                err.problem(),
                BytesProblem::Alignment {
                    required: 8,
                    address
                }
            );
            assert!(
                err.to_string().contains("must start at a multiple of 8"),
                "{err}"
            );
            assert!(
                err.to_string()
                    .ends_with(&std::format!("({skew} past one)")),
                "{err}"
            );
        }
        assert!(Tensor::<u64, Shape![2]>::try_from_bytes_mut(&mut raw.0[8..24]).is_ok());
        assert!(Tensor::<u64, Shape![2]>::try_from_bytes_mut(&mut raw.0[4..20]).is_err());
    }

    #[test]
    fn le_decoding_matches_from_le_bytes() {
        fn check<T: LeElement + PartialEq + core::fmt::Debug>(
            bytes: &[u8],
            each: impl Fn(&[u8]) -> T,
        ) {
            let t: Tensor<T, Shape![2]> = super::tensor_from_le_bytes(bytes);
            let n = core::mem::size_of::<T>();
            assert_eq!(t.as_slice(), [each(&bytes[..n]), each(&bytes[n..])]);
        }
        let bytes: [u8; 32] = core::array::from_fn(|i| (i * 37 + 11) as u8);
        check(&bytes[..4], |b| u16::from_le_bytes(b.try_into().unwrap()));
        check(&bytes[..8], |b| f32::from_le_bytes(b.try_into().unwrap()));
        check(&bytes[..16], |b| i64::from_le_bytes(b.try_into().unwrap()));
        check(&bytes, |b| u128::from_le_bytes(b.try_into().unwrap()));
    }

    #[test]
    #[should_panic(expected = "the byte length is not the tensor's size in bytes")]
    fn le_decoding_of_a_wrong_length_panics_at_run_time() {
        let _: Tensor<u16, Shape![2]> = super::tensor_from_le_bytes(&[1, 2, 3]);
    }

    #[test]
    fn try_le_decoding_returns_errors_for_every_wrong_length() {
        use super::{try_tensor_from_le_bytes, BytesProblem};
        let bytes: std::vec::Vec<u8> = (0..=255).collect();
        for len in [0, 1, 23, 25, 256] {
            let err = try_tensor_from_le_bytes::<f32, Shape![2, 3]>(&bytes[..len]).unwrap_err();
            assert_eq!(
                err.problem(),
                BytesProblem::Length {
                    expected: 24,
                    found: len
                }
            );
        }
        // Decoded like `from_le_bytes` element by element, at any offset.
        let t = try_tensor_from_le_bytes::<u32, Shape![2, 3]>(&bytes[1..25]).unwrap();
        let want = |i: usize| u32::from_le_bytes(bytes[1 + 4 * i..][..4].try_into().unwrap());
        assert_eq!(t, Tensor::from_flat_fn(want));
    }
}
