//! `#[shaped(..)]`: dimension variables, named sizes, and named shapes.
//!
//! * `#[shaped(M, K)]` on a function, impl, struct, enum, trait or type alias
//!   adds type parameters `M: Dimension, K: Dimension` (or the bound, if the
//!   item declares them already).
//! * `#[shaped(H = 28)]` replaces `H` by the size 28 in the item's types and in
//!   its `shape!`/`tensor!` invocations.
//! * `#[shaped(2, 3, 4)] struct Voxels;` declares `type Voxels = shape![2, 3, 4]`.
//!
//! Mistakes in the argument list are all reported at once; the item is still
//! emitted with what could be applied, so one mistake does not cascade.

use std::collections::BTreeMap;

use proc_macro2::{Ident, Span, TokenStream, TokenTree};
use quote::{quote, ToTokens};
use syn::visit_mut::{self, VisitMut};
use syn::{parse_quote, Expr, ExprAssign, ExprLit, ExprPath, Generics, Item, Lit};

use crate::dims::{self, combine, ExprList};

/// The macros whose dimension names `#[shaped(H = 28)]` substitutes.
const DIM_MACROS: [&str; 2] = ["shape", "tensor"];

/// One checked argument of `#[shaped(..)]`.
enum Arg {
    /// `M`: a dimension variable.
    Var(Ident),
    /// `H = 28`: a named size.
    Named(Ident, u64, Span),
    /// `28`: a size of a named shape.
    Size(u64, Span),
}

/// `#[shaped(args)] item`: the rewritten item, plus every argument error.
pub fn shape(args: TokenStream, item: TokenStream) -> TokenStream {
    let mut errors = Vec::new();
    let args = match syn::parse2::<ExprList>(args) {
        Ok(list) => check_args(&list, &mut errors),
        Err(e) => {
            errors.push(e);
            Vec::new()
        }
    };
    let output = match syn::parse2::<Item>(item.clone()) {
        Ok(item) => expand(item, &args, &mut errors),
        Err(e) => {
            errors.push(e);
            item
        }
    };
    let errors = combine(errors).err().map(syn::Error::into_compile_error);
    quote!(#errors #output)
}

/// Checks each argument and that no name is declared twice.
fn check_args(list: &ExprList, errors: &mut Vec<syn::Error>) -> Vec<Arg> {
    let mut args: Vec<Arg> = Vec::new();
    for expr in &list.0 {
        let arg = match arg(expr) {
            Ok(arg) => arg,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        if let Some(name) = arg_name(&arg) {
            if args.iter().any(|a| arg_name(a) == Some(name)) {
                let msg = format!("dimension `{name}` is declared twice");
                errors.push(syn::Error::new(name.span(), msg));
                continue;
            }
        }
        args.push(arg);
    }
    if list.0.is_empty() {
        errors.push(syn::Error::new(
            Span::call_site(),
            "expected dimension names or sizes: `#[shaped(M, N)]`, `#[shaped(H = 28)]` or `#[shaped(2, 3)]`",
        ));
    }
    args
}

fn arg_name(arg: &Arg) -> Option<&Ident> {
    match arg {
        Arg::Var(name) | Arg::Named(name, ..) => Some(name),
        Arg::Size(..) => None,
    }
}

/// Checks one argument: `M`, `H = 28` or `28`.
fn arg(expr: &Expr) -> syn::Result<Arg> {
    match expr {
        Expr::Path(ExprPath {
            path, qself: None, ..
        }) => match path.get_ident() {
            Some(name) => Ok(Arg::Var(name.clone())),
            None => Err(syn::Error::new_spanned(
                path,
                "expected a dimension name such as `M`",
            )),
        },
        Expr::Assign(ExprAssign { left, right, .. }) => {
            let Expr::Path(ExprPath {
                path, qself: None, ..
            }) = &**left
            else {
                return Err(syn::Error::new_spanned(
                    left,
                    "expected a dimension name before `=`",
                ));
            };
            let Some(name) = path.get_ident() else {
                return Err(syn::Error::new_spanned(
                    path,
                    "expected a dimension name such as `H`",
                ));
            };
            let (size, span) = size(right)?;
            Ok(Arg::Named(name.clone(), size, span))
        }
        other => size(other).map(|(n, span)| Arg::Size(n, span)),
    }
}

/// A size: a non-negative integer literal.
fn size(expr: &Expr) -> syn::Result<(u64, Span)> {
    match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Int(lit), ..
        }) => Ok((dims::size_literal(lit, "a dimension")?, lit.span())),
        Expr::Path(_) => Err(syn::Error::new_spanned(
            expr,
            format!(
                "expected a size (an integer literal), found `{}`",
                quote!(#expr)
            ),
        )),
        other => dims::dim_spec(other).and_then(|_| {
            Err(syn::Error::new_spanned(
                other,
                "expected a size (an integer literal)",
            ))
        }),
    }
}

