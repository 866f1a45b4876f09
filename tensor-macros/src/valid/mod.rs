//! The rules each macro input must follow. Checks report every mistake of
//! one invocation (`combine`), each at the smallest offending token, and
//! return checked forms that expansion can trust.

use proc_macro2::Span;
use quote::quote;
use syn::{Expr, ExprBinary, ExprLit, ExprParen, ExprPath, ExprUnary, Lit, UnOp};

use crate::ast::ExprList;

pub mod arith;
pub mod attr;
pub mod literal;
pub mod slice;

/// The most axes a shape or an axis list may have: `Shape` and `Axes` are
/// implemented for tuples up to this length.
pub const MAX_RANK: usize = 8;

/// One dimension of a shape, checked.
#[derive(Clone)]
pub enum DimSpec {
    /// An integer literal, with its value and span.
    Size(u64, Span),
    /// A path to a dimension type, such as a parameter `B`.
    Named(syn::Path),
    /// `left op right` with a name on at least one side (literal operands
    /// are folded into a `Size`), spanned at the whole expression.
    Op(Box<DimSpec>, arith::Op, Box<DimSpec>, Span),
}

/// `expr` without the invisible groups `macro_rules!` wraps around a
/// fragment such as `$d:literal`, so that `Shape![$d]` in a user's macro
/// reads the literal.
pub fn ungroup(mut expr: &Expr) -> &Expr {
    while let Expr::Group(group) = expr {
        expr = &group.expr;
    }
    expr
}

