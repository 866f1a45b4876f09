//! What a tensor file (`.npy`, safetensors) read at run time can have
//! wrong: [`FileError`], whose message names the problem and the values
//! involved, and [`FileErrorKind`] to match on.
//!
//! ```
//! use tensor_core::interop::file_error::FileErrorKind;
//! use tensor_core::prelude::*;
//! let err = Tensor::<f32, Shape![2]>::try_from_npy(b"PK\x03\x04 a zip file").unwrap_err();
//! assert_eq!(err.kind(), FileErrorKind::BadMagic);
//! assert_eq!(err.to_string(), "not a .npy file: it does not start with \\x93NUMPY");
//! ```

use core::fmt;

use crate::shape::MAX_RANK;

/// The format a reader was reading, as messages name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileFormat {
    /// NumPy's `.npy`.
    Npy,
    /// Hugging Face's safetensors.
    Safetensors,
}

impl fmt::Display for FileFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FileFormat::Npy => ".npy",
            FileFormat::Safetensors => "safetensors",
        })
    }
}

/// Which kind of problem a [`FileError`] is: one per line of its message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FileErrorKind {
    /// The file does not start as the format requires.
    BadMagic,
    /// A `.npy` version other than 1.0, 2.0 or 3.0.
    Version,
    /// The bytes end before a field (or the header) does.
    Truncated,
    /// The header's declared length does not fit the bytes (or the limit).
    HeaderLength,
    /// The header text is malformed: a syntax error or a missing field.
    Header,
    /// The file's element type is not the one asked for.
    ElementType,
    /// The file's elements are big-endian.
    ByteOrder,
    /// The `.npy` array is stored in Fortran (column-major) order.
    FortranOrder,
    /// The file's shape is not the one asked for.
    Shape,
    /// The safetensors file holds no tensor of the name asked for.
    MissingName,
    /// The data's position does not fit the bytes.
    DataRange,
    /// The data section is longer or shorter than the shape needs.
    DataLength,
    /// A size or offset in the header overflows `usize`.
    Overflow,
}

/// A short text copied from the file or the caller (a type string, a
/// tensor name), kept inline: at most 40 bytes, longer ones cut with `…`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Text {
    bytes: [u8; 40],
    len: u8,
    cut: bool,
}

impl Text {
    /// The first bytes of `s`, cut at a character boundary.
    pub(crate) fn new(s: &[u8]) -> Self {
        let s = match core::str::from_utf8(s) {
            Ok(s) => s,
            Err(e) => core::str::from_utf8(&s[..e.valid_up_to()]).unwrap_or(""),
        };
        let mut end = s.len().min(40);
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        let mut bytes = [0; 40];
        bytes[..end].copy_from_slice(&s.as_bytes()[..end]);
        Text {
            bytes,
            len: end as u8,
            cut: end < s.len(),
        }
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = core::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or("");
        f.write_str(s)?;
        if self.cut {
            f.write_str("…")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{self}\"")
    }
}

/// A shape as read (its first [`MAX_RANK`] dims and its rank, which may be
/// larger) or asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Dims {
    pub(crate) dims: [usize; MAX_RANK],
    pub(crate) rank: usize,
}

impl Dims {
    /// The dims of `dims`, at most `MAX_RANK` of which are kept.
    pub(crate) fn of(dims: &[usize]) -> Self {
        let mut kept = [0; MAX_RANK];
        let n = dims.len().min(MAX_RANK);
        kept[..n].copy_from_slice(&dims[..n]);
        Dims {
            dims: kept,
            rank: dims.len(),
        }
    }
}

impl fmt::Display for Dims {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = &self.dims[..self.rank.min(MAX_RANK)];
        write!(f, "{shown:?}")?;
        if self.rank > MAX_RANK {
            write!(f, " (and more: rank {})", self.rank)?;
        }
        Ok(())
    }
}

/// The problem, with its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Problem {
    BadMagic,
    Version {
        major: u8,
        minor: u8,
    },
    Truncated {
        what: &'static str,
        needed: usize,
        found: usize,
    },
    HeaderLength {
        declared: u64,
        available: usize,
    },
    Header {
        reason: &'static str,
        at: usize,
    },
    ElementType {
        expected: &'static str,
        name: &'static str,
        found: Text,
    },
    ByteOrder {
        found: Text,
    },
    FortranOrder,
    Shape {
        expected: &'static [usize],
        found: Dims,
    },
    MissingName {
        name: Text,
        count: usize,
    },
    DataRange {
        start: u64,
        end: u64,
        available: usize,
    },
    DataLength {
        expected: usize,
        found: usize,
    },
    Overflow {
        what: &'static str,
    },
}

