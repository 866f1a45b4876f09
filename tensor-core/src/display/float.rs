//! Float elements: NumPy's default `maxprec` mode, digits read back from
//! Rust's own formatting (`Decimal`, `Reader`) without allocating.

use core::fmt::{self, Display, Formatter, Write};

/// NumPy's default `precision`: the most fraction digits a float prints.
pub(super) const PRECISION: usize = 8;
/// The most significant digits of a number that are kept; the rest only round.
pub(super) const MAX_DIGITS: usize = 40;

/// How the floats of an array print: NumPy's `FloatingFormat`.
#[derive(Clone, Copy)]
pub(super) struct FloatStyle {
    /// Scientific notation.
    pub(super) sci: bool,
    /// Characters before the point, the sign included.
    pub(super) left: usize,
    /// Digits after the point: the most any element has (positional, padded
    /// with spaces) or every mantissa's (scientific, padded with zeros).
    pub(super) frac: usize,
    /// Exponent digits (scientific).
    pub(super) exp_digits: usize,
}

impl FloatStyle {
    /// The style before any element is seen.
    pub(super) fn new(sci: bool) -> FloatStyle {
        FloatStyle {
            sci,
            left: 0,
            frac: 0,
            exp_digits: 0,
        }
    }

    /// Characters after the point: the fraction, and `e±XX`.
    pub(super) fn right(&self) -> usize {
        match self.sci {
            true => self.frac + 2 + self.exp_digits,
            false => self.frac,
        }
    }

    /// The width of every element.
    pub(super) fn width(&self) -> usize {
        self.left + 1 + self.right()
    }

    /// Widens the integer part so that `nan` and `inf` (or `-inf`) fit.
    pub(super) fn fit_non_finite(&mut self, non_finite: bool, neg_inf: bool) {
        if non_finite {
            let needed = 3 + usize::from(neg_inf);
            self.left = self.left.max(needed.saturating_sub(self.right() + 1));
        }
    }
}

/// The digits NumPy prints for `x` (whose shortest digits are `d`) in an
/// array: the shortest round trip, but at most [`PRECISION`] after the point
/// (of the mantissa when `sci`).
pub(super) fn shortest<T: Display>(x: &T, d: &Decimal, sci: bool) -> Decimal {
    digits(x, d, sci, d.frac_len(sci).min(PRECISION))
}

