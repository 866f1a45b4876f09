//! What a macro expands to when its input has errors: every error at
//! once, in a form that adds no error of its own where it stands.

/// Every error of an invocation, in type position: a tuple of
/// `compile_error!`s projected to `()`, which is a valid (scalar) shape and
/// an empty axis list, so no error follows from the type.
pub(crate) fn type_errors(error: syn::Error) -> proc_macro2::TokenStream {
    let each = error.into_iter().map(syn::Error::into_compile_error);
    quote::quote!(<(#(#each,)*) as ::tensor_core::__private::Discard>::Unit)
}

/// The errors of an `Axes![..]` list, standing for the identity list of as
/// many axes (at most the largest rank): `permute::<Axes![1, 1, 2]>()` then
/// reports the repeated axis and nothing else, where `()` made every use of
/// the permuted view an error too.
pub(crate) fn axes_errors(
    error: syn::Error,
    input: &proc_macro2::TokenStream,
) -> proc_macro2::TokenStream {
    let each = error.into_iter().map(syn::Error::into_compile_error);
    let len = syn::parse2::<crate::ast::ExprList>(input.clone()).map_or(0, |l| l.0.len());
    let identity = (0..len.min(crate::valid::MAX_RANK)).map(|n| {
        let n = proc_macro2::Literal::usize_unsuffixed(n);
        quote::quote!(::tensor_core::Axis<#n>)
    });
    quote::quote!(<(#(#each,)*) as ::tensor_core::__private::Discard>::Or<(#(#identity,)*)>)
}

/// Every error of an invocation, in expression position: a block of
/// `compile_error!`s.
pub(crate) fn expr_errors(error: syn::Error) -> proc_macro2::TokenStream {
    let each = error.into_iter().map(syn::Error::into_compile_error);
    quote::quote!({ #(#each);* })
}
