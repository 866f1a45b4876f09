//! `Display` for tensors: the text of NumPy's `str(array)`, without allocating.
//!
//! Integer tensors print byte for byte as NumPy prints an array of the same
//! shape and data with its default options: elements right-aligned to the
//! widest, rows wrapped at 75 characters, one blank line between matrices
//! (two between blocks of rank 3, ...), arrays of more than 1000
//! elements summarized to their first and last 3 items on each axis around
//! `...`, a scalar as its bare value and an array with a zero dimension as
//! `[]`. Float tensors follow NumPy's default `maxprec` float mode, with the
//! few differences listed on the `Display` impl. The printer is
//! [`fmt_array`]: it sees an array only as dims and an element accessor, and
//! measures in a first pass what it prints in a second, so it needs no
//! allocator.
//!
//! ```
//! use tensor_core::prelude::*;
//! let t = tensor![[1, -20], [300, 4]];
//! assert_eq!(t.to_string(), "[[  1 -20]\n [300   4]]");
//! let f = tensor![[1.0, 2.5], [-0.25, 10.0]];
//! assert_eq!(f.to_string(), "[[ 1.    2.5 ]\n [-0.25 10.  ]]");
//! ```

use core::fmt::{self, Display, Formatter, Write};

use crate::layout::nest::Block;
use crate::shape::Shape;
use crate::tensor::Tensor;

mod float;
#[cfg(test)]
mod tests;
use float::*;

/// NumPy's default `linewidth`: the longest line, in characters.
const LINE_WIDTH: usize = 75;
/// NumPy's default `threshold`: arrays with more elements are summarized.
const THRESHOLD: usize = 1000;
/// NumPy's default `edgeitems`: the items kept at each end of a summarized axis.
const EDGE_ITEMS: usize = 3;
/// Non-finite floats as Rust prints them, and as NumPy does.
const NON_FINITE: [(&str, &str); 3] = [("NaN", "nan"), ("inf", "inf"), ("-inf", "-inf")];

/// Prints the array of shape `dims` whose element at flat row-major index `i`
/// is `at(i)`, as NumPy's `str(array)` does: the printer behind
/// `Display for Tensor`, whose documentation gives the rules. Any array-like
/// (a view, a slice of a tensor) prints through it.
///
/// An element is a float when its `Display` honours a precision (`{:.1}`
/// prints a `.`) or when it prints as `NaN`, `inf` or `-inf`; the array prints
/// as floats when all its shown elements are floats, else every element prints
/// its own `Display` text, right-aligned.
pub(crate) fn fmt_array<'a, T: Display + 'a>(
    f: &mut Formatter<'_>,
    dims: &[usize],
    at: impl Fn(usize) -> &'a T,
) -> fmt::Result {
    let size: usize = dims.iter().product();
    if dims.is_empty() {
        return scalar(f, at(0));
    }
    if size == 0 {
        return f.write_str("[]");
    }
    let grid = Grid {
        dims,
        at,
        summary: size > THRESHOLD,
    };
    let style = grid.style();
    grid.block(&mut Out { f, spaces: 0 }, &style, Block::whole(dims))
}

