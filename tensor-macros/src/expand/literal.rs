//! `tensor![..]` out: `Tensor::<_, shape>::from_array(nested_array)`, a
//! `const fn` call, so literals initialise `const` and `static` items.

use proc_macro2::{Span, TokenStream};
use quote::{quote, ToTokens};

use super::{dim_type, size_type, tuple};
use crate::valid::literal::Checked;
use crate::valid::DimSpec;

/// The tensor expression of a checked `tensor![..]`.
pub fn tensor(checked: &Checked<'_>) -> TokenStream {
    match checked {
        Checked::Nested { dims, elems } => {
            let shape = tuple(dims.iter().map(|&n| size_type(n as u64, Span::call_site())));
            quote!(::tensor_core::Tensor::<_, #shape>::from_array([#elems]))
        }
        Checked::Fill { value, dims } => fill(value, dims),
    }
}

/// A nested repeat `[[v; 3]; 2]` for literal sizes; `full(v)` when a size
/// is a dimension name, whose value only the type knows.
fn fill(value: &syn::Expr, dims: &[DimSpec]) -> TokenStream {
    let shape = tuple(dims.iter().map(dim_type));
    let sizes: Option<Vec<u64>> = dims
        .iter()
        .map(|d| match d {
            DimSpec::Size(n, _) => Some(*n),
            DimSpec::Named(_) | DimSpec::Op(..) => None,
        })
        .collect();
    let Some(sizes) = sizes else {
        return quote!(::tensor_core::Tensor::<_, #shape>::full(#value));
    };
    let array = sizes
        .iter()
        .rev()
        .fold(value.to_token_stream(), |inner, n| {
            let n = proc_macro2::Literal::u64_unsuffixed(*n);
            quote!([#inner; #n])
        });
    quote!(::tensor_core::Tensor::<_, #shape>::from_array(#array))
}
