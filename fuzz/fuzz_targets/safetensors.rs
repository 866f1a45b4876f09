//! `Tensor::try_from_safetensors` on any bytes: `Ok` or an `Err` with a
//! message, never a panic or an out-of-bounds read (ASan), for the names
//! and element types of the seed files.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tensor_core::prelude::*;

fuzz_target!(|data: &[u8]| {
    fn read<T: tensor_core::interop::file_element::FileElement, S: Shape>(data: &[u8], name: &str) {
        if let Err(e) = Tensor::<T, S>::try_from_safetensors(data, name) {
            assert!(!e.to_string().is_empty());
        }
    }
    read::<f32, Shape![2, 3]>(data, "w");
    read::<f32, Shape![2, 3]>(data, "f32.w");
    read::<u8, Shape![2, 3]>(data, "u8.w");
    read::<i64, Shape![]>(data, "scalar");
    read::<f32, Shape![4]>(data, "layer.0.bias");
});
