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
//!
//! Reshapes need no bound either. Shapes that differ only by size-1 axes, or
//! by how trailing literals are grouped (`[O]` and `[O, 1, 1]`, `[1, I]` and
//! `[I]`, `[C, 4, 6]` and `[C, 24]`), have one element-count type, so the
//! compiler checks their reshapes in `cargo check`. Two shapes of the item
//! whose dimensions multiply to the same product of variables and literals
//! but not visibly so (`Shape![C, H, W]` and `Shape![C * H * W]`) have equal
//! counts for every size, which the compiler cannot see in generic code; a
//! `ReshapesTo` bound stating it would have to be restated by every generic
//! caller. For an item with such a pair ([`needs_build_check`]) the
//! attribute turns each `.reshape()` and `.into_reshape()` into its
//! `_at_build` form, whose counts are checked when the item is instantiated
//! (`reshape_calls.rs`).
//!
//! Every other rule (broadcasting with equal or unit dimensions, matmul's
//! inner dimension, reductions) holds by the design of the traits and needs
//! no bound.

use std::collections::BTreeMap;

use proc_macro2::TokenStream;
use quote::quote;

use super::{dim_type, op_trait};
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
        if matches!(op, Op::Sub | Op::Div | Op::FloorDiv) && mentions(dim, is_var) {
            let (l, r, trait_) = (dim_type(left), dim_type(right), op_trait(*op, *span));
            // `A / B` is named as `Dimension::Quot` (`DimQuot`), a type
            // for every two dimensions, so `DivDim` (exact, not by 0) is
            // the one bound a quotient needs, and `FloorDivDim` (not by 0)
            // a rounded-down one's.
            push(quote!(#l: #trait_<#r>));
        }
    }
}

/// Whether the item's reshapes are checked at instantiation: when it writes
/// a product of a variable (`C * H * W`, whose count the compiler cannot
/// open in generic code, so a reshape into or out of it, from a shape the
/// item writes or from a field's, cannot be checked there), or two shapes of
/// the same count as a product of factors but not one count type (`[4, C]`
/// and `[C, 4]`).
pub fn needs_build_check(shapes: &[Vec<DimSpec>], is_var: &impl Fn(&syn::Path) -> bool) -> bool {
    let generic: Vec<&Vec<DimSpec>> = shapes
        .iter()
        .filter(|s| s.iter().any(|d| mentions(d, is_var)))
        .collect();
    let has_product = generic
        .iter()
        .any(|s| s.iter().any(|d| variable_product(d, is_var)));
    has_product
        || generic.iter().enumerate().any(|(i, a)| {
            // From `i + 1`, each pair once; from `i` would also pair a shape
            // with itself, which has one structure, so the result is the
            // same (cargo-mutants' `i * 1` survives for that reason).
            generic[i + 1..]
                .iter()
                .any(|b| structure(a) != structure(b) && count(a) == count(b))
        })
}

/// Whether `dim` multiplies something by a variable, anywhere inside.
fn variable_product(dim: &DimSpec, is_var: &impl Fn(&syn::Path) -> bool) -> bool {
    match dim {
        DimSpec::Op(l, op, r, _) => {
            (matches!(op, Op::Mul) && mentions(dim, is_var))
                || variable_product(l, is_var)
                || variable_product(r, is_var)
        }
        _ => false,
    }
}

/// The shape's element-count type as the compiler normalizes it, in
/// words: `Dimension::Times` folded from the right onto 1 skips size 1,
/// multiplies literals into a known count, and stops at the first dimension
/// it cannot see into (a variable, or arithmetic on one). So two shapes of
/// equal counts have one count type when the dimensions left of and
/// including their last opaque one agree, 1s dropped: the literals right of
/// it then multiply to the same number (the counts are equal).
///
/// (Only compared between shapes of equal counts: dropping the last opaque
/// dimension too, as cargo-mutants' `i * 1` does, changes no answer there,
/// since equal prefixes and equal counts leave one last factor.)
fn structure(dims: &[DimSpec]) -> Vec<String> {
    let last_opaque = dims.iter().rposition(|d| !matches!(d, DimSpec::Size(..)));
    let split = last_opaque.map_or(0, |i| i + 1);
    dims[..split]
        .iter()
        .filter(|d| !matches!(d, DimSpec::Size(1, _)))
        .map(|d| dim_type(d).to_string())
        .collect()
}

/// An element count as a product: a literal factor (a fraction, for
/// quotients by literals) and how many times each other factor (a name, or
/// an expression that is not a product) appears.
#[derive(PartialEq, Eq, Debug)]
struct Count {
    literal: u128,
    divisor: u128,
    factors: BTreeMap<String, usize>,
}

/// The element count of a shape, as a product of factors, its literal
/// fraction in lowest terms.
fn count(dims: &[DimSpec]) -> Count {
    let mut c = Count {
        literal: 1,
        divisor: 1,
        factors: BTreeMap::new(),
    };
    dims.iter().for_each(|d| factor(d, &mut c));
    let g = gcd(c.literal, c.divisor);
    if g > 1 {
        (c.literal, c.divisor) = (c.literal / g, c.divisor / g);
    }
    c
}

