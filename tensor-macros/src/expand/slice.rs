//! `slice!` out: `target.__slice::<Spec, K>([dynamic indices])`, where
//! `Spec` is the type-level list of the checked entries; `try_slice!` calls
//! `__try_slice` the same way. In a generic `#[shape]` item (`at_build`),
//! literal indices and ranges are wrapped in `AtBuild`, their bounds checked
//! when the item is instantiated, and a range that trims literals off the
//! ends of its axis has the length `Trim<K>`, the axis size less `K`
//! (`tensor-core/src/layout/slice/at_build.rs`).

use proc_macro2::{Span, TokenStream};
use quote::quote;

use super::size_type;
use crate::valid::slice::{Bound, Entry};

/// The call that builds the view: `method` is `__slice` (panics on a
/// run-time entry that does not fit) or `__try_slice` (a `Result`).
pub fn slice(
    target: &syn::Expr,
    entries: &[Entry<'_>],
    method: &str,
    at_build: bool,
) -> TokenStream {
    let method = syn::Ident::new(method, Span::call_site());
    let p = quote!(::tensor_core::__private);
    let spec = entries.iter().rev().fold(quote!(#p::Nil), |rest, entry| {
        let entry = if at_build {
            entry_at_build(entry)
        } else {
            entry_type(entry)
        };
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
            // (`<= 0` would do as well: a step of 0 is rejected before.)
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
            // A whole axis at step 1 or -1 (`0..`, `..;-1`) is as long
            // as the axis: no typenum arithmetic for the trait solver.
            let len = match len {
                Some(n) => known(*n),
                None if whole_axis(*start, *end, *step) => quote!(#p::Whole),
                None => quote!(#p::Computed),
            };
            range_type(*start, *end, *step, len)
        }
    }
}

/// The length `Known<Dim![n]>`, computed by the macro.
fn known(n: u64) -> TokenStream {
    let dim = size_type(n, Span::call_site());
    quote!(::tensor_core::__private::Known<#dim>)
}

/// `Range<Start, End, |step|, len, step < 0>`.
fn range_type(start: Bound, end: Bound, step: i64, len: TokenStream) -> TokenStream {
    let p = quote!(::tensor_core::__private);
    let (start, end) = (bound_type(start), bound_type(end));
    let step_dim = size_type(step.unsigned_abs(), Span::call_site());
    // (`<= 0` would do as well: a step of 0 is rejected before.)
    let rev = step < 0;
    quote!(#p::Range<#start, #end, #step_dim, #len, #rev>)
}

/// The type of one entry in a generic `#[shape]` item: literal bounds
/// checked at instantiation; a range that trims `k` off the ends of an axis
/// of size `D` is `D - k` long (`Trim`), or `ceil((D - k) / step)`
/// (`TrimStep`); only a range whose bounds count from both ends keeps the
/// typenum `Computed` length (an error on an axis of variable size).
fn entry_at_build(entry: &Entry<'_>) -> TokenStream {
    let p = quote!(::tensor_core::__private);
    match entry {
        Entry::Full | Entry::Dynamic(_) => entry_type(entry),
        Entry::Index(_) | Entry::Window { .. } => {
            let plain = entry_type(entry);
            quote!(#p::AtBuild<#plain>)
        }
        Entry::Range {
            start,
            end,
            step,
            len,
        } => {
            let len = match (len, trimmed(*start, *end)) {
                (Some(n), _) => known(*n),
                (None, _) if whole_axis(*start, *end, *step) => quote!(#p::Whole),
                (None, Some(k)) if step.unsigned_abs() == 1 => {
                    let dim = size_type(k, Span::call_site());
                    quote!(#p::Trim<#dim>)
                }
                (None, Some(0)) => quote!(#p::WholeStep),
                (None, Some(k)) => {
                    let dim = size_type(k, Span::call_site());
                    quote!(#p::TrimStep<#dim>)
                }
                (None, _) => quote!(#p::Computed),
            };
            let range = range_type(*start, *end, *step, len);
            quote!(#p::AtBuild<#range>)
        }
    }
}

/// Whether `start..end;step` covers its whole axis at step 1 or -1: its
/// length is the axis size (`Whole`).
fn whole_axis(start: Bound, end: Bound, step: i64) -> bool {
    step.unsigned_abs() == 1 && trimmed(start, end) == Some(0)
}

/// How many elements `start..end` leaves off the two ends of its axis,
/// when that does not depend on the axis size (`a..`, `..-b`, `a..-b`).
fn trimmed(start: Bound, end: Bound) -> Option<u64> {
    let front = match start {
        Bound::FromStart(a, _) => a,
        Bound::Open => 0,
        Bound::FromEnd(..) => return None,
    };
    let back = match end {
        Bound::FromEnd(b, _) => b,
        Bound::Open => 0,
        Bound::FromStart(..) => return None,
    };
    front.checked_add(back)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::SliceInput;

    /// The spec type `slice!` writes for `tokens`, in a generic item or not.
    fn spec(tokens: TokenStream, at_build: bool) -> String {
        let input: SliceInput = syn::parse2(tokens).expect("slice! input");
        let entries = crate::valid::slice::slice(&input, "slice").expect("valid entries");
        slice(&input.target, &entries, "__slice", at_build)
            .to_string()
            .replace(":: tensor_core :: __private :: ", "")
            .replace(":: tensor_core :: ", "")
            .replace(">>", "> >")
    }

    /// Panics unless `s` holds each of `parts`.
    fn holds(s: &str, parts: &[&str]) {
        for part in parts {
            assert!(s.contains(part), "{part} not in {s}");
        }
    }

    #[test]
    fn trimming_ranges_are_differences() {
        let s = spec(quote!(x, 1.., ..-2, 1..-1;-1, 0..), true);
        holds(
            &s,
            &[
                "Range < FromStart < Dim1 > , Open , Dim1 , Trim < Dim1 > , false",
                "Range < Open , FromEnd < Dim < 2 > > , Dim1 , Trim < Dim < 2 > > , false",
                "Trim < Dim < 2 > > , true",
                "Range < FromStart < Dim < 0 > > , Open , Dim1 , Whole , false",
            ],
        );
        assert_eq!(s.matches("AtBuild <").count(), 4, "{s}");
    }

    #[test]
    fn stepped_ranges_round_up() {
        let s = spec(quote!(x, ..;2, 1..;-3, ..;-1, -3..2;2), true);
        holds(
            &s,
            &[
                "Dim < 2 > , WholeStep , false",
                "Dim < 3 > , TrimStep < Dim1 > , true",
                "Dim1 , Whole , true",
                "Dim < 2 > , Computed , false",
            ],
        );
    }

    #[test]
    fn literal_lengths_and_indices_are_checked_later() {
        let s = spec(quote!(x, 0, ..3, i..i + 2, j, ..), true);
        holds(
            &s,
            &[
                "AtBuild < Index < FromStart < Dim < 0 > > > >",
                "AtBuild < Range < Open , FromStart < Dim < 3 > > , Dim1 , Known < Dim < 3 > > , false > >",
                "AtBuild < DynRange <",
                "Cons < DynIndex",
                "Cons < Full",
            ],
        );
        assert!(s.ends_with(", 2 > ([i , j])"), "{s}");
        let w = spec(quote!(x, i..i + 3;-1, 2..;-1), false);
        holds(
            &w,
            &[
                "DynRange < Dim < 3 > , Dim1 , Dim < 3 > , true >",
                "Range < FromStart < Dim < 2 > > , Open , Dim1 , Computed , true >",
            ],
        );
    }

    #[test]
    fn outside_generic_items_nothing_waits() {
        let s = spec(quote!(x, 1.., 0, ..;2), false);
        assert!(!s.contains("AtBuild"), "{s}");
        assert!(
            s.contains("Range < FromStart < Dim1 > , Open , Dim1 , Computed , false"),
            "{s}"
        );
    }

    #[test]
    fn whole_axes_at_unit_steps_need_no_arithmetic() {
        let s = spec(quote!(x, 0.., ..;-1, 0..;-1, ..;2, 0..-1), false);
        holds(
            &s,
            &[
                "Range < FromStart < Dim < 0 > > , Open , Dim1 , Whole , false",
                "Range < Open , Open , Dim1 , Whole , true",
                "Range < FromStart < Dim < 0 > > , Open , Dim1 , Whole , true",
                "Range < Open , Open , Dim < 2 > , Computed , false",
                "Range < FromStart < Dim < 0 > > , FromEnd < Dim1 > , Dim1 , Computed , false",
            ],
        );
    }

    #[test]
    fn trimmed_counts_both_ends() {
        let s = Span::call_site();
        let (start, end, open) = (Bound::FromStart(2, s), Bound::FromEnd(3, s), Bound::Open);
        assert_eq!(trimmed(start, end), Some(5));
        assert_eq!(trimmed(open, end), Some(3));
        assert_eq!(trimmed(start, open), Some(2));
        assert_eq!(trimmed(open, open), Some(0));
        assert_eq!(trimmed(end, open), None);
        assert_eq!(trimmed(open, start), None);
        assert_eq!(trimmed(Bound::FromStart(u64::MAX, s), end), None);
    }
}
