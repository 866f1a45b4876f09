//! serde deserialization of tensors from arbitrary JSON: every dimension is
//! checked, so a value either has the shape (and serializes back to JSON
//! that deserializes to itself) or is an `Err`; never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tensor_core::prelude::*;

/// Deserializes `data` as a tensor of shape `S` and checks a round trip.
fn check<T, S: Shape>(data: &[u8])
where
    Tensor<T, S>: serde::Serialize + serde::de::DeserializeOwned + PartialEq + core::fmt::Debug,
{
    if let Ok(t) = serde_json::from_slice::<Tensor<T, S>>(data) {
        let json = serde_json::to_string(&t).unwrap();
        assert_eq!(serde_json::from_str::<Tensor<T, S>>(&json).unwrap(), t);
    }
}

fuzz_target!(|data: &[u8]| {
    check::<i32, Shape![2, 3]>(data);
    check::<u8, Shape![4]>(data);
    check::<i64, Shape![2, 0, 2]>(data);
    check::<i16, Shape![]>(data);
    check::<u16, Shape![1, 2, 1, 2]>(data);
    // Floats: NaN is not equal to itself, so only the parse is exercised.
    let _ = serde_json::from_slice::<Tensor<f32, Shape![3, 2]>>(data);
});