/// The greatest common divisor (`gcd(x, 0) = x`).
fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Multiplies `c` by `dim`: literals into the literal factor, products
/// factor by factor, a quotient by a literal as its dividend's factors over
/// the literal (`[H / 2, 2]` counts as `[H]`: the quotient is exact, or the
/// item's own bound rejects the size), anything else as one factor named by
/// its type.
fn factor(dim: &DimSpec, c: &mut Count) {
    match dim {
        DimSpec::Size(n, _) => c.literal = c.literal.saturating_mul(u128::from(*n)),
        DimSpec::Op(l, Op::Mul, r, _) => {
            factor(l, c);
            factor(r, c);
        }
        DimSpec::Op(l, Op::Div, r, _) if matches!(**r, DimSpec::Size(n, _) if n > 0) => {
            factor(l, c);
            if let DimSpec::Size(n, _) = **r {
                c.divisor = c.divisor.saturating_mul(u128::from(n));
            }
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
        let preds = predicates(&shapes(&[quote!((H - K) / 2 + 1)]), &is_var);
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
        let preds = predicates(&shapes(&[quote!(C * H * W + K), quote!(2 * W)]), &is_var);
        assert!(preds.is_empty(), "{preds:?}");
    }

    #[test]
    fn unit_axes_and_trailing_literals_are_checked_by_the_compiler() {
        let s = shapes(&[quote!(C), quote!(C, 1, 1), quote!(1, C)]);
        assert!(!needs_build_check(&s, &is_var));
        let s = shapes(&[quote!(C, 4, 6), quote!(C, 24)]);
        assert!(!needs_build_check(&s, &is_var));
        // a literal left of a variable is not folded by the compiler
        let s = shapes(&[quote!(4, C), quote!(C, 4)]);
        assert!(needs_build_check(&s, &is_var));
    }

    #[test]
    fn flattened_and_split_variables_are_checked_at_build() {
        let s = shapes(&[quote!(C, H, W), quote!(W * C * H)]);
        assert!(needs_build_check(&s, &is_var));
        let s = shapes(&[quote!(C, H * W), quote!(C, H, W)]);
        assert!(needs_build_check(&s, &is_var));
        // the counts are equal, but the compiler sees two product types
        let s = shapes(&[quote!(C, H * W), quote!(C, W * H)]);
        assert!(needs_build_check(&s, &is_var));
    }

    #[test]
    fn a_product_of_a_variable_alone_is_checked_at_build() {
        // its pair may be a field's shape, which the item does not write
        assert!(needs_build_check(&shapes(&[quote!(B, C * H * W)]), &is_var));
        assert!(needs_build_check(&shapes(&[quote!((H - K) * 2)]), &is_var));
        assert!(needs_build_check(&shapes(&[quote!(H - K * W)]), &is_var));
        assert!(!needs_build_check(
            &shapes(&[quote!(H - K, W / 2)]),
            &is_var
        ));
        assert!(!needs_build_check(&shapes(&[quote!(H, 2 * 3)]), &is_var));
    }

    #[test]
    fn quotients_by_literals_count_as_their_dividend_over_the_literal() {
        // `[H] -> [H / 2, 2]`: one count, two structures
        let s = shapes(&[quote!(H), quote!(H / 2, 2)]);
        assert!(needs_build_check(&s, &is_var));
        let s = shapes(&[quote!(C, H - K), quote!(C, (H - K) / 4, 2, 2)]);
        assert!(needs_build_check(&s, &is_var));
        // `[H / 2, 3]` is not `[H]`; nor is `[H / W, W]`: a quotient by a
        // variable is one opaque factor
        let s = shapes(&[quote!(H), quote!(H / 2, 3)]);
        assert!(!needs_build_check(&s, &is_var));
        let s = shapes(&[quote!(H), quote!(H / W, W)]);
        assert!(!needs_build_check(&s, &is_var));
        let s = shapes(&[quote!(H), quote!(H / W)]);
        assert!(!needs_build_check(&s, &is_var));
        assert_eq!((gcd(12, 18), gcd(7, 0), gcd(0, 5)), (6, 7, 5));
    }

    #[test]
    fn different_counts_are_left_to_the_compiler() {
        let s = shapes(&[quote!(2, C, H, W), quote!(C, H), quote!(C, H, W, 1)]);
        assert!(!needs_build_check(&s, &is_var));
        // a factor counts as often as it appears
        let s = shapes(&[quote!(C, C), quote!(C)]);
        assert!(!needs_build_check(&s, &is_var));
        let s = shapes(&[quote!(C, C), quote!(C, H)]);
        assert!(!needs_build_check(&s, &is_var));
    }

    #[test]
    fn concrete_shapes_alone_need_no_build_check() {
        let s = shapes(&[quote!(2, 3), quote!(3, 2), quote!(6)]);
        assert!(!needs_build_check(&s, &is_var));
    }

    #[test]
    fn concrete_shapes_need_no_bound() {
        let s = shapes(&[quote!(2, 3), quote!(6), quote!(28 - 3 + 1)]);
        assert!(predicates(&s, &is_var).is_empty());
    }
}
