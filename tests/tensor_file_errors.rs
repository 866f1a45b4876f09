//! Broken weight files: every reader returns `Ok` or an `Err` whose
//! message names what was wrong; never a panic, never a read out of bounds
//! (the ASan job runs these too). Each case states the problem and the
//! words its message must contain; then every prefix and every one-byte
//! corruption of the generated files.

use tensor_core::interop::file_error::{FileError, FileErrorKind as Kind};
use tensor_core::prelude::*;

const F32_NPY: &[u8] = include_bytes!("../tensor-core/src/interop/testdata/f32_2x3.npy");
const V2_NPY: &[u8] = include_bytes!("../tensor-core/src/interop/testdata/f32_2x3_v2.npy");
const SEVERAL: &[u8] = include_bytes!("../tensor-core/src/interop/testdata/several.safetensors");

type W = Tensor<f32, Shape![2, 3]>;

/// A `.npy` file with `header` (padded as NumPy pads) and `data`.
fn npy(header: &str, data: &[u8]) -> Vec<u8> {
    let mut out = b"\x93NUMPY\x01\x00".to_vec();
    let len = (header.len() + 1).next_multiple_of(64) + 64 - 10;
    out.extend_from_slice(&(len as u16).to_le_bytes());
    out.extend_from_slice(header.as_bytes());
    out.resize(10 + len - 1, b' ');
    out.push(b'\n');
    out.extend_from_slice(data);
    out
}

/// A safetensors file with JSON `header` and `data`.
fn st(header: &str, data: &[u8]) -> Vec<u8> {
    let mut out = (header.len() as u64).to_le_bytes().to_vec();
    out.extend_from_slice(header.as_bytes());
    out.extend_from_slice(data);
    out
}

fn expect(result: Result<W, FileError>, kind: Kind, words: &str) {
    let err = result.expect_err(words);
    assert_eq!(err.kind(), kind, "{err}");
    assert!(
        err.to_string().contains(words),
        "{err:?}: `{err}` lacks `{words}`"
    );
}

const OK_HEADER: &str = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }";

