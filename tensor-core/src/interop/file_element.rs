//! The element types a weight file (`.npy`, safetensors) can hold, and
//! their decoding from the file's little-endian bytes, at run time and in a
//! `const` (what [`include_tensor!`](crate::include_tensor) builds on).
//!
//! ```
//! use tensor_core::interop::file_element::FileElement;
//! assert_eq!(<f32 as FileElement>::NPY_DESCR, "<f4");
//! assert_eq!(<i8 as FileElement>::SAFETENSORS_DTYPE, "I8");
//! ```

use core::mem::size_of;

use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::uninit::Slots;

/// An element type of a tensor file: a fixed-size primitive number (and,
/// with feature `half`, `half::f16` and `half::bf16`), every bit pattern of
/// which is a valid value.
///
/// Sealed: the readers copy the file's bytes into the elements, which is
/// right for these types only.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an element type of a tensor file",
    label = "not an element type of `.npy` or safetensors files",
    note = "tensor files hold f32, f64, i8, u8, i16, u16, i32, u32, i64, u64 (and f16, bf16 with feature `half`)"
)]
pub trait FileElement: Copy + sealed::Sealed + 'static {
    /// The Rust name of the type, as messages print it: `"f32"`.
    const NAME: &'static str;
    /// NumPy's little-endian type string for it: `"<f4"`, `"|u1"`; empty
    /// when `.npy` has none (`bf16`).
    const NPY_DESCR: &'static str;
    /// The safetensors `dtype`: `"F32"`, `"U8"`.
    const SAFETENSORS_DTYPE: &'static str;
}

mod sealed {
    pub trait Sealed {}
}

macro_rules! impl_file_element {
    ($($t:ty: $descr:literal $dtype:literal),+ $(,)?) => {$(
        impl sealed::Sealed for $t {}
        impl FileElement for $t {
            const NAME: &'static str = stringify!($t);
            const NPY_DESCR: &'static str = $descr;
            const SAFETENSORS_DTYPE: &'static str = $dtype;
        }
    )+};
}

impl_file_element!(
    f32: "<f4" "F32", f64: "<f8" "F64",
    i8: "|i1" "I8", u8: "|u1" "U8",
    i16: "<i2" "I16", u16: "<u2" "U16",
    i32: "<i4" "I32", u32: "<u4" "U32",
    i64: "<i8" "I64", u64: "<u8" "U64",
);

#[cfg(feature = "half")]
impl_file_element!(half::f16: "<f2" "F16", half::bf16: "" "BF16");

/// The tensor whose elements are `bytes` read as little-endian `T`s in
/// row-major order, in a `const` context: the decoder of
/// [`include_tensor!`](crate::include_tensor).
///
/// On a little-endian target this is one copy (rustc's constant evaluator
/// copies a 1 MiB tensor in milliseconds); on a big-endian one each element
/// is reversed byte by byte, one evaluator step per byte.
///
/// # Panics
///
/// When `bytes.len()` is not `S::SIZE * size_of::<T>()`; in a `const` or
/// `static` initialiser, that is a compile error.
pub const fn decode_le_const<T: FileElement, S: Shape>(bytes: &[u8]) -> Tensor<T, S> {
    // SAFETY: a tensor of `T: FileElement` is nested arrays of `T` without
    // padding, and every bit pattern is a `T`.
    unsafe { crate::uninit::from_le_bytes(bytes, size_of::<T>()) }
}

/// Writes `bytes`, little-endian `T`s, into `slots`, one element each.
///
/// # Panics
///
/// When `bytes.len()` is not `slots.len() * size_of::<T>()` (the caller
/// has checked it).
pub(crate) fn decode_le_into<T: FileElement>(bytes: &[u8], slots: &mut Slots<T>) {
    // SAFETY: every bit pattern of a `FileElement` is a valid value of it.
    unsafe { slots.write_le_bytes(bytes) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;

    #[test]
    fn const_decoding_matches_from_le_bytes() {
        const BYTES: [u8; 16] = [1, 0, 0, 0, 0, 0, 128, 63, 0, 0, 0, 192, 255, 255, 255, 255];
        const I: Tensor<i32, Shape![2, 2]> = decode_le_const(&BYTES);
        const F: Tensor<f32, Shape![4]> = decode_le_const(&BYTES);
        let each = |k: usize| <[u8; 4]>::try_from(&BYTES[4 * k..4 * k + 4]).unwrap();
        assert_eq!(
            I.as_slice(),
            (0..4)
                .map(|k| i32::from_le_bytes(each(k)))
                .collect::<std::vec::Vec<_>>()
        );
        for k in 0..4 {
            assert_eq!(F[[k]].to_bits(), f32::from_le_bytes(each(k)).to_bits());
        }
    }

    #[test]
    fn run_time_decoding_matches_from_le_bytes() {
        let bytes: [u8; 24] = core::array::from_fn(|i| (i * 37 + 11) as u8);
        let mut elems = [0u16; 12];
        decode_le_into(&bytes, Slots::of_init(&mut elems));
        for (k, &v) in elems.iter().enumerate() {
            assert_eq!(v, u16::from_le_bytes([bytes[2 * k], bytes[2 * k + 1]]));
        }
    }

    /// `f16` from NumPy's `.npy` and `bf16` from a safetensors file, at
    /// compile time and at run time (feature `half`).
    #[cfg(feature = "half")]
    #[test]
    fn half_floats_read_from_files() {
        use half::{bf16, f16};
        use std::string::ToString;
        static H: Tensor<f16, Shape![2, 3]> = include_tensor!("src/interop/testdata/f16_2x3.npy");
        static B: Tensor<bf16, Shape![2, 3]> =
            include_tensor!("src/interop/testdata/bf16_2x3.safetensors", "bf16.w");
        static ST: Tensor<f16, Shape![2, 3]> =
            include_tensor!("src/interop/testdata/several.safetensors", "f16.w");
        // The generator's values: (k - 3) / 2, exact in both types.
        let want = |k: usize| (k as f32 - 3.0) * 0.5;
        for k in 0..6 {
            let (h, b, s) = (H.as_slice()[k], B.as_slice()[k], ST.as_slice()[k]);
            assert_eq!(
                (h.to_f32(), b.to_f32(), s.to_f32()),
                (want(k), want(k), want(k))
            );
        }
        let npy = include_bytes!("testdata/f16_2x3.npy");
        assert_eq!(Tensor::<f16, Shape![2, 3]>::try_from_npy(npy), Ok(H));
        let st = include_bytes!("testdata/bf16_2x3.safetensors");
        assert_eq!(
            Tensor::<bf16, Shape![2, 3]>::try_from_safetensors(st, "bf16.w"),
            Ok(B)
        );
        let err = Tensor::<f16, Shape![2, 3]>::try_from_safetensors(st, "bf16.w").unwrap_err();
        assert_eq!(
            err.to_string(),
            "tensor 'bf16.w': element type: expected 'F16' (half::f16), the file holds 'BF16'"
        );
        let err = Tensor::<bf16, Shape![2, 3]>::try_from_npy(npy).unwrap_err();
        assert_eq!(
            err.to_string(),
            "element type: .npy has no type string for half::bf16, the file holds '<f2'"
        );
    }

    #[test]
    #[should_panic(expected = "the byte length is not the tensor's size in bytes")]
    fn const_decoding_of_a_wrong_length_panics() {
        let _: Tensor<u16, Shape![2]> = decode_le_const(&[1, 2, 3]);
    }
}
