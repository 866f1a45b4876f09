//! `Tensor::boxed_from_safetensors` on any bytes: `Ok` or an `Err` with a
//! message, never a panic or an out-of-bounds read (ASan).
#![no_main]

use libfuzzer_sys::fuzz_target;
use tensor_core::prelude::*;

fuzz_target!(|data: &[u8]| {
    fn read<T: tensor_core::interop::file_element::FileElement, S: Shape>(data: &[u8], name: &str) {
        if let Err(e) = Tensor::<T, S>::boxed_from_safetensors(data, name) {
            assert!(!e.to_string().is_empty());
        }
    }
    read::<f32, Shape![2, 3]>(data, "w");
    read::<u16, Shape![2, 3]>(data, "u16.w");
    read::<f32, Shape![512, 512]>(data, "w");
});