#[test]
fn broken_npy_files_name_their_problem() {
    let data = [0u8; 24];
    let read = |bytes: &[u8]| W::try_from_npy(bytes);
    expect(read(b"PK\x03\x04"), Kind::BadMagic, "not a .npy file");
    expect(
        read(b""),
        Kind::Truncated,
        "the magic string needs 6 bytes, the file has 0",
    );
    expect(read(b"\x93NUM"), Kind::Truncated, "the magic string");
    expect(
        read(b"\x93NUMPY\x01"),
        Kind::Truncated,
        "the version needs 8 bytes",
    );
    expect(
        read(b"\x93NUMPY\x04\x00\x00\x00"),
        Kind::Version,
        "version 4.0",
    );
    expect(
        read(b"\x93NUMPY\x01\x00\x10"),
        Kind::Truncated,
        "the header length",
    );
    expect(
        read(b"\x93NUMPY\x02\x00\xff\xff\xff\xff{"),
        Kind::HeaderLength,
        "4294967295 bytes declared",
    );
    expect(
        read(&npy("{'descr': '<f4', 'shape': (2, 3), }", &data)),
        Kind::Header,
        "no 'fortran_order'",
    );
    expect(
        read(&npy("{'descr': '<f4' 'fortran_order': False}", &data)),
        Kind::Header,
        "expected ',' or '}'",
    );
    expect(read(&npy("[1, 2]", &data)), Kind::Header, "expected '{'");
    expect(
        read(&npy("{'descr': '<f4', 'descr': '<f4', }", &data)),
        Kind::Header,
        "twice",
    );
    expect(
        read(&npy("{'dtype': '<f4', }", &data)),
        Kind::Header,
        "unknown key",
    );
    expect(
        read(&npy("{'descr': '<f4', 'fortran_order': Maybe, }", &data)),
        Kind::Header,
        "True or False",
    );
    expect(
        read(&npy("{'descr': '<f4, }", &data)),
        Kind::Header,
        "unterminated string",
    );
    expect(
        read(&npy(&OK_HEADER.replace("(2, 3)", "(2, x)"), &data)),
        Kind::Header,
        "a dimension",
    );
    expect(
        read(&npy(&format!("{OK_HEADER} junk"), &data)),
        Kind::Header,
        "text after the dict",
    );
    let huge = OK_HEADER.replace("(2, 3)", "(99999999999999999999999, 3)");
    expect(
        read(&npy(&huge, &data)),
        Kind::Overflow,
        "a number overflows usize",
    );
    let product = OK_HEADER.replace("(2, 3)", "(4294967296, 4294967296, 4294967296)");
    expect(
        read(&npy(&product, &data)),
        Kind::Overflow,
        "the element count overflows",
    );
    expect(
        read(&npy(&OK_HEADER.replace("<f4", "<f8"), &data)),
        Kind::ElementType,
        "expected '<f4' (f32), the file holds '<f8'",
    );
    expect(
        read(&npy(&OK_HEADER.replace("<f4", ">f4"), &data)),
        Kind::ByteOrder,
        "big-endian '>f4'",
    );
    expect(
        read(&npy(&OK_HEADER.replace("False", "True"), &data)),
        Kind::FortranOrder,
        "Fortran",
    );
    expect(
        read(&npy(&OK_HEADER.replace("(2, 3)", "(6,)"), &data)),
        Kind::Shape,
        "expected [2, 3], the file holds [6]",
    );
    expect(
        read(&npy(&OK_HEADER.replace("(2, 3)", "(3, 2)"), &data)),
        Kind::Shape,
        "the file holds [3, 2]",
    );
    expect(
        read(&npy(OK_HEADER, &data[..20])),
        Kind::DataLength,
        "data of 20 bytes, but the shape and element type need 24",
    );
    expect(
        read(&npy(OK_HEADER, &[0; 25])),
        Kind::DataLength,
        "data of 25 bytes",
    );
    // The files NumPy wrote with big-endian and Fortran-order data.
    let big = include_bytes!("../tensor-core/src/interop/testdata/f32_2x3_big_endian.npy");
    expect(read(big), Kind::ByteOrder, "'>f4'");
    let fortran = include_bytes!("../tensor-core/src/interop/testdata/f32_2x3_fortran.npy");
    expect(read(fortran), Kind::FortranOrder, "np.ascontiguousarray");
    // A one-byte type may carry any byte-order mark.
    let bytes = npy(
        "{'descr': '<u1', 'fortran_order': False, 'shape': (2,), }",
        &[4, 5],
    );
    assert_eq!(
        Tensor::<u8, Shape![2]>::try_from_npy(&bytes),
        Ok(tensor![4, 5])
    );
}

const ENTRY: &str = r#""w":{"dtype":"F32","shape":[2,3],"data_offsets":[0,24]}"#;

