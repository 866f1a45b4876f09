//! NumPy's `.npy` files: [`Tensor::try_from_npy`] reads one from bytes (no
//! allocation, no `std`), [`Tensor::boxed_from_npy`] builds a large one on
//! the heap, and [`Tensor::to_npy`] writes one that `np.load` reads.
//!
//! A `.npy` file is the magic `\x93NUMPY`, a version (1.0, 2.0 or 3.0), the
//! length of a header (2 bytes in version 1, 4 after), the header (a Python
//! dict literal: `{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }`)
//! and the elements. The readers take little-endian data in C order of the
//! element type and shape asked for, and report anything else as a
//! [`FileError`] naming it. To read the shape from the file at compile time,
//! use [`include_tensor!`](crate::include_tensor).
//!
//! ```
//! use tensor_core::prelude::*;
//! let t = tensor![[1.0f32, 2.0, 3.0], [4.0, 5.0, 6.5]];
//! # #[cfg(feature = "alloc")] {
//! let bytes: Vec<u8> = t.to_npy();                  // np.save's bytes
//! assert_eq!(bytes.len(), 128 + 24);               // the header padded to 64 bytes, as NumPy pads it
//! assert_eq!(Tensor::<f32, Shape![2, 3]>::try_from_npy(&bytes)?, t);
//! let err = Tensor::<f64, Shape![2, 3]>::try_from_npy(&bytes).unwrap_err();
//! assert_eq!(err.to_string(), "element type: expected '<f8' (f64), the file holds '<f4'");
//! # }
//! # Ok::<(), tensor_core::interop::file_error::FileError>(())
//! ```

use super::cursor::Cursor;
use super::file_element::FileElement;
use super::file_entry::Entry;
use super::file_error::{Dims, FileError, FileFormat, Problem, Text, KEPT};
use crate::shape::Shape;
use crate::tensor::Tensor;

/// The first six bytes of every `.npy` file.
const MAGIC: &[u8; 6] = b"\x93NUMPY";

/// A `.npy` header's fields.
struct Header<'a> {
    descr: &'a [u8],
    fortran: bool,
    dims: Dims,
    count: usize,
}

fn error(problem: Problem) -> FileError {
    FileError::new(FileFormat::Npy, problem)
}

/// `bytes[range]`, or a `Truncated` error naming `what` needs it.
fn field<'a>(
    bytes: &'a [u8],
    start: usize,
    len: usize,
    what: &'static str,
) -> Result<&'a [u8], FileError> {
    bytes
        .get(start..start + len)
        .ok_or(error(Problem::Truncated {
            what,
            needed: start + len,
            found: bytes.len(),
        }))
}

/// The tensor in `bytes`, checked: magic, version, header, element type,
/// order, shape, data length.
pub(crate) fn entry<T: FileElement>(bytes: &[u8]) -> Result<Entry<'_>, FileError> {
    let n = bytes.len().min(MAGIC.len());
    if bytes[..n] != MAGIC[..n] {
        return Err(error(Problem::BadMagic));
    }
    field(bytes, 0, 6, "the magic string")?;
    let version = field(bytes, 6, 2, "the version")?;
    let (major, minor) = (version[0], version[1]);
    let len_size = match (major, minor) {
        (1, 0) => 2,
        (2, 0) | (3, 0) => 4,
        _ => return Err(error(Problem::Version { major, minor })),
    };
    let len_bytes = field(bytes, 8, len_size, "the header length")?;
    let declared = len_bytes
        .iter()
        .rev()
        .fold(0u64, |n, &b| n << 8 | u64::from(b));
    let start = 8 + len_size;
    let available = bytes.len() - start;
    let header_len = usize::try_from(declared).ok().filter(|&n| n <= available);
    let header_len = header_len.ok_or(error(Problem::HeaderLength {
        declared,
        available,
    }))?;
    let header = parse_header(&bytes[start..start + header_len], start)?;
    check_descr::<T>(header.descr)?;
    if header.fortran {
        return Err(error(Problem::FortranOrder));
    }
    Ok(Entry {
        format: FileFormat::Npy,
        dims: header.dims,
        count: header.count,
        data: &bytes[start + header_len..],
    })
}

