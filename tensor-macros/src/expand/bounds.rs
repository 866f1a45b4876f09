//! The where-clause `#[shape(..)]` writes for its item's shapes, so that
//! generic code needs no hand-written bounds.
//!
//! Two kinds of fact about dimension variables cannot be proved by the
//! compiler for every size, and so are stated as bounds that each caller's
//! sizes must meet (checked by `cargo check` at the call):
//!
//! * each difference or quotient, `H: SubDim<K>` for `Shape![H - K]` (the
//!   difference is not negative, a quotient is exact); sums and products
//!   hold for every size (`Nat`) and need none;
//! * that two shapes of the item have the same number of elements, when
//!   their dimensions multiply to the same product of variables and
//!   literals (`Shape![C, H, W]` and `Shape![C * H * W]`) but the compiler
//!   cannot see it from their element-count types: then each `ReshapesTo`
//!   the other, so the item can reshape between them. Shapes that differ
//!   only by size-1 axes, or by how trailing literals are grouped
//!   (`[O]` and `[O, 1, 1]`, `[1, I]` and `[I]`, `[C, 4, 6]` and `[C, 24]`),
//!   have one count type and need no bound, so none is written: a bound
//!   of the caller would steer the inference of a callee's dimensions.
//!
//! Every other rule (broadcasting with equal or unit dimensions, matmul's
//! inner dimension, reductions) holds by the design of the traits and needs
//! no bound.

use std::collections::BTreeMap;

use proc_macro2::TokenStream;
use quote::quote;

use super::{dim_type, op_trait, shape};
use crate::valid::arith::{mentions, Op};
use crate::valid::DimSpec;

