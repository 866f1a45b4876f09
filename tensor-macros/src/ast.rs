//! The syntax of each macro's input, as written: nothing is checked here
//! beyond what parsing needs, and every node keeps its tokens for spans.

use proc_macro2::Span;
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::{Expr, Token};

/// A comma-separated list of expressions: the input of `shape![..]`,
/// `axes![..]`, `#[shaped(..)]`, and the sizes of `tensor![v; ..]`.
pub struct ExprList(pub Punctuated<Expr, Token![,]>);

impl Parse for ExprList {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        Punctuated::parse_terminated(input).map(ExprList)
    }
}

/// What was written between the brackets of `tensor![..]`.
pub enum TensorInput {
    /// `tensor![value; d0, d1, ..]`.
    Fill {
        /// The repeated value.
        value: Expr,
        /// The sizes after `;`.
        dims: ExprList,
        /// The span of `;`, for "expected sizes after `;`".
        semi: Span,
    },
    /// `tensor![e0, e1, ..]`, rows written as `[..]`.
    Nested(Punctuated<Expr, Token![,]>),
}

impl Parse for TensorInput {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        if input.is_empty() {
            let msg = "cannot infer the shape of an empty `tensor![]`: \
                       write `Tensor::<T, shape![0]>::zeros()` for an empty tensor";
            return Err(syn::Error::new(Span::call_site(), msg));
        }
        let first: Expr = input.parse()?;
        if input.peek(Token![;]) {
            let semi = input.parse::<Token![;]>()?.span;
            let dims = input.parse()?;
            return Ok(TensorInput::Fill {
                value: first,
                dims,
                semi,
            });
        }
        let mut elems = Punctuated::new();
        elems.push_value(first);
        while !input.is_empty() {
            elems.push_punct(input.parse()?);
            if input.is_empty() {
                break;
            }
            elems.push_value(input.parse()?);
        }
        Ok(TensorInput::Nested(elems))
    }
}
