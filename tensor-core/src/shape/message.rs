//! Messages built at compile time, for the checks that run when an item is
//! instantiated (a `const` block's panic): a reshape between products of
//! dimension variables names both shapes and their element counts in
//! decimal, which the types print only as projections or base-1024 digits.

use super::{Shape, MAX_RANK};

/// Room for the longest message: two shapes of 8 axes of 20 digits, their
/// counts, and the text around them (about 580 bytes).
const ROOM: usize = 640;

/// A message written into a fixed buffer by `const fn`s.
pub(crate) struct Message {
    bytes: [u8; ROOM],
    len: usize,
}

impl Message {
    /// An empty message.
    pub(crate) const fn new() -> Self {
        Message {
            bytes: [0; ROOM],
            len: 0,
        }
    }

    /// `self` followed by the bytes of `text`; a message longer than
    /// [`ROOM`] is a bug here, and stops the build rather than be cut.
    pub(crate) const fn text(mut self, text: &str) -> Self {
        let text = text.as_bytes();
        assert!(
            self.len + text.len() <= ROOM,
            "a compile-time message outgrew its buffer"
        );
        let mut i = 0;
        while i < text.len() {
            self.bytes[self.len] = text[i];
            self.len += 1;
            i += 1;
        }
        self
    }

    /// `self` followed by `n` in decimal.
    pub(crate) const fn number(self, mut n: usize) -> Self {
        let mut digits = [0u8; 20];
        let mut start = digits.len();
        loop {
            start -= 1;
            digits[start] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        match core::str::from_utf8(digits.split_at(start).1) {
            Ok(text) => self.text(text),
            Err(_) => panic!("decimal digits are UTF-8"),
        }
    }

    /// `self` followed by the shape `S` as NumPy prints one, `[3, 32, 32]`,
    /// and its element count: `[3, 32, 32] (3072 elements)`.
    const fn shape<S: Shape>(mut self) -> Self {
        let dims: [usize; MAX_RANK] = S::PADDED;
        self = self.text("[");
        let mut k = 0;
        while k < S::RANK {
            if k > 0 {
                self = self.text(", ");
            }
            self = self.number(dims[k]);
            k += 1;
        }
        self = self.text("] (").number(S::SIZE);
        self.text(if S::SIZE == 1 {
            " element)"
        } else {
            " elements)"
        })
    }

    /// The message, as text.
    pub(crate) const fn as_str(&self) -> &str {
        match core::str::from_utf8(self.bytes.split_at(self.len).0) {
            Ok(text) => text,
            Err(_) => panic!("a message is written from `&str`s and digits"),
        }
    }
}

/// The end of every such message: why `cargo check` did not report it.
pub(crate) const AT_INSTANTIATION: &str =
    " (in a `#[shape]` item with dimension variables, this is checked for each instantiation)";

/// What `op` (`"reshape"`, `"into_reshape"`) says when `A`'s elements do
/// not fit `B`: "reshape: the element counts differ: [3, 32, 32] (3072
/// elements) into [3, 32] (96 elements) (in a `#[shape]` item ...)".
pub(crate) const fn counts_differ<A: Shape, B: Shape>(op: &str) -> Message {
    Message::new()
        .text(op)
        .text(": the element counts differ: ")
        .shape::<A>()
        .text(" into ")
        .shape::<B>()
        .text(AT_INSTANTIATION)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;

    #[test]
    fn names_both_shapes_and_counts_in_decimal() {
        let m = counts_differ::<Shape![3, 32, 32], Shape![3, 32]>("reshape");
        assert_eq!(
            m.as_str(),
            "reshape: the element counts differ: [3, 32, 32] (3072 elements) into [3, 32] (96 elements) (in a `#[shape]` item with dimension variables, this is checked for each instantiation)"
        );
        let m = counts_differ::<Shape![], Shape![0, 1000003]>("into_reshape");
        assert!(m.as_str().starts_with(
            "into_reshape: the element counts differ: [] (1 element) into [0, 1000003] (0 elements)"
        ));
    }

    #[test]
    fn the_longest_message_fits() {
        type Wide = Shape![1000003, 2, 1, 1, 1, 1, 1, 65536];
        let m = Message::new().text("x").shape::<Wide>().number(usize::MAX);
        assert_eq!(
            m.as_str(),
            "x[1000003, 2, 1, 1, 1, 1, 1, 65536] (131072393216 elements)18446744073709551615"
        );
        // The fixed text, and two shapes of 8 axes of at most 20 digits
        // with their counts ("[", 7 × ", ", "] (", " elements)").
        let most = counts_differ::<Shape![], Shape![]>("into_reshape").len - 2 * (2 + 1 + 9)
            + 2 * (1 + 8 * 20 + 7 * 2 + 3 + 20 + 10);
        assert!(most <= ROOM, "{most}");
    }
}
