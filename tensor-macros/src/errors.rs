//! What a macro expands to when its input has errors: every error at
//! once, in a form that adds no error of its own where it stands, nor
//! anywhere the result is used.
//!
//! In type position the errors sit in a const argument,
//! `Dim<{ compile_error!{..} .. }>`: the argument is then rustc's error
//! constant, and every type holding it an error type, which rustc checks
//! no further. So `permute::<Axes![1, 1, 2]>()` in a function returning
//! a named shape is the one error about the axis: no mismatch follows
//! with the return type, as it did when the errors stood for `()` or for
//! the identity list (ui-tests: `generic/permute_repeated_axis_returned`,
//! and `shape_macro/negative_dim_then_used` for `Shape!` and `Dim!`).

use proc_macro2::TokenStream;
use quote::quote;

/// A const argument whose block holds every error of `error`.
fn error_const(error: syn::Error) -> TokenStream {
    let each = error.into_iter().map(syn::Error::into_compile_error);
    quote!({ #(#each)* })
}

/// The errors of a `Dim![..]`: a dimension type whose size is the error
/// constant.
pub(crate) fn dim_errors(error: syn::Error) -> TokenStream {
    let size = error_const(error);
    quote!(::tensor_core::Dim<#size>)
}

/// The errors of a `Shape![..]`: a shape of one such dimension.
pub(crate) fn shape_errors(error: syn::Error) -> TokenStream {
    let dim = dim_errors(error);
    quote!((#dim,))
}

/// The errors of an `Axes![..]` list: a list of one axis whose number is
/// the error constant.
pub(crate) fn axes_errors(error: syn::Error) -> TokenStream {
    let number = error_const(error);
    quote!((::tensor_core::Axis<#number>,))
}

/// Every error of an invocation, in expression position: a block of
/// `compile_error!`s.
pub(crate) fn expr_errors(error: syn::Error) -> TokenStream {
    let each = error.into_iter().map(syn::Error::into_compile_error);
    quote!({ #(#each);* })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proc_macro2::Span;

    /// Two errors combined, as the macros report several mistakes.
    fn two() -> syn::Error {
        let mut e = syn::Error::new(Span::call_site(), "first");
        e.combine(syn::Error::new(Span::call_site(), "second"));
        e
    }

    /// `tokens` as text with no spaces, to compare with a spelling.
    fn text(tokens: TokenStream) -> String {
        tokens.to_string().replace(' ', "")
    }

    /// Both errors, in order, as `compile_error!`s in one block.
    const BLOCK: &str = r#"{::core::compile_error!{"first"}::core::compile_error!{"second"}}"#;

    #[test]
    fn a_dim_error_is_a_dimension_whose_size_holds_every_error() {
        assert_eq!(
            text(dim_errors(two())),
            format!("::tensor_core::Dim<{BLOCK}>")
        );
    }

    #[test]
    fn a_shape_error_is_a_shape_of_that_dimension() {
        assert_eq!(
            text(shape_errors(two())),
            format!("(::tensor_core::Dim<{BLOCK}>,)")
        );
    }

    #[test]
    fn an_axes_error_is_a_list_of_one_axis_holding_every_error() {
        assert_eq!(
            text(axes_errors(two())),
            format!("(::tensor_core::Axis<{BLOCK}>,)")
        );
    }

    #[test]
    fn an_expression_error_is_a_block_of_every_error() {
        assert_eq!(
            text(expr_errors(two())),
            r#"{::core::compile_error!{"first"};::core::compile_error!{"second"}}"#
        );
    }
}