/// The digits NumPy prints for `x` with `frac` digits after the point (of the
/// mantissa when `sci`): [`rounded`], but at the length of the shortest form
/// `d`, where rounding moves off `d` only for an exact tie (Rust rounds it
/// up, NumPy's Dragon4 to even unless the even candidate does not read back
/// as `x`) or for a power of two, whose rounding interval is lopsided and
/// whose shortest form is `d` whatever the rounding.
pub(super) fn digits<T: Display>(x: &T, d: &Decimal, sci: bool, frac: usize) -> Decimal {
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
pub(super) fn rounded<T: Display>(x: &T, d: &Decimal, sci: bool, frac: usize) -> Decimal {
    let exp = if sci { d.exp } else { 0 };
    match usize::try_from(frac as isize - exp) {
        Ok(places) => Decimal::read(format_args!("{x:.places$}")).unwrap_or(*d),
        Err(_) => rounded_big(x, d, frac + 1),
    }
}

/// `x`, at least 10, to `keep` significant digits left of the point: its
/// exact digits (a binary float this large has at most 49 fraction digits)
/// rounded here, as Rust rounds only right of the point.
pub(super) fn rounded_big<T: Display>(x: &T, d: &Decimal, keep: usize) -> Decimal {
    let mut exact = Decimal::read(format_args!("{x:.50}")).unwrap_or(*d);
    exact.round_to(keep);
    exact
}

/// A finite float scalar: positional with at least one fraction digit when
/// `10^-4 <= |x| < cutoff` or `x` is zero, else scientific, all digits shown.
pub(super) fn scalar_float<T: Display>(f: &mut Formatter<'_>, x: &T, d: &Decimal) -> fmt::Result {
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
pub(super) struct Dtype {
    /// The decimal exponent from which an array prints in scientific
    /// notation: NumPy's `10**min(8, finfo.precision)`.
    pub(super) array_cutoff: isize,
    /// The decimal exponent from which a scalar prints in scientific notation.
    pub(super) scalar_cutoff: isize,
    /// Bits in the significand, the implicit one included.
    pub(super) mantissa_bits: u32,
}

impl Dtype {
    /// The dtype of the float type guessed from the element's size: 4 bytes
    /// is `float32`, any other size `float64`.
    pub(super) fn of<T>() -> Dtype {
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

/// A decimal number `±0.d1 d2 ... dn × 10^(exp+1)`: `d1` is the digit of
/// `10^exp`. Zero has no digits and `exp` 0.
#[derive(Clone, Copy)]
pub(super) struct Decimal {
    /// A minus sign was printed (also for `-0`).
    pub(super) neg: bool,
    /// The significant digits, without leading or trailing zeros.
    pub(super) digits: [u8; MAX_DIGITS],
    /// How many of `digits` are used.
    pub(super) len: usize,
    /// The decimal exponent of the first digit.
    pub(super) exp: isize,
    /// Nonzero digits beyond `MAX_DIGITS` were dropped.
    pub(super) sticky: bool,
}

impl Decimal {
    /// The number `args` prints as `[-]digits[.digits]`, or `None`.
    pub(super) fn read(args: fmt::Arguments<'_>) -> Option<Decimal> {
        Reader::scan(args).finish()
    }

    /// The digit at position `p` (0 is `d1`), 0 outside the digits.
    pub(super) fn digit_at(&self, p: isize) -> u8 {
        match usize::try_from(p) {
            Ok(i) if i < self.len => self.digits[i],
            _ => 0,
        }
    }

    /// Characters before the point: sign and integer digits, or sign and
    /// `d1` in scientific notation.
    pub(super) fn int_len(&self, sci: bool) -> usize {
        let digits = if sci { 1 } else { self.exp.max(0) as usize + 1 };
        usize::from(self.neg) + digits
    }

    /// Digits after the point (before any exponent).
    pub(super) fn frac_len(&self, sci: bool) -> usize {
        match sci {
            true => self.len.saturating_sub(1),
            false => (self.len as isize - self.exp - 1).max(0) as usize,
        }
    }

    /// The digits of the exponent, at least two as NumPy prints them.
    pub(super) fn exp_len(&self) -> usize {
        let mut e = self.exp.unsigned_abs();
        let mut n = 1;
        while e >= 10 {
            (e, n) = (e / 10, n + 1);
        }
        n.max(2)
    }

    /// Whether `|self| > |other| * 10^shift`.
    pub(super) fn exceeds(&self, other: &Decimal, shift: isize) -> bool {
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
    pub(super) fn same(&self, other: &Decimal) -> bool {
        (self.neg, self.exp, self.sticky) == (other.neg, other.exp, other.sticky)
            && self.digits[..self.len] == other.digits[..other.len]
    }

    /// The place of the last digit: `n` for the digit of `10^-n`.
    pub(super) fn last_place(&self) -> isize {
        self.len as isize - 1 - self.exp
    }

    /// Whether `self` (exact) is halfway between two numbers with the
    /// length of `shorter`: a 5 in the place after `shorter`'s last digit.
    pub(super) fn is_tie_beyond(&self, shorter: &Decimal) -> bool {
        self.last_place() == shorter.last_place() + 1 && self.digits[..self.len].last() == Some(&5)
    }

    /// Whether `self`, exactly halfway between two shortest forms, is a
    /// power of two `2^-j` (digits `5^j` at scale `10^-j`; a power of two that
    /// is a tie is below 1) whose lower candidate, half a unit `5 × 10^-j`
    /// below, is further than its lower neighbour's midpoint, a quarter ulp
    /// `2^(-j-bits-1)` below: that is when `5^(j-1) < 2^(bits+1)`.
    pub(super) fn is_lopsided_tie(&self, bits: u32) -> bool {
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
    pub(super) fn digits_as_integer(&self) -> Option<u128> {
        if self.sticky || self.len == 0 {
            return None;
        }
        self.digits[..self.len]
            .iter()
            .try_fold(0u128, |n, &d| n.checked_mul(10)?.checked_add(u128::from(d)))
    }

    /// Keeps `keep >= 1` significant digits, rounding half to even.
    pub(super) fn round_to(&mut self, keep: usize) {
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
    pub(super) fn increment(&mut self) {
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
    pub(super) fn trim(&mut self) {
        while self.len > 0 && self.digits[self.len - 1] == 0 {
            self.len -= 1;
        }
    }

    /// Writes the sign and the integer part, `0` when `|self| < 1`.
    pub(super) fn write_int(&self, w: &mut impl Write) -> fmt::Result {
        if self.neg {
            w.write_char('-')?;
        }
        if self.exp < 0 {
            return w.write_char('0');
        }
        (0..=self.exp).try_for_each(|p| self.write_digit(w, p))
    }

    /// Writes the digits after the point.
    pub(super) fn write_frac(&self, w: &mut impl Write) -> fmt::Result {
        (self.exp + 1..self.len as isize).try_for_each(|p| self.write_digit(w, p))
    }

    /// Writes the digit at position `p`.
    pub(super) fn write_digit(&self, w: &mut impl Write, p: isize) -> fmt::Result {
        w.write_char(char::from(b'0' + self.digit_at(p)))
    }

    /// Writes `[-]d.ddde±XX` with `frac` mantissa digits (zero-padded) and an
    /// exponent of `exp_digits` digits or more; without fraction digits, the
    /// point only when `point`.
    pub(super) fn write_scientific(
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
pub(super) struct Reader {
    /// The number read so far.
    pub(super) dec: Decimal,
    /// Digits before the point, from the first significant one.
    pub(super) int_digits: usize,
    /// Zeros after the point before the first significant digit.
    pub(super) frac_zeros: usize,
    /// A point was read.
    pub(super) point: bool,
    /// A digit was read.
    pub(super) any_digit: bool,
    /// Only a number's characters were read.
    pub(super) valid: bool,
}

impl Reader {
    /// Reads what `args` prints.
    pub(super) fn scan(args: fmt::Arguments<'_>) -> Reader {
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
    pub(super) fn byte(&mut self, b: u8) {
        match b {
            b'0'..=b'9' => self.digit(b - b'0'),
            b'-' if !self.any_digit && !self.point && !self.dec.neg => self.dec.neg = true,
            b'.' if !self.point => self.point = true,
            _ => self.valid = false,
        }
    }

    /// Reads one digit: leading zeros only move the exponent.
    pub(super) fn digit(&mut self, d: u8) {
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
    pub(super) fn finish(mut self) -> Option<Decimal> {
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