/// Applies the checked arguments to the item.
fn expand(item: Item, args: &[Arg], errors: &mut Vec<syn::Error>) -> TokenStream {
    let sizes: Vec<(u64, Span)> = args
        .iter()
        .filter_map(|a| match a {
            Arg::Size(n, span) => Some((*n, *span)),
            _ => None,
        })
        .collect();
    if !sizes.is_empty() {
        return named_shape(item, args, &sizes, errors);
    }
    let mut item = item;
    let named: BTreeMap<String, (u64, Span)> = args
        .iter()
        .filter_map(|a| match a {
            Arg::Named(name, n, span) => Some((name.to_string(), (*n, *span))),
            _ => None,
        })
        .collect();
    Substitute { named: &named }.visit_item_mut(&mut item);
    let vars: Vec<&Ident> = args
        .iter()
        .filter_map(|a| match a {
            Arg::Var(name) => Some(name),
            _ => None,
        })
        .collect();
    if !vars.is_empty() {
        match generics_of(&mut item) {
            Some(generics) => declare_vars(generics, &vars),
            None => errors.push(syn::Error::new(
                vars[0].span(),
                "dimension variables need an item with generics: a fn, impl, struct, enum, union, trait or type alias",
            )),
        }
    }
    item.into_token_stream()
}

/// `#[shaped(2, 3, 4)] struct Voxels;` becomes `type Voxels = shape![2, 3, 4];`.
fn named_shape(
    item: Item,
    args: &[Arg],
    sizes: &[(u64, Span)],
    errors: &mut Vec<syn::Error>,
) -> TokenStream {
    for arg in args {
        if let Arg::Var(name) | Arg::Named(name, ..) = arg {
            let msg = format!("a named shape lists sizes only, found the name `{name}`");
            errors.push(syn::Error::new(name.span(), msg));
        }
    }
    if sizes.len() > dims::MAX_RANK {
        let msg = format!(
            "a shape has at most {} axes, found {}",
            dims::MAX_RANK,
            sizes.len()
        );
        errors.push(syn::Error::new(sizes[dims::MAX_RANK].1, msg));
    }
    let unit = match &item {
        Item::Struct(s)
            if matches!(s.fields, syn::Fields::Unit) && s.generics.params.is_empty() =>
        {
            s
        }
        other => {
            errors.push(syn::Error::new_spanned(
                item_keyword(other),
                "a list of sizes names a shape, and goes on a unit struct: `#[shaped(2, 3)] struct Name;`",
            ));
            return other.to_token_stream();
        }
    };
    if let Some(derive) = unit.attrs.iter().find(|a| a.path().is_ident("derive")) {
        let msg = "a named shape is a type alias of a shape and cannot derive traits";
        errors.push(syn::Error::new_spanned(derive, msg));
    }
    let attrs = unit.attrs.iter().filter(|a| !a.path().is_ident("derive"));
    let (vis, ident) = (&unit.vis, &unit.ident);
    let shape = dims::tuple(sizes.iter().map(|(n, span)| dims::size_type(*n, *span)));
    quote!(#(#attrs)* #vis type #ident = #shape;)
}

/// The tokens to point at for an item of the wrong kind: its keyword or name.
fn item_keyword(item: &Item) -> TokenStream {
    match item {
        Item::Struct(s) => s.ident.to_token_stream(),
        Item::Enum(e) => e.ident.to_token_stream(),
        Item::Fn(f) => f.sig.ident.to_token_stream(),
        other => other.to_token_stream(),
    }
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

/// Declares each variable as a type parameter bounded by `Dimension`, or adds
/// the bound to a parameter the item already declares.
fn declare_vars(generics: &mut Generics, vars: &[&Ident]) {
    for var in vars {
        let existing = generics.type_params_mut().find(|p| p.ident == **var);
        match existing {
            Some(param) => param.bounds.push(parse_quote!(::tensor_core::Dimension)),
            None => generics
                .params
                .push(parse_quote!(#var: ::tensor_core::Dimension)),
        }
    }
}

/// Replaces named sizes by their values, in types and in dimension macros.
struct Substitute<'a> {
    named: &'a BTreeMap<String, (u64, Span)>,
}

impl Substitute<'_> {
    fn lookup(&self, ident: &Ident) -> Option<(u64, Span)> {
        self.named.get(&ident.to_string()).copied()
    }

    /// Replaces each name in a macro's tokens by its size literal.
    fn tokens(&self, tokens: TokenStream) -> TokenStream {
        tokens
            .into_iter()
            .map(|tt| match tt {
                TokenTree::Ident(ident) => match self.lookup(&ident) {
                    Some((n, _)) => {
                        let mut lit = proc_macro2::Literal::u64_unsuffixed(n);
                        lit.set_span(ident.span());
                        TokenTree::Literal(lit)
                    }
                    None => TokenTree::Ident(ident),
                },
                TokenTree::Group(group) => {
                    let mut new =
                        proc_macro2::Group::new(group.delimiter(), self.tokens(group.stream()));
                    new.set_span(group.span());
                    TokenTree::Group(new)
                }
                other => other,
            })
            .collect()
    }
}

impl VisitMut for Substitute<'_> {
    fn visit_type_mut(&mut self, ty: &mut syn::Type) {
        if let syn::Type::Path(syn::TypePath { qself: None, path }) = ty {
            if let Some((n, _)) = path.get_ident().and_then(|i| self.lookup(i)) {
                let span = path.get_ident().map_or_else(Span::call_site, Ident::span);
                *ty = syn::parse2(dims::size_type(n, span)).unwrap_or_else(|_| ty.clone());
                return;
            }
        }
        visit_mut::visit_type_mut(self, ty);
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        let is_dim_macro = mac
            .path
            .segments
            .last()
            .is_some_and(|s| DIM_MACROS.iter().any(|m| s.ident == m));
        if is_dim_macro {
            mac.tokens = self.tokens(std::mem::take(&mut mac.tokens));
        }
    }
}
