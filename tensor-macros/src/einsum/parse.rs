//! The input of `einsum!`: a spec string, then one or more operand
//! expressions, comma-separated.

use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::{Expr, LitStr, Token};

/// `"spec", a, b`.
pub struct EinsumInput {
    /// The spec, `"bij,bjk->bik"`.
    pub spec: LitStr,
    /// The operand expressions, each a tensor, a view, or a reference to one.
    pub operands: Vec<Expr>,
}

impl Parse for EinsumInput {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let spec: LitStr = input.parse()?;
        let operands = match input.is_empty() {
            true => Punctuated::<Expr, Token![,]>::new(),
            false => {
                input.parse::<Token![,]>()?;
                Punctuated::parse_terminated(input)?
            }
        };
        Ok(EinsumInput {
            spec,
            operands: operands.into_iter().collect(),
        })
    }
}
