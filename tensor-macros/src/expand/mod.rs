//! Tokens out: the types and expressions each checked input becomes.
//!
//! A literal dimension `N` becomes `Dim<N>` when typenum maps `N` (its
//! `Const<N>: ToUInt` table: `0..=1024` and every power of two and of ten),
//! and `BigDim<N, Hi, LO>` (`N = Hi * 1024 + LO`) otherwise, so each
//! size has exactly one type. Every path is rooted (`::tensor_core::..`).

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};

use crate::valid::{arith, DimSpec};

pub mod attr;
mod bounds;
pub mod include;
pub mod literal;
pub mod slice;

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

/// The type of a literal dimension of size `n`, spanned at the literal:
/// `Dim1` for 1, `Dim<n>` in typenum's table, else `BigDim<n, Hi, LO>` with
/// `n = Hi * 1024 + LO` and `Hi` the type of `n / 1024`.
pub fn size_type(n: u64, span: Span) -> TokenStream {
    if n == 1 {
        return quote_spanned!(span=> ::tensor_core::Dim1);
    }
    let value = const_arg(n, span);
    if in_typenum_table(n) {
        return quote_spanned!(span=> ::tensor_core::Dim<#value>);
    }
    let high = size_type(n / 1024, span);
    let low = proc_macro2::Literal::u64_unsuffixed(n % 1024);
    quote_spanned!(span=> ::tensor_core::BigDim<#value, #high, #low>)
}

/// The const argument of size `n`: a bare literal when every target's
/// `usize` (16 bits and up) holds it, else a call whose `usize` parameter
/// types the literal, so that rustc's `overflowing_literals` rejects it
/// where `usize` is narrower, at the user's token. rustc truncates a bare
/// literal in a const argument silently: `Shape![65536]` was `Dim<0>` on a
/// 16-bit target, `Shape![70000]` had 4464 elements.
fn const_arg(n: u64, span: Span) -> TokenStream {
    let mut value = proc_macro2::Literal::u64_unsuffixed(n);
    if n <= u64::from(u16::MAX) {
        // Left at the call site: with the user's span, clippy reads the
        // user's text there (`0..=0` in a `slice!`) as the literal's.
        return quote!(#value);
    }
    // The user's span: rustc reports no lint at a span of a macro's own.
    value.set_span(span);
    quote_spanned!(span=> { ::tensor_core::__private::usize_value(#value) })
}

/// The type of one dimension; an operation is the library's alias for the
/// result of its operator trait: `::tensor_core::dim::DimDiff<H, K>`, that
/// is `<H as SubDim<K>>::Output` (an alias keeps clippy's `type_complexity`
/// quiet in users' signatures).
pub fn dim_type(spec: &DimSpec) -> TokenStream {
    match spec {
        DimSpec::Size(n, span) => size_type(*n, *span),
        DimSpec::Named(path) => quote!(#path),
        DimSpec::Op(left, op, right, span) => {
            let (l, r) = (dim_type(left), dim_type(right));
            let alias = proc_macro2::Ident::new(op.alias_name(), *span);
            quote_spanned!(*span=> ::tensor_core::dim::#alias<#l, #r>)
        }
    }
}

/// The path of the trait that computes `op`, spanned at the expression.
pub fn op_trait(op: arith::Op, span: Span) -> TokenStream {
    let name = proc_macro2::Ident::new(op.trait_name(), span);
    quote_spanned!(span=> ::tensor_core::dim::#name)
}

/// A tuple type of `items`: `()`, `(A,)`, `(A, B)`.
pub fn tuple(items: impl IntoIterator<Item = TokenStream>) -> TokenStream {
    let items = items.into_iter();
    quote!((#(#items,)*))
}

/// `Shape![..]`: the tuple of the dimensions' types.
pub fn shape(dims: &[DimSpec]) -> TokenStream {
    tuple(dims.iter().map(dim_type))
}

/// `Axes![..]`: the tuple of `Axis<N>` types.
pub fn axes(axes: &[(u64, Span)]) -> TokenStream {
    tuple(axes.iter().map(|&(n, span)| {
        let value = proc_macro2::Literal::u64_unsuffixed(n);
        quote_spanned!(span=> ::tensor_core::Axis<#value>)
    }))
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
    fn big_sizes_are_written_in_base_1024() {
        let ty = size_type(1_000_003, Span::call_site())
            .to_string()
            .replace(' ', "");
        let wide = |n: &str| format!("{{::tensor_core::__private::usize_value({n})}}");
        assert_eq!(
            ty,
            format!(
                "::tensor_core::BigDim<{},::tensor_core::Dim<976>,579>",
                wide("1000003")
            )
        );
        let ty = size_type(5_000_000_000, Span::call_site())
            .to_string()
            .replace(' ', "");
        let (outer, inner) = (wide("5000000000"), wide("4882812"));
        assert!(ty.starts_with(&format!(
            "::tensor_core::BigDim<{outer},::tensor_core::BigDim<{inner},"
        )));
    }

    #[test]
    fn sizes_a_16_bit_usize_holds_are_bare_literals() {
        let ty = size_type(65_535, Span::call_site())
            .to_string()
            .replace(' ', "");
        assert_eq!(
            ty,
            "::tensor_core::BigDim<65535,::tensor_core::Dim<63>,1023>"
        );
        let ty = size_type(65_536, Span::call_site())
            .to_string()
            .replace(' ', "");
        assert_eq!(
            ty,
            "::tensor_core::Dim<{::tensor_core::__private::usize_value(65536)}>"
        );
    }
}
