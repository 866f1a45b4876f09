//! The rules of `slice!`: ranges and steps are integer literals, a step is
//! not 0, a range whose bounds have the same sign does not start after it
//! ends, an index takes no step, and there are at most `MAX_RANK` entries.
//! Bounds against the axis size are checked by the type system.

use proc_macro2::Span;
use syn::{BinOp, Expr, ExprBinary, ExprLit, ExprRange, ExprUnary, Lit, RangeLimits, UnOp};

use super::{combine, size_literal, unparen, written, MAX_RANK};
use crate::ast::{SliceEntry, SliceInput};

/// A checked bound: `n`, `-n`, or omitted.
#[derive(Clone, Copy, Debug)]
pub enum Bound {
    /// `n`: from the start of the axis.
    FromStart(u64, Span),
    /// `-n`: `n` before the end of the axis (`n > 0`).
    FromEnd(u64, Span),
    /// Omitted.
    Open,
}

/// A checked entry.
pub enum Entry<'a> {
    /// `..` with step 1.
    Full,
    /// `start..end;step`, with the length when the bounds give it.
    Range {
        start: Bound,
        end: Bound,
        step: i64,
        len: Option<u64>,
    },
    /// A literal index.
    Index(Bound),
    /// An index computed at run time.
    Dynamic(&'a Expr),
    /// `start..start + span;step`: a range of a literal span at a start
    /// computed at run time, `len` elements long.
    Window {
        start: &'a Expr,
        span: u64,
        step: i64,
        len: u64,
    },
}

/// Checks every entry of a `slice!` (or `try_slice!`: `name`), reporting all
/// mistakes at once.
pub fn slice<'a>(input: &'a SliceInput, name: &str) -> syn::Result<Vec<Entry<'a>>> {
    let (mut entries, mut errors) = (Vec::new(), Vec::new());
    for entry in &input.entries {
        match self::entry(entry) {
            Ok(e) => entries.push(e),
            Err(e) => errors.push(e),
        }
    }
    if let Some(extra) = input.entries.get(MAX_RANK) {
        let msg = format!(
            "`{name}!` takes at most {MAX_RANK} entries, found {}",
            input.entries.len()
        );
        errors.push(syn::Error::new_spanned(&extra.expr, msg));
    }
    combine(errors).map(|()| entries)
}

fn entry(entry: &SliceEntry) -> syn::Result<Entry<'_>> {
    match (&entry.expr, &entry.step) {
        (Expr::Range(range), step) => self::range(range, step.as_ref()),
        (index, Some(step)) => Err(syn::Error::new_spanned(
            step,
            format!(
                "an index takes no step: `{}` drops its axis",
                written(index)
            ),
        )),
        (index, None) => Ok(match literal(index)? {
            Some(bound) => Entry::Index(bound),
            None => Entry::Dynamic(index),
        }),
    }
}

/// A range entry: literal bounds (an inclusive end becomes the next
/// position), a non-zero literal step, and, when both bounds count from the
/// same end, a start at or before the end.
fn range<'a>(range: &'a ExprRange, step: Option<&Expr>) -> syn::Result<Entry<'a>> {
    if let Some(start) = run_time_start(range)? {
        return window(range, start, step);
    }
    let start = range_bound(range.start.as_deref())?;
    let mut end = range_bound(range.end.as_deref())?;
    if matches!(range.limits, RangeLimits::Closed(_)) {
        end = after(end);
    }
    let step = match step {
        Some(step) => step_literal(step)?,
        None => 1,
    };
    if matches!((start, end, step), (Bound::Open, Bound::Open, 1)) {
        return Ok(Entry::Full);
    }
    let len = known_length(start, end, step.unsigned_abs())
        .map_err(|()| syn::Error::new_spanned(range, "this slice range starts after it ends"))?;
    Ok(Entry::Range {
        start,
        end,
        step,
        len,
    })
}

/// The start of a range when it is not a literal: the range is then at a
/// run-time position.
fn run_time_start(range: &ExprRange) -> syn::Result<Option<&Expr>> {
    match range.start.as_deref() {
        Some(start) if literal(start)?.is_none() => Ok(Some(start)),
        _ => Ok(None),
    }
}

