//! `einsum!`: parse the spec and the operands (`parse`), check the spec and
//! number its labels (`plan`), and emit the checks and the call of
//! `tensor_core::ops::einsum` (`emit`).

mod emit;
mod parse;
mod plan;

/// The expansion of `einsum!(input)`, or every mistake of its spec.
pub fn einsum(input: proc_macro2::TokenStream) -> syn::Result<proc_macro2::TokenStream> {
    let input: parse::EinsumInput = syn::parse2(input)?;
    let plan = plan::plan(&input)?;
    Ok(emit::emit(&input, &plan))
}
