//! `tensor![..]` out: `Tensor::<_, shape>::from_array(storage)`, a
//! `const fn` call, so literals initialise `const` and `static` items. The
//! storage is the nested array literal, except that an axis above 1024 is
//! written as its dimension stores it (`BigArray::new(rows of 1024, rest)`).

use proc_macro2::{Span, TokenStream};
use quote::{quote, ToTokens};

use super::{dim_type, size_type, tuple};
use crate::valid::literal::Checked;
use crate::valid::literal::Elems;
use crate::valid::DimSpec;

/// The tensor expression of a checked `tensor![..]`.
pub fn tensor(checked: &Checked<'_>) -> TokenStream {
    match checked {
        Checked::Nested { dims, elems } => {
            let shape = tuple(dims.iter().map(|&n| size_type(n as u64, Span::call_site())));
            let storage = nested(elems);
            quote!(::tensor_core::Tensor::<_, #shape>::from_array(#storage))
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
    if sizes.iter().all(|&n| n <= 1024) {
        let array = sizes.iter().rev().fold(value.to_token_stream(), repeat);
        return quote!(::tensor_core::Tensor::<_, #shape>::from_array(#array));
    }
    // The value appears in several repeats: evaluated once, before them.
    let array = sizes.iter().rev().fold(quote!(value), repeat);
    quote!({
        let value = #value;
        ::tensor_core::Tensor::<_, #shape>::from_array(#array)
    })
}

/// `[inner; n]`, or for `n` above 1024 the storage of `BigDim`:
/// `n / 1024` rows of 1024, then `n % 1024`.
fn repeat(inner: TokenStream, n: &u64) -> TokenStream {
    if *n <= 1024 {
        let n = proc_macro2::Literal::u64_unsuffixed(*n);
        return quote!([#inner; #n]);
    }
    let hi = repeat(quote!([#inner; 1024]), &(n / 1024));
    let lo = proc_macro2::Literal::u64_unsuffixed(n % 1024);
    quote!(::tensor_core::storage::BigArray::new(#hi, [#inner; #lo]))
}

/// The storage literal of nested rows: each row an array, or for more than
/// 1024 items the `BigArray` of its dimension.
fn nested(elems: &Elems) -> TokenStream {
    let items = elems
        .iter()
        .map(|e| match e {
            syn::Expr::Array(row) => nested(&row.elems),
            leaf => leaf.to_token_stream(),
        })
        .collect();
    array_of(items)
}

/// `[a, b, ..]` for up to 1024 items; above, rows of 1024 (themselves
/// grouped the same way when there are more than 1024 rows) and the rest.
fn array_of(items: Vec<TokenStream>) -> TokenStream {
    if items.len() <= 1024 {
        return quote!([#(#items),*]);
    }
    let full = items.len() / 1024 * 1024;
    let rows = items[..full]
        .chunks(1024)
        .map(|row| quote!([#(#row),*]))
        .collect();
    let hi = array_of(rows);
    let lo = &items[full..];
    quote!(::tensor_core::storage::BigArray::new(#hi, [#(#lo),*]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(n: usize) -> Vec<TokenStream> {
        (0..n)
            .map(|i| proc_macro2::Literal::usize_unsuffixed(i).to_token_stream())
            .collect()
    }

    #[test]
    fn up_to_1024_items_are_one_array() {
        let t = array_of(items(1024)).to_string();
        assert!(t.starts_with("[0 , 1 ,") && t.ends_with("1023]"), "{t}");
    }

    #[test]
    fn more_items_are_rows_of_1024_and_the_rest() {
        let t = array_of(items(3000)).to_string().replace(' ', "");
        assert!(
            t.starts_with("::tensor_core::storage::BigArray::new([[0,1,"),
            "{t}"
        );
        assert!(t.contains(",1023],[1024,1025,"), "{t}");
        assert!(t.contains(",2047]],[2048,2049,"), "{t}");
        assert!(t.ends_with(",2998,2999])"), "{t}");
    }

    #[test]
    fn nested_rows_keep_their_brackets() {
        let elems: Elems = syn::parse_quote!([1, 2], [3, 4]);
        assert_eq!(nested(&elems).to_string().replace(' ', ""), "[[1,2],[3,4]]");
    }

    #[test]
    fn a_small_fill_is_one_repeat_and_a_big_one_evaluates_the_value_once() {
        let at = proc_macro2::Span::call_site();
        let value: syn::Expr = syn::parse_quote!(v);
        let small = fill(&value, &[DimSpec::Size(2, at), DimSpec::Size(3, at)]).to_string();
        assert!(small.contains("from_array ([[v ; 3] ; 2])"), "{small}");
        let big = fill(&value, &[DimSpec::Size(1025, at)]).to_string();
        assert!(big.starts_with("{ let value = v ;"), "{big}");
    }

    #[test]
    fn a_fill_above_1024_repeats_rows() {
        let t = repeat(quote!(v), &3073).to_string().replace(' ', "");
        assert_eq!(
            t,
            "::tensor_core::storage::BigArray::new([[v;1024];3],[v;1])"
        );
        let t = repeat(quote!(v), &(1024 * 1025))
            .to_string()
            .replace(' ', "");
        assert_eq!(
            t,
            "::tensor_core::storage::BigArray::new(::tensor_core::storage::BigArray::new([[[v;1024];1024];1],[[v;1024];1]),[v;0])"
        );
    }
}
