//! The operands of a product as the kernels read them: the left one by
//! rows ([`Lhs`]: slices, [`DenseLhs`], or element by element,
//! [`ByIndex`]), the right one by row segments ([`Rhs`]: slices, [`Dense`],
//! or gathered, [`Gather`]; a view with constant strides, the walker's
//! [`Matrix`], is either), and the product's sizes ([`Dims`]). The leaf
//! of `ops/matmul/`: every other file of it reads these, this one reads
//! none of them.

use crate::layout::walk::Matrix;

/// The sizes of a product `[M, K] x [K, N]`.
#[derive(Clone, Copy)]
pub(super) struct Dims {
    /// The output's rows.
    pub(super) m: usize,
    /// The inner dimension.
    pub(super) k: usize,
    /// The output's columns.
    pub(super) n: usize,
}

/// The left operand of a product, read by rows: a tile takes its `H` rows
/// once, then reads them along the inner dimension.
pub(super) trait Lhs<T> {
    /// One row.
    type Row<'s>: Copy
    where
        Self: 's;
    /// Row `i`.
    fn row(&self, i: usize) -> Self::Row<'_>;
    /// Element `k` of `row`.
    fn at(row: &Self::Row<'_>, k: usize) -> T;
    /// The elements and the distance between rows, when the rows are
    /// contiguous slices `elems[i * stride..][..k]`.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn dense(&self) -> Option<(&[T], usize)> {
        None
    }
}

/// A matrix whose rows are contiguous runs `k` long, `stride` apart (`k`
/// when they follow each other; more for a view's rows with gaps between
/// them, 0 for one row repeated): a row is a slice of length `k`, read
/// without a bounds check below `k` (an index computed and checked per
/// element made the AVX-512 `[64, 64]` product 5.1 µs, not 3.4 µs).
pub(super) struct DenseLhs<'a, T> {
    /// The elements, the first row first.
    pub(super) elems: &'a [T],
    /// The length of a row.
    pub(super) k: usize,
    /// The distance between rows.
    pub(super) stride: usize,
}

impl<T: Copy> Lhs<T> for DenseLhs<'_, T> {
    type Row<'s>
        = &'s [T]
    where
        Self: 's;
    #[inline(always)]
    fn row(&self, i: usize) -> &[T] {
        &self.elems[i * self.stride..][..self.k]
    }
    #[inline(always)]
    fn at(row: &&[T], k: usize) -> T {
        row[k]
    }
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn dense(&self) -> Option<(&[T], usize)> {
        Some((self.elems, self.stride))
    }
}

/// A matrix read element by element, `(i, k)` by the function.
pub(super) struct ByIndex<F>(pub(super) F);

impl<T, F: Fn(usize, usize) -> T> Lhs<T> for ByIndex<F> {
    type Row<'s>
        = (&'s F, usize)
    where
        Self: 's;
    #[inline(always)]
    fn row(&self, i: usize) -> (&F, usize) {
        (&self.0, i)
    }
    #[inline(always)]
    fn at(&(f, i): &(&F, usize), k: usize) -> T {
        f(i, k)
    }
}

/// A left operand with constant strides is read element by element: one
/// type for every layout, so its kernels are compiled once per element
/// type, not once per layout as a closure's would be.
impl<T: Copy> Lhs<T> for Matrix<'_, T> {
    type Row<'s>
        = (&'s Self, usize)
    where
        Self: 's;
    #[inline(always)]
    fn row(&self, i: usize) -> (&Self, usize) {
        (self, i)
    }
    #[inline(always)]
    fn at(&(m, i): &(&Self, usize), k: usize) -> T {
        *m.at(i, k)
    }
}

/// The right operand of a product, read `W` columns of a row at a time.
pub(super) trait Rhs<T> {
    /// Elements `(k, j0 .. j0 + W)`.
    fn row<const W: usize>(&self, k: usize, j0: usize) -> [T; W];
    /// The elements and the distance between rows, when the rows are
    /// contiguous slices `elems[k * stride..][..n]`.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn dense(&self) -> Option<(&[T], usize)> {
        None
    }
}

/// A matrix whose rows are contiguous, `stride` apart in `elems`.
pub(super) struct Dense<'a, T> {
    /// The elements, the first row first.
    pub(super) elems: &'a [T],
    /// The distance between rows.
    pub(super) stride: usize,
}

impl<T: Copy> Rhs<T> for Dense<'_, T> {
    #[inline(always)]
    fn row<const W: usize>(&self, k: usize, j0: usize) -> [T; W] {
        let row: &[T; W] = self.elems[k * self.stride + j0..][..W].try_into().unwrap();
        *row
    }
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn dense(&self) -> Option<(&[T], usize)> {
        Some((self.elems, self.stride))
    }
}

/// A matrix read element by element, `(k, j)` by the function.
pub(super) struct Gather<F>(pub(super) F);

impl<T: Copy, F: Fn(usize, usize) -> T> Rhs<T> for Gather<F> {
    #[inline(always)]
    fn row<const W: usize>(&self, k: usize, j0: usize) -> [T; W] {
        gather(|j| (self.0)(k, j), j0)
    }
}

/// A right operand with constant strides is gathered through them: one
/// type for every layout, as for the left operand.
impl<T: Copy> Rhs<T> for Matrix<'_, T> {
    #[inline(always)]
    fn row<const W: usize>(&self, k: usize, j0: usize) -> [T; W] {
        gather(|j| *self.at(k, j), j0)
    }
}

/// `[at(j0), at(j0 + 1), ..]`, `W` of them.
#[inline(always)]
fn gather<T: Copy, const W: usize>(at: impl Fn(usize) -> T, j0: usize) -> [T; W] {
    // A loop, not `core::array::from_fn` (left a call under fat LTO).
    let mut row = [at(j0); W];
    for (c, x) in row.iter_mut().enumerate().skip(1) {
        *x = at(j0 + c);
    }
    row
}