/// `Ok` when `descr` is `T`'s: `'<f4'` for `f32`; a one-byte type may
/// carry any byte-order mark. A big-endian `'>f4'` is a byte-order error.
fn check_descr<T: FileElement>(descr: &[u8]) -> Result<(), FileError> {
    let ours = T::NPY_DESCR.as_bytes();
    let same_type = ours.len() > 1 && descr.len() == ours.len() && descr[1..] == ours[1..];
    if same_type && (descr[0] == ours[0] || ours[0] == b'|' && b"<>=|".contains(&descr[0])) {
        return Ok(());
    }
    if same_type && descr[0] == b'>' {
        return Err(error(Problem::ByteOrder {
            found: Text::new(descr),
        }));
    }
    Err(error(Problem::ElementType {
        expected: T::NPY_DESCR,
        name: T::NAME,
        found: Text::new(descr),
    }))
}

impl<'a> Cursor<'a> {
    /// A quoted string (`'..'` or `".."`, no escapes): its contents.
    fn py_string(&mut self) -> Result<&'a [u8], FileError> {
        self.skip_space();
        let quote = match self.peek() {
            Some(q @ (b'\'' | b'"')) => q,
            _ => return Err(self.fail("expected a quoted string")),
        };
        let start = self.at + 1;
        let len = self.text[start..].iter().position(|&b| b == quote);
        let len = len.ok_or(self.fail("unterminated string"))?;
        let s = &self.text[start..start + len];
        if s.contains(&b'\\') {
            return Err(self.fail("escapes in strings are not read"));
        }
        self.at = start + len + 1;
        Ok(s)
    }

    /// `True` or `False`.
    fn py_bool(&mut self) -> Result<bool, FileError> {
        self.skip_space();
        for (word, value) in [(&b"True"[..], true), (b"False", false)] {
            if self.text[self.at..].starts_with(word) {
                self.at += word.len();
                return Ok(value);
            }
        }
        Err(self.fail("expected True or False"))
    }

    /// A tuple of sizes: `()`, `(3,)`, `(2, 3)`; its dims and product.
    fn py_shape(&mut self) -> Result<(Dims, usize), FileError> {
        self.expect(b'(', "expected a tuple '(' for the shape")?;
        let (mut kept, mut rank, mut count) = ([0; KEPT], 0usize, 1usize);
        while !self.take(b')') {
            let n = self.size("expected a dimension (a decimal integer)")?;
            if rank < KEPT {
                kept[rank] = n;
            }
            rank += 1;
            count = count.checked_mul(n).ok_or(error(Problem::Overflow {
                what: "the element count",
            }))?;
            if !self.take(b',') {
                self.expect(b')', "expected ',' or ')' in the shape")?;
                break;
            }
        }
        Ok((Dims { dims: kept, rank }, count))
    }
}

/// The dict `{'descr': .., 'fortran_order': .., 'shape': .., }`, each key
/// once, no other key, nothing after it but spaces.
fn parse_header(text: &[u8], base: usize) -> Result<Header<'_>, FileError> {
    let mut c = Cursor::new(text, base, FileFormat::Npy);
    c.expect(b'{', "expected '{'")?;
    let (mut descr, mut fortran, mut shape) = (None, None, None);
    while !c.take(b'}') {
        let key = c.py_string()?;
        c.expect(b':', "expected ':' after a key")?;
        let seen = match key {
            b"descr" => descr.replace(c.py_string()?).is_some(),
            b"fortran_order" => fortran.replace(c.py_bool()?).is_some(),
            b"shape" => shape.replace(c.py_shape()?).is_some(),
            _ => return Err(c.fail("unknown key (expected 'descr', 'fortran_order', 'shape')")),
        };
        if seen {
            return Err(c.fail("a key given twice"));
        }
        if !c.take(b',') {
            c.expect(b'}', "expected ',' or '}'")?;
            break;
        }
    }
    c.end("text after the dict")?;
    let missing = |name| {
        error(Problem::Header {
            reason: name,
            at: base,
        })
    };
    let (dims, count) = shape.ok_or(missing("no 'shape' key"))?;
    Ok(Header {
        descr: descr.ok_or(missing("no 'descr' key"))?,
        fortran: fortran.ok_or(missing("no 'fortran_order' key"))?,
        dims,
        count,
    })
}