/// A range at a run-time position: `i..i + N` or `i..=i + N`, the end the
/// same expression as the start plus a literal, so the length is known
/// while the start is checked at run time; the step as for any range.
fn window<'a>(range: &ExprRange, start: &'a Expr, step: Option<&Expr>) -> syn::Result<Entry<'a>> {
    let span = match range.end.as_deref().map(unparen) {
        Some(Expr::Binary(ExprBinary {
            left,
            op: BinOp::Add(_),
            right,
            ..
        })) if same_tokens(left, start) => match unparen(right) {
            Expr::Lit(ExprLit {
                lit: Lit::Int(lit), ..
            }) => size_literal(lit, "a range length")?,
            other => {
                let msg = format!(
                    "the length of a range at a run-time position is an integer literal, found `{}`",
                    written(other)
                );
                return Err(syn::Error::new_spanned(other, msg));
            }
        },
        _ => {
            let start = written(start);
            let msg = format!(
                "a range at a run-time position is written `{start}..{start} + N`, with a literal length `N`"
            );
            return Err(match range.end.as_deref() {
                Some(end) => syn::Error::new_spanned(end, msg),
                None => syn::Error::new_spanned(range, msg),
            });
        }
    };
    let span = match range.limits {
        RangeLimits::Closed(_) => span + 1,
        RangeLimits::HalfOpen(_) => span,
    };
    let step = match step {
        Some(step) => step_literal(step)?,
        None => 1,
    };
    let len = span.div_ceil(step.unsigned_abs());
    Ok(Entry::Window {
        start,
        span,
        step,
        len,
    })
}

/// Whether two expressions are written with the same tokens.
fn same_tokens(a: &Expr, b: &Expr) -> bool {
    let (a, b) = (unparen(a), unparen(b));
    quote::quote!(#a).to_string() == quote::quote!(#b).to_string()
}

/// The position after an inclusive end: `b` becomes `b + 1`, `-1` the end.
fn after(end: Bound) -> Bound {
    match end {
        Bound::FromStart(n, span) => Bound::FromStart(n + 1, span),
        Bound::FromEnd(1, _) => Bound::Open,
        Bound::FromEnd(n, span) => Bound::FromEnd(n - 1, span),
        Bound::Open => Bound::Open,
    }
}

/// The length of `start..end` with step `step`, when the bounds give it
/// without the axis size; `Err` when they show the start after the end.
fn known_length(start: Bound, end: Bound, step: u64) -> Result<Option<u64>, ()> {
    let span_of = |from: u64, to: u64| {
        if to >= from {
            Ok(Some((to - from).div_ceil(step)))
        } else {
            Err(())
        }
    };
    match (start, end) {
        (Bound::FromStart(a, _), Bound::FromStart(b, _)) => span_of(a, b),
        (Bound::FromEnd(a, _), Bound::FromEnd(b, _)) => span_of(b, a),
        (Bound::FromEnd(a, _), Bound::Open) => span_of(0, a),
        (Bound::Open, Bound::FromStart(b, _)) => span_of(0, b),
        _ => Ok(None),
    }
}

/// A range bound: omitted, or an integer literal.
fn range_bound(expr: Option<&Expr>) -> syn::Result<Bound> {
    let Some(expr) = expr else {
        return Ok(Bound::Open);
    };
    literal(expr)?.ok_or_else(|| {
        let msg = format!(
            "slice ranges take integer literals, found `{}`",
            written(expr)
        );
        syn::Error::new_spanned(expr, msg)
    })
}

/// An integer literal `n` or `-n` as a bound, `None` for any other
/// expression.
fn literal(expr: &Expr) -> syn::Result<Option<Bound>> {
    match super::ungroup(expr) {
        Expr::Lit(ExprLit {
            lit: Lit::Int(lit), ..
        }) => Ok(Some(Bound::FromStart(
            size_literal(lit, "a slice bound")?,
            lit.span(),
        ))),
        Expr::Unary(ExprUnary {
            op: UnOp::Neg(_),
            expr: inner,
            ..
        }) => match &**inner {
            Expr::Lit(ExprLit {
                lit: Lit::Int(lit), ..
            }) => {
                let n = size_literal(lit, "a slice bound")?;
                Ok(Some(if n == 0 {
                    Bound::FromStart(0, lit.span())
                } else {
                    Bound::FromEnd(n, lit.span())
                }))
            }
            _ => Ok(None),
        },
        _ => Ok(None),
    }
}

/// A step: a non-zero integer literal, negative to walk backwards.
fn step_literal(expr: &Expr) -> syn::Result<i64> {
    let value = match literal(expr)? {
        Some(Bound::FromStart(n, _)) => n as i64,
        Some(Bound::FromEnd(n, _)) => -(n as i64),
        _ => {
            let msg = format!(
                "a slice step is an integer literal, found `{}`",
                written(expr)
            );
            return Err(syn::Error::new_spanned(expr, msg));
        }
    };
    if value == 0 {
        return Err(syn::Error::new_spanned(expr, "a slice step cannot be 0"));
    }
    Ok(value)
}