/// Prints like NumPy's `str(array)` under NumPy's default print options:
/// `[[1 2 3]\n [4 5 6]]`.
///
/// Integer tensors print byte for byte as NumPy prints an array of the same
/// shape and data: elements right-aligned to the widest shown one, rows
/// wrapped to lines of at most 75 characters, continuations indented under the
/// row's `[`, sub-blocks of rank `r` separated by `r` newlines (a blank line
/// between the matrices of a 3-D tensor), tensors of more than 1000 elements
/// summarized to the first and last 3 items of every axis longer than 6
/// around `...`, a rank-0 tensor as its bare value and a tensor with a zero
/// dimension as `[]`. Formatter flags (width, precision) are ignored.
///
/// Float tensors print in NumPy's default `maxprec` mode: each value with its
/// shortest round-trip digits but at most 8 after the point (rounded half to
/// even from the exact value), integral values with a bare `.` (`1.`),
/// fractions padded with spaces to the longest (`[1.  2.5]`), `nan`, `inf`
/// and `-inf` right-aligned; scientific notation (`[1.0e-05 1.5e+00]`:
/// mantissas padded with zeros to the longest, exponents of at least two
/// digits) when the largest magnitude is at least 10^8 (10^6 for `f32`), the
/// smallest nonzero one is below 10^-4, or their ratio is above 1000. A
/// rank-0 float prints as NumPy's float scalar: `1.0`, `2.5`, `1e-05`,
/// `1e+16` (`1e+06` for `f32`), with all its shortest digits.
///
/// Where floats may differ from NumPy:
///
/// * the float type is told from the element's size: 4 bytes is `f32`, any
///   other is `f64`, so the cutoffs of a float wrapper of another size are
///   those of the other type;
/// * the ratio test compares the decimal values exactly, where NumPy divides
///   in floating point: a ratio within rounding of 1000 may choose the other
///   notation;
/// * an element is a float when its `Display` honours a precision, or prints
///   `NaN`, `inf` or `-inf`: a custom element type may be taken for a float.
///
/// Other elements print their own `Display` text, so `bool` prints
/// `true`/`false` where NumPy prints `True`/`False`, and strings are not quoted.
///
/// ```
/// use tensor_core::prelude::*;
/// let t = Tensor::<i64, Shape![2, 2, 2]>::from_flat_fn(|i| i as i64 - 3);
/// assert_eq!(t.to_string(), "[[[-3 -2]\n  [-1  0]]\n\n [[ 1  2]\n  [ 3  4]]]");
/// assert_eq!(tensor![1.0, 2.5, -3.0].to_string(), "[ 1.   2.5 -3. ]");
/// assert_eq!(Tensor::<u8, Shape![]>::full(7).to_string(), "7");
/// ```
impl<T: Display, S: Shape> Display for Tensor<T, S> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let elems = self.as_slice();
        fmt_array(f, S::DIMS.as_ref(), |i| &elems[i])
    }
}

/// The shown indices along an axis of length `len`: all of them, or when
/// `summary` cuts the axis, the first and last [`EDGE_ITEMS`] around a gap
/// (`None`), as NumPy's `...`.
fn shown(len: usize, summary: bool) -> impl Iterator<Item = Option<usize>> {
    let cut = summary && len > 2 * EDGE_ITEMS;
    let (head, tail) = if cut {
        (EDGE_ITEMS, len - EDGE_ITEMS)
    } else {
        (len, len)
    };
    let gap = cut.then_some(None);
    (0..head).map(Some).chain(gap).chain((tail..len).map(Some))
}

/// An array being printed: dims, elements by flat row-major index, and
/// whether it is summarized.
struct Grid<'d, F> {
    /// The dimensions, outermost first.
    dims: &'d [usize],
    /// The element at a flat row-major index.
    at: F,
    /// More than [`THRESHOLD`] elements: long axes are cut to their edges.
    summary: bool,
}

impl<'a, 'd, T: Display + 'a, F: Fn(usize) -> &'a T> Grid<'d, F> {
    /// How many axes enclose `block`: the `[`s printed before it.
    fn depth(&self, block: Block<'_>) -> usize {
        self.dims.len() - block.dims.len()
    }

    /// Calls `visit` on each shown element of `block`.
    fn each_shown(&self, block: Block<'_>, visit: &mut impl FnMut(&'a T)) {
        let Some(len) = block.len() else {
            return visit((self.at)(block.start));
        };
        for i in shown(len, self.summary).flatten() {
            self.each_shown(block.sub(i), visit);
        }
    }

    /// The first pass: how every shown element will print.
    fn style(&self) -> Style {
        let mut survey = Survey::default();
        self.each_shown(Block::whole(self.dims), &mut |x| survey.add(x));
        if survey.plain {
            return Style::Plain(survey.width);
        }
        let mut float = FloatStyle::new(survey.scientific::<T>());
        self.each_shown(Block::whole(self.dims), &mut |x| float.fit(x));
        float.fit_non_finite(survey.non_finite, survey.neg_inf);
        Style::Float(float)
    }

    /// Prints `block`, of rank 1 or more.
    fn block(&self, out: &mut Out<'_, '_>, style: &Style, block: Block<'_>) -> fmt::Result {
        if block.dims.len() == 1 {
            self.row(out, style, block)
        } else {
            self.rows(out, style, block)
        }
    }

    /// Prints a block of rank 2 or more: sub-blocks separated by as many
    /// newlines as their rank, each indented under the `[` before it.
    fn rows(&self, out: &mut Out<'_, '_>, style: &Style, block: Block<'_>) -> fmt::Result {
        let (indent, newlines) = (self.depth(block) + 1, block.dims.len() - 1);
        out.write_char('[')?;
        for (k, i) in shown(block.dims[0], self.summary).enumerate() {
            if k > 0 {
                out.newlines(newlines)?;
                out.pad(indent);
            }
            match i {
                Some(i) => self.block(out, style, block.sub(i))?,
                None => out.write_str("...")?,
            }
        }
        out.write_char(']')
    }

    /// Prints a row of elements, wrapping before a word that would pass the
    /// line width minus one column per enclosing `]`, as NumPy's `_extendLine`.
    fn row(&self, out: &mut Out<'_, '_>, style: &Style, block: Block<'_>) -> fmt::Result {
        let indent = self.depth(block) + 1;
        let limit = LINE_WIDTH.saturating_sub(indent);
        let mut column = indent;
        out.write_char('[')?;
        for (k, i) in shown(block.dims[0], self.summary).enumerate() {
            if k > 0 {
                out.pad(1);
                column += 1;
            }
            let width = i.map_or(3, |_| style.width());
            if column + width > limit && column > indent {
                out.newlines(1)?;
                out.pad(indent);
                column = indent;
            }
            column += width;
            match i {
                Some(i) => style.write(out, (self.at)(block.sub(i).start))?,
                None => out.write_str("...")?,
            }
        }
        out.write_char(']')
    }
}

