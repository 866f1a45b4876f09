//! `tensor![..]`: nested literals and the fill form, checked for shape.
//!
//! The nested form `tensor![[1, 2], [3, 4]]` infers the shape from the
//! nesting; every row at one depth must have the same length, and elements
//! must not be rows. The fill form `tensor![v; 2, 3]` repeats `v`. Both expand
//! to `Tensor::<_, shape>::from_array(nested_array)`, a `const fn` call, so
//! the literal works in `const` and `static` items.

use proc_macro2::{Span, TokenStream};
use quote::{quote, ToTokens};
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Expr, ExprArray, ExprLit, ExprUnary, Lit, Token, UnOp};

use crate::dims::{self, combine, DimSpec, MAX_RANK};

/// What was written between the brackets of `tensor![..]`.
enum Input {
    /// `tensor![v; d0, d1, ..]`.
    Fill {
        value: Expr,
        dims: dims::ExprList,
        semi: Token![;],
    },
    /// `tensor![e0, e1, ..]`, where rows are bracketed.
    Nested(Punctuated<Expr, Token![,]>),
}

impl Parse for Input {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        if input.is_empty() {
            let msg = "cannot infer the shape of an empty `tensor![]`: \
                       write `Tensor::<T, shape![0]>::zeros()` for an empty tensor";
            return Err(input.error(msg));
        }
        let first: Expr = input.parse()?;
        if input.peek(Token![;]) {
            let semi = input.parse()?;
            let dims = input.parse()?;
            return Ok(Input::Fill {
                value: first,
                dims,
                semi,
            });
        }
        let mut elems = Punctuated::new();
        elems.push_value(first);
        while !input.is_empty() {
            elems.push_punct(input.parse()?);
            if input.is_empty() {
                break;
            }
            elems.push_value(input.parse()?);
        }
        Ok(Input::Nested(elems))
    }
}

/// `tensor![..]`: parse, check, expand.
pub fn tensor(input: TokenStream) -> syn::Result<TokenStream> {
    match syn::parse2(input)? {
        Input::Fill { value, dims, semi } => fill(&value, &dims, semi.span),
        Input::Nested(elems) => nested(&elems),
    }
}

