//! Hugging Face's safetensors files: [`Tensor::try_from_safetensors`] reads
//! one named tensor from the bytes of a file (no allocation, no `std`), and
//! [`Tensor::boxed_from_safetensors`] builds a large one on the heap.
//!
//! A safetensors file is an 8-byte little-endian header length, a JSON
//! header mapping each tensor's name to its `dtype`, `shape` and
//! `data_offsets` (`[begin, end)` in the data section), with an optional
//! `"__metadata__"` map of strings, then the data section. The JSON is read
//! by a small strict parser: every entry must be well formed, the named
//! tensor's offsets must lie in the data section and span exactly its
//! shape's bytes. To read the shape at compile time, use
//! [`include_tensor!`](crate::include_tensor).
//!
//! ```
//! use tensor_core::prelude::*;
//! let json = br#"{"b":{"dtype":"U8","shape":[2],"data_offsets":[0,2]},"__metadata__":{"format":"pt"}}"#;
//! let mut file = (json.len() as u64).to_le_bytes().to_vec();
//! file.extend_from_slice(json);
//! file.extend_from_slice(&[7, 9]);
//! assert_eq!(Tensor::<u8, Shape![2]>::try_from_safetensors(&file, "b")?, tensor![7, 9]);
//! let err = Tensor::<u8, Shape![2]>::try_from_safetensors(&file, "a").unwrap_err();
//! assert_eq!(err.to_string(), "no tensor named 'a' in the safetensors file (it holds 1 tensors)");
//! # Ok::<(), tensor_core::interop::file_error::FileError>(())
//! ```

use super::cursor::Cursor;
use super::file_element::FileElement;
use super::file_entry::Entry;
use super::file_error::{Dims, FileError, FileFormat, Problem, Text};
use crate::shape::{Shape, MAX_RANK};
use crate::tensor::Tensor;

fn error(problem: Problem) -> FileError {
    FileError::new(FileFormat::Safetensors, problem)
}

/// One entry of the header: its raw (still escaped) dtype, shape, element
/// count and data offsets.
#[derive(Clone, Copy)]
struct Info<'a> {
    dtype: &'a [u8],
    dims: Dims,
    count: usize,
    offsets: (usize, usize),
}

/// The tensor called `name` in `bytes` as the entry of a `T` tensor of
/// shape `S`, or the error, which names the tensor.
fn checked<'a, T: FileElement, S: Shape>(
    bytes: &'a [u8],
    name: &str,
) -> Result<Entry<'a>, FileError> {
    let entry = entry::<T>(bytes, name).map_err(|e| e.of_tensor(name))?;
    entry.check::<T, S>().map_err(|e| e.of_tensor(name))?;
    Ok(entry)
}

/// The tensor called `name` in `bytes`, of element type `T`: header
/// checked whole, offsets checked against the data section.
pub(crate) fn entry<'a, T: FileElement>(
    bytes: &'a [u8],
    name: &str,
) -> Result<Entry<'a>, FileError> {
    let len_bytes = bytes.get(..8).ok_or(error(Problem::Truncated {
        what: "the header length",
        needed: 8,
        found: bytes.len(),
    }))?;
    let declared = u64::from_le_bytes(len_bytes.try_into().unwrap_or([0; 8]));
    let available = bytes.len() - 8;
    let header_len = usize::try_from(declared).ok().filter(|&n| n <= available);
    let header_len = header_len.ok_or(error(Problem::HeaderLength {
        declared,
        available,
    }))?;
    let header = &bytes[8..8 + header_len];
    if core::str::from_utf8(header).is_err() {
        return Err(error(Problem::Header {
            reason: "the header is not UTF-8",
            at: 8,
        }));
    }
    if header.first() != Some(&b'{') {
        return Err(error(Problem::BadMagic));
    }
    let Found { info, count, last } =
        find(&mut Cursor::new(header, 8, FileFormat::Safetensors), name)?;
    let info = info.ok_or(error(Problem::MissingName { count }))?;
    if info.dtype != T::SAFETENSORS_DTYPE.as_bytes() {
        return Err(error(Problem::ElementType {
            expected: T::SAFETENSORS_DTYPE,
            name: T::NAME,
            found: Text::new(info.dtype),
        }));
    }
    let section = &bytes[8 + header_len..];
    let out_of_range = |(start, end): (usize, usize)| {
        error(Problem::DataRange {
            start: start as u64,
            end: end as u64,
            available: section.len(),
        })
    };
    // Every tensor's data must be there, not only this one's: a file cut
    // short is an error whichever tensor is read.
    if last.1 > section.len() {
        return Err(out_of_range(last));
    }
    let (start, end) = info.offsets;
    let data = section.get(start..end).ok_or(out_of_range(info.offsets))?;
    Ok(Entry {
        format: FileFormat::Safetensors,
        dims: info.dims,
        count: info.count,
        data,
    })
}

