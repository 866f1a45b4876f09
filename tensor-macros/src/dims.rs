//! `shape![..]` and `axes![..]`: lists of dimensions and axes, parsed,
//! checked and turned into types.
//!
//! A dimension is an integer literal (`28`, `1_000_003`) or the name of a
//! dimension type (`B`, `crate::Batch`). A literal becomes `Dim<N>` when
//! typenum maps `N` (its `Const<N>: ToUInt` table: `0..=1024` and every power
//! of two and of ten), and `BigDim<N, U>` with `U` the binary typenum of `N`
//! otherwise, so each size has exactly one type.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::{Expr, ExprLit, ExprPath, ExprUnary, Lit, Token, UnOp};

/// The most axes a shape or an axis list may have: `Shape` is implemented
/// for tuples up to this length.
pub const MAX_RANK: usize = 8;

/// One dimension of a shape, as written.
pub enum DimSpec {
    /// An integer literal, with its value and span.
    Size(u64, Span),
    /// A path to a dimension type, such as a parameter `B`.
    Named(syn::Path),
}

/// A comma-separated list of expressions, as written inside `shape![..]`.
pub struct ExprList(pub Punctuated<Expr, Token![,]>);

impl Parse for ExprList {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        Punctuated::parse_terminated(input).map(ExprList)
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

/// Reads an integer literal that must fit a `usize` of 64 bits, rejecting a
/// suffix other than `usize`.
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

/// Checks one written dimension: a non-negative integer literal or a path.
pub fn dim_spec(expr: &Expr) -> syn::Result<DimSpec> {
    match expr {
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
            format!("a dimension cannot be negative, found `{}`", quote!(#expr)),
        )),
        other => Err(syn::Error::new_spanned(
            other,
            format!(
                "expected a dimension (an integer literal or a dimension name), found `{}`",
                quote!(#other)
            ),
        )),
    }
}

/// Checks every dimension of a list, reporting all mistakes at once.
pub fn dim_specs(list: &ExprList, span: Span) -> syn::Result<Vec<DimSpec>> {
    let (mut specs, mut errors) = (Vec::new(), Vec::new());
    for expr in &list.0 {
        match dim_spec(expr) {
            Ok(spec) => specs.push(spec),
            Err(e) => errors.push(e),
        }
    }
    if list.0.len() > MAX_RANK {
        let msg = format!(
            "a shape has at most {MAX_RANK} axes, found {}",
            list.0.len()
        );
        errors.push(syn::Error::new(span, msg));
    }
    combine(errors).map(|()| specs)
}

/// Whether typenum's `Const<N>: ToUInt` table covers `n`.
pub fn in_typenum_table(n: u64) -> bool {
    n <= 1024 || n.is_power_of_two() || is_power_of_ten(n)
}

fn is_power_of_ten(mut n: u64) -> bool {
    while n >= 10 && n.is_multiple_of(10) {
        n /= 10;
    }
    n == 1
}

/// The binary typenum of `n`: `UInt<UInt<UTerm, B1>, B0>` for 2.
pub fn typenum(n: u64) -> TokenStream {
    let tn = quote!(::tensor_core::__private::typenum);
    if n == 0 {
        return quote!(#tn::UTerm);
    }
    let bit = if n & 1 == 1 {
        quote!(#tn::B1)
    } else {
        quote!(#tn::B0)
    };
    let high = typenum(n >> 1);
    quote!(#tn::UInt<#high, #bit>)
}

/// The type of a literal dimension of size `n`, spanned at the literal.
pub fn size_type(n: u64, span: Span) -> TokenStream {
    let value = proc_macro2::Literal::usize_unsuffixed(n as usize);
    if in_typenum_table(n) {
        quote_spanned!(span=> ::tensor_core::Dim<#value>)
    } else {
        let num = typenum(n);
        quote_spanned!(span=> ::tensor_core::BigDim<#value, #num>)
    }
}

/// The type of one dimension.
pub fn dim_type(spec: &DimSpec) -> TokenStream {
    match spec {
        DimSpec::Size(n, span) => size_type(*n, *span),
        DimSpec::Named(path) => quote!(#path),
    }
}

/// A tuple type of `items`: `()`, `(A,)`, `(A, B)`.
pub fn tuple(items: impl IntoIterator<Item = TokenStream>) -> TokenStream {
    let items = items.into_iter();
    quote!((#(#items,)*))
}

/// `shape![..]`: the tuple of the dimensions' types.
pub fn shape(input: TokenStream) -> syn::Result<TokenStream> {
    let span = Span::call_site();
    let list: ExprList = syn::parse2(input)?;
    let specs = dim_specs(&list, span)?;
    Ok(tuple(specs.iter().map(dim_type)))
}

/// `axes![..]`: the tuple of `Axis<N>` types. Axes are literals below
/// `MAX_RANK`, each listed once.
pub fn axes(input: TokenStream) -> syn::Result<TokenStream> {
    let list: ExprList = syn::parse2(input)?;
    let (mut seen, mut types, mut errors) = (Vec::new(), Vec::new(), Vec::new());
    for expr in &list.0 {
        match axis(expr, &seen) {
            Ok((n, span)) => {
                seen.push(n);
                let value = proc_macro2::Literal::usize_unsuffixed(n as usize);
                types.push(quote_spanned!(span=> ::tensor_core::Axis<#value>));
            }
            Err(e) => errors.push(e),
        }
    }
    combine(errors)?;
    Ok(tuple(types))
}

/// Checks one axis number: a literal below `MAX_RANK`, not listed before.
fn axis(expr: &Expr, seen: &[u64]) -> syn::Result<(u64, Span)> {
    let Expr::Lit(ExprLit {
        lit: Lit::Int(lit), ..
    }) = expr
    else {
        let msg = format!(
            "expected an axis number (an integer literal), found `{}`",
            quote!(#expr)
        );
        return Err(syn::Error::new_spanned(expr, msg));
    };
    let n = size_literal(lit, "an axis")?;
    if n >= MAX_RANK as u64 {
        let msg = format!("axis {n} is out of range: tensors have at most {MAX_RANK} axes");
        return Err(syn::Error::new(lit.span(), msg));
    }
    if seen.contains(&n) {
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

    #[test]
    fn typenum_table_matches_typenum_generic_const_mappings() {
        assert!(in_typenum_table(0) && in_typenum_table(1024));
        assert!(!in_typenum_table(1025) && !in_typenum_table(1000003));
        assert!(in_typenum_table(2048) && in_typenum_table(1 << 63));
        assert!(in_typenum_table(10_000) && in_typenum_table(10_000_000_000_000_000_000));
        assert!(!in_typenum_table(3000) && !in_typenum_table(20_000));
    }

    #[test]
    fn typenum_is_binary_most_significant_bit_outermost() {
        let six = typenum(6).to_string().replace(' ', "");
        let tn = "::tensor_core::__private::typenum::";
        let expected = format!("{tn}UInt<{tn}UInt<{tn}UInt<{tn}UTerm,{tn}B1>,{tn}B1>,{tn}B0>");
        assert_eq!(six, expected);
    }

    #[test]
    fn negative_and_float_dims_are_rejected_together() {
        let err = shape(quote!(-1, 2.5, 3)).unwrap_err();
        let messages: Vec<String> = err.into_iter().map(|e| e.to_string()).collect();
        assert_eq!(messages.len(), 2);
        assert!(messages[0].contains("cannot be negative"));
        assert!(messages[1].contains("found `2.5`"));
    }
}
