//! The syntax of each macro's input, as written: nothing is checked here
//! beyond what parsing needs, and every node keeps its tokens for spans.

use proc_macro2::Span;
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::{Expr, Token};

/// A comma-separated list of expressions: the input of `Shape![..]`,
/// `Axes![..]`, `#[shape(..)]`, and the sizes of `tensor![v; ..]`.
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
                       write `Tensor::<T, Shape![0]>::zeros()` for an empty tensor";
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

/// `slice!(target, entry, entry, ..)`.
pub struct SliceInput {
    /// The tensor or view being sliced.
    pub target: Expr,
    /// The entries, one per leading axis.
    pub entries: Vec<SliceEntry>,
}

/// One entry of `slice!`: a range or an index, and an optional `;step`.
pub struct SliceEntry {
    /// `a..b`, `..`, `-1`, `i`, ...
    pub expr: Expr,
    /// The expression after `;`, if any.
    pub step: Option<Expr>,
}

impl Parse for SliceInput {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let target = input.parse()?;
        let mut entries = Vec::new();
        while !input.is_empty() {
            input.parse::<Token![,]>()?;
            if input.is_empty() {
                break;
            }
            let expr = input.parse()?;
            let step = match input.parse::<Option<Token![;]>>()? {
                Some(_) => Some(input.parse()?),
                None => None,
            };
            entries.push(SliceEntry { expr, step });
        }
        Ok(SliceInput { target, entries })
    }
}

/// `include_tensor!("path.npy")` or
/// `include_tensor!("path.safetensors", "tensor.name")`.
pub struct IncludeInput {
    /// The file's path, relative to the crate root.
    pub path: syn::LitStr,
    /// The tensor's name in a safetensors file.
    pub name: Option<syn::LitStr>,
}

impl Parse for IncludeInput {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let path = input.parse()?;
        let mut name = None;
        if input.parse::<Option<Token![,]>>()?.is_some() && !input.is_empty() {
            name = Some(input.parse()?);
            input.parse::<Option<Token![,]>>()?;
        }
        Ok(IncludeInput { path, name })
    }
}