/// What the header says about the tensor asked for and the others.
struct Found<'a> {
    /// The entry of the name asked for.
    info: Option<Info<'a>>,
    /// The number of tensors.
    count: usize,
    /// The offsets of the tensor whose data ends last.
    last: (usize, usize),
}

/// Reads the whole header object, every entry checked; the entry called
/// `name` is an error if there are two.
fn find<'a>(c: &mut Cursor<'a>, name: &str) -> Result<Found<'a>, FileError> {
    c.expect(b'{', "expected '{'")?;
    let (mut found, mut count, mut metadata, mut last) = (None, 0, false, (0, 0));
    while !c.take(b'}') {
        let key = c.json_string()?;
        c.expect(b':', "expected ':' after a name")?;
        if key == b"__metadata__" {
            if metadata {
                return Err(c.fail("\"__metadata__\" given twice"));
            }
            metadata = true;
            c.json_metadata()?;
        } else {
            let info = c.json_info()?;
            count += 1;
            if info.offsets.1 > last.1 {
                last = info.offsets;
            }
            if json_eq(key, name.as_bytes()) && found.replace(info).is_some() {
                return Err(c.fail("the tensor's name is given twice"));
            }
        }
        if !c.take(b',') {
            c.expect(b'}', "expected ',' or '}'")?;
            break;
        }
    }
    c.end("text after the header object")?;
    Ok(Found {
        info: found,
        count,
        last,
    })
}