/// The formatter, holding spaces back until text follows them, so that a
/// wrapped line loses its trailing spaces as NumPy's `line.rstrip()` does.
struct Out<'a, 'b> {
    /// Where the text goes.
    f: &'a mut Formatter<'b>,
    /// Spaces owed before the next text.
    spaces: usize,
}

impl Out<'_, '_> {
    /// Owes `n` more spaces.
    fn pad(&mut self, n: usize) {
        self.spaces += n;
    }

    /// Ends the line `n` times, dropping the spaces owed.
    fn newlines(&mut self, n: usize) -> fmt::Result {
        self.spaces = 0;
        (0..n).try_for_each(|_| self.f.write_char('\n'))
    }
}

impl Write for Out<'_, '_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if self.spaces > 0 {
            write!(self.f, "{:1$}", "", self.spaces)?;
            self.spaces = 0;
        }
        self.f.write_str(s)
    }
}

/// The parts of [`FloatStyle`] that read elements and write to [`Out`]
/// (here rather than in `float.rs`, which knows digits only).
impl FloatStyle {
    /// Widens the style to fit `x`.
    pub(super) fn fit<T: Display>(&mut self, x: &T) {
        if let Elem::Finite(d) = classify(x) {
            let d = shortest(x, &d, self.sci);
            self.left = self.left.max(d.int_len(self.sci));
            self.frac = self.frac.max(d.frac_len(self.sci));
            self.exp_digits = self.exp_digits.max(d.exp_len());
        }
    }

    /// Writes the finite `x`, whose shortest digits are `d`. A mantissa has
    /// exactly `frac` digits, beyond the shortest ones if need be, as NumPy's
    /// `min_digits` asks of Dragon4.
    pub(super) fn write<T: Display>(
        &self,
        out: &mut Out<'_, '_>,
        x: &T,
        d: &Decimal,
    ) -> fmt::Result {
        if self.sci {
            let d = digits(x, d, true, self.frac);
            out.pad(self.left.saturating_sub(d.int_len(true)));
            return d.write_scientific(out, self.frac, self.exp_digits, true);
        }
        let d = shortest(x, d, false);
        out.pad(self.left.saturating_sub(d.int_len(false)));
        d.write_int(out)?;
        out.write_char('.')?;
        d.write_frac(out)?;
        out.pad(self.frac.saturating_sub(d.frac_len(false)));
        Ok(())
    }
}

/// What the first pass learns about the shown elements.
#[derive(Default)]
struct Survey {
    /// The widest `Display` text.
    width: usize,
    /// Some element is not a float.
    plain: bool,
    /// The largest nonzero finite magnitude.
    max: Option<Decimal>,
    /// The smallest nonzero finite magnitude.
    min: Option<Decimal>,
    /// Some element is a NaN or an infinity.
    non_finite: bool,
    /// Some element is minus infinity.
    neg_inf: bool,
}