/// The predicates for `shapes`, where `is_var` tells a dimension variable;
/// each once, in the order first met.
/// Reshape pairs are stated only when the item `reshapes` (a fn, impl or
/// trait): a struct's pair would have to hold wherever the struct is named.
pub fn predicates(
    shapes: &[Vec<DimSpec>],
    is_var: &impl Fn(&syn::Path) -> bool,
    reshapes: bool,
) -> Vec<TokenStream> {
    let mut out: Vec<TokenStream> = Vec::new();
    let mut push = |p: TokenStream| {
        if !out.iter().any(|q| q.to_string() == p.to_string()) {
            out.push(p);
        }
    };
    for dims in shapes {
        for dim in dims {
            arith_steps(dim, is_var, &mut push);
        }
    }
    let pairs = if reshapes {
        same_count_pairs(shapes, is_var)
    } else {
        Vec::new()
    };
    for (a, b) in pairs {
        let (ta, tb) = (shape(a), shape(b));
        push(quote!(#ta: ::tensor_core::constraint::ReshapesTo<#tb>));
    }
    out
}

/// `L: Op<R>` for every difference and quotient in `dim` that involves a
/// variable, innermost first.
fn arith_steps(
    dim: &DimSpec,
    is_var: &impl Fn(&syn::Path) -> bool,
    push: &mut impl FnMut(TokenStream),
) {
    if let DimSpec::Op(left, op, right, span) = dim {
        arith_steps(left, is_var, push);
        arith_steps(right, is_var, push);
        if matches!(op, Op::Sub | Op::Div) && mentions(dim, is_var) {
            let (l, r, op) = (dim_type(left), dim_type(right), op_trait(*op, *span));
            push(quote!(#l: #op<#r>));
        }
    }
}

/// Pairs of distinct shapes, at least one naming a variable, whose element
/// counts are the same product.
fn same_count_pairs<'a>(
    shapes: &'a [Vec<DimSpec>],
    is_var: &impl Fn(&syn::Path) -> bool,
) -> Vec<(&'a [DimSpec], &'a [DimSpec])> {
    let generic: Vec<&Vec<DimSpec>> = shapes
        .iter()
        .filter(|s| s.iter().any(|d| mentions(d, is_var)))
        .collect();
    let mut pairs = Vec::new();
    for (i, a) in generic.iter().enumerate() {
        // From `i + 1`: a shape paired with itself is always `proved` (and
        // skipped), so starting at `i` would change nothing.
        for b in &generic[i + 1..] {
            let proved = structure(a) == structure(b);
            if !proved && count(a) == count(b) {
                pairs.push((a.as_slice(), b.as_slice()));
                pairs.push((b.as_slice(), a.as_slice()));
            }
        }
    }
    pairs
}

/// The shape's element-count type as the compiler normalizes it, in
/// words: `Dimension::Times` folded from the right onto 1 skips size 1,
/// multiplies literals into a known count, and stops at the first dimension
/// it cannot see into (a variable, or arithmetic on one). So two shapes of
/// equal counts have one count type when the dimensions left of and
/// including their last opaque one agree, 1s dropped: the literals right of
/// it then multiply to the same number (the counts are equal).
fn structure(dims: &[DimSpec]) -> Vec<String> {
    let last_opaque = dims.iter().rposition(|d| !matches!(d, DimSpec::Size(..)));
    let split = last_opaque.map_or(0, |i| i + 1);
    dims[..split]
        .iter()
        .filter(|d| !matches!(d, DimSpec::Size(1, _)))
        .map(|d| dim_type(d).to_string())
        .collect()
}

/// An element count as a product: a literal factor and how many times each
/// other factor (a name, or an expression that is not a product) appears.
#[derive(PartialEq, Eq, Debug)]
struct Count {
    literal: u128,
    factors: BTreeMap<String, usize>,
}

/// The element count of a shape, as a product of factors.
fn count(dims: &[DimSpec]) -> Count {
    let mut c = Count {
        literal: 1,
        factors: BTreeMap::new(),
    };
    dims.iter().for_each(|d| factor(d, &mut c));
    c
}

/// Multiplies `c` by `dim`: literals into the literal factor, products
/// factor by factor, anything else as one factor named by its type.
fn factor(dim: &DimSpec, c: &mut Count) {
    match dim {
        DimSpec::Size(n, _) => c.literal = c.literal.saturating_mul(u128::from(*n)),
        DimSpec::Op(l, Op::Mul, r, _) => {
            factor(l, c);
            factor(r, c);
        }
        other => *c.factors.entry(dim_type(other).to_string()).or_default() += 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::ExprList;

    fn shapes(list: &[proc_macro2::TokenStream]) -> Vec<Vec<DimSpec>> {
        list.iter()
            .map(|t| {
                let l: ExprList = syn::parse2(t.clone()).expect("a list");
                crate::valid::dim_specs(&l).expect("valid dims")
            })
            .collect()
    }

    fn is_var(p: &syn::Path) -> bool {
        p.get_ident()
            .is_some_and(|i| ["C", "H", "W", "K"].contains(&i.to_string().as_str()))
    }

    fn text(preds: &[TokenStream]) -> Vec<String> {
        preds
            .iter()
            .map(|p| p.to_string().replace(' ', ""))
            .collect()
    }

    #[test]
    fn differences_and_quotients_are_bounds_innermost_first() {
        let preds = predicates(&shapes(&[quote!((H - K) / 2 + 1)]), &is_var, true);
        assert_eq!(
            text(&preds),
            [
                "H:::tensor_core::dim::SubDim<K>",
                "::tensor_core::dim::DimDiff<H,K>:::tensor_core::dim::DivDim<::tensor_core::Dim<2>>",
            ]
        );
    }

    #[test]
    fn sums_and_products_need_no_bound() {
        let preds = predicates(
            &shapes(&[quote!(C * H * W + K), quote!(2 * W)]),
            &is_var,
            true,
        );
        assert!(preds.is_empty(), "{preds:?}");
    }

    #[test]
    fn unit_axes_and_trailing_literals_need_no_reshape_bound() {
        let s = shapes(&[quote!(C), quote!(C, 1, 1), quote!(1, C)]);
        assert!(predicates(&s, &is_var, true).is_empty());
        let s = shapes(&[quote!(C, 4, 6), quote!(C, 24)]);
        assert!(predicates(&s, &is_var, true).is_empty());
        // a literal left of a variable is not folded by the compiler
        let s = shapes(&[quote!(4, C), quote!(C, 4)]);
        assert_eq!(predicates(&s, &is_var, true).len(), 2);
    }

    #[test]
    fn shapes_with_the_same_product_reshape_into_each_other() {
        let s = shapes(&[
            quote!(C, H, W),
            quote!(W * C * H),
            quote!(2, C * H * W),
            quote!(C, H),
        ]);
        let preds = text(&predicates(&s, &is_var, true));
        let reshapes: Vec<_> = preds.iter().filter(|p| p.contains("ReshapesTo")).collect();
        // [C, H, W] and [W * C * H], both ways; not [2, C * H * W] or [C, H].
        assert_eq!(reshapes.len(), 2, "{preds:?}");
        assert!(reshapes[0].starts_with(
            "(C,H,W,):::tensor_core::constraint::ReshapesTo<(::tensor_core::dim::DimProd<"
        ));
        assert!(reshapes[1].starts_with("(::tensor_core::dim::DimProd<"));
    }

    #[test]
    fn a_different_last_factor_still_needs_a_bound() {
        // the counts are equal, but the compiler sees two product types
        let s = shapes(&[quote!(C, H * W), quote!(C, W * H)]);
        assert_eq!(predicates(&s, &is_var, true).len(), 2);
    }

    #[test]
    fn a_factor_counts_as_often_as_it_appears() {
        let s = shapes(&[quote!(C, C), quote!(C)]);
        assert!(predicates(&s, &is_var, true).is_empty());
    }

    #[test]
    fn items_that_do_not_reshape_state_no_pair() {
        let s = shapes(&[quote!(H, H * D, D), quote!(H, D, H * D)]);
        assert_eq!(predicates(&s, &is_var, true).len(), 2);
        assert!(predicates(&s, &is_var, false).is_empty());
    }

    #[test]
    fn concrete_shapes_need_no_bound() {
        let s = shapes(&[quote!(2, 3), quote!(6), quote!(28 - 3 + 1)]);
        assert!(predicates(&s, &is_var, true).is_empty());
    }
}
