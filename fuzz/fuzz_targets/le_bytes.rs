//! `try_tensor_from_le_bytes` on arbitrary bytes: `Ok` exactly when the
//! length is the tensor's size in bytes, each element then decoded as
//! `from_le_bytes` decodes it; an `Err` otherwise; never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tensor_core::interop::bytemuck::try_tensor_from_le_bytes;
use tensor_core::prelude::*;

fuzz_target!(|data: &[u8]| {
    match try_tensor_from_le_bytes::<u32, Shape![2, 2]>(data) {
        Ok(t) => {
            assert_eq!(data.len(), 16);
            for (i, x) in t.iter().enumerate() {
                assert_eq!(
                    *x,
                    u32::from_le_bytes(data[4 * i..][..4].try_into().unwrap())
                );
            }
        }
        Err(err) => assert!(data.len() != 16 && !err.to_string().is_empty()),
    }
    match try_tensor_from_le_bytes::<f64, Shape![3]>(data) {
        Ok(t) => {
            assert_eq!(data.len(), 24);
            for (i, x) in t.iter().enumerate() {
                let want = f64::from_le_bytes(data[8 * i..][..8].try_into().unwrap());
                assert_eq!(x.to_bits(), want.to_bits());
            }
        }
        Err(_) => assert_ne!(data.len(), 24),
    }
    let _ = try_tensor_from_le_bytes::<u8, Shape![0]>(data);
});
