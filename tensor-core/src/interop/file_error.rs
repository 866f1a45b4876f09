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
/// tensor name), kept inline: at most `N` bytes (below 256), longer ones cut
/// with `…`. Inline, so that a [`FileError`] needs no allocation; short, so
/// that it stays a small value to return (clippy's `result_large_err`
/// fires at 128 bytes, in users' closures that return it too).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Text<const N: usize = 40> {
    bytes: [u8; N],
    len: u8,
    cut: bool,
}

impl<const N: usize> Text<N> {
    /// The first bytes of `s`, cut at a character boundary.
    pub(crate) fn new(s: &[u8]) -> Self {
        const { assert!(N < 256, "the length is a u8") };
        let s = match core::str::from_utf8(s) {
            Ok(s) => s,
            Err(e) => core::str::from_utf8(&s[..e.valid_up_to()]).unwrap_or(""),
        };
        let mut end = s.len().min(N);
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        let mut bytes = [0; N];
        bytes[..end].copy_from_slice(&s.as_bytes()[..end]);
        Text {
            bytes,
            len: end as u8,
            cut: end < s.len(),
        }
    }

    /// The text kept (without the `…` of a cut one).
    pub(crate) fn as_str(&self) -> &str {
        core::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or("")
    }
}

impl<const N: usize> fmt::Display for Text<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())?;
        if self.cut {
            f.write_str("…")?;
        }
        Ok(())
    }
}

impl<const N: usize> fmt::Debug for Text<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{self}\"")
    }
}

/// How many dims of a file's shape are kept: one more than a tensor's
/// rank, for a batch's file (`[n, ..S]` with `S` of rank [`MAX_RANK`]).
pub(crate) const KEPT: usize = MAX_RANK + 1;

/// A shape as read (its first [`KEPT`] dims and its rank, which may be
/// larger) or asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Dims {
    pub(crate) dims: [usize; KEPT],
    pub(crate) rank: usize,
}

impl Dims {
    /// The dims of `dims`, at most [`KEPT`] of which are kept.
    pub(crate) fn of(dims: &[usize]) -> Self {
        let mut kept = [0; KEPT];
        let n = dims.len().min(KEPT);
        kept[..n].copy_from_slice(&dims[..n]);
        Dims {
            dims: kept,
            rank: dims.len(),
        }
    }
}

/// A shape read from a file, as an error shows it: its first [`KEPT`]
/// dims as `u32`s (a dim above `u32::MAX`, which no tensor of this crate
/// has, shows as `4294967295+`) and its rank. A third of [`Dims`]'s size,
/// so that [`FileError`] stays small.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ShownDims {
    dims: [u32; KEPT],
    rank: u32,
}

impl From<Dims> for ShownDims {
    fn from(d: Dims) -> Self {
        ShownDims {
            dims: d.dims.map(|n| u32::try_from(n).unwrap_or(u32::MAX)),
            rank: u32::try_from(d.rank).unwrap_or(u32::MAX),
        }
    }
}

impl fmt::Display for ShownDims {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rank = self.rank as usize;
        f.write_str("[")?;
        for (i, &n) in self.dims[..rank.min(KEPT)].iter().enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            match n {
                u32::MAX => write!(f, "{sep}{n}+")?,
                _ => write!(f, "{sep}{n}")?,
            }
        }
        f.write_str("]")?;
        if rank > KEPT {
            write!(f, " (and more: rank {rank})")?;
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
        found: Text<16>,
    },
    ByteOrder {
        found: Text<16>,
    },
    FortranOrder,
    Shape {
        expected: &'static [usize],
        found: ShownDims,
    },
    /// A batch's file: `[n, ..item]` expected, for any `n`.
    #[cfg(feature = "alloc")]
    ItemShape {
        item: &'static [usize],
        found: ShownDims,
    },
    /// A batch's file of `n > 0` items that have no elements: their count
    /// is not data (as for a batch from a slice, only 0 is accepted).
    #[cfg(feature = "alloc")]
    EmptyItems {
        item: &'static [usize],
        count: usize,
    },
    /// No tensor of the name being read (`FileError::tensor_name`).
    MissingName {
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
    tensor: Option<Text>,
}