impl<T: FileElement, S: Shape> Tensor<T, S> {
    /// The tensor stored in `bytes`, a `.npy` file (versions 1.0 to 3.0,
    /// little-endian, C order) of this element type and shape.
    ///
    /// # Errors
    ///
    /// A [`FileError`] naming what is wrong: the magic string, the version,
    /// a truncated or oversized header, a malformed header, the element
    /// type (`'<f8'` for `f32`), the byte order (`'>f4'`), Fortran order,
    /// the shape (`[2, 2]` for `[4]`: no reshape), a data section of the
    /// wrong length, sizes that overflow. Never a panic.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// // np.save of np.arange(4, dtype=np.int16).reshape(2, 2): 128 bytes.
    /// let mut file = b"\x93NUMPY\x01\x00\x76\x00{'descr': '<i2', 'fortran_order': False, 'shape': (2, 2), }".to_vec();
    /// file.resize(127, b' ');
    /// file.push(b'\n');
    /// file.extend([0, 0, 1, 0, 2, 0, 3, 0]);
    /// assert_eq!(Tensor::<i16, Shape![2, 2]>::try_from_npy(&file)?, tensor![[0, 1], [2, 3]]);
    /// let err = Tensor::<i16, Shape![4]>::try_from_npy(&file).unwrap_err();
    /// assert_eq!(err.to_string(), "shape: expected [4], the file holds [2, 2]");
    /// # Ok::<(), tensor_core::interop::file_error::FileError>(())
    /// ```
    pub fn try_from_npy(bytes: &[u8]) -> Result<Self, FileError> {
        let entry = entry::<T>(bytes)?;
        entry.check::<T, S>()?;
        Ok(entry.tensor())
    }

    /// [`Tensor::try_from_npy`] built in place on the heap: any size, the
    /// stack never holds the tensor. Feature `alloc`.
    ///
    /// # Errors
    ///
    /// As [`Tensor::try_from_npy`].
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let big = Tensor::<f32, Shape![1024, 1024]>::boxed_zeros(); // 4 MiB
    /// let bytes = big.to_npy();
    /// let back: Box<Tensor<f32, Shape![1024, 1024]>> = Tensor::boxed_from_npy(&bytes)?;
    /// assert_eq!(back[[1023, 1023]], 0.0);
    /// # Ok::<(), tensor_core::interop::file_error::FileError>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn boxed_from_npy(bytes: &[u8]) -> Result<alloc::boxed::Box<Self>, FileError> {
        let entry = entry::<T>(bytes)?;
        entry.check::<T, S>()?;
        Ok(entry.boxed())
    }

    /// The tensor as a `.npy` file, byte for byte what `np.save` writes:
    /// version 1.0, the header padded with spaces to a multiple of 64
    /// bytes, little-endian elements in C order. Feature `alloc`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let bytes = tensor![1u8, 2, 3].to_npy();
    /// assert!(bytes.starts_with(b"\x93NUMPY\x01\x00\x76\x00{'descr': '|u1', 'fortran_order': False, 'shape': (3,), }"));
    /// assert_eq!(bytes.len(), 128 + 3);
    /// ```
    #[cfg(feature = "alloc")]
    pub fn to_npy(&self) -> alloc::vec::Vec<u8> {
        write(S::DIMS.as_ref(), self.as_slice())
    }
}

/// `elems` as a `.npy` file of shape `dims` (their product is
/// `elems.len()`), byte for byte what `np.save` writes: version 1.0, the
/// header padded with spaces to a multiple of 64 bytes, little-endian
/// elements in C order.
#[cfg(feature = "alloc")]
pub(crate) fn write<T: FileElement>(dims: &[usize], elems: &[T]) -> alloc::vec::Vec<u8> {
    let mut header = alloc::string::String::from("{'descr': '");
    header.push_str(T::NPY_DESCR);
    header.push_str("', 'fortran_order': False, 'shape': (");
    for (axis, n) in dims.iter().enumerate() {
        let sep = if axis == 0 { "" } else { " " };
        header.push_str(&alloc::format!("{sep}{n},"));
    }
    if dims.len() > 1 {
        header.pop(); // NumPy: `(3,)` but `(2, 3)`
    }
    header.push_str("), }");
    // NumPy's `_wrap_header`: pad to 64 with spaces, then '\n' (a whole 64
    // bytes of padding when already aligned).
    let pad = 64 - (MAGIC.len() + 4 + header.len() + 1) % 64;
    let header_len = header.len() + pad + 1;
    let data_len = core::mem::size_of_val(elems);
    let mut out = alloc::vec::Vec::with_capacity(10 + header_len + data_len);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&[1, 0]);
    out.extend_from_slice(&(header_len as u16).to_le_bytes());
    out.extend_from_slice(header.as_bytes());
    out.resize(out.len() + pad, b' ');
    out.push(b'\n');
    super::file_entry::encode_le(elems, &mut out);
    out
}

#[cfg(feature = "alloc")]
extern crate alloc;
