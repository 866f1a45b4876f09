//! The rules of an `einsum!` spec (NumPy's, without `...`), checked at the
//! string: labels are ASCII letters, one subscript per operand, one or two
//! operands, at most 8 labels a subscript (a shape's most axes), and each
//! output label appears in some operand and once in the output. Without
//! `->` the output is NumPy's: the labels that appear once, sorted.
//! The sizes behind the labels are checked by the type checker (`emit`).

use syn::Error;

use super::parse::EinsumInput;
use crate::valid::{combine, MAX_RANK};

/// The most operands `einsum!` takes.
const MAX_OPERANDS: usize = 2;

/// A checked spec.
pub struct Plan {
    /// Each operand's labels, in order.
    pub inputs: Vec<Vec<char>>,
    /// The result's labels, in order.
    pub output: Vec<char>,
    /// Every distinct label, in order of first appearance: a label's
    /// number is its position here.
    pub labels: Vec<char>,
}

impl Plan {
    /// The number of `label`.
    pub fn id(&self, label: char) -> u8 {
        self.labels.iter().position(|&l| l == label).unwrap_or(0) as u8
    }

    /// The first place `label` appears: (operand, axis).
    pub fn first(&self, label: char) -> (usize, usize) {
        self.places(label).next().unwrap_or((0, 0))
    }

    /// Every place `label` appears: (operand, axis), in order.
    pub fn places(&self, label: char) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.inputs.iter().enumerate().flat_map(move |(o, sub)| {
            sub.iter()
                .enumerate()
                .filter(move |&(_, &l)| l == label)
                .map(move |(x, _)| (o, x))
        })
    }
}

/// Checks `input`'s spec, reporting every mistake at the string.
pub fn plan(input: &EinsumInput) -> syn::Result<Plan> {
    let spec = &input.spec;
    let text: String = spec
        .value()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let err = |msg: String| Error::new(spec.span(), msg);
    let mut errors = Vec::new();
    if text.contains("...") {
        errors.push(err(
            "einsum: `...` (ellipsis) is not supported: give every axis a label".into(),
        ));
    } else if let Some(c) = text
        .chars()
        .find(|&c| !(c.is_ascii_alphabetic() || ",->".contains(c)))
    {
        errors.push(err(format!("einsum: `{c}` is not a label: labels are ASCII letters, subscripts are separated by `,`, the output follows `->`")));
    }
    let (lhs, rhs) = match text.split_once("->") {
        Some((l, r)) => (l, Some(r)),
        None => (text.as_str(), None),
    };
    if rhs.is_some_and(|r| r.contains("->"))
        || lhs.contains(['-', '>'])
        || rhs.is_some_and(|r| r.contains(['-', '>', ',']))
    {
        errors.push(err(
            "einsum: a spec is `subscripts->output`, with one `->` and no `,` in the output".into(),
        ));
    }
    combine(std::mem::take(&mut errors))?;
    let inputs: Vec<Vec<char>> = lhs.split(',').map(|s| s.chars().collect()).collect();
    check_operands(input, &inputs, &mut errors);
    for sub in &inputs {
        if sub.len() > MAX_RANK {
            let s: String = sub.iter().collect();
            errors.push(err(format!(
                "einsum: subscript `{s}` has {} labels, but a shape has at most {MAX_RANK} axes",
                sub.len()
            )));
        }
    }
    let output = match rhs {
        Some(r) => r.chars().collect(),
        None => implicit_output(&inputs),
    };
    check_output(&inputs, &output, &mut errors, &err);
    combine(errors)?;
    let mut labels = Vec::new();
    for &l in inputs.iter().flatten() {
        if !labels.contains(&l) {
            labels.push(l);
        }
    }
    Ok(Plan {
        inputs,
        output,
        labels,
    })
}

/// One subscript per operand, and one or two operands.
fn check_operands(input: &EinsumInput, inputs: &[Vec<char>], errors: &mut Vec<Error>) {
    let (subs, ops) = (inputs.len(), input.operands.len());
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    if subs != ops {
        let msg = format!(
            "einsum: the spec has {} but {} given",
            plural(subs, "subscript", "subscripts"),
            plural(ops, "operand is", "operands are")
        );
        errors.push(Error::new(input.spec.span(), msg));
    } else if ops > MAX_OPERANDS {
        let msg =
            format!("einsum: {ops} operands: `einsum!` takes one or two (contract pairs in steps)");
        errors.push(Error::new(input.spec.span(), msg));
    }
}

/// Output labels appear in some operand, and once in the output.
fn check_output(
    inputs: &[Vec<char>],
    output: &[char],
    errors: &mut Vec<Error>,
    err: &dyn Fn(String) -> Error,
) {
    let out: String = output.iter().collect();
    for (i, &l) in output.iter().enumerate() {
        if !inputs.iter().flatten().any(|&x| x == l) {
            errors.push(err(format!(
                "einsum: output label `{l}` appears in no operand's subscript"
            )));
        }
        if output[..i].contains(&l) && !output[i + 1..].contains(&l) {
            let n = output.iter().filter(|&&x| x == l).count();
            errors.push(err(format!("einsum: output label `{l}` appears {n} times in `{out}`: each output label names one axis")));
        }
    }
    if output.len() > MAX_RANK {
        errors.push(err(format!(
            "einsum: the output `{out}` has {} labels, but a shape has at most {MAX_RANK} axes",
            output.len()
        )));
    }
}

/// NumPy's implicit output: the labels that appear once, in sorted order.
fn implicit_output(inputs: &[Vec<char>]) -> Vec<char> {
    let all: Vec<char> = inputs.iter().flatten().copied().collect();
    let mut once: Vec<char> = all
        .iter()
        .copied()
        .filter(|l| all.iter().filter(|&x| x == l).count() == 1)
        .collect();
    once.sort_unstable();
    once
}