impl FileError {
    pub(crate) fn new(format: FileFormat, problem: Problem) -> Self {
        FileError {
            format,
            problem,
            tensor: None,
        }
    }

    /// This error, from reading the tensor called `name` of a file that
    /// holds several (safetensors).
    pub(crate) fn of_tensor(self, name: &str) -> Self {
        FileError {
            tensor: Some(Text::new(name.as_bytes())),
            ..self
        }
    }

    /// The name of the tensor being read, for a file of named tensors
    /// (safetensors; its first 40 bytes): which of a file's tensors did not
    /// fit. The message starts with it.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let json = br#"{"fc1.w":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}}"#;
    /// let mut file = (json.len() as u64).to_le_bytes().to_vec();
    /// file.extend_from_slice(json);
    /// file.extend([0; 8]);
    /// let err = Tensor::<f32, Shape![3]>::try_from_safetensors(&file, "fc1.w").unwrap_err();
    /// assert_eq!(err.tensor_name(), Some("fc1.w"));
    /// assert_eq!(err.to_string(), "tensor 'fc1.w': shape: expected [3], the file holds [2]");
    /// ```
    pub fn tensor_name(&self) -> Option<&str> {
        self.tensor.as_ref().map(Text::as_str)
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
            #[cfg(feature = "alloc")]
            Problem::ItemShape { .. } | Problem::EmptyItems { .. } => FileErrorKind::Shape,
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
        match (self.tensor, self.problem) {
            // The missing-name message names it already.
            (_, Problem::MissingName { .. }) | (None, _) => {}
            (Some(name), _) => write!(f, "tensor '{name}': ")?,
        }
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
            #[cfg(feature = "alloc")]
            Problem::ItemShape { item, found } => {
                write!(f, "shape: expected [n")?;
                for d in item {
                    write!(f, ", {d}")?;
                }
                write!(f, "] (any number n of {item:?} items), the file holds {found}")
            }
            #[cfg(feature = "alloc")]
            Problem::EmptyItems { item, count } => write!(
                f,
                "shape: the file holds {count} items of shape {item:?}, which have no elements: only a batch of no item is read from a file"
            ),
            Problem::MissingName { count } => {
                let name = self.tensor.unwrap_or(Text::new(b""));
                write!(
                    f,
                    "no tensor named '{name}' in the safetensors file (it holds {count} tensors)"
                )
            }
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
        let t = Text::<40>::new(long.as_bytes());
        assert_eq!(t.to_string(), std::format!("{}…", "é".repeat(20)));
        assert_eq!(Text::<40>::new(b"<f4").to_string(), "<f4");
        assert_eq!(Text::<40>::new(b"ab\xffcd").to_string(), "ab");
        // A 16-byte text (a file's type string) cuts at 16 bytes: 8 `é`s.
        let short = Text::<16>::new(long.as_bytes());
        assert_eq!(short.to_string(), std::format!("{}…", "é".repeat(8)));
    }

    #[test]
    fn dims_past_the_rank_limit_say_so() {
        let shown = |d: &[usize]| ShownDims::from(Dims::of(d)).to_string();
        assert_eq!(shown(&[2, 3]), "[2, 3]");
        assert_eq!(shown(&[]), "[]");
        assert_eq!(
            shown(&[1; 10]),
            "[1, 1, 1, 1, 1, 1, 1, 1, 1] (and more: rank 10)"
        );
        #[cfg(target_pointer_width = "64")]
        assert_eq!(shown(&[5_000_000_000, 3]), "[4294967295+, 3]");
    }

    /// Small enough to return by value without clippy's
    /// `result_large_err` (128 bytes) in users' code.
    #[test]
    fn the_error_stays_under_128_bytes() {
        assert!(
            size_of::<FileError>() < 128,
            "{} bytes",
            size_of::<FileError>()
        );
    }
}
