//! A cursor over a file header's text (`.npy`'s Python dict, safetensors'
//! JSON): the tokens both formats share, each error naming the byte where
//! the text went wrong. The formats add their own tokens in their modules.
//!
//! ```
//! use tensor_core::prelude::*;
//! let mut file = b"\x93NUMPY\x01\x00\x08\x00{'descr'".to_vec();
//! let err = Tensor::<f32, Shape![]>::try_from_npy(&file).unwrap_err();
//! assert_eq!(err.to_string(), "malformed .npy header at byte 18: expected ':' after a key");
//! ```

use super::file_error::{FileError, FileFormat, Problem};

/// The header text, the position reached, the header's offset in the file
/// (for messages) and the format (for messages).
pub(crate) struct Cursor<'a> {
    pub(crate) text: &'a [u8],
    pub(crate) at: usize,
    base: usize,
    format: FileFormat,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `text`, which starts at byte `base` of a
    /// file in `format`.
    pub(crate) fn new(text: &'a [u8], base: usize, format: FileFormat) -> Self {
        Cursor {
            text,
            at: 0,
            base,
            format,
        }
    }

    /// A header error at the current position.
    pub(crate) fn fail(&self, reason: &'static str) -> FileError {
        let at = self.base + self.at;
        FileError::new(self.format, Problem::Header { reason, at })
    }

    /// An error of this cursor's format.
    pub(crate) fn error(&self, problem: Problem) -> FileError {
        FileError::new(self.format, problem)
    }

    /// The next byte, if any.
    pub(crate) fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    /// Skips spaces, tabs and line ends.
    pub(crate) fn skip_space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    /// Skips spaces, then takes `byte` or fails with `reason`.
    pub(crate) fn expect(&mut self, byte: u8, reason: &'static str) -> Result<(), FileError> {
        self.skip_space();
        if self.peek() != Some(byte) {
            return Err(self.fail(reason));
        }
        self.at += 1;
        Ok(())
    }

    /// Skips spaces, then takes `byte` if it is next.
    pub(crate) fn take(&mut self, byte: u8) -> bool {
        self.skip_space();
        let found = self.peek() == Some(byte);
        self.at += usize::from(found);
        found
    }

    /// Skips spaces; `Ok` when nothing else is left.
    pub(crate) fn end(&mut self, reason: &'static str) -> Result<(), FileError> {
        self.skip_space();
        match self.at == self.text.len() {
            true => Ok(()),
            false => Err(self.fail(reason)),
        }
    }

    /// A decimal integer that fits a `usize` (no sign, no leading zero but
    /// in `0` itself); `reason` when there is none.
    pub(crate) fn size(&mut self, reason: &'static str) -> Result<usize, FileError> {
        self.skip_space();
        let rest = &self.text[self.at..];
        let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 {
            return Err(self.fail(reason));
        }
        if digits > 1 && rest[0] == b'0' {
            return Err(self.fail("a number with a leading zero"));
        }
        let mut n: usize = 0;
        for &d in &rest[..digits] {
            n = n
                .checked_mul(10)
                .and_then(|n| n.checked_add(usize::from(d - b'0')))
                .ok_or(self.error(Problem::Overflow { what: "a number" }))?;
        }
        self.at += digits;
        Ok(n)
    }
}
