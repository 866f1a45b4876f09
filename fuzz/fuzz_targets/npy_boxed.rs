//! `Tensor::boxed_from_npy` on any bytes: `Ok` or an `Err` with a message,
//! never a panic or an out-of-bounds read (ASan), for a large shape too.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tensor_core::prelude::*;

fuzz_target!(|data: &[u8]| {
    fn read<T: tensor_core::interop::file_element::FileElement, S: Shape>(data: &[u8]) {
        if let Err(e) = Tensor::<T, S>::boxed_from_npy(data) {
            assert!(!e.to_string().is_empty());
        }
    }
    read::<f32, Shape![2, 3]>(data);
    read::<i16, Shape![512, 512]>(data);
});