impl<'a> Cursor<'a> {
    /// A JSON string: its raw contents between the quotes, escapes checked
    /// but not decoded.
    fn json_string(&mut self) -> Result<&'a [u8], FileError> {
        self.expect(b'"', "expected a string")?;
        let start = self.at;
        loop {
            match self.peek() {
                None => return Err(self.fail("unterminated string")),
                Some(b'"') => break,
                Some(b'\\') => match unescape(&self.text[self.at..]) {
                    Some((_, used)) => self.at += used,
                    None => return Err(self.fail("an invalid escape")),
                },
                Some(0..0x20) => return Err(self.fail("a control character in a string")),
                Some(_) => self.at += 1,
            }
        }
        self.at += 1;
        Ok(&self.text[start..self.at - 1])
    }

    /// `"__metadata__"`'s value: an object of strings.
    fn json_metadata(&mut self) -> Result<(), FileError> {
        self.expect(b'{', "expected '{' for \"__metadata__\"")?;
        while !self.take(b'}') {
            self.json_string()?;
            self.expect(b':', "expected ':' in \"__metadata__\"")?;
            self.json_string()?;
            if !self.take(b',') {
                return self.expect(b'}', "expected ',' or '}' in \"__metadata__\"");
            }
        }
        Ok(())
    }

    /// `[n, ..]`: the sizes (the first `MAX_RANK` kept), their number and
    /// their product.
    fn json_sizes(&mut self) -> Result<(Dims, usize), FileError> {
        self.expect(b'[', "expected '[' for a list of sizes")?;
        let (mut dims, mut count) = (Dims::of(&[]), 1usize);
        if self.take(b']') {
            return Ok((dims, count));
        }
        loop {
            let n = self.size("expected a size (a non-negative integer)")?;
            if dims.rank < MAX_RANK {
                dims.dims[dims.rank] = n;
            }
            dims.rank += 1;
            let product = count.checked_mul(n);
            count = product.ok_or(self.error(Problem::Overflow {
                what: "the element count",
            }))?;
            if !self.take(b',') {
                self.expect(b']', "expected ',' or ']' in a list of sizes")?;
                return Ok((dims, count));
            }
        }
    }

    /// A tensor's entry: `{"dtype": .., "shape": [..], "data_offsets": [b, e]}`
    /// in any order, each once, nothing else.
    fn json_info(&mut self) -> Result<Info<'a>, FileError> {
        self.expect(b'{', "expected '{' for a tensor's entry")?;
        let (mut dtype, mut shape, mut offsets) = (None, None, None);
        while !self.take(b'}') {
            let key = self.json_string()?;
            self.expect(b':', "expected ':' after a key")?;
            let seen = match key {
                b"dtype" => dtype.replace(self.json_string()?).is_some(),
                b"shape" => shape.replace(self.json_sizes()?).is_some(),
                b"data_offsets" => offsets.replace(self.json_sizes()?).is_some(),
                _ => return Err(self.fail("unknown key (expected dtype, shape, data_offsets)")),
            };
            if seen {
                return Err(self.fail("a key given twice"));
            }
            if !self.take(b',') {
                self.expect(b'}', "expected ',' or '}'")?;
                break;
            }
        }
        let missing = "an entry without dtype, shape or data_offsets";
        let ((dims, count), (ends, _)) = shape.zip(offsets).ok_or(self.fail(missing))?;
        if ends.rank != 2 || ends.dims[0] > ends.dims[1] {
            return Err(self.fail("data_offsets must be [begin, end] with begin <= end"));
        }
        Ok(Info {
            dtype: dtype.ok_or(self.fail(missing))?,
            dims,
            count,
            offsets: (ends.dims[0], ends.dims[1]),
        })
    }
}

/// The character an escape at the start of `raw` (`\n`, `\u00e9`, a
/// surrogate pair `\ud83d\ude00`) stands for, and its length; `None` if
/// it is not a valid JSON escape.
fn unescape(raw: &[u8]) -> Option<(char, usize)> {
    let simple = match raw.get(1)? {
        b'"' => '"',
        b'\\' => '\\',
        b'/' => '/',
        b'b' => '\u{8}',
        b'f' => '\u{c}',
        b'n' => '\n',
        b'r' => '\r',
        b't' => '\t',
        b'u' => return unicode(raw),
        _ => return None,
    };
    Some((simple, 2))
}

/// A `\uXXXX` escape (or two, for a surrogate pair) at the start of `raw`.
fn unicode(raw: &[u8]) -> Option<(char, usize)> {
    let hex = |at: usize| {
        let digits = core::str::from_utf8(raw.get(at..at + 4)?).ok()?;
        u32::from_str_radix(digits, 16)
            .ok()
            .filter(|_| digits.bytes().all(|b| b.is_ascii_hexdigit()))
    };
    let first = hex(2)?;
    if !(0xd800..0xdc00).contains(&first) {
        return char::from_u32(first).map(|c| (c, 6));
    }
    if raw.get(6..8)? != b"\\u" {
        return None;
    }
    let low = hex(8).filter(|low| (0xdc00..0xe000).contains(low))?;
    char::from_u32(0x10000 + ((first - 0xd800) << 10) + (low - 0xdc00)).map(|c| (c, 12))
}

