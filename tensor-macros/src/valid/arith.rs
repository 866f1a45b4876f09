//! Dimension arithmetic in `Shape![..]`: `H - K + 1`, `C * H * W`, `N / 2`,
//! and `floor((H - K) / S) + 1` (a strided window count, rounded down).
//!
//! Literal operands are folded here, so `Shape![28 - 3 + 1]` is `Dim<26>`
//! and a negative difference, an inexact or zero division, or an overflow is
//! an error at the expression. With dimension names the operation stays a
//! [`DimSpec::Op`], which expansion writes as the library's type-level
//! operator (`SubDim` ...), checked by the compiler for each size.

use syn::spanned::Spanned;
use syn::{BinOp, Expr};

use super::{written, DimSpec};

/// The operators a dimension may use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Op {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`, exact.
    Div,
    /// `floor(a / b)`: `/` rounded down.
    FloorDiv,
}

impl Op {
    /// The operator of a binary expression, if it is one of the four
    /// (`floor(..)` is a call around `/`).
    pub fn of(op: &BinOp) -> Option<Op> {
        match op {
            BinOp::Add(_) => Some(Op::Add),
            BinOp::Sub(_) => Some(Op::Sub),
            BinOp::Mul(_) => Some(Op::Mul),
            BinOp::Div(_) => Some(Op::Div),
            _ => None,
        }
    }

    /// The name of the library's alias for its result (`DimDiff<A, B>`).
    pub fn alias_name(self) -> &'static str {
        match self {
            Op::Add => "DimSum",
            Op::Sub => "DimDiff",
            Op::Mul => "DimProd",
            Op::Div => "DimQuot",
            Op::FloorDiv => "DimFloorQuot",
        }
    }

    /// The name of the library trait that computes it.
    pub fn trait_name(self) -> &'static str {
        match self {
            Op::Add => "AddDim",
            Op::Sub => "SubDim",
            Op::Mul => "MulDim",
            Op::Div => "DivDim",
            Op::FloorDiv => "FloorDivDim",
        }
    }
}

/// `left op right`: folded when both are literals, else kept symbolic.
pub fn combine(expr: &Expr, op: Op, left: DimSpec, right: DimSpec) -> syn::Result<DimSpec> {
    match (&left, &right) {
        (DimSpec::Size(a, _), DimSpec::Size(b, _)) => {
            fold(op, *a, *b, expr).map(|n| DimSpec::Size(n, expr.span()))
        }
        _ => Ok(DimSpec::Op(
            Box::new(left),
            op,
            Box::new(right),
            expr.span(),
        )),
    }
}

/// The value of `a op b`, or the rule it breaks, at `expr`.
fn fold(op: Op, a: u64, b: u64, expr: &Expr) -> syn::Result<u64> {
    let text = written(expr);
    let fail = |msg: String| Err(syn::Error::new_spanned(expr, msg));
    match op {
        Op::Add => a.checked_add(b).map_or_else(|| fail(overflow(&text)), Ok),
        Op::Mul => a.checked_mul(b).map_or_else(|| fail(overflow(&text)), Ok),
        Op::Sub if b > a => fail(format!(
            "a dimension cannot be negative: `{text}` is {a} - {b} = -{}",
            b - a
        )),
        Op::Sub => Ok(a - b),
        Op::Div | Op::FloorDiv if b == 0 => {
            fail(format!("a dimension cannot divide by 0: `{text}`"))
        }
        Op::FloorDiv => Ok(a / b),
        Op::Div if !a.is_multiple_of(b) => fail(format!(
            "a dimension division must be exact: `{text}` is {a} / {b}, which leaves {}",
            a % b
        )),
        Op::Div => Ok(a / b),
    }
}

fn overflow(text: &str) -> String {
    format!("the dimension `{text}` does not fit in a usize")
}

/// Whether `spec` names anything for which `is_var` holds (a dimension
/// variable of the item being expanded).
pub fn mentions(spec: &DimSpec, is_var: &impl Fn(&syn::Path) -> bool) -> bool {
    match spec {
        DimSpec::Size(..) => false,
        DimSpec::Named(path) => is_var(path),
        DimSpec::Op(l, _, r, _) => mentions(l, is_var) || mentions(r, is_var),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    fn folded(op: Op, a: u64, b: u64) -> Result<u64, String> {
        let expr: Expr = syn::parse2(quote!(a - b)).unwrap();
        fold(op, a, b, &expr).map_err(|e| e.to_string())
    }

    #[test]
    fn literals_fold_by_the_rules() {
        assert_eq!(folded(Op::Sub, 30, 30), Ok(0));
        assert_eq!(folded(Op::Sub, 30, 4), Ok(26));
        assert!(folded(Op::Sub, 3, 4).unwrap_err().contains("is 3 - 4 = -1"));
        assert_eq!(folded(Op::Div, 28, 4), Ok(7));
        assert!(folded(Op::Div, 29, 4)
            .unwrap_err()
            .contains("which leaves 1"));
        assert!(folded(Op::Div, 29, 0).unwrap_err().contains("divide by 0"));
        assert_eq!(folded(Op::FloorDiv, 29, 4), Ok(7));
        assert!(folded(Op::FloorDiv, 29, 0)
            .unwrap_err()
            .contains("divide by 0"));
        assert_eq!(folded(Op::Mul, 96, 32), Ok(3072));
        assert!(folded(Op::Add, u64::MAX, 1)
            .unwrap_err()
            .contains("does not fit"));
    }

    #[test]
    fn mentions_finds_variables_inside() {
        let is_h = |p: &syn::Path| p.is_ident("H");
        let spec = |t| crate::valid::dim_spec(&syn::parse2(t).unwrap()).unwrap();
        assert!(mentions(&spec(quote!((H - 4) / 2)), &is_h));
        assert!(!mentions(&spec(quote!(W * 3)), &is_h));
        assert!(!mentions(&spec(quote!(28 - 4)), &is_h));
    }
}
