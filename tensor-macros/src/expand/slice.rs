//! `slice!` out: `target.__slice::<Spec, K>([dynamic indices])`, where
//! `Spec` is the type-level list of the checked entries; `try_slice!` calls
//! `__try_slice` the same way.

use proc_macro2::{Span, TokenStream};
use quote::quote;

use super::size_type;
use crate::valid::slice::{Bound, Entry};

/// The call that builds the view: `method` is `__slice` (panics on a
/// run-time entry that does not fit) or `__try_slice` (a `Result`).
pub fn slice(target: &syn::Expr, entries: &[Entry<'_>], method: &str) -> TokenStream {
    let method = syn::Ident::new(method, Span::call_site());
    let p = quote!(::tensor_core::__private);
    let spec = entries.iter().rev().fold(quote!(#p::Nil), |rest, entry| {
        let entry = entry_type(entry);
        quote!(#p::Cons<#entry, #rest>)
    });
    let dynamic: Vec<&syn::Expr> = entries
        .iter()
        .filter_map(|e| match e {
            Entry::Dynamic(expr) | Entry::Window { start: expr, .. } => Some(*expr),
            _ => None,
        })
        .collect();
    let k = proc_macro2::Literal::usize_unsuffixed(dynamic.len());
    quote!((#target).#method::<#spec, #k>([#(#dynamic),*]))
}

/// The type of one entry.
fn entry_type(entry: &Entry<'_>) -> TokenStream {
    let p = quote!(::tensor_core::__private);
    match entry {
        Entry::Full => quote!(#p::Full),
        Entry::Dynamic(_) => quote!(#p::DynIndex),
        Entry::Window {
            span, step, len, ..
        } => {
            let span = size_type(*span, Span::call_site());
            let step_dim = size_type(step.unsigned_abs(), Span::call_site());
            let len = size_type(*len, Span::call_site());
            let rev = *step < 0;
            quote!(#p::DynRange<#span, #step_dim, #len, #rev>)
        }
        Entry::Index(bound) => {
            let bound = bound_type(*bound);
            quote!(#p::Index<#bound>)
        }
        Entry::Range {
            start,
            end,
            step,
            len,
        } => {
            let (start, end) = (bound_type(*start), bound_type(*end));
            let step_dim = size_type(step.unsigned_abs(), Span::call_site());
            let len = match len {
                Some(n) => {
                    let dim = size_type(*n, Span::call_site());
                    quote!(#p::Known<#dim>)
                }
                None => quote!(#p::Computed),
            };
            let rev = *step < 0;
            quote!(#p::Range<#start, #end, #step_dim, #len, #rev>)
        }
    }
}

/// The type of one bound.
fn bound_type(bound: Bound) -> TokenStream {
    let p = quote!(::tensor_core::__private);
    match bound {
        Bound::FromStart(n, span) => {
            let dim = size_type(n, span);
            quote!(#p::FromStart<#dim>)
        }
        Bound::FromEnd(n, span) => {
            let dim = size_type(n, span);
            quote!(#p::FromEnd<#dim>)
        }
        Bound::Open => quote!(#p::Open),
    }
}