/// The fill form: a nested repeat `[[v; 3]; 2]` for literal sizes, `full(v)`
/// when a size is a dimension name.
fn fill(value: &Expr, list: &dims::ExprList, semi: Span) -> syn::Result<TokenStream> {
    if list.0.is_empty() {
        return Err(syn::Error::new(
            semi,
            "expected the sizes of the tensor after `;`",
        ));
    }
    let specs = dims::dim_specs(list, list.0.span())?;
    let shape = dims::tuple(specs.iter().map(dims::dim_type));
    let sizes: Option<Vec<u64>> = specs
        .iter()
        .map(|s| match s {
            DimSpec::Size(n, _) => Some(*n),
            DimSpec::Named(_) => None,
        })
        .collect();
    let Some(sizes) = sizes else {
        return Ok(quote!(::tensor_core::Tensor::<_, #shape>::full(#value)));
    };
    let array = sizes
        .iter()
        .rev()
        .fold(value.to_token_stream(), |inner, n| {
            let n = proc_macro2::Literal::usize_unsuffixed(*n as usize);
            quote!([#inner; #n])
        });
    Ok(quote!(::tensor_core::Tensor::<_, #shape>::from_array(#array)))
}

/// The nested form: infer the shape, check it, then emit the array.
fn nested(elems: &Punctuated<Expr, Token![,]>) -> syn::Result<TokenStream> {
    let mut errors = Vec::new();
    let dims = infer_dims(elems, &mut errors);
    check_rows(elems, &dims, 0, &mut errors);
    check_element_kinds(elems, &mut errors);
    if dims.len() > MAX_RANK {
        let msg = format!("a tensor has at most {MAX_RANK} axes, found {}", dims.len());
        errors.push(syn::Error::new(Span::call_site(), msg));
    }
    combine(errors)?;
    let shape = dims::tuple(
        dims.iter()
            .map(|&n| dims::size_type(n as u64, Span::call_site())),
    );
    let array = quote!([#elems]);
    Ok(quote!(::tensor_core::Tensor::<_, #shape>::from_array(#array)))
}

/// The shape as the first row at each depth sees it: `[[1, 2], [3, 4]]` has
/// dims `[2, 2]`. `check_rows` then holds every other row to it.
fn infer_dims(elems: &Punctuated<Expr, Token![,]>, errors: &mut Vec<syn::Error>) -> Vec<usize> {
    let mut dims = vec![elems.len()];
    let mut level = elems;
    while let Some(Expr::Array(row)) = level.first() {
        if let Some(attr) = row.attrs.first() {
            errors.push(syn::Error::new_spanned(
                attr,
                "attributes are not allowed on rows",
            ));
        }
        dims.push(row.elems.len());
        level = &row.elems;
    }
    dims
}

/// Checks that each entry at `depth` is a row of `dims[depth + 1]` entries
/// when rows are expected there, and an element otherwise.
fn check_rows(
    elems: &Punctuated<Expr, Token![,]>,
    dims: &[usize],
    depth: usize,
    errors: &mut Vec<syn::Error>,
) {
    let rows_expected = depth + 1 < dims.len();
    for elem in elems {
        match (elem, rows_expected) {
            (Expr::Array(row), true) => {
                let expected = dims[depth + 1];
                if row.elems.len() != expected {
                    errors.push(ragged(row, expected));
                } else {
                    check_rows(&row.elems, dims, depth + 1, errors);
                }
            }
            (Expr::Array(row), false) => errors.push(syn::Error::new_spanned(
                row,
                format!("expected an element, found a row `[..]`: every row at depth {depth} holds elements, as the first one does"),
            )),
            (other, true) => errors.push(syn::Error::new_spanned(
                other,
                format!("expected a row of {} elements `[..]`, found an element", dims[depth + 1]),
            )),
            (_, false) => {}
        }
    }
}

/// The error of a row whose length differs from the first row's, at the row.
fn ragged(row: &ExprArray, expected: usize) -> syn::Error {
    let found = row.elems.len();
    let msg = format!(
        "ragged tensor literal: expected a row of {expected} elements (as the first row), found {found}"
    );
    syn::Error::new_spanned(row, msg)
}

/// The kind of a literal element: integers and floats, with their suffix.
#[derive(PartialEq)]
enum LitKind {
    Int(String),
    Float(String),
}

impl LitKind {
    fn of(expr: &Expr) -> Option<LitKind> {
        match expr {
            Expr::Lit(ExprLit {
                lit: Lit::Int(i), ..
            }) => Some(LitKind::Int(i.suffix().into())),
            Expr::Lit(ExprLit {
                lit: Lit::Float(f), ..
            }) => Some(LitKind::Float(f.suffix().into())),
            Expr::Unary(ExprUnary {
                op: UnOp::Neg(_),
                expr,
                ..
            }) => LitKind::of(expr),
            _ => None,
        }
    }

    /// Whether an element of kind `other` can share a tensor with `self`.
    /// An unsuffixed literal adopts a suffixed one of its own kind.
    fn agrees(&self, other: &LitKind) -> bool {
        match (self, other) {
            (LitKind::Int(a), LitKind::Int(b)) | (LitKind::Float(a), LitKind::Float(b)) => {
                a.is_empty() || b.is_empty() || a == b
            }
            (LitKind::Float(f), LitKind::Int(i)) | (LitKind::Int(i), LitKind::Float(f)) => {
                // `1.0f32` and `2f32` are both f32.
                !f.is_empty() && f == i
            }
        }
    }

    fn describe(&self) -> String {
        match self {
            LitKind::Int(s) if s.is_empty() => "an integer".into(),
            LitKind::Float(s) if s.is_empty() => "a float".into(),
            LitKind::Int(s) | LitKind::Float(s) => format!("a `{s}`"),
        }
    }
}

/// Checks that literal elements agree in kind with the first literal element.
fn check_element_kinds(elems: &Punctuated<Expr, Token![,]>, errors: &mut Vec<syn::Error>) {
    let mut leaves = Vec::new();
    collect_leaves(elems, &mut leaves);
    let mut kinds = leaves
        .iter()
        .filter_map(|e| LitKind::of(e).map(|k| (k, *e)));
    let Some((first, first_expr)) = kinds.next() else {
        return;
    };
    for (kind, expr) in kinds {
        if !first.agrees(&kind) {
            let msg = format!(
                "mixed element types: expected {} like the first element `{}`, found {} `{}`",
                first.describe(),
                quote!(#first_expr),
                kind.describe(),
                quote!(#expr),
            );
            errors.push(syn::Error::new_spanned(expr, msg));
        }
    }
}

fn collect_leaves<'a>(elems: &'a Punctuated<Expr, Token![,]>, out: &mut Vec<&'a Expr>) {
    for elem in elems {
        match elem {
            Expr::Array(row) => collect_leaves(&row.elems, out),
            leaf => out.push(leaf),
        }
    }
}
