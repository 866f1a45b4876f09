//! Procedural macros of `tensor-core`; use them through `tensor_core`.
//!
//! Each entry point parses its input, checks it (reporting every mistake of
//! one invocation at once, each at the smallest offending token) and expands
//! the checked input. Parsing, checking and expansion live in their own
//! modules per macro: `dims` (shared by `shape!`, `axes!` and `#[shape]`),
//! `literal` (`tensor!`) and `attr` (`#[shape]`).

use proc_macro::TokenStream;

mod attr;
mod dims;
mod literal;

/// The type of a shape: `shape![2, 3, 4]`, `shape![B, 3]`, `shape![]`.
/// See `tensor_core::shape!`.
#[proc_macro]
pub fn shape(input: TokenStream) -> TokenStream {
    dims::shape(input.into())
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// The type of a list of axis numbers: `axes![2, 0, 1]`.
/// See `tensor_core::axes!`.
#[proc_macro]
pub fn axes(input: TokenStream) -> TokenStream {
    dims::axes(input.into())
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// A tensor literal: `tensor![[1, 2], [3, 4]]` or `tensor![0.0; 2, 3]`.
/// See `tensor_core::tensor!`.
#[proc_macro]
pub fn tensor(input: TokenStream) -> TokenStream {
    literal::tensor(input.into())
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// Shape declarations for an item: `#[shaped(M, N)]`, `#[shaped(H = 28)]`,
/// `#[shaped(2, 3, 4)] struct S;`. See `tensor_core::shaped`.
#[proc_macro_attribute]
pub fn shaped(args: TokenStream, item: TokenStream) -> TokenStream {
    attr::shape(args.into(), item.into()).into()
}
