//! The where-clause `#[shape(..)]` writes for its item's shapes, so that
//! generic code needs no hand-written bounds.
//!
//! Two kinds of fact about dimension variables cannot be proved by the
//! compiler for every size, and so are stated as bounds that each caller's
//! sizes must meet (checked by `cargo check` at the call):
//!
//! * each step of dimension arithmetic, `H: SubDim<K>` for `Shape![H - K]`
//!   (the difference is not negative, a quotient is exact);
//! * that two shapes of the item have the same number of elements, when
//!   their dimensions multiply to the same product of variables and
//!   literals (`Shape![C, H, W]` and `Shape![C * H * W]`): then each
//!   `ReshapesTo` the other, so the item can reshape between them.
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
pub fn predicates(
    shapes: &[Vec<DimSpec>],
    is_var: &impl Fn(&syn::Path) -> bool,
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
    for (a, b) in same_count_pairs(shapes, is_var) {
        let (ta, tb) = (shape(a), shape(b));
        push(quote!(#ta: ::tensor_core::constraint::ReshapesTo<#tb>));
    }
    out
}

/// `L: Op<R>` for every operation in `dim` that involves a variable,
/// innermost first.
fn arith_steps(
    dim: &DimSpec,
    is_var: &impl Fn(&syn::Path) -> bool,
    push: &mut impl FnMut(TokenStream),
) {
    if let DimSpec::Op(left, op, right, span) = dim {
        arith_steps(left, is_var, push);
        arith_steps(right, is_var, push);
        if mentions(dim, is_var) {
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
        for b in &generic[i + 1..] {
            let distinct = shape(a).to_string() != shape(b).to_string();
            if distinct && count(a) == count(b) {
                pairs.push((a.as_slice(), b.as_slice()));
                pairs.push((b.as_slice(), a.as_slice()));
            }
        }
    }
    pairs
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
    fn arithmetic_steps_are_bounds_innermost_first() {
        let preds = predicates(&shapes(&[quote!(H - K + 1)]), &is_var);
        assert_eq!(
            text(&preds),
            [
                "H:::tensor_core::dim::SubDim<K>",
                "::tensor_core::dim::DimDiff<H,K>:::tensor_core::dim::AddDim<::tensor_core::Dim1>",
            ]
        );
    }

    #[test]
    fn shapes_with_the_same_product_reshape_into_each_other() {
        let s = shapes(&[
            quote!(C, H, W),
            quote!(W * C * H),
            quote!(2, C * H * W),
            quote!(C, H),
        ]);
        let preds = text(&predicates(&s, &is_var));
        let reshapes: Vec<_> = preds.iter().filter(|p| p.contains("ReshapesTo")).collect();
        // [C, H, W] and [W * C * H], both ways; not [2, C * H * W] or [C, H].
        assert_eq!(reshapes.len(), 2, "{preds:?}");
        assert!(reshapes[0].starts_with(
            "(C,H,W,):::tensor_core::constraint::ReshapesTo<(::tensor_core::dim::DimProd<"
        ));
        assert!(reshapes[1].starts_with("(::tensor_core::dim::DimProd<"));
    }

    #[test]
    fn concrete_shapes_need_no_bound() {
        let s = shapes(&[quote!(2, 3), quote!(6), quote!(28 - 3 + 1)]);
        assert!(predicates(&s, &is_var).is_empty());
    }
}
