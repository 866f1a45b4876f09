//! `#[shape(..)]` out: generic parameters for dimension variables, named
//! sizes substituted, or a named shape's type alias.

use std::collections::BTreeMap;

use proc_macro2::{Ident, Span, TokenStream, TokenTree};
use quote::{quote, ToTokens};
use syn::visit_mut::{self, VisitMut};
use syn::{parse_quote, Generics, Item, ItemStruct};

use super::{size_type, tuple};
use crate::ast::ExprList;
use crate::valid::{self, attr::Arg, DimSpec};

/// The macros whose dimension names `#[shape(H = 28)]` substitutes.
const DIM_MACROS: [&str; 3] = ["Shape", "Dim", "tensor"];

/// `type Name = Shape![sizes];`, keeping the struct's docs and visibility.
pub fn named_shape(unit: &ItemStruct, sizes: &[(u64, Span)]) -> TokenStream {
    let attrs = unit.attrs.iter().filter(|a| !a.path().is_ident("derive"));
    let (vis, ident) = (&unit.vis, &unit.ident);
    let shape = tuple(sizes.iter().map(|&(n, span)| size_type(n, span)));
    quote!(#(#attrs)* #vis type #ident = #shape;)
}

/// Substitutes named sizes, then declares dimension variables and the bounds
/// their shapes need (`bounds.rs`). Returns an error when there are
/// variables but the item has no generics.
pub fn item(mut item: Item, args: &[Arg]) -> (TokenStream, Option<syn::Error>) {
    let named: BTreeMap<String, u64> = args
        .iter()
        .filter_map(|a| match a {
            Arg::Named(name, n) => Some((name.to_string(), *n)),
            _ => None,
        })
        .collect();
    let mut substitute = Substitute {
        named: &named,
        shapes: Vec::new(),
    };
    substitute.visit_item_mut(&mut item);
    let shapes = substitute.shapes;
    if shapes
        .iter()
        .flatten()
        .any(|d| matches!(d, DimSpec::Op(..)))
    {
        allow_type_complexity(&mut item);
    }
    let vars: Vec<&Ident> = args
        .iter()
        .filter_map(|a| match a {
            Arg::Var(name) => Some(name),
            _ => None,
        })
        .collect();
    let error = match (vars.first(), generics_of(&mut item)) {
        (None, _) => None,
        (Some(_), Some(generics)) => {
            declare_vars(generics, &vars);
            let is_var = |p: &syn::Path| p.get_ident().is_some_and(|i| vars.contains(&i));
            let clause = generics.make_where_clause();
            for predicate in super::bounds::predicates(&shapes, &is_var) {
                clause.predicates.push(parse_quote!(#predicate));
            }
            if super::bounds::needs_build_check(&shapes, &is_var) {
                super::reshape_calls::check_at_build(&mut item);
            }
            super::slice_calls::check_at_build(&mut item);
            None
        }
        (Some(first), None) => Some(syn::Error::new(
            first.span(),
            "dimension variables need an item with generics: a fn, impl, struct, enum, union, trait or type alias",
        )),
    };
    (item.into_token_stream(), error)
}

/// `#[allow(clippy::type_complexity)]` on an item whose shapes compute: the
/// type `Shape![H - K + 1]` writes is the library's, not the user's, and
/// clippy would score it as the user's.
fn allow_type_complexity(item: &mut Item) {
    let attrs = match item {
        Item::Fn(f) => &mut f.attrs,
        Item::Impl(i) => &mut i.attrs,
        Item::Struct(s) => &mut s.attrs,
        Item::Enum(e) => &mut e.attrs,
        Item::Union(u) => &mut u.attrs,
        Item::Trait(t) => &mut t.attrs,
        Item::Type(t) => &mut t.attrs,
        _ => return,
    };
    attrs.push(parse_quote!(#[allow(clippy::type_complexity)]));
}

/// The generics of the items that can declare dimension variables.
fn generics_of(item: &mut Item) -> Option<&mut Generics> {
    match item {
        Item::Fn(f) => Some(&mut f.sig.generics),
        Item::Impl(i) => Some(&mut i.generics),
        Item::Struct(s) => Some(&mut s.generics),
        Item::Enum(e) => Some(&mut e.generics),
        Item::Union(u) => Some(&mut u.generics),
        Item::Trait(t) => Some(&mut t.generics),
        Item::Type(t) => Some(&mut t.generics),
        _ => None,
    }
}

/// Declares each variable as a type parameter, bounded by `Dimension` in the
/// where-clause (where the arithmetic bounds go too: bounds in one place,
/// which clippy's `multiple_bound_locations` asks of users' code); a
/// parameter the item already declares only gets the bound.
fn declare_vars(generics: &mut Generics, vars: &[&Ident]) {
    for var in vars {
        if !generics.type_params().any(|p| p.ident == **var) {
            generics.params.push(parse_quote!(#var));
        }
        let clause = generics.make_where_clause();
        clause
            .predicates
            .push(parse_quote!(#var: ::tensor_core::Dimension));
    }
}

/// The dimensions of a `Shape![..]` invocation whose input is valid; `None`
/// leaves the invocation to report its own errors.
fn shape_macro_dims(mac: &syn::Macro) -> Option<Vec<DimSpec>> {
    if mac.path.segments.last().is_none_or(|s| s.ident != "Shape") {
        return None;
    }
    let list: ExprList = syn::parse2(mac.tokens.clone()).ok()?;
    valid::dim_specs(&list).ok()
}

/// The dimension of a valid `Dim![..]` invocation; `None` otherwise.
fn dim_macro_spec(mac: &syn::Macro) -> Option<DimSpec> {
    if mac.path.segments.last().is_none_or(|s| s.ident != "Dim") {
        return None;
    }
    let expr: syn::Expr = syn::parse2(mac.tokens.clone()).ok()?;
    valid::dim_spec(&expr).ok()
}

/// Replaces named sizes by their values, in types and in dimension macros,
/// and collects the dimensions of every `Shape![..]` type it expands.
struct Substitute<'a> {
    named: &'a BTreeMap<String, u64>,
    shapes: Vec<Vec<DimSpec>>,
}

impl Substitute<'_> {
    /// Replaces each name in a macro's tokens by its size literal.
    fn tokens(&self, tokens: TokenStream) -> TokenStream {
        tokens.into_iter().map(|tt| self.token(tt)).collect()
    }

    fn token(&self, tt: TokenTree) -> TokenTree {
        match tt {
            TokenTree::Ident(ident) => match self.named.get(&ident.to_string()) {
                Some(&n) => {
                    let mut lit = proc_macro2::Literal::u64_unsuffixed(n);
                    lit.set_span(ident.span());
                    TokenTree::Literal(lit)
                }
                None => TokenTree::Ident(ident),
            },
            TokenTree::Group(group) => {
                let stream = self.tokens(group.stream());
                let mut new = proc_macro2::Group::new(group.delimiter(), stream);
                new.set_span(group.span());
                TokenTree::Group(new)
            }
            other => other,
        }
    }
}

impl VisitMut for Substitute<'_> {
    /// Named sizes become their dimension types, and `Shape![..]` types are
    /// expanded here (after substitution), so the item holds no type macros:
    /// `#[derive]` rejects generic items that do.
    fn visit_type_mut(&mut self, ty: &mut syn::Type) {
        if let syn::Type::Macro(m) = ty {
            self.visit_macro_mut(&mut m.mac);
            if let Some(dims) = shape_macro_dims(&m.mac) {
                // The tuple takes the invocation's span, so that an error
                // about the whole type (an `expand::<Shape![D, T]>()` that
                // does not broadcast) points at the user's `Shape!`, not
                // at the attribute; the dimensions keep their own.
                let at = m
                    .mac
                    .path
                    .segments
                    .last()
                    .map_or(m.mac.bang_token.span, |s| s.ident.span());
                *ty = syn::Type::Verbatim(super::shape_at(&dims, at));
                self.shapes.push(dims);
            } else if let Some(dim) = dim_macro_spec(&m.mac) {
                *ty = syn::Type::Verbatim(super::dim_type(&dim));
                self.shapes.push(vec![dim]);
            }
            return;
        }
        if let syn::Type::Path(syn::TypePath { qself: None, path }) = ty {
            if let Some(ident) = path.get_ident() {
                if let Some(&n) = self.named.get(&ident.to_string()) {
                    let tokens = size_type(n, ident.span());
                    *ty = syn::Type::Verbatim(tokens);
                    return;
                }
            }
        }
        visit_mut::visit_type_mut(self, ty);
    }

    /// A method with a `#[shape]` of its own inside a `#[shape]` impl or
    /// trait is left to that attribute, untouched: its variables are its
    /// own, so bounds on its shapes belong in its where-clause, not the
    /// impl's (where they named a type the impl does not declare).
    fn visit_impl_item_fn_mut(&mut self, f: &mut syn::ImplItemFn) {
        if !has_shape_attr(&f.attrs) {
            visit_mut::visit_impl_item_fn_mut(self, f);
        }
    }

    /// As [`Self::visit_impl_item_fn_mut`], for a trait's methods.
    fn visit_trait_item_fn_mut(&mut self, f: &mut syn::TraitItemFn) {
        if !has_shape_attr(&f.attrs) {
            visit_mut::visit_trait_item_fn_mut(self, f);
        }
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        let last = mac.path.segments.last();
        if last.is_some_and(|s| DIM_MACROS.iter().any(|m| s.ident == m)) {
            mac.tokens = self.tokens(std::mem::take(&mut mac.tokens));
        }
    }
}

/// Whether `attrs` hold a `#[shape(..)]` (or `#[tensor_core::shape(..)]`).
fn has_shape_attr(attrs: &[syn::Attribute]) -> bool {
    attrs
        .iter()
        .any(|a| a.path().segments.last().is_some_and(|s| s.ident == "shape"))
}