/// Whether the raw JSON string `raw` (escapes undecoded, already checked)
/// is `name`.
fn json_eq(raw: &[u8], name: &[u8]) -> bool {
    let (mut at, mut matched) = (0, 0);
    while at < raw.len() {
        let mut buf = [0; 4];
        let piece: &[u8] = if raw[at] == b'\\' {
            let Some((c, used)) = unescape(&raw[at..]) else {
                return false;
            };
            at += used;
            c.encode_utf8(&mut buf).as_bytes()
        } else {
            at += 1;
            &raw[at - 1..at]
        };
        if name.get(matched..matched + piece.len()) != Some(piece) {
            return false;
        }
        matched += piece.len();
    }
    matched == name.len()
}

impl<T: FileElement, S: Shape> Tensor<T, S> {
    /// The tensor called `name` in `bytes`, a safetensors file, if it has
    /// this element type and shape.
    ///
    /// # Errors
    ///
    /// A [`FileError`] naming what is wrong: a truncated file, a header
    /// length past the end, a malformed header (any entry), no tensor of
    /// that name (or two), the element type (`F64` for `f32`), the shape
    /// (`[2, 2]` for `[4]`: no reshape), offsets outside the data section or
    /// not spanning the shape's bytes, sizes that overflow. Never a panic.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let json = br#"{"w":{"dtype":"F32","shape":[2,2],"data_offsets":[0,16]}}"#;
    /// let mut file = (json.len() as u64).to_le_bytes().to_vec();
    /// file.extend_from_slice(json);
    /// for x in [1.0f32, 2.0, 3.0, 4.0] { file.extend(x.to_le_bytes()); }
    /// let w = Tensor::<f32, Shape![2, 2]>::try_from_safetensors(&file, "w")?;
    /// assert_eq!(w, tensor![[1.0, 2.0], [3.0, 4.0]]);
    /// let err = Tensor::<f32, Shape![4]>::try_from_safetensors(&file, "w").unwrap_err();
    /// assert_eq!(err.to_string(), "tensor 'w': shape: expected [4], the file holds [2, 2]");
    /// # Ok::<(), tensor_core::interop::file_error::FileError>(())
    /// ```
    pub fn try_from_safetensors(bytes: &[u8], name: &str) -> Result<Self, FileError> {
        Ok(checked::<T, S>(bytes, name)?.tensor())
    }

    /// [`Tensor::try_from_safetensors`] built in place on the heap: any
    /// size, the stack never holds the tensor. Feature `alloc`.
    ///
    /// # Errors
    ///
    /// As [`Tensor::try_from_safetensors`].
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let json = br#"{"big":{"dtype":"U8","shape":[1024,1024],"data_offsets":[0,1048576]}}"#;
    /// let mut file = (json.len() as u64).to_le_bytes().to_vec();
    /// file.extend_from_slice(json);
    /// file.resize(file.len() + (1 << 20), 3);
    /// let big = Tensor::<u8, Shape![1024, 1024]>::boxed_from_safetensors(&file, "big")?;
    /// assert_eq!(big[[1023, 5]], 3);
    /// # Ok::<(), tensor_core::interop::file_error::FileError>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn boxed_from_safetensors(
        bytes: &[u8],
        name: &str,
    ) -> Result<alloc::boxed::Box<Self>, FileError> {
        Ok(checked::<T, S>(bytes, name)?.boxed())
    }
}

#[cfg(feature = "alloc")]
extern crate alloc;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaped_names_compare_decoded() {
        assert!(json_eq(br"fc1.weight", b"fc1.weight"));
        assert!(json_eq(br"a\u002eb", b"a.b"));
        assert!(json_eq(br"\ud83d\ude00\n", "😀\n".as_bytes()));
        assert!(!json_eq(br"a\u002eb", b"a.bc"));
        assert!(!json_eq(br"ab", b"a"));
        assert_eq!(unescape(br"\ud83d"), None, "a lone high surrogate");
        assert_eq!(unescape(br"\udc00"), None, "a lone low surrogate");
        assert_eq!(unescape(br"\u00g1"), None);
        assert_eq!(
            unescape(br"\u+0ff"),
            None,
            "from_str_radix takes a sign; JSON does not"
        );
        assert_eq!(unescape(br"\x"), None);
    }
}
