//! The lowering of an `einsum!` spec, computed by the compiler: which
//! labels are batch, free or contracted axes, and the strided walks that
//! bring each operand into the `[B, M, K]` and `[B, K, N]` order of a
//! batched matrix product, summing the labels only one operand has and
//! taking the diagonals of repeated ones. Every function here is a
//! `const fn` evaluated once per instantiation (`run.rs` calls them in
//! `const` blocks), so the kernels see constant sizes and strides.
//!
//! ```
//! use tensor_core::prelude::*;
//! let a = Tensor::<i32, Shape![2, 3, 4]>::from_flat_fn(|i| i as i32);
//! let b = Tensor::<i32, Shape![2, 4, 5]>::from_flat_fn(|i| i as i32 % 7);
//! // b: batch, i: rows, j: contracted, k: columns.
//! assert_eq!(einsum!("bij,bjk->bik", &a, &b), a.matmul(&b));
//! ```

use crate::layout::Padded;
use crate::shape::MAX_RANK;

/// The most distinct labels of one `einsum!`: two operands of at most
/// [`MAX_RANK`] axes each.
pub const MAX_LABELS: usize = 2 * MAX_RANK;

/// A spec as `einsum!` read it: each axis's label as a number below
/// [`MAX_LABELS`], the first label seen being 0.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    /// The labels of the first operand's axes.
    pub a: &'static [u8],
    /// The labels of the second operand's axes (empty with one operand).
    pub b: &'static [u8],
    /// The labels of the result's axes.
    pub out: &'static [u8],
}

/// A strided walk over a source: the elements of the `kept` axes in
/// row-major order, each the sum over the `summed` axes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Walk {
    /// How many axes are kept.
    pub kept: usize,
    /// Their sizes.
    pub dims: Padded<usize>,
    /// Their strides in the source (the sum of a repeated label's strides:
    /// a diagonal).
    pub strides: Padded<isize>,
    /// How many axes are summed.
    pub summed: usize,
    /// Their sizes.
    pub sum_dims: Padded<usize>,
    /// Their strides in the source.
    pub sum_strides: Padded<isize>,
    /// The number of elements walked: the product of the kept sizes.
    pub len: usize,
    /// The walk reads the source's axes in order, none summed or repeated:
    /// a contiguous source is already its result.
    pub identity: bool,
}

/// Labels in order, at most [`MAX_RANK`] of them.
#[derive(Clone, Copy)]
struct Labels {
    len: usize,
    at: [u8; MAX_RANK],
}

impl Labels {
    const EMPTY: Labels = Labels {
        len: 0,
        at: [0; MAX_RANK],
    };

    const fn push(mut self, label: u8) -> Labels {
        self.at[self.len] = label;
        self.len += 1;
        self
    }

    const fn append(mut self, other: Labels) -> Labels {
        let mut i = 0;
        while i < other.len {
            self = self.push(other.at[i]);
            i += 1;
        }
        self
    }
}

/// Whether `labels` holds `label`.
const fn has(labels: &[u8], label: u8) -> bool {
    let mut i = 0;
    while i < labels.len() {
        if labels[i] == label {
            return true;
        }
        i += 1;
    }
    false
}

/// The size and the summed stride of `label` in an operand.
const fn axis_of(
    labels: &[u8],
    dims: &Padded<usize>,
    strides: &Padded<isize>,
    label: u8,
) -> (usize, isize) {
    let (mut dim, mut stride, mut i) = (0, 0, labels.len());
    while i > 0 {
        i -= 1;
        if labels[i] == label {
            dim = dims[i];
            stride += strides[i];
        }
    }
    (dim, stride)
}