#[test]
fn broken_safetensors_files_name_their_problem() {
    let data = [0u8; 24];
    let read = |bytes: &[u8]| W::try_from_safetensors(bytes, "w");
    let with = |entry: &str| st(&format!("{{{entry}}}"), &data);
    assert!(read(&with(ENTRY)).is_ok());
    expect(
        read(b"\x05\x00\x00"),
        Kind::Truncated,
        "the header length needs 8 bytes, the file has 3",
    );
    expect(
        read(&u64::MAX.to_le_bytes()),
        Kind::HeaderLength,
        "18446744073709551615 bytes declared",
    );
    expect(
        read(&st("[1]", &data)),
        Kind::BadMagic,
        "does not start with '{'",
    );
    let mut not_utf8 = st("{\"w\":?}", &data);
    not_utf8[13] = 0xff;
    expect(read(&not_utf8), Kind::Header, "not UTF-8");
    expect(
        read(&with(&ENTRY.replace("\"w\"", "\"v\""))),
        Kind::MissingName,
        "no tensor named 'w'",
    );
    expect(
        read(&with(&format!("{ENTRY},{ENTRY}"))),
        Kind::Header,
        "given twice",
    );
    expect(
        read(&with(&ENTRY.replace("F32", "F64"))),
        Kind::ElementType,
        "expected 'F32' (f32), the file holds 'F64'",
    );
    expect(
        read(&with(&ENTRY.replace("[2,3]", "[6]"))),
        Kind::Shape,
        "expected [2, 3], the file holds [6]",
    );
    expect(
        read(&with(&ENTRY.replace("[0,24]", "[0,240]"))),
        Kind::DataRange,
        "bytes 0..240 of a data section of 24",
    );
    expect(
        read(&with(&ENTRY.replace("[0,24]", "[4,24]"))),
        Kind::DataLength,
        "data of 20 bytes",
    );
    expect(
        read(&with(&ENTRY.replace("[0,24]", "[24,0]"))),
        Kind::Header,
        "begin <= end",
    );
    expect(
        read(&with(&ENTRY.replace("[0,24]", "[0]"))),
        Kind::Header,
        "[begin, end]",
    );
    expect(
        read(&with(&ENTRY.replace("[2,3]", "[2,-3]"))),
        Kind::Header,
        "a size",
    );
    expect(
        read(&with(&ENTRY.replace("[2,3]", "[2,03]"))),
        Kind::Header,
        "leading zero",
    );
    expect(
        read(&with(&ENTRY.replace("[2,3]", "[99999999999999999999,3]"))),
        Kind::Overflow,
        "overflows",
    );
    expect(
        read(&with(&ENTRY.replace(",\"shape\":[2,3]", ""))),
        Kind::Header,
        "without dtype, shape or data_offsets",
    );
    expect(
        read(&with(&ENTRY.replace("dtype", "kind"))),
        Kind::Header,
        "unknown key",
    );
    expect(
        read(&with(&ENTRY.replace("\"w\"", "\"w\\q\""))),
        Kind::Header,
        "an invalid escape",
    );
    expect(
        read(&with(&ENTRY.replace("\"w\"", "\"w\n\""))),
        Kind::Header,
        "a control character",
    );
    expect(
        read(&with(&format!("{ENTRY},\"__metadata__\":{{\"a\":1}}"))),
        Kind::Header,
        "expected a string",
    );
    let twice = format!("\"__metadata__\":{{}},{ENTRY},\"__metadata__\":{{}}");
    expect(
        read(&with(&twice)),
        Kind::Header,
        "\"__metadata__\" given twice",
    );
    expect(
        read(&st(&format!("{{{ENTRY}}} x"), &data)),
        Kind::Header,
        "text after the header object",
    );
    expect(
        read(&st(&format!("{{{ENTRY}"), &data)),
        Kind::Header,
        "expected ',' or '}'",
    );
    // Each message names the tensor read, once (the missing-name message
    // has it already); `.npy` files hold one unnamed tensor.
    let wrong_shape = read(&with(&ENTRY.replace("[2,3]", "[6]"))).unwrap_err();
    assert_eq!(wrong_shape.tensor_name(), Some("w"));
    assert_eq!(
        wrong_shape.to_string(),
        "tensor 'w': shape: expected [2, 3], the file holds [6]"
    );
    let missing = read(&with(&ENTRY.replace("\"w\"", "\"v\""))).unwrap_err();
    assert_eq!(
        missing.to_string(),
        "no tensor named 'w' in the safetensors file (it holds 1 tensors)"
    );
    let npy = W::try_from_npy(b"not npy").unwrap_err();
    assert_eq!(npy.tensor_name(), None);
    assert!(!npy.to_string().starts_with("tensor"));
    // An escaped name is the name it spells; padding spaces are allowed.
    let escaped = st(
        &format!("{{{}}}    ", ENTRY.replace("\"w\"", "\"\\u0077\"")),
        &data,
    );
    assert!(read(&escaped).is_ok());
}

/// Every prefix of a valid file, and every byte of its header replaced by
/// each of a few values: `Ok` or an `Err` with a message, and no panic.
#[test]
fn every_truncation_and_corruption_is_an_error_or_ok() {
    let files: [(&[u8], bool); 3] = [(F32_NPY, true), (V2_NPY, true), (SEVERAL, false)];
    for (file, is_npy) in files {
        let read = |bytes: &[u8]| match is_npy {
            true => W::try_from_npy(bytes).map(drop),
            false => W::try_from_safetensors(bytes, "f32.w").map(drop),
        };
        assert!(read(file).is_ok());
        for len in 0..file.len() {
            let err = read(&file[..len]).expect_err("a truncated file");
            assert!(!err.to_string().is_empty());
        }
        let header_end = match is_npy {
            true => 128,
            false => 8 + u64::from_le_bytes(file[..8].try_into().unwrap()) as usize,
        };
        for at in 0..header_end {
            for byte in [0, b' ', b'"', b'\'', b',', b'9', b'\\', b'{', 0xff] {
                let mut broken = file.to_vec();
                broken[at] = byte;
                if let Err(err) = read(&broken) {
                    assert!(!err.to_string().is_empty());
                }
            }
        }
    }
}