/// A tensor file that could not be read as the tensor asked for: its
/// message names what was wrong and the values involved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileError {
    format: FileFormat,
    problem: Problem,
}

impl FileError {
    pub(crate) fn new(format: FileFormat, problem: Problem) -> Self {
        FileError { format, problem }
    }

    /// The format being read.
    pub fn format(&self) -> FileFormat {
        self.format
    }

    /// Which kind of problem it is.
    pub fn kind(&self) -> FileErrorKind {
        match self.problem {
            Problem::BadMagic => FileErrorKind::BadMagic,
            Problem::Version { .. } => FileErrorKind::Version,
            Problem::Truncated { .. } => FileErrorKind::Truncated,
            Problem::HeaderLength { .. } => FileErrorKind::HeaderLength,
            Problem::Header { .. } => FileErrorKind::Header,
            Problem::ElementType { .. } => FileErrorKind::ElementType,
            Problem::ByteOrder { .. } => FileErrorKind::ByteOrder,
            Problem::FortranOrder => FileErrorKind::FortranOrder,
            Problem::Shape { .. } => FileErrorKind::Shape,
            Problem::MissingName { .. } => FileErrorKind::MissingName,
            Problem::DataRange { .. } => FileErrorKind::DataRange,
            Problem::DataLength { .. } => FileErrorKind::DataLength,
            Problem::Overflow { .. } => FileErrorKind::Overflow,
        }
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let format = self.format;
        match self.problem {
            Problem::BadMagic => match format {
                FileFormat::Npy => write!(f, "not a .npy file: it does not start with \\x93NUMPY"),
                FileFormat::Safetensors => write!(
                    f,
                    "not a safetensors file: its JSON header does not start with '{{'"
                ),
            },
            Problem::Version { major, minor } => write!(
                f,
                "unsupported .npy version {major}.{minor} (versions 1.0, 2.0 and 3.0 are read)"
            ),
            Problem::Truncated { what, needed, found } => write!(
                f,
                "truncated {format} file: {what} needs {needed} bytes, the file has {found}"
            ),
            Problem::HeaderLength { declared, available } => write!(
                f,
                "{format} header of {declared} bytes declared, but {available} bytes follow its length field"
            ),
            Problem::Header { reason, at } => {
                write!(f, "malformed {format} header at byte {at}: {reason}")
            }
            Problem::ElementType { name, found, .. } if format == FileFormat::Npy && name.ends_with("bf16") => {
                write!(f, "element type: .npy has no type string for {name}, the file holds '{found}'")
            }
            Problem::ElementType { expected, name, found } => write!(
                f,
                "element type: expected '{expected}' ({name}), the file holds '{found}'"
            ),
            Problem::ByteOrder { found } => write!(
                f,
                "byte order: the file holds big-endian '{found}'; only little-endian data is read"
            ),
            Problem::FortranOrder => write!(
                f,
                "the array is stored in Fortran (column-major) order; only C order is read \
                 (save np.ascontiguousarray(x))"
            ),
            Problem::Shape { expected, found } => {
                write!(f, "shape: expected {expected:?}, the file holds {found}")
            }
            Problem::MissingName { name, count } => write!(
                f,
                "no tensor named '{name}' in the safetensors file (it holds {count} tensors)"
            ),
            Problem::DataRange { start, end, available } => write!(
                f,
                "{format} data out of range: bytes {start}..{end} of a data section of {available} bytes"
            ),
            Problem::DataLength { expected, found } => write!(
                f,
                "{format} data of {found} bytes, but the shape and element type need {expected}"
            ),
            Problem::Overflow { what } => write!(f, "{format} header: {what} overflows usize"),
        }
    }
}

impl core::error::Error for FileError {}

#[cfg(test)]
mod tests {
    use std::string::ToString;

    use super::*;

    #[test]
    fn long_texts_are_cut_at_a_character_boundary() {
        let long = "é".repeat(30);
        let t = Text::new(long.as_bytes());
        assert_eq!(t.to_string(), std::format!("{}…", "é".repeat(20)));
        assert_eq!(Text::new(b"<f4").to_string(), "<f4");
        assert_eq!(Text::new(b"ab\xffcd").to_string(), "ab");
    }

    #[test]
    fn dims_past_the_rank_limit_say_so() {
        assert_eq!(Dims::of(&[2, 3]).to_string(), "[2, 3]");
        assert_eq!(Dims::of(&[]).to_string(), "[]");
        let ten = Dims::of(&[1; 10]).to_string();
        assert_eq!(ten, "[1, 1, 1, 1, 1, 1, 1, 1] (and more: rank 10)");
    }
}