impl Survey {
    /// Takes one element into account.
    fn add<T: Display>(&mut self, x: &T) {
        self.width = self.width.max(chars(x));
        match classify(x) {
            Elem::Finite(d) if d.len > 0 => self.add_magnitude(d),
            Elem::Finite(_) => {}
            Elem::NonFinite(text) => {
                self.non_finite = true;
                self.neg_inf |= text == "-inf";
            }
            Elem::Plain => self.plain = true,
        }
    }

    /// Takes a nonzero finite value into the largest and smallest magnitudes.
    fn add_magnitude(&mut self, d: Decimal) {
        if self.max.is_none_or(|m| d.exceeds(&m, 0)) {
            self.max = Some(d);
        }
        if self.min.is_none_or(|m| m.exceeds(&d, 0)) {
            self.min = Some(d);
        }
    }

    /// NumPy's choice of scientific notation: the largest magnitude at least
    /// the cutoff, the smallest below 10^-4, or their ratio above 1000.
    fn scientific<T>(&self) -> bool {
        let (Some(max), Some(min)) = (self.max, self.min) else {
            return false;
        };
        max.exp >= Dtype::of::<T>().array_cutoff || min.exp < -4 || max.exceeds(&min, 3)
    }
}

/// How the elements of an array print, all to the same width.
enum Style {
    /// Their own `Display` text, right-aligned to this width.
    Plain(usize),
    /// As NumPy's floats.
    Float(FloatStyle),
}

impl Style {
    /// The width of every element.
    fn width(&self) -> usize {
        match self {
            Style::Plain(width) => *width,
            Style::Float(float) => float.width(),
        }
    }

    /// Writes one element, padded to the width.
    fn write<T: Display>(&self, out: &mut Out<'_, '_>, x: &T) -> fmt::Result {
        match (self, classify(x)) {
            (Style::Float(float), Elem::Finite(d)) => float.write(out, x, &d),
            (Style::Float(float), Elem::NonFinite(text)) => {
                out.pad(float.width().saturating_sub(text.len()));
                out.write_str(text)
            }
            _ => {
                out.pad(self.width().saturating_sub(chars(x)));
                write!(out, "{x}")
            }
        }
    }
}

/// A rank-0 array: the element alone, a float as NumPy's float scalar.
fn scalar<T: Display>(f: &mut Formatter<'_>, x: &T) -> fmt::Result {
    match classify(x) {
        Elem::Finite(d) => scalar_float(f, x, &d),
        Elem::NonFinite(text) => f.write_str(text),
        Elem::Plain => write!(f, "{x}"),
    }
}

/// One element, classified by its text.
enum Elem {
    /// A finite float, as its shortest round-trip digits.
    Finite(Decimal),
    /// A NaN or an infinity, spelled as NumPy spells it.
    NonFinite(&'static str),
    /// Anything else: printed as its own `Display` text.
    Plain,
}

/// Classifies `x`: a float honours a precision; NaN and infinities by name.
fn classify<T: Display>(x: &T) -> Elem {
    if Reader::scan(format_args!("{x:.1}")).point {
        if let Some(d) = Decimal::read(format_args!("{x}")) {
            return Elem::Finite(d);
        }
    }
    NON_FINITE
        .iter()
        .find(|(rust, _)| Matcher::matches(format_args!("{x}"), rust))
        .map_or(Elem::Plain, |&(_, numpy)| Elem::NonFinite(numpy))
}

/// The number of characters `x` prints as.
fn chars<T: Display>(x: &T) -> usize {
    let mut counter = Counter(0);
    // A `Display` impl that fails leaves a width that is only cosmetic.
    let _ = write!(counter, "{x}");
    counter.0
}

/// A `fmt::Write` sink that counts characters.
struct Counter(usize);

impl Write for Counter {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 += s.chars().count();
        Ok(())
    }
}

/// A `fmt::Write` sink that checks the text written is exactly `target`.
struct Matcher<'t> {
    /// The text expected.
    target: &'t str,
    /// How much of `target` has been matched.
    pos: usize,
    /// No mismatch so far.
    ok: bool,
}

impl Matcher<'_> {
    /// Whether `args` prints exactly `target`.
    fn matches(args: fmt::Arguments<'_>, target: &str) -> bool {
        let mut m = Matcher {
            target,
            pos: 0,
            ok: true,
        };
        m.write_fmt(args).is_ok() && m.ok && m.pos == target.len()
    }
}

impl Write for Matcher<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.pos + s.len();
        self.ok &= self.target.get(self.pos..end) == Some(s);
        self.pos = end;
        Ok(())
    }
}
