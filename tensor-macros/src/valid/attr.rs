//! The rules of `#[shape(..)]`: names declared once, sizes that are
//! non-negative integer literals, and a named shape only on a unit struct.

use proc_macro2::{Ident, Span};
use syn::{Expr, ExprAssign, ExprLit, ExprPath, ExprUnary, Item, ItemStruct, Lit, UnOp};

use super::{size_literal, written, MAX_RANK};
use crate::ast::ExprList;

/// One checked argument of `#[shape(..)]`.
pub enum Arg {
    /// `M`: a dimension variable.
    Var(Ident),
    /// `H = 28`: a named size.
    Named(Ident, u64),
    /// `28`: a size of a named shape.
    Size(u64, Span),
}

impl Arg {
    /// The declared name, if any.
    pub fn name(&self) -> Option<&Ident> {
        match self {
            Arg::Var(name) | Arg::Named(name, ..) => Some(name),
            Arg::Size(..) => None,
        }
    }
}

/// Checks each argument, and that no name is declared twice (the error is
/// at the second). No argument at all is allowed: `#[shape]` then only
/// expands the `Shape![..]` types of its item (which `#[derive]` needs). Valid arguments are returned even when others fail, so
/// the item can still be expanded with them.
pub fn args(list: &ExprList, errors: &mut Vec<syn::Error>) -> Vec<Arg> {
    let mut args: Vec<Arg> = Vec::new();
    for expr in &list.0 {
        let arg = match arg(expr) {
            Ok(arg) => arg,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        if let Some(name) = arg.name() {
            if args.iter().any(|a| a.name() == Some(name)) {
                let msg = format!("dimension `{name}` is declared twice");
                errors.push(syn::Error::new(name.span(), msg));
                continue;
            }
        }
        args.push(arg);
    }
    args
}

/// One argument: `M`, `H = 28` or `28`.
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
            let (size, _) = size(right)?;
            Ok(Arg::Named(name.clone(), size))
        }
        other => size(other).map(|(n, span)| Arg::Size(n, span)),
    }
}

/// A size: a non-negative integer literal.
fn size(expr: &Expr) -> syn::Result<(u64, Span)> {
    match super::ungroup(expr) {
        Expr::Lit(ExprLit {
            lit: Lit::Int(lit), ..
        }) => Ok((size_literal(lit, "a dimension")?, lit.span())),
        Expr::Unary(ExprUnary {
            op: UnOp::Neg(_), ..
        }) => {
            let msg = format!("a dimension cannot be negative, found `{}`", written(expr));
            Err(syn::Error::new_spanned(expr, msg))
        }
        other => {
            let msg = format!(
                "expected a size (an integer literal), found `{}`",
                written(other)
            );
            Err(syn::Error::new_spanned(other, msg))
        }
    }
}

/// A list of sizes names a shape: only sizes, at most `MAX_RANK`, on a unit
/// struct without generics or derives (it becomes a type alias). Returns the
/// struct when it can be turned into the alias.
pub fn named_shape<'a>(
    item: &'a Item,
    args: &[Arg],
    sizes: &[(u64, Span)],
    errors: &mut Vec<syn::Error>,
) -> Option<&'a ItemStruct> {
    for name in args.iter().filter_map(Arg::name) {
        let msg = format!("a named shape lists sizes only, found the name `{name}`");
        errors.push(syn::Error::new(name.span(), msg));
    }
    if sizes.len() > MAX_RANK {
        let msg = format!("a shape has at most {MAX_RANK} axes, found {}", sizes.len());
        errors.push(syn::Error::new(sizes[MAX_RANK].1, msg));
    }
    let unit = match item {
        Item::Struct(s)
            if matches!(s.fields, syn::Fields::Unit) && s.generics.params.is_empty() =>
        {
            s
        }
        other => {
            errors.push(syn::Error::new_spanned(
                item_name(other),
                "a list of sizes names a shape, and goes on a unit struct: `#[shape(2, 3)] struct Name;`",
            ));
            return None;
        }
    };
    if let Some(derive) = unit.attrs.iter().find(|a| a.path().is_ident("derive")) {
        let msg = "a named shape is a type alias of a shape and cannot derive traits";
        errors.push(syn::Error::new_spanned(derive, msg));
    }
    Some(unit)
}

/// The tokens to point at for an item of the wrong kind: its name.
fn item_name(item: &Item) -> proc_macro2::TokenStream {
    use quote::ToTokens;
    match item {
        Item::Struct(s) => s.ident.to_token_stream(),
        Item::Enum(e) => e.ident.to_token_stream(),
        Item::Fn(f) => f.sig.ident.to_token_stream(),
        other => other.to_token_stream(),
    }
}
