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

use crate::shape::Shape;
use crate::tensor::Tensor;

/// NumPy's default `linewidth`: the longest line, in characters.
const LINE_WIDTH: usize = 75;
/// NumPy's default `threshold`: arrays with more elements are summarized.
const THRESHOLD: usize = 1000;
/// NumPy's default `edgeitems`: the items kept at each end of a summarized axis.
const EDGE_ITEMS: usize = 3;
/// NumPy's default `precision`: the most fraction digits a float prints.
const PRECISION: usize = 8;
/// The most significant digits of a number that are kept; the rest only round.
const MAX_DIGITS: usize = 40;
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
    grid.block(&mut Out { f, spaces: 0 }, &style, 0, 0)
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
/// let t = Tensor::<i64, shape![2, 2, 2]>::from_flat_fn(|i| i as i64 - 3);
/// assert_eq!(t.to_string(), "[[[-3 -2]\n  [-1  0]]\n\n [[ 1  2]\n  [ 3  4]]]");
/// assert_eq!(tensor![1.0, 2.5, -3.0].to_string(), "[ 1.   2.5 -3. ]");
/// assert_eq!(Tensor::<u8, shape![]>::full(7).to_string(), "7");
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
    /// The distance between consecutive indices of `axis`, in elements.
    fn stride(&self, axis: usize) -> usize {
        self.dims[axis + 1..].iter().product()
    }

    /// Calls `visit` on each shown element under the block at `axis`, `base`.
    fn each_shown(&self, axis: usize, base: usize, visit: &mut impl FnMut(&'a T)) {
        if axis == self.dims.len() {
            return visit((self.at)(base));
        }
        let stride = self.stride(axis);
        for i in shown(self.dims[axis], self.summary).flatten() {
            self.each_shown(axis + 1, base + i * stride, visit);
        }
    }

    /// The first pass: how every shown element will print.
    fn style(&self) -> Style {
        let mut survey = Survey::default();
        self.each_shown(0, 0, &mut |x| survey.add(x));
        if survey.plain {
            return Style::Plain(survey.width);
        }
        let mut float = FloatStyle::new(survey.scientific::<T>());
        self.each_shown(0, 0, &mut |x| float.fit(x));
        float.fit_non_finite(survey.non_finite, survey.neg_inf);
        Style::Float(float)
    }

    /// Prints the block at `axis` starting at flat index `base`.
    fn block(&self, out: &mut Out<'_, '_>, style: &Style, axis: usize, base: usize) -> fmt::Result {
        if axis + 1 == self.dims.len() {
            self.row(out, style, axis, base)
        } else {
            self.rows(out, style, axis, base)
        }
    }

    /// Prints a block of rank 2 or more: sub-blocks separated by as many
    /// newlines as their rank, each indented under the `[` before it.
    fn rows(&self, out: &mut Out<'_, '_>, style: &Style, axis: usize, base: usize) -> fmt::Result {
        let (stride, newlines) = (self.stride(axis), self.dims.len() - axis - 1);
        out.write_char('[')?;
        for (k, i) in shown(self.dims[axis], self.summary).enumerate() {
            if k > 0 {
                out.newlines(newlines)?;
                out.pad(axis + 1);
            }
            match i {
                Some(i) => self.block(out, style, axis + 1, base + i * stride)?,
                None => out.write_str("...")?,
            }
        }
        out.write_char(']')
    }

    /// Prints a row of elements, wrapping before a word that would pass the
    /// line width minus one column per enclosing `]`, as NumPy's `_extendLine`.
    fn row(&self, out: &mut Out<'_, '_>, style: &Style, axis: usize, base: usize) -> fmt::Result {
        let (indent, limit) = (axis + 1, LINE_WIDTH.saturating_sub(axis + 1));
        let mut column = indent;
        out.write_char('[')?;
        for (k, i) in shown(self.dims[axis], self.summary).enumerate() {
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
                Some(i) => style.write(out, (self.at)(base + i))?,
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

/// How the floats of an array print: NumPy's `FloatingFormat`.
#[derive(Clone, Copy)]
struct FloatStyle {
    /// Scientific notation.
    sci: bool,
    /// Characters before the point, the sign included.
    left: usize,
    /// Digits after the point: the most any element has (positional, padded
    /// with spaces) or every mantissa's (scientific, padded with zeros).
    frac: usize,
    /// Exponent digits (scientific).
    exp_digits: usize,
}

impl FloatStyle {
    /// The style before any element is seen.
    fn new(sci: bool) -> FloatStyle {
        FloatStyle {
            sci,
            left: 0,
            frac: 0,
            exp_digits: 0,
        }
    }

    /// Characters after the point: the fraction, and `e±XX`.
    fn right(&self) -> usize {
        match self.sci {
            true => self.frac + 2 + self.exp_digits,
            false => self.frac,
        }
    }

    /// The width of every element.
    fn width(&self) -> usize {
        self.left + 1 + self.right()
    }

    /// Widens the style to fit `x`.
    fn fit<T: Display>(&mut self, x: &T) {
        if let Elem::Finite(d) = classify(x) {
            let d = shortest(x, &d, self.sci);
            self.left = self.left.max(d.int_len(self.sci));
            self.frac = self.frac.max(d.frac_len(self.sci));
            self.exp_digits = self.exp_digits.max(d.exp_len());
        }
    }

    /// Widens the integer part so that `nan` and `inf` (or `-inf`) fit.
    fn fit_non_finite(&mut self, non_finite: bool, neg_inf: bool) {
        if non_finite {
            let needed = 3 + usize::from(neg_inf);
            self.left = self.left.max(needed.saturating_sub(self.right() + 1));
        }
    }

    /// Writes the finite `x`, whose shortest digits are `d`. A mantissa has
    /// exactly `frac` digits, beyond the shortest ones if need be, as NumPy's
    /// `min_digits` asks of Dragon4.
    fn write<T: Display>(&self, out: &mut Out<'_, '_>, x: &T, d: &Decimal) -> fmt::Result {
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

/// The digits NumPy prints for `x` (whose shortest digits are `d`) in an
/// array: the shortest round trip, but at most [`PRECISION`] after the point
/// (of the mantissa when `sci`).
fn shortest<T: Display>(x: &T, d: &Decimal, sci: bool) -> Decimal {
    digits(x, d, sci, d.frac_len(sci).min(PRECISION))
}

/// The digits NumPy prints for `x` with `frac` digits after the point (of the
/// mantissa when `sci`): [`rounded`], but at the length of the shortest form
/// `d`, where rounding moves off `d` only for an exact tie (Rust rounds it
/// up, NumPy's Dragon4 to even unless the even candidate does not read back
/// as `x`) or for a power of two, whose rounding interval is lopsided and
/// whose shortest form is `d` whatever the rounding.
fn digits<T: Display>(x: &T, d: &Decimal, sci: bool, frac: usize) -> Decimal {
    let even = rounded(x, d, sci, frac);
    if frac != d.frac_len(sci) || even.same(d) {
        return even;
    }
    // Exact for every f32 and f64: the smallest subnormal has 1074 digits.
    let exact = Decimal::read(format_args!("{x:.1100}"));
    let bits = Dtype::of::<T>().mantissa_bits;
    match exact {
        Some(e) if e.is_tie_beyond(d) && !e.is_lopsided_tie(bits) => even,
        _ => *d,
    }
}

/// `x` rounded to `frac` digits after the point (of the mantissa when `sci`),
/// half to even from its exact value, as NumPy's Dragon4 rounds at a cutoff;
/// `d`, the shortest digits of `x`, places the point.
fn rounded<T: Display>(x: &T, d: &Decimal, sci: bool, frac: usize) -> Decimal {
    let exp = if sci { d.exp } else { 0 };
    match usize::try_from(frac as isize - exp) {
        Ok(places) => Decimal::read(format_args!("{x:.places$}")).unwrap_or(*d),
        Err(_) => rounded_big(x, d, frac + 1),
    }
}

/// `x`, at least 10, to `keep` significant digits left of the point: its
/// exact digits (a binary float this large has at most 49 fraction digits)
/// rounded here, as Rust rounds only right of the point.
fn rounded_big<T: Display>(x: &T, d: &Decimal, keep: usize) -> Decimal {
    let mut exact = Decimal::read(format_args!("{x:.50}")).unwrap_or(*d);
    exact.round_to(keep);
    exact
}

/// A rank-0 array: the element alone, a float as NumPy's float scalar.
fn scalar<T: Display>(f: &mut Formatter<'_>, x: &T) -> fmt::Result {
    match classify(x) {
        Elem::Finite(d) => scalar_float(f, x, &d),
        Elem::NonFinite(text) => f.write_str(text),
        Elem::Plain => write!(f, "{x}"),
    }
}

/// A finite float scalar: positional with at least one fraction digit when
/// `10^-4 <= |x| < cutoff` or `x` is zero, else scientific, all digits shown.
fn scalar_float<T: Display>(f: &mut Formatter<'_>, x: &T, d: &Decimal) -> fmt::Result {
    // NumPy compares the exact value with 1e-4 (an f32 just below it counts).
    let exact = Decimal::read(format_args!("{x:.80}")).unwrap_or(*d);
    let tiny = exact.len == 0 || exact.exp < -4;
    if d.len > 0 && (tiny || d.exp >= Dtype::of::<T>().scalar_cutoff) {
        let d = digits(x, d, true, d.frac_len(true));
        return d.write_scientific(f, d.frac_len(true), 2, false);
    }
    let d = digits(x, d, false, d.frac_len(false));
    d.write_int(f)?;
    f.write_char('.')?;
    match d.frac_len(false) {
        0 => f.write_char('0'),
        _ => d.write_frac(f),
    }
}

/// What NumPy's printing takes from a float dtype.
struct Dtype {
    /// The decimal exponent from which an array prints in scientific
    /// notation: NumPy's `10**min(8, finfo.precision)`.
    array_cutoff: isize,
    /// The decimal exponent from which a scalar prints in scientific notation.
    scalar_cutoff: isize,
    /// Bits in the significand, the implicit one included.
    mantissa_bits: u32,
}

impl Dtype {
    /// The dtype of the float type guessed from the element's size: 4 bytes
    /// is `float32`, any other size `float64`.
    fn of<T>() -> Dtype {
        match core::mem::size_of::<T>() {
            4 => Dtype {
                array_cutoff: 6,
                scalar_cutoff: 6,
                mantissa_bits: 24,
            },
            _ => Dtype {
                array_cutoff: 8,
                scalar_cutoff: 16,
                mantissa_bits: 53,
            },
        }
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

/// A decimal number `±0.d1 d2 ... dn × 10^(exp+1)`: `d1` is the digit of
/// `10^exp`. Zero has no digits and `exp` 0.
#[derive(Clone, Copy)]
struct Decimal {
    /// A minus sign was printed (also for `-0`).
    neg: bool,
    /// The significant digits, without leading or trailing zeros.
    digits: [u8; MAX_DIGITS],
    /// How many of `digits` are used.
    len: usize,
    /// The decimal exponent of the first digit.
    exp: isize,
    /// Nonzero digits beyond `MAX_DIGITS` were dropped.
    sticky: bool,
}

impl Decimal {
    /// The number `args` prints as `[-]digits[.digits]`, or `None`.
    fn read(args: fmt::Arguments<'_>) -> Option<Decimal> {
        Reader::scan(args).finish()
    }

    /// The digit at position `p` (0 is `d1`), 0 outside the digits.
    fn digit_at(&self, p: isize) -> u8 {
        match usize::try_from(p) {
            Ok(i) if i < self.len => self.digits[i],
            _ => 0,
        }
    }

    /// Characters before the point: sign and integer digits, or sign and
    /// `d1` in scientific notation.
    fn int_len(&self, sci: bool) -> usize {
        let digits = if sci { 1 } else { self.exp.max(0) as usize + 1 };
        usize::from(self.neg) + digits
    }

    /// Digits after the point (before any exponent).
    fn frac_len(&self, sci: bool) -> usize {
        match sci {
            true => self.len.saturating_sub(1),
            false => (self.len as isize - self.exp - 1).max(0) as usize,
        }
    }

    /// The digits of the exponent, at least two as NumPy prints them.
    fn exp_len(&self) -> usize {
        let mut e = self.exp.unsigned_abs();
        let mut n = 1;
        while e >= 10 {
            (e, n) = (e / 10, n + 1);
        }
        n.max(2)
    }

    /// Whether `|self| > |other| * 10^shift`.
    fn exceeds(&self, other: &Decimal, shift: isize) -> bool {
        let other_exp = other.exp + shift;
        if self.exp != other_exp {
            return self.exp > other_exp;
        }
        let n = self.len.max(other.len) as isize;
        (0..n)
            .map(|p| (self.digit_at(p), other.digit_at(p)))
            .find(|(a, b)| a != b)
            .map_or(self.sticky && !other.sticky, |(a, b)| a > b)
    }

    /// Whether `self` and `other` are the same number, sign included.
    fn same(&self, other: &Decimal) -> bool {
        (self.neg, self.exp, self.sticky) == (other.neg, other.exp, other.sticky)
            && self.digits[..self.len] == other.digits[..other.len]
    }

    /// The place of the last digit: `n` for the digit of `10^-n`.
    fn last_place(&self) -> isize {
        self.len as isize - 1 - self.exp
    }

    /// Whether `self` (exact) is halfway between two numbers with the
    /// length of `shorter`: a 5 in the place after `shorter`'s last digit.
    fn is_tie_beyond(&self, shorter: &Decimal) -> bool {
        self.last_place() == shorter.last_place() + 1 && self.digits[..self.len].last() == Some(&5)
    }

    /// Whether `self`, exactly halfway between two shortest forms, is a
    /// power of two `2^-j` (digits `5^j` at scale `10^-j`; a power of two that
    /// is a tie is below 1) whose lower candidate, half a unit `5 × 10^-j`
    /// below, is further than its lower neighbour's midpoint, a quarter ulp
    /// `2^(-j-bits-1)` below: that is when `5^(j-1) < 2^(bits+1)`.
    fn is_lopsided_tie(&self, bits: u32) -> bool {
        let scale = self.last_place();
        let Some(mut n) = self.digits_as_integer() else {
            return false;
        };
        let power = n;
        let mut fives = 0;
        while n % 5 == 0 {
            (n, fives) = (n / 5, fives + 1);
        }
        n == 1 && fives == scale && power / 5 < 1u128 << (bits + 1)
    }

    /// The digits as an integer, if they are all known and fit.
    fn digits_as_integer(&self) -> Option<u128> {
        if self.sticky || self.len == 0 {
            return None;
        }
        self.digits[..self.len]
            .iter()
            .try_fold(0u128, |n, &d| n.checked_mul(10)?.checked_add(u128::from(d)))
    }

    /// Keeps `keep >= 1` significant digits, rounding half to even.
    fn round_to(&mut self, keep: usize) {
        if self.len <= keep {
            return;
        }
        let rest = self.digits[keep + 1..self.len].iter().any(|&d| d != 0);
        let next = self.digits[keep];
        let odd = self.digits[keep - 1] % 2 == 1;
        self.len = keep;
        if next > 5 || (next == 5 && (rest || self.sticky || odd)) {
            self.increment();
        }
        self.sticky = false;
        self.trim();
    }

    /// Adds one unit in the last digit, carrying.
    fn increment(&mut self) {
        for d in self.digits[..self.len].iter_mut().rev() {
            if *d < 9 {
                *d += 1;
                return;
            }
            *d = 0;
        }
        (self.digits[0], self.len, self.exp) = (1, 1, self.exp + 1);
    }

    /// Drops trailing zero digits.
    fn trim(&mut self) {
        while self.len > 0 && self.digits[self.len - 1] == 0 {
            self.len -= 1;
        }
    }

    /// Writes the sign and the integer part, `0` when `|self| < 1`.
    fn write_int(&self, w: &mut impl Write) -> fmt::Result {
        if self.neg {
            w.write_char('-')?;
        }
        if self.exp < 0 {
            return w.write_char('0');
        }
        (0..=self.exp).try_for_each(|p| self.write_digit(w, p))
    }

    /// Writes the digits after the point.
    fn write_frac(&self, w: &mut impl Write) -> fmt::Result {
        (self.exp + 1..self.len as isize).try_for_each(|p| self.write_digit(w, p))
    }

    /// Writes the digit at position `p`.
    fn write_digit(&self, w: &mut impl Write, p: isize) -> fmt::Result {
        w.write_char(char::from(b'0' + self.digit_at(p)))
    }

    /// Writes `[-]d.ddde±XX` with `frac` mantissa digits (zero-padded) and an
    /// exponent of `exp_digits` digits or more; without fraction digits, the
    /// point only when `point`.
    fn write_scientific(
        &self,
        w: &mut impl Write,
        frac: usize,
        exp_digits: usize,
        point: bool,
    ) -> fmt::Result {
        if self.neg {
            w.write_char('-')?;
        }
        self.write_digit(w, 0)?;
        if frac > 0 || point {
            w.write_char('.')?;
        }
        (1..=frac as isize).try_for_each(|p| self.write_digit(w, p))?;
        let sign = if self.exp < 0 { '-' } else { '+' };
        write!(w, "e{sign}{:0exp_digits$}", self.exp.unsigned_abs())
    }
}

/// A `fmt::Write` sink that reads `[-]digits[.digits]` into a [`Decimal`].
struct Reader {
    /// The number read so far.
    dec: Decimal,
    /// Digits before the point, from the first significant one.
    int_digits: usize,
    /// Zeros after the point before the first significant digit.
    frac_zeros: usize,
    /// A point was read.
    point: bool,
    /// A digit was read.
    any_digit: bool,
    /// Only a number's characters were read.
    valid: bool,
}

impl Reader {
    /// Reads what `args` prints.
    fn scan(args: fmt::Arguments<'_>) -> Reader {
        let dec = Decimal {
            neg: false,
            digits: [0; MAX_DIGITS],
            len: 0,
            exp: 0,
            sticky: false,
        };
        let mut r = Reader {
            dec,
            int_digits: 0,
            frac_zeros: 0,
            point: false,
            any_digit: false,
            valid: true,
        };
        r.valid &= r.write_fmt(args).is_ok();
        r
    }

    /// Reads one byte of the text.
    fn byte(&mut self, b: u8) {
        match b {
            b'0'..=b'9' => self.digit(b - b'0'),
            b'-' if !self.any_digit && !self.point && !self.dec.neg => self.dec.neg = true,
            b'.' if !self.point => self.point = true,
            _ => self.valid = false,
        }
    }

    /// Reads one digit: leading zeros only move the exponent.
    fn digit(&mut self, d: u8) {
        self.any_digit = true;
        if self.dec.len == 0 && d == 0 {
            self.frac_zeros += usize::from(self.point);
            return;
        }
        self.int_digits += usize::from(!self.point);
        if self.dec.len < MAX_DIGITS {
            self.dec.digits[self.dec.len] = d;
            self.dec.len += 1;
        } else {
            self.dec.sticky |= d != 0;
        }
    }

    /// The number read, if the text was one.
    fn finish(mut self) -> Option<Decimal> {
        if !(self.valid && self.any_digit) {
            return None;
        }
        self.dec.trim();
        self.dec.exp = match (self.dec.len, self.int_digits) {
            (0, _) => 0,
            (_, 0) => -(self.frac_zeros as isize) - 1,
            (_, n) => n as isize - 1,
        };
        Some(self.dec)
    }
}

impl Write for Reader {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        s.bytes().for_each(|b| self.byte(b));
        Ok(())
    }
}
