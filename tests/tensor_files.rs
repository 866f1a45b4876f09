//! Weight files: `include_tensor!` and the run-time readers against files
//! written by NumPy and by the Python `safetensors` package
//! (`scripts/gen_tensor_files.py`), every element type, ranks 0 to 4,
//! `.npy` versions 1 to 3; `to_npy` against `np.save`'s bytes.
//!
//! The expected values are recomputed here by the generator's rule
//! (`value`), not read back through the code under test.

use tensor_core::interop::file_element::FileElement;
use tensor_core::prelude::*;

/// Element `k` of every test array of the generator: `(k - 3) / 2` for
/// floats, `3k - 7` for signed and `5k + 1` for unsigned integers.
trait Value: FileElement + PartialEq + core::fmt::Debug {
    fn value(k: usize) -> Self;
}

macro_rules! value {
    (float: $($t:ty),*) => {$(impl Value for $t { fn value(k: usize) -> Self { (k as $t - 3.0) * 0.5 } })*};
    (signed: $($t:ty),*) => {$(impl Value for $t { fn value(k: usize) -> Self { k as $t * 3 - 7 } })*};
    (unsigned: $($t:ty),*) => {$(impl Value for $t { fn value(k: usize) -> Self { k as $t * 5 + 1 } })*};
}
value!(float: f32, f64);
value!(signed: i8, i16, i32, i64);
value!(unsigned: u8, u16, u32, u64);

/// The generator's array of shape `S`.
fn expected<T: Value, S: Shape>() -> Tensor<T, S> {
    Tensor::from_flat_fn(T::value)
}

/// The directory of the generated files, from this crate's root.
macro_rules! testdata {
    ($name:literal) => {
        concat!("../tensor-core/src/interop/testdata/", $name)
    };
}

/// Each element type's `[2, 3]` file, at compile time and at run time,
/// from `.npy` and from safetensors (a proc macro takes literals, not
/// `concat!`: each path is written out).
macro_rules! check_type {
    ($t:ident, $npy:literal, $name:literal) => {{
        static NPY: Tensor<$t, Shape![2, 3]> = include_tensor!($npy);
        static ST: Tensor<$t, Shape![2, 3]> = include_tensor!(
            "../tensor-core/src/interop/testdata/several.safetensors",
            $name
        );
        let want = expected::<$t, Shape![2, 3]>();
        assert_eq!(NPY, want, stringify!($t));
        assert_eq!(ST, want, stringify!($t));
        let npy = include_bytes!($npy);
        assert_eq!(Tensor::<$t, Shape![2, 3]>::try_from_npy(npy).unwrap(), want);
        assert_eq!(
            *Tensor::<$t, Shape![2, 3]>::boxed_from_npy(npy).unwrap(),
            want
        );
        let st = include_bytes!(testdata!("several.safetensors"));
        assert_eq!(
            Tensor::<$t, Shape![2, 3]>::try_from_safetensors(st, $name).unwrap(),
            want
        );
        assert_eq!(
            *Tensor::<$t, Shape![2, 3]>::boxed_from_safetensors(st, $name).unwrap(),
            want
        );
        // np.save's bytes, byte for byte.
        assert_eq!(want.to_npy(), npy, stringify!($t));
    }};
}

#[test]
fn every_element_type_reads_as_numpy_and_safetensors_wrote_it() {
    check_type!(
        f32,
        "../tensor-core/src/interop/testdata/f32_2x3.npy",
        "f32.w"
    );
    check_type!(
        f64,
        "../tensor-core/src/interop/testdata/f64_2x3.npy",
        "f64.w"
    );
    check_type!(i8, "../tensor-core/src/interop/testdata/i8_2x3.npy", "i8.w");
    check_type!(u8, "../tensor-core/src/interop/testdata/u8_2x3.npy", "u8.w");
    check_type!(
        i16,
        "../tensor-core/src/interop/testdata/i16_2x3.npy",
        "i16.w"
    );
    check_type!(
        u16,
        "../tensor-core/src/interop/testdata/u16_2x3.npy",
        "u16.w"
    );
    check_type!(
        i32,
        "../tensor-core/src/interop/testdata/i32_2x3.npy",
        "i32.w"
    );
    check_type!(
        u32,
        "../tensor-core/src/interop/testdata/u32_2x3.npy",
        "u32.w"
    );
    check_type!(
        i64,
        "../tensor-core/src/interop/testdata/i64_2x3.npy",
        "i64.w"
    );
    check_type!(
        u64,
        "../tensor-core/src/interop/testdata/u64_2x3.npy",
        "u64.w"
    );
}

