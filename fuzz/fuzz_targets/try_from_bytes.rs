//! `Tensor::try_from_bytes` (and `_mut`) on arbitrary bytes at arbitrary
//! offsets: `Ok` exactly when the length is the tensor's size in bytes and
//! the address is aligned for the element, the tensor then reading the
//! same bytes; an `Err` naming the problem otherwise; never UB.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tensor_core::interop::bytemuck::BytesProblem;
use tensor_core::prelude::*;

/// Checks one shape and element type on `bytes`.
fn check<T: bytemuck::Pod + PartialEq + core::fmt::Debug, S: Shape>(bytes: &[u8])
where
    S::Storage<T>: Copy,
{
    let size = core::mem::size_of::<Tensor<T, S>>();
    let aligned = (bytes.as_ptr() as usize) % core::mem::align_of::<T>() == 0;
    match Tensor::<T, S>::try_from_bytes(bytes) {
        Ok(t) => {
            assert!(bytes.len() == size && aligned);
            assert_eq!(t.as_bytes(), bytes);
        }
        Err(err) => match err.problem() {
            BytesProblem::Length { expected, found } => {
                assert_eq!((expected, found), (size, bytes.len()));
                assert_ne!(found, expected);
            }
            BytesProblem::Alignment { .. } => assert!(!aligned),
        },
    }
    let mut copy = bytes.to_vec();
    let ok = Tensor::<T, S>::try_from_bytes_mut(&mut copy).is_ok();
    assert_eq!(
        ok,
        copy.len() == size && (copy.as_ptr() as usize) % core::mem::align_of::<T>() == 0
    );
}

fuzz_target!(|data: &[u8]| {
    // The first byte picks an offset, so that misaligned starts are tried.
    let Some((&skip, rest)) = data.split_first() else {
        return;
    };
    let bytes = &rest[(skip as usize % 8).min(rest.len())..];
    check::<f32, Shape![2, 3]>(bytes);
    check::<u16, Shape![4]>(bytes);
    check::<f64, Shape![1, 2]>(bytes);
    check::<u8, Shape![3, 0]>(bytes);
    check::<i32, Shape![]>(bytes);
});
