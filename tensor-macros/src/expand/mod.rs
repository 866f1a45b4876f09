//! Tokens out: the types and expressions each checked input becomes.
//!
//! A literal dimension `N` becomes `Dim1` for 1, `Dim<N>` up to 1024, and
//! `BigDim<Hi, Lo>` (`N = Hi * 1024 + Lo`, `Lo` a digit type) above, so each
//! size has exactly one type, the one `Nat::Dim` computes for that value.
//! Every path is rooted (`::tensor_core::..`).

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};

use crate::valid::{arith, DimSpec};

pub mod attr;
mod bounds;
pub mod include;
pub mod literal;
mod reshape_calls;
pub mod slice;
mod slice_calls;

/// The type of a literal dimension of size `n`, spanned at the literal:
/// `Dim1` for 1, `Dim<n>` up to 1024, else `BigDim<Hi, Lo>` with `Hi` the
/// type of `n / 1024` and `Lo` the digit `n % 1024`. A size above
/// `u16::MAX` is wrapped so that rustc checks it against the target's
/// `usize` (see [`const_arg`]); the wrapper normalizes to the same type.
pub fn size_type(n: u64, span: Span) -> TokenStream {
    let ty = canonical(n, span);
    if n <= u64::from(u16::MAX) {
        return ty;
    }
    let value = const_arg(n, span);
    quote_spanned!(span=> <#ty as ::tensor_core::dim::Fits<#value>>::Dim)
}

/// The dimension type of `n`, with no width check.
pub(crate) fn canonical(n: u64, span: Span) -> TokenStream {
    match n {
        1 => quote_spanned!(span=> ::tensor_core::Dim1),
        0..=1024 => {
            let value = proc_macro2::Literal::u64_unsuffixed(n);
            quote_spanned!(span=> ::tensor_core::Dim<#value>)
        }
        _ => {
            let (high, low) = (canonical(n / 1024, span), canonical(n % 1024, span));
            quote_spanned!(span=> ::tensor_core::BigDim<#high, #low>)
        }
    }
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

/// The type of one dimension. A difference or quotient is the library's
/// alias for the result of its operator trait: `::tensor_core::dim::
/// DimDiff<H, K>`, that is `<H as SubDim<K>>::Output` (an alias keeps
/// clippy's `type_complexity` quiet in users' signatures); a sum or product
/// is `Dimension`'s own projection, `<H as Dimension>::Sum<K>` (see below).
pub fn dim_type(spec: &DimSpec) -> TokenStream {
    match spec {
        DimSpec::Size(n, span) => size_type(*n, *span),
        DimSpec::Named(path) => quote!(#path),
        DimSpec::Op(left, op @ (arith::Op::Add | arith::Op::Mul), right, span) => {
            // Sums and products are written as `Dimension`'s own projections,
            // what `DimSum<A, B>` normalizes to (`<A as Dimension>::Sum<B>`):
            // a bound on a sum of a variable is then already in the form the
            // compiler normalizes it to. Written through the alias, a bound
            // on `(H - 5 + 1) / 2` in an item that also writes
            // `(H - 5 + 1) / 2 - 4` could not be proved from the item's own
            // where-clause, which the compiler compares unnormalized.
            //
            // A literal on the left of a variable (`1 + H`, `16 * P`) is
            // written as what it normalizes to, the right operand's
            // `SumOf`/`ProductOf` (`<P as Dimension>::ProductOf<Dim<16>>`),
            // for the same reason. The operands keep their meaning: `16 * P`
            // and `P * 16` are different types in generic code, and a
            // `Shape![C * P]` instantiated at `C = 16` is the first. `1 * H`
            // and `0 * H` keep the size's own `Product`, which is `H` itself
            // and `Dim<0>`.
            let literal_left = matches!(**left, DimSpec::Size(n, _) if n > 1 || matches!(op, arith::Op::Add))
                && !matches!(**right, DimSpec::Size(..));
            let (l, r) = (dim_type(left), dim_type(right));
            let (gat, l, r) = match (op, literal_left) {
                (arith::Op::Add, false) => (quote_spanned!(*span=> Sum), l, r),
                (arith::Op::Add, true) => (quote_spanned!(*span=> SumOf), r, l),
                (_, false) => (quote_spanned!(*span=> Product), l, r),
                (_, true) => (quote_spanned!(*span=> ProductOf), r, l),
            };
            quote_spanned!(*span=> <#l as ::tensor_core::dim::Dimension>::#gat<#r>)
        }
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
    tuple_at(items, Span::call_site())
}

/// [`tuple`] with its parentheses at `span`.
fn tuple_at(items: impl IntoIterator<Item = TokenStream>, span: Span) -> TokenStream {
    let items = items.into_iter();
    quote_spanned!(span=> (#(#items,)*))
}

/// `Shape![..]`: the tuple of the dimensions' types.
pub fn shape(dims: &[DimSpec]) -> TokenStream {
    tuple(dims.iter().map(dim_type))
}

/// [`shape`] with the tuple's parentheses at `span` (the invocation's).
pub fn shape_at(dims: &[DimSpec], span: Span) -> TokenStream {
    tuple_at(dims.iter().map(dim_type), span)
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

    fn text(t: TokenStream) -> String {
        t.to_string().replace(' ', "")
    }

    #[test]
    fn sizes_up_to_1024_are_dim_and_1_is_dim1() {
        let at = Span::call_site();
        assert_eq!(text(size_type(0, at)), "::tensor_core::Dim<0>");
        assert_eq!(text(size_type(1, at)), "::tensor_core::Dim1");
        assert_eq!(text(size_type(1024, at)), "::tensor_core::Dim<1024>");
    }

    #[test]
    fn big_sizes_are_written_in_base_1024() {
        let at = Span::call_site();
        assert_eq!(
            text(size_type(3072, at)),
            "::tensor_core::BigDim<::tensor_core::Dim<3>,::tensor_core::Dim<0>>"
        );
        assert_eq!(
            text(size_type(1025, at)),
            "::tensor_core::BigDim<::tensor_core::Dim1,::tensor_core::Dim1>"
        );
        let wide = "{::tensor_core::__private::usize_value(1000003)}";
        assert_eq!(
            text(size_type(1_000_003, at)),
            format!("<::tensor_core::BigDim<::tensor_core::Dim<976>,::tensor_core::Dim<579>>as::tensor_core::dim::Fits<{wide}>>::Dim")
        );
        // 5e9 = (4768 * 1024 + 380) * 1024 + 512, with 4768 = 4 * 1024 + 672
        assert!(text(size_type(5_000_000_000, at)).starts_with(
            "<::tensor_core::BigDim<::tensor_core::BigDim<::tensor_core::BigDim<::tensor_core::Dim<4>,::tensor_core::Dim<672>>,::tensor_core::Dim<380>>,::tensor_core::Dim<512>>"
        ));
    }

    #[test]
    fn sizes_a_16_bit_usize_holds_are_not_wrapped() {
        let at = Span::call_site();
        assert_eq!(
            text(size_type(65_535, at)),
            "::tensor_core::BigDim<::tensor_core::Dim<63>,::tensor_core::Dim<1023>>"
        );
        assert!(text(size_type(65_536, at)).ends_with(
            "as::tensor_core::dim::Fits<{::tensor_core::__private::usize_value(65536)}>>::Dim"
        ));
    }
}