/// Ranks 0 to 4 and an empty tensor, at compile time and at run time.
#[test]
fn every_rank_from_zero() {
    static SCALAR: Tensor<i32, Shape![]> =
        include_tensor!("../tensor-core/src/interop/testdata/i32_scalar.npy");
    static VECTOR: Tensor<i32, Shape![5]> =
        include_tensor!("../tensor-core/src/interop/testdata/i32_5.npy");
    static CUBE: Tensor<i32, Shape![2, 3, 4]> =
        include_tensor!("../tensor-core/src/interop/testdata/i32_2x3x4.npy");
    static RANK4: Tensor<i32, Shape![2, 1, 3, 2]> =
        include_tensor!("../tensor-core/src/interop/testdata/i32_2x1x3x2.npy");
    static EMPTY: Tensor<i32, Shape![0, 3]> =
        include_tensor!("../tensor-core/src/interop/testdata/i32_0x3.npy");
    static ST_SCALAR: Tensor<i64, Shape![]> = include_tensor!(
        "../tensor-core/src/interop/testdata/several.safetensors",
        "scalar"
    );
    assert_eq!(SCALAR, expected());
    assert_eq!(SCALAR[[]], -7);
    assert_eq!(VECTOR, expected());
    assert_eq!(CUBE, expected());
    assert_eq!(RANK4, expected());
    assert_eq!(EMPTY.as_slice(), &[] as &[i32]);
    assert_eq!(ST_SCALAR[[]], -7);
    let files: [(&[u8], Vec<u8>); 5] = [
        (include_bytes!(testdata!("i32_scalar.npy")), SCALAR.to_npy()),
        (include_bytes!(testdata!("i32_5.npy")), VECTOR.to_npy()),
        (include_bytes!(testdata!("i32_2x3x4.npy")), CUBE.to_npy()),
        (include_bytes!(testdata!("i32_2x1x3x2.npy")), RANK4.to_npy()),
        (include_bytes!(testdata!("i32_0x3.npy")), EMPTY.to_npy()),
    ];
    for (numpy, ours) in files {
        assert_eq!(ours, numpy, "to_npy is np.save's bytes");
    }
    let cube = include_bytes!(testdata!("i32_2x3x4.npy"));
    assert_eq!(
        Tensor::<i32, Shape![2, 3, 4]>::try_from_npy(cube).unwrap(),
        CUBE
    );
    assert_eq!(
        Tensor::<i32, Shape![]>::try_from_npy(include_bytes!(testdata!("i32_scalar.npy"))).unwrap(),
        SCALAR
    );
}

/// Versions 2.0 and 3.0 (a 4-byte header length) read as 1.0 does.
#[test]
fn npy_versions_two_and_three() {
    static V2: Tensor<f32, Shape![2, 3]> =
        include_tensor!("../tensor-core/src/interop/testdata/f32_2x3_v2.npy");
    static V3: Tensor<f32, Shape![2, 3]> =
        include_tensor!("../tensor-core/src/interop/testdata/f32_2x3_v3.npy");
    assert_eq!(V2, expected());
    assert_eq!(V3, expected());
    for file in [
        &include_bytes!(testdata!("f32_2x3_v2.npy"))[..],
        include_bytes!(testdata!("f32_2x3_v3.npy")),
    ] {
        assert_eq!(
            file[6],
            file[6].clamp(2, 3),
            "the generator wrote version 2 or 3"
        );
        assert_eq!(Tensor::<f32, Shape![2, 3]>::try_from_npy(file).unwrap(), V2);
    }
}

/// Real sizes: 784 and 3072 elements on the stack, `[3, 32, 32]`, and a
/// `[1024, 1024]` f32 (4 MiB, twice the test thread's stack) on the heap,
/// through `to_npy` and both readers.
#[test]
fn real_sizes_round_trip() {
    let image = Tensor::<u8, Shape![784]>::from_flat_fn(|k| (k * 7 % 251) as u8);
    assert_eq!(Tensor::try_from_npy(&image.to_npy()), Ok(image));
    let rgb = Tensor::<f32, Shape![3, 32, 32]>::from_flat_fn(|k| k as f32 / 3.0);
    assert_eq!(Tensor::try_from_npy(&rgb.to_npy()), Ok(rgb));
    let flat = Tensor::<i16, Shape![3072]>::from_flat_fn(|k| k as i16 - 1536);
    assert_eq!(Tensor::try_from_npy(&flat.to_npy()), Ok(flat));
    let big = Tensor::<f32, Shape![1024, 1024]>::boxed_from_flat_fn(|k| k as f32);
    let bytes = big.to_npy();
    assert_eq!(bytes.len(), 128 + 4 * 1024 * 1024);
    let back = Tensor::<f32, Shape![1024, 1024]>::boxed_from_npy(&bytes).unwrap();
    assert_eq!(back, big);
    let mut st =
        br#"{"big":{"dtype":"F32","shape":[1024,1024],"data_offsets":[0,4194304]}}"#.to_vec();
    st.splice(0..0, (st.len() as u64).to_le_bytes());
    st.extend_from_slice(&bytes[128..]);
    let back = Tensor::<f32, Shape![1024, 1024]>::boxed_from_safetensors(&st, "big").unwrap();
    assert_eq!(
        (back[[0, 1]], back[[1023, 1023]]),
        (1.0, (1024 * 1024 - 1) as f32)
    );
}
