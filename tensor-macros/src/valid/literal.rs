//! The rules of `tensor![..]`: rows of one length per depth, elements where
//! elements belong, literal elements of one type, at most `MAX_RANK` axes.

use proc_macro2::Span;
use syn::punctuated::Punctuated;
use syn::{Expr, ExprArray, ExprLit, ExprUnary, Lit, Token, UnOp};

use super::{combine, dim_specs, written, DimSpec, MAX_RANK};
use crate::ast::{ExprList, TensorInput};

/// Elements of a nested literal, as written.
pub type Elems = Punctuated<Expr, Token![,]>;

/// A `tensor![..]` input that passed the checks.
pub enum Checked<'a> {
    /// A nested literal and the shape its brackets give.
    Nested { dims: Vec<usize>, elems: &'a Elems },
    /// `tensor![value; dims]`.
    Fill { value: &'a Expr, dims: Vec<DimSpec> },
}

/// Checks either form of `tensor![..]`.
pub fn tensor(input: &TensorInput) -> syn::Result<Checked<'_>> {
    match input {
        TensorInput::Fill { value, dims, semi } => fill(value, dims, *semi),
        TensorInput::Nested(elems) => nested(elems),
    }
}

/// The fill form needs at least one size, and each is a valid dimension.
fn fill<'a>(value: &'a Expr, list: &ExprList, semi: Span) -> syn::Result<Checked<'a>> {
    if list.0.is_empty() {
        return Err(syn::Error::new(
            semi,
            "expected the sizes of the tensor after `;`",
        ));
    }
    let dims = dim_specs(list)?;
    Ok(Checked::Fill { value, dims })
}

/// The nested form: infer the shape from the first row at each depth, then
/// hold every other row to it.
fn nested(elems: &Elems) -> syn::Result<Checked<'_>> {
    let mut errors = Vec::new();
    let dims = infer_dims(elems, &mut errors);
    check_rows(elems, &dims, 0, &mut errors);
    check_element_kinds(elems, &mut errors);
    if dims.len() > MAX_RANK {
        let msg = format!("a tensor has at most {MAX_RANK} axes, found {}", dims.len());
        errors.push(match first_row_at(elems, MAX_RANK) {
            Some(row) => syn::Error::new_spanned(row, msg),
            None => syn::Error::new(Span::call_site(), msg),
        });
    }
    combine(errors).map(|()| Checked::Nested { dims, elems })
}

/// The shape as the first row at each depth sees it: `[[1, 2], [3, 4]]` has
/// dims `[2, 2]`.
fn infer_dims(elems: &Elems, errors: &mut Vec<syn::Error>) -> Vec<usize> {
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

/// The first row at `depth` (1 is the first row of the literal): where a
/// literal with too many axes gets one too many.
fn first_row_at(elems: &Elems, depth: usize) -> Option<&Expr> {
    let mut row = elems.first()?;
    for _ in 1..depth {
        if let Expr::Array(inner) = row {
            row = inner.elems.first()?;
        }
    }
    Some(row)
}

/// Each entry at `depth` is a row of `dims[depth + 1]` entries where rows
/// are expected, and an element otherwise.
fn check_rows(elems: &Elems, dims: &[usize], depth: usize, errors: &mut Vec<syn::Error>) {
    let rows_expected = depth + 1 < dims.len();
    for elem in elems {
        match (elem, rows_expected) {
            (Expr::Array(row), true) if row.elems.len() != dims[depth + 1] => {
                errors.push(ragged(row, dims[depth + 1]));
            }
            (Expr::Array(row), true) => check_rows(&row.elems, dims, depth + 1, errors),
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

/// The kind of a literal element: integer or float, with its suffix.
#[derive(PartialEq)]
enum LitKind {
    Int(String),
    Float(String),
}

impl LitKind {
    fn of(expr: &Expr) -> Option<LitKind> {
        match super::ungroup(expr) {
            Expr::Lit(ExprLit {
                lit: Lit::Int(i), ..
            }) => Some(match i.suffix() {
                // `2f32` is a float literal written without a point.
                suffix @ ("f32" | "f64") => LitKind::Float(suffix.into()),
                suffix => LitKind::Int(suffix.into()),
            }),
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

    /// Whether elements of kinds `self` and `other` can share a tensor: the
    /// same kind, where an unsuffixed literal adopts the other's suffix.
    fn agrees(&self, other: &LitKind) -> bool {
        match (self, other) {
            (LitKind::Int(a), LitKind::Int(b)) | (LitKind::Float(a), LitKind::Float(b)) => {
                a.is_empty() || b.is_empty() || a == b
            }
            _ => false,
        }
    }

    /// `an integer`, `a float`, or the suffix's type: `` `u8` ``.
    fn describe(&self) -> String {
        match self {
            LitKind::Int(s) if s.is_empty() => "an integer".into(),
            LitKind::Float(s) if s.is_empty() => "a float".into(),
            LitKind::Int(s) | LitKind::Float(s) => format!("`{s}`"),
        }
    }
}

/// Literal elements agree in kind with the first literal element; other
/// expressions are left to the type checker.
fn check_element_kinds(elems: &Elems, errors: &mut Vec<syn::Error>) {
    let mut leaves = Vec::new();
    collect_leaves(elems, &mut leaves);
    let mut kinds = leaves
        .iter()
        .filter_map(|e| LitKind::of(e).map(|k| (k, *e)));
    let Some((first, first_expr)) = kinds.next() else {
        return;
    };
    for (kind, expr) in kinds.filter(|(kind, _)| !first.agrees(kind)) {
        let msg = format!(
            "mixed element types: expected {} like the first element `{}`, found `{}` ({})",
            first.describe(),
            written(first_expr),
            written(expr),
            kind.describe(),
        );
        errors.push(syn::Error::new_spanned(expr, msg));
    }
}

fn collect_leaves<'a>(elems: &'a Elems, out: &mut Vec<&'a Expr>) {
    for elem in elems {
        match elem {
            Expr::Array(row) => collect_leaves(&row.elems, out),
            leaf => out.push(leaf),
        }
    }
}
