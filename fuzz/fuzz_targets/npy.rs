//! `Tensor::try_from_npy` on any bytes: `Ok` or an `Err` with a message,
//! never a panic or an out-of-bounds read (ASan), for several element
//! types and shapes (ranks 0 to 3).
#![no_main]

use libfuzzer_sys::fuzz_target;
use tensor_core::prelude::*;

fuzz_target!(|data: &[u8]| {
    fn read<T: tensor_core::interop::file_element::FileElement, S: Shape>(data: &[u8]) {
        if let Err(e) = Tensor::<T, S>::try_from_npy(data) {
            assert!(!e.to_string().is_empty());
        }
    }
    read::<f32, Shape![2, 3]>(data);
    read::<u8, Shape![2, 3]>(data);
    read::<i64, Shape![]>(data);
    read::<f64, Shape![4, 1, 2]>(data);
});