/// An expression as the user wrote it, for messages: `-3`, not `- 3`.
pub fn written(expr: &Expr) -> String {
    let text = quote!(#expr).to_string();
    match text.strip_prefix("- ") {
        Some(rest) => format!("-{rest}"),
        None => text,
    }
}

/// Folds `errors` into one error carrying all of them, or `Ok` if empty.
pub fn combine(errors: Vec<syn::Error>) -> syn::Result<()> {
    let mut errors = errors.into_iter();
    match errors.next() {
        None => Ok(()),
        Some(mut first) => {
            errors.for_each(|e| first.combine(e));
            Err(first)
        }
    }
}

/// A size literal: unsuffixed (or `usize`) and within 64 bits. The rule:
/// dimensions are `usize`, and a suffix such as `3u8` suggests a different type.
pub fn size_literal(lit: &syn::LitInt, what: &str) -> syn::Result<u64> {
    if !matches!(lit.suffix(), "" | "usize") {
        let msg = format!("{what} must be an unsuffixed integer, found `{lit}`");
        return Err(syn::Error::new(lit.span(), msg));
    }
    lit.base10_parse::<u64>().map_err(|_| {
        let msg = format!("{what} `{lit}` does not fit in a usize");
        syn::Error::new(lit.span(), msg)
    })
}

/// One written dimension: a non-negative integer literal, a path, or
/// `+ - * /` of those (parenthesised as needed), `floor(a / b)` or
/// `ceil(a / b)`.
pub fn dim_spec(expr: &Expr) -> syn::Result<DimSpec> {
    match ungroup(expr) {
        Expr::Paren(ExprParen { expr: inner, .. }) => dim_spec(inner),
        Expr::Call(call) if is_rounding(&call.func) => rounded(expr, call),
        Expr::Binary(ExprBinary {
            left, op, right, ..
        }) if arith::Op::of(op).is_some() => binary(expr, left, op, right),
        Expr::Lit(ExprLit {
            lit: Lit::Int(lit), ..
        }) => Ok(DimSpec::Size(size_literal(lit, "a dimension")?, lit.span())),
        Expr::Path(ExprPath {
            path, qself: None, ..
        }) => Ok(DimSpec::Named(path.clone())),
        Expr::Unary(ExprUnary {
            op: UnOp::Neg(_), ..
        }) => Err(syn::Error::new_spanned(
            expr,
            format!("a dimension cannot be negative, found `{}`", written(expr)),
        )),
        other => Err(syn::Error::new_spanned(
            other,
            format!(
                "expected a dimension (an integer literal, a dimension name, `+ - * /` of those, `floor(a / b)` or `ceil(a / b)`), found `{}`",
                written(other)
            ),
        )),
    }
}

/// Whether a call's function is `floor` or `ceil`.
fn is_rounding(func: &Expr) -> bool {
    matches!(ungroup(func), Expr::Path(ExprPath { path, qself: None, .. })
        if path.is_ident("floor") || path.is_ident("ceil"))
}

/// `floor(a / b)`, the quotient rounded down (a strided window count,
/// `floor((H - K) / S) + 1`), or `ceil(a / b)`, rounded up (a strided
/// "same" convolution), written `floor((a + b - 1) / b)`: the form the
/// library's shape rules name, so the two are one type in generic code.
fn rounded(expr: &Expr, call: &syn::ExprCall) -> syn::Result<DimSpec> {
    let up = matches!(ungroup(&call.func), Expr::Path(p) if p.path.is_ident("ceil"));
    let name = if up { "ceil" } else { "floor" };
    let mut args = call.args.iter();
    let (left, right) = match (args.next().map(unparen), args.next()) {
        (
            Some(Expr::Binary(ExprBinary {
                left,
                op: syn::BinOp::Div(_),
                right,
                ..
            })),
            None,
        ) => (left, right),
        _ => {
            let msg = format!(
                "`{name}` takes one division, `{name}(a / b)`, found `{}`",
                written(expr)
            );
            return Err(syn::Error::new_spanned(call, msg));
        }
    };
    let (l, r) = operands(left, right)?;
    if matches!(r, DimSpec::Size(0, _)) {
        let msg = format!("a dimension cannot divide by 0: `{}`", written(expr));
        return Err(syn::Error::new_spanned(expr, msg));
    }
    if let (true, DimSpec::Size(a, _), DimSpec::Size(b, _)) = (up, &l, &r) {
        // Folded here: `a + b - 1` could overflow where the quotient fits.
        let n = a / b + u64::from(a % b != 0);
        return Ok(DimSpec::Size(n, syn::spanned::Spanned::span(expr)));
    }
    let dividend = if up {
        let one = DimSpec::Size(1, syn::spanned::Spanned::span(expr));
        let sum = arith::combine(expr, arith::Op::Add, l, r.clone())?;
        arith::combine(expr, arith::Op::Sub, sum, one)?
    } else {
        l
    };
    arith::combine(expr, arith::Op::FloorDiv, dividend, r)
}

/// `expr` without parentheses or invisible groups around it.
fn unparen(mut expr: &Expr) -> &Expr {
    loop {
        expr = match ungroup(expr) {
            Expr::Paren(ExprParen { expr: inner, .. }) => inner,
            other => return other,
        }
    }
}

/// `left op right`, both sides checked (every error of both reported).
fn binary(expr: &Expr, left: &Expr, op: &syn::BinOp, right: &Expr) -> syn::Result<DimSpec> {
    let (l, r) = operands(left, right)?;
    match arith::Op::of(op) {
        Some(op) => arith::combine(expr, op, l, r),
        None => Err(syn::Error::new_spanned(op, "expected `+`, `-`, `*` or `/`")),
    }
}

/// The two operands of an operation, both checked (every error of both
/// reported).
fn operands(left: &Expr, right: &Expr) -> syn::Result<(DimSpec, DimSpec)> {
    match (dim_spec(left), dim_spec(right)) {
        (Ok(l), Ok(r)) => Ok((l, r)),
        (Err(mut a), Err(b)) => {
            a.combine(b);
            Err(a)
        }
        (Err(e), _) | (_, Err(e)) => Err(e),
    }
}

/// Every dimension of a list, and at most `MAX_RANK` of them (the error
/// points at the first one too many).
pub fn dim_specs(list: &ExprList) -> syn::Result<Vec<DimSpec>> {
    let (mut specs, mut errors) = (Vec::new(), Vec::new());
    for expr in &list.0 {
        match dim_spec(expr) {
            Ok(spec) => specs.push(spec),
            Err(e) => errors.push(e),
        }
    }
    if let Some(extra) = list.0.iter().nth(MAX_RANK) {
        let msg = format!(
            "a shape has at most {MAX_RANK} axes, found {}",
            list.0.len()
        );
        errors.push(syn::Error::new_spanned(extra, msg));
    }
    combine(errors).map(|()| specs)
}

/// The axes of `Axes![..]`: literals below `MAX_RANK` (no tensor has more
/// axes), each listed once (no operation takes an axis twice).
pub fn axes(list: &ExprList) -> syn::Result<Vec<(u64, Span)>> {
    let (mut axes, mut errors) = (Vec::new(), Vec::new());
    for expr in &list.0 {
        match axis(expr, &axes) {
            Ok(axis) => axes.push(axis),
            Err(e) => errors.push(e),
        }
    }
    combine(errors).map(|()| axes)
}

/// One axis number, checked against those listed before it.
fn axis(expr: &Expr, seen: &[(u64, Span)]) -> syn::Result<(u64, Span)> {
    let expr = ungroup(expr);
    let Expr::Lit(ExprLit {
        lit: Lit::Int(lit), ..
    }) = expr
    else {
        let msg = format!(
            "expected an axis number (an integer literal), found `{}`",
            written(expr)
        );
        return Err(syn::Error::new_spanned(expr, msg));
    };
    let n = size_literal(lit, "an axis")?;
    if n >= MAX_RANK as u64 {
        let msg = format!("axis {n} is out of range: tensors have at most {MAX_RANK} axes");
        return Err(syn::Error::new(lit.span(), msg));
    }
    if seen.iter().any(|&(m, _)| m == n) {
        return Err(syn::Error::new(
            lit.span(),
            format!("axis {n} is listed twice"),
        ));
    }
    Ok((n, lit.span()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(tokens: proc_macro2::TokenStream) -> ExprList {
        syn::parse2(tokens).expect("a comma-separated list")
    }

    #[test]
    fn floor_rounds_a_division_down() {
        let specs = dim_specs(&list(quote!(
            floor(29 / 2),
            floor((784 - 4) / 3) + 1,
            floor(H / 2)
        )))
        .unwrap();
        assert!(matches!(specs[0], DimSpec::Size(14, _)));
        assert!(matches!(specs[1], DimSpec::Size(261, _)));
        assert!(matches!(
            specs[2],
            DimSpec::Op(_, arith::Op::FloorDiv, _, _)
        ));
        let err = dim_specs(&list(quote!(
            floor(8),
            ceil(8),
            floor(7 / 0),
            floor(-1 / 2, 3)
        )))
        .err()
        .unwrap();
        let messages: Vec<String> = err.into_iter().map(|e| e.to_string()).collect();
        assert_eq!(messages.len(), 4, "{messages:?}");
        assert!(
            messages[0].contains("`floor` takes one division"),
            "{messages:?}"
        );
        assert!(
            messages[1].contains("`ceil` takes one division"),
            "{messages:?}"
        );
        assert!(messages[2].contains("divide by 0"), "{messages:?}");
        assert!(
            messages[3].contains("`floor` takes one division"),
            "{messages:?}"
        );
        let rem = dim_specs(&list(quote!(H % 2))).err().unwrap();
        assert!(rem.to_string().contains("expected a dimension"), "{rem}");
        let other = dim_specs(&list(quote!(round(8 / 2)))).err().unwrap();
        assert!(
            other.to_string().contains("expected a dimension"),
            "{other}"
        );
        let both = dim_specs(&list(quote!(floor(-1 / 2.5)))).err().unwrap();
        assert_eq!(both.into_iter().count(), 2);
    }

    #[test]
    fn ceil_is_floor_of_the_dividend_plus_the_divisor_less_one() {
        let specs = dim_specs(&list(quote!(
            ceil(18446744073709551615 / 2),
            floor((10 / 3)),
        )))
        .unwrap();
        assert!(matches!(specs[0], DimSpec::Size(9223372036854775808, _)));
        assert!(matches!(specs[1], DimSpec::Size(3, _)));
        let specs = dim_specs(&list(quote!(
            ceil(29 / 2),
            ceil(28 / 2),
            ceil(0 / 3),
            ceil(H / 2)
        )))
        .unwrap();
        assert!(matches!(specs[0], DimSpec::Size(15, _)));
        assert!(matches!(specs[1], DimSpec::Size(14, _)));
        assert!(matches!(specs[2], DimSpec::Size(0, _)));
        let DimSpec::Op(dividend, arith::Op::FloorDiv, divisor, _) = &specs[3] else {
            panic!("a floor division")
        };
        assert!(matches!(**divisor, DimSpec::Size(2, _)));
        let DimSpec::Op(sum, arith::Op::Sub, one, _) = &**dividend else {
            panic!("a difference")
        };
        assert!(matches!(**one, DimSpec::Size(1, _)));
        assert!(matches!(**sum, DimSpec::Op(_, arith::Op::Add, _, _)));
        let err = dim_specs(&list(quote!(ceil(0 / 0), ceil(H / 0))))
            .err()
            .unwrap();
        let messages: Vec<String> = err.into_iter().map(|e| e.to_string()).collect();
        assert_eq!(messages.len(), 2, "{messages:?}");
        assert!(
            messages.iter().all(|m| m.contains("divide by 0")),
            "{messages:?}"
        );
    }

    #[test]
    fn every_bad_dimension_is_reported_at_once() {
        let err = dim_specs(&list(quote!(-1, 2.5, 3))).err().unwrap();
        let messages: Vec<String> = err.into_iter().map(|e| e.to_string()).collect();
        assert_eq!(messages.len(), 2);
        assert!(messages[0].contains("cannot be negative, found `-1`"));
        assert!(messages[1].contains("found `2.5`"));
    }

    #[test]
    fn suffixed_and_oversized_sizes_are_rejected() {
        let err = dim_specs(&list(quote!(3u8, 18446744073709551616)));
        let messages: Vec<String> = err
            .err()
            .unwrap()
            .into_iter()
            .map(|e| e.to_string())
            .collect();
        assert_eq!(
            messages,
            [
                "a dimension must be an unsuffixed integer, found `3u8`",
                "a dimension `18446744073709551616` does not fit in a usize",
            ]
        );
    }

    #[test]
    fn axes_must_be_small_and_distinct() {
        let err = axes(&list(quote!(0, 8, 0))).err().unwrap();
        let messages: Vec<String> = err.into_iter().map(|e| e.to_string()).collect();
        assert_eq!(
            messages,
            [
                "axis 8 is out of range: tensors have at most 8 axes",
                "axis 0 is listed twice",
            ]
        );
    }
}