/// The walk of an operand (`labels`, `dims`, `strides`) that keeps the
/// labels `target` in that order and sums the others.
pub(crate) const fn walk(
    labels: &[u8],
    dims: Padded<usize>,
    strides: Padded<isize>,
    target: &[u8],
) -> Walk {
    let mut w = Walk {
        kept: target.len(),
        dims: [1; MAX_RANK],
        strides: [0; MAX_RANK],
        summed: 0,
        sum_dims: [1; MAX_RANK],
        sum_strides: [0; MAX_RANK],
        len: 1,
        identity: labels.len() == target.len(),
    };
    let mut i = 0;
    while i < target.len() {
        (w.dims[i], w.strides[i]) = axis_of(labels, &dims, &strides, target[i]);
        w.len *= w.dims[i];
        w.identity = w.identity && labels[i] == target[i];
        i += 1;
    }
    let mut i = 0;
    while i < labels.len() {
        let (label, first) = (labels[i], first_at(labels, labels[i]) == i);
        if first && !has(target, label) {
            let (dim, stride) = axis_of(labels, &dims, &strides, label);
            (w.sum_dims[w.summed], w.sum_strides[w.summed]) = (dim, stride);
            w.summed += 1;
        }
        i += 1;
    }
    w.identity = w.identity && w.summed == 0;
    w
}

/// The first axis of `labels` labelled `label`.
const fn first_at(labels: &[u8], label: u8) -> usize {
    let mut i = 0;
    while labels[i] != label {
        i += 1;
    }
    i
}

/// A two-operand spec as one batched matrix product: `a` walked into
/// `[batch, m, k]`, `b` into `[batch, k, n]`, and the product
/// `[batch, m, n]` walked into the result's order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Contraction {
    /// The walk of the first operand.
    pub a: Walk,
    /// The walk of the second operand.
    pub b: Walk,
    /// The walk of the product into the result.
    pub c: Walk,
    /// The batch count, rows, inner size and columns of the product.
    pub sizes: [usize; 4],
}

/// The labels of `from` that satisfy `keep`, in order, each once.
const fn select(from: &[u8], in_a: &[u8], in_b: &[u8], out: &[u8], keep: [bool; 3]) -> Labels {
    let mut labels = Labels::EMPTY;
    let mut i = 0;
    while i < from.len() {
        let l = from[i];
        let fits = has(in_a, l) == keep[0] && has(in_b, l) == keep[1] && has(out, l) == keep[2];
        if fits && first_at(from, l) == i {
            labels = labels.push(l);
        }
        i += 1;
    }
    labels
}

/// The product of the sizes of the `n` kept axes of `w` from axis `from`.
const fn count(w: &Walk, from: usize, n: usize) -> usize {
    let (mut c, mut i) = (1, from);
    while i < from + n {
        c *= w.dims[i];
        i += 1;
    }
    c
}

/// The lowering of a two-operand spec over operands of `dims` and `strides`.
pub(crate) const fn contraction(
    spec: Spec,
    (a_dims, a_strides): (Padded<usize>, Padded<isize>),
    (b_dims, b_strides): (Padded<usize>, Padded<isize>),
) -> Contraction {
    let (a, b, out) = (spec.a, spec.b, spec.out);
    let batch = select(out, a, b, out, [true, true, true]);
    let m = select(out, a, b, out, [true, false, true]);
    let n = select(out, a, b, out, [false, true, true]);
    let k = select(a, a, b, out, [true, true, false]);
    let ta = Labels::EMPTY.append(batch).append(m).append(k);
    let tb = Labels::EMPTY.append(batch).append(k).append(n);
    let tc = Labels::EMPTY.append(batch).append(m).append(n);
    let wa = walk(a, a_dims, a_strides, ta.at.split_at(ta.len).0);
    let wb = walk(b, b_dims, b_strides, tb.at.split_at(tb.len).0);
    let sizes = [
        count(&wa, 0, batch.len),
        count(&wa, batch.len, m.len),
        count(&wa, batch.len + m.len, k.len),
        count(&wb, batch.len + k.len, n.len),
    ];
    let mut c_dims = [1; MAX_RANK];
    let mut i = 0;
    while i < tc.len {
        c_dims[i] = match i < batch.len + m.len {
            true => wa.dims[i],
            false => wb.dims[i - m.len + k.len],
        };
        i += 1;
    }
    let c_strides = crate::layout::row_major(c_dims, tc.len);
    let c = walk(tc.at.split_at(tc.len).0, c_dims, c_strides, out);
    Contraction {
        a: wa,
        b: wb,
        c,
        sizes,
    }
}
