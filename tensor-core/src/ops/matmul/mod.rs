//! Matrix products: `matmul` for `[M, K] x [K, N]` and batched
//! `[.., M, K] x [.., K, N]` with broadcast batch axes (NumPy `matmul`), and
//! `dot` for vectors. Mismatched inner dimensions are a compile error.
//!
//! Products are register-tiled (`kernel.rs`): a tile of up to 4 output rows
//! × 8 columns (4 × 16 with AVX2, 8 × 16 with AVX-512, picked at run time
//! for large products: `src/cpu.rs`) is accumulated in registers over the whole
//! inner dimension, each element of the left operand scaling a row segment
//! of the right one (i-k-j order, vectorized along the row), then stored
//! once. Both operands are read as the walker (`layout/walk.rs`: `Rows`,
//! `Matrix`) reads their layouts. The right operand is read by row
//! segments: slices when its rows are contiguous runs going forward
//! (`Dense`); otherwise, when the product is large enough and the operand
//! small enough, it is first copied to a contiguous tensor (a transposed
//! view: `matmul_packed`), else its rows are gathered through the layout's
//! constant strides or its index map (`Gather`). The left operand is read
//! by rows: slices when they are contiguous runs going forward
//! (`DenseLhs`), else element by element by its constant strides or its
//! index map (`ByIndex`).
//!
//! Products of `f32` of at least 32³ multiply-adds whose left operand has
//! contiguous rows take packed, cache-blocked kernels with AVX2 or AVX-512
//! FMA tiles when the CPU has them (`block.rs`, `micro.rs`): the right
//! operand is copied a strip at a time into a 16 KiB stack buffer, from
//! its rows or, for a strided view, from its strides.
//! With feature `rayon`, such products from 2²³ multiply-adds are split by
//! rows across threads, batches by items (`parallel.rs`), same bits.
//!
//! ```
//! use tensor_core::prelude::*;
//! let a = tensor![[1, 2, 3], [4, 5, 6]];
//! let b = tensor![[1, 0], [0, 1], [1, 1]];
//! assert_eq!(a.matmul(&b), tensor![[4, 5], [10, 11]]);
//! assert_eq!(tensor![1, 2, 3].dot(&tensor![4, 5, 6]), 32);
//! ```

mod assign;
mod batch;
#[cfg(target_arch = "x86_64")]
mod block;
mod dense;
mod kernel;
#[cfg(target_arch = "x86_64")]
mod micro;
mod operand;
#[cfg(feature = "rayon")]
mod parallel;
mod row_step;
mod rows;
pub(crate) mod rule;
#[cfg(target_arch = "x86_64")]
mod small;

pub(crate) use self::dense::dense_batched;
pub(crate) use self::rows::rows_matmul;

use self::batch::Batches;
use self::kernel::{product, INLINE_FLOPS};
use self::operand::{ByIndex, Dense, DenseLhs, Dims, Gather, Lhs};
use self::rule::{DotShapes, InnerDim, MatmulDims, MatmulRhs, MatrixAxes};
use super::{AsView, ShapeOf};
use crate::layout::walk::{Matrix, Rows};
use crate::layout::Layout;
use crate::num::{Acc, Accumulate, MulAccumulate, Zero};
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::uninit::{build_with, Slots};
use crate::view::View;

/// The shape of `A` matrix-multiplied by `B`.
pub type Product<A, B> = <ShapeOf<B> as MatmulDims<ShapeOf<A>>>::Output;

/// [`Product`], named through the rule that the inner dimensions agree
/// ([`InnerDim::Then`]), with that rule's proof parameter `P`: `matmul`'s
/// result type, which has no value (so no follow-on error) when they
/// differ.
pub type CheckedProduct<A, B, P> = <<ShapeOf<A> as MatrixAxes>::Cols as InnerDim<
    <ShapeOf<B> as MatrixAxes>::Rows,
    P,
>>::Then<Product<A, B>>;

/// Matrix products of every operand.
pub trait Matmul: AsView {
    /// The matrix product (NumPy `a @ b`): `[.., M, K] x [.., K, N] ->
    /// [.., M, N]`, batch axes broadcast.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let a = Tensor::<i32, Shape![2, 2, 3]>::from_flat_fn(|i| i as i32);
    /// let b = tensor![[1], [1], [1]]; // [3, 1], broadcast over the batch
    /// assert_eq!(a.matmul(&b), tensor![[[3], [12]], [[21], [30]]]);
    /// ```
    #[inline(always)]
    fn matmul<B, P>(&self, other: &B) -> Tensor<Self::Elem, CheckedProduct<Self, B, P>>
    where
        B: AsView<Elem = Self::Elem>,
        ShapeOf<B>: MatmulRhs<ShapeOf<Self>, P> + MatrixAxes,
        ShapeOf<Self>: MatrixAxes,
        <ShapeOf<Self> as MatrixAxes>::Cols: InnerDim<<ShapeOf<B> as MatrixAxes>::Rows, P>,
        Self::Elem: MulAccumulate,
    {
        matmul_views(&self.as_view(), &other.as_view())
    }

    /// The dot product of two vectors of the same size.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let m = tensor![[1.0, 2.0], [3.0, 4.0]];
    /// assert_eq!(slice!(m, .., 0).dot(&slice!(m, .., 1)), 14.0);
    /// ```
    fn dot<B, P>(&self, other: &B) -> Self::Elem
    where
        B: AsView<Elem = Self::Elem>,
        ShapeOf<B>: DotShapes<ShapeOf<Self>, P>,
        Self::Elem: MulAccumulate,
    {
        let (a, b) = (self.as_view(), other.as_view());
        match (a.as_contiguous(), b.as_contiguous()) {
            (Some(a), Some(b)) => dot_run(a, b),
            _ => Accumulate::narrow(
                a.iter()
                    .zip(b.iter())
                    .fold(Zero::ZERO, |acc, (&x, &y)| acc + x.widen() * y.widen()),
            ),
        }
    }
}

impl<A: AsView + ?Sized> Matmul for A {}

/// `Σ a[i] * b[i]` in 8 independent accumulators of [`Acc`].
fn dot_run<T: MulAccumulate>(a: &[T], b: &[T]) -> T {
    let mut acc = [Acc::<T>::ZERO; 8];
    let (ca, cb) = (a.chunks_exact(8), b.chunks_exact(8));
    let rest = ca
        .remainder()
        .iter()
        .zip(cb.remainder())
        .fold(Acc::<T>::ZERO, |s, (&x, &y)| s + x.widen() * y.widen());
    for (x, y) in ca.zip(cb) {
        for k in 0..8 {
            acc[k] = acc[k] + x[k].widen() * y[k].widen();
        }
    }
    let [p, q, r, s, t, u, v, w] = acc;
    T::narrow(((p + q) + (r + s)) + ((t + u) + (v + w)) + rest)
}

/// The product of two views whose shapes satisfy [`MatmulRhs`].
///
/// Products of up to [`INLINE_FLOPS`] multiply-adds are inlined into the
/// caller: a `[4, 4]` product is then 16 SSE multiplies and 16 adds on
/// registers, 4.0 ns against 5.1 ns through a call, and `[8, 8]` takes
/// 31 ns against 34 ns. Larger ones are a call (inlining `[16, 16]` gained
/// nothing on SSE2; built for AVX-512 it halves its time). A right operand that is not contiguous is copied first when
/// that pays ([`matmul_packed`]).
#[inline(always)]
fn matmul_views<T, La, Lb, S>(a: &View<'_, T, La>, b: &View<'_, T, Lb>) -> Tensor<T, S>
where
    La: Layout,
    Lb: Layout,
    Lb::Shape: MatmulDims<La::Shape>,
    S: Shape,
    T: MulAccumulate,
{
    type P<La, Lb> = <<Lb as Layout>::Shape as MatmulDims<<La as Layout>::Shape>>::Output;
    // `S` is the product's shape (`CheckedProduct`, the same type once the
    // rule holds): the kernels below write the product's elements.
    const { assert!(S::SIZE == <P<La, Lb> as Shape>::SIZE) };
    // Saturating: on a 16- or 32-bit target a product the target can hold
    // may still count more multiply-adds, or bytes, than `usize` does.
    let flops = const {
        <P<La, Lb> as Shape>::SIZE.saturating_mul(<Lb::Shape as MatmulDims<La::Shape>>::INNER)
    };
    // The result is built here, in the caller's frame, and the outlined
    // forms write into its slots: returned by value from them, it was
    // built in their frame and copied out, then copied again into the
    // caller's destination (`*c = a.matmul(&b)`). Every kernel writes
    // every slot before it reads any: no zeros first (a pass over 256 KiB
    // at `[256, 256]`).
    match (flops <= INLINE_FLOPS, packs_first::<T, La, Lb>(b)) {
        (_, true) => build_with(|slots| matmul_packed(a, b, slots)),
        (true, false) => build_with(|slots| matmul_into(a, b, slots)),
        (false, false) => build_with(|slots| matmul_outlined(a, b, slots)),
    }
}

/// Whether `b` is copied to a contiguous tensor before the product
/// ([`matmul_packed`]): it is not contiguous, at most [`PACK_BYTES`], and
/// the product has at least [`PACK_FLOPS`] multiply-adds. By value and
/// into a destination (`assign.rs`) alike.
#[inline(always)]
fn packs_first<T, La, Lb>(b: &View<'_, T, Lb>) -> bool
where
    La: Layout,
    Lb: Layout,
    Lb::Shape: MatmulDims<La::Shape>,
{
    type P<La, Lb> = <<Lb as Layout>::Shape as MatmulDims<<La as Layout>::Shape>>::Output;
    let packable = const {
        <Lb::Shape as Shape>::SIZE.saturating_mul(size_of::<T>()) <= PACK_BYTES
            && <P<La, Lb> as Shape>::SIZE
                .saturating_mul(<Lb::Shape as MatmulDims<La::Shape>>::INNER)
                >= PACK_FLOPS
    };
    packable && b.as_contiguous().is_none()
}

/// The largest right operand, in bytes, copied to a contiguous tensor on
/// the stack when it is not contiguous.
#[cfg(not(target_pointer_width = "16"))]
const PACK_BYTES: usize = 64 * 1024;

/// The largest right operand, in bytes, copied to a contiguous tensor on
/// the stack when it is not contiguous: on a 16-bit target (an AVR with
/// 2 KB of RAM) 64 KiB is the whole address space, so a quarter of a KiB.
#[cfg(target_pointer_width = "16")]
const PACK_BYTES: usize = 256;

/// The fewest multiply-adds of a product for which a right operand that is
/// not contiguous is copied first: below, gathering its rows is faster
/// (`[8, 8]` by a transposed view: 40 ns gathering, 53 ns copying first;
/// `[16, 16]`: 300 ns either way).
const PACK_FLOPS: usize = 16 * 16 * 16;

/// The product with `b` first copied into a contiguous tensor (by the
/// tiled `to_tensor`), so that [`tile`] reads its rows as slices rather
/// than gathering them: a `[64, 64]` product by a transposed view took
/// 19 µs gathering and 13.3 µs copied first, against 12.8 µs for contiguous
/// operands.
/// Never inlined, so that the copy's stack space is taken only when used.
#[inline(never)]
fn matmul_packed<T, La, Lb>(a: &View<'_, T, La>, b: &View<'_, T, Lb>, out: &mut Slots<T>)
where
    La: Layout,
    Lb: Layout,
    Lb::Shape: MatmulDims<La::Shape>,
    T: MulAccumulate,
{
    matmul_into(a, &b.to_tensor().view(), out)
}

/// [`matmul_into`], never inlined.
#[inline(never)]
fn matmul_outlined<T, La, Lb>(a: &View<'_, T, La>, b: &View<'_, T, Lb>, out: &mut Slots<T>)
where
    La: Layout,
    Lb: Layout,
    Lb::Shape: MatmulDims<La::Shape>,
    T: MulAccumulate,
{
    matmul_into(a, b, out)
}

/// `out = a @ b`, `out` holding the product's elements in row-major order:
/// one matrix product per output batch.
#[inline(always)]
pub(crate) fn matmul_into<T, La, Lb>(a: &View<'_, T, La>, b: &View<'_, T, Lb>, out: &mut Slots<T>)
where
    La: Layout,
    Lb: Layout,
    Lb::Shape: MatmulDims<La::Shape>,
    T: MulAccumulate,
{
    type Out<La, Lb> = <<Lb as Layout>::Shape as MatmulDims<<La as Layout>::Shape>>::Output;
    let dims = Dims {
        m: <Lb::Shape as MatmulDims<La::Shape>>::ROWS,
        k: <Lb::Shape as MatmulDims<La::Shape>>::INNER,
        n: <Lb::Shape as MatmulDims<La::Shape>>::COLS,
    };
    let out = &mut out[..<Out<La, Lb> as Shape>::SIZE];
    if dims.m * dims.n * dims.k == 0 {
        out.fill(|_| T::narrow(Zero::ZERO));
        return;
    }
    if <Out<La, Lb> as Shape>::SIZE == dims.m * dims.n {
        return with_lhs(a, b, (0, 0), out, dims);
    }
    type Items<La, Lb> = Batches<Out<La, Lb>, <La as Layout>::Shape, <Lb as Layout>::Shape>;
    #[cfg(feature = "rayon")]
    if batches_in_parallel(a, b, out, dims, Items::<La, Lb>::of_matrix) {
        return;
    }
    // As many matrices as batch items; with a batch axis of size 0 there
    // are none, and the walk's one call (at its start) finds no matrix.
    let mut mats = out.chunks_exact_mut(dims.m * dims.n);
    Items::<La, Lb>::each(|starts| {
        if let Some(out_mat) = mats.next() {
            with_lhs(a, b, starts, Slots::new(out_mat), dims);
        }
    });
}

/// The batch items of `out = a @ b` spread over threads (feature `rayon`,
/// `parallel.rs`) when both operands are contiguous `f32` and the batch
/// large; returns whether it ran. Each item is the product [`with_lhs`]
/// computes on one thread for contiguous operands, the same kernel on the
/// same slices: the same sums in the same order.
#[cfg(feature = "rayon")]
fn batches_in_parallel<T, La: Layout, Lb: Layout>(
    a: &View<'_, T, La>,
    b: &View<'_, T, Lb>,
    out: &mut Slots<T>,
    d: Dims,
    starts: fn(usize) -> (usize, usize),
) -> bool
where
    T: MulAccumulate,
{
    let (Some(a), Some(b)) = (a.as_contiguous(), b.as_contiguous()) else {
        return false;
    };
    let (Some(a), Some(b), Some(out)) =
        (T::f32_slice(a), T::f32_slice(b), out.as_slots_of::<f32>())
    else {
        return false;
    };
    let flops = out.len().saturating_mul(d.k);
    parallel::split_batches(out, d.m * d.n, flops, |o, out| {
        let (ia, ib) = starts(o);
        let (a, b) = (&a[ia..][..d.m * d.k], &b[ib..][..d.k * d.n]);
        let rows = DenseLhs {
            elems: a,
            k: d.k,
            stride: d.k,
        };
        product(
            &rows,
            &Dense {
                elems: b,
                stride: d.n,
            },
            out,
            d,
        );
    })
}

/// `out = a @ b` for the matrices starting at flat positions `starts` of
/// `a` and `b`. The left one is read as the walker (`layout/walk.rs`)
/// classifies it at build time (`MatrixRead`): by row slices when its
/// rows are contiguous runs going forward ([`DenseLhs`]), else element by
/// element through its constant strides ([`Matrix`]) or its index map
/// ([`ByIndex`]). Tested in `if const` blocks, so only the kernels of the
/// one kind are compiled, and the first two kinds share theirs across
/// every layout and call (matched at run time, the dead arms had also made
/// the inlined `[8, 8]` product build its result in a temporary: 31.5 ns
/// against 27 ns).
#[inline(always)]
fn with_lhs<T, La: Layout, Lb: Layout>(
    a: &View<'_, T, La>,
    b: &View<'_, T, Lb>,
    (sa, sb): (usize, usize),
    out: &mut Slots<T>,
    d: Dims,
) where
    T: MulAccumulate,
{
    if const { Rows::<T, La>::DENSE_ROWS } {
        let (elems, stride) = Rows::<T, La>::dense_matrix(a.parts(), sa, d.m, d.k);
        let rows = DenseLhs {
            elems,
            k: d.k,
            stride,
        };
        return with_rhs(&rows, b, sb, out, d);
    }
    if const { Rows::<T, La>::MATRIX.is_some() } {
        let strides = const { Rows::<T, La>::MATRIX }.unwrap_or_default();
        return with_rhs(&Matrix::new(a, sa, strides), b, sb, out, d);
    }
    with_rhs(&ByIndex(|i, k| *a.at_flat(sa + i * d.k + k)), b, sb, out, d)
}

/// `out = a @ b` for the right matrix starting at flat position `sb` of
/// `b`, read as the walker classifies it (`MatrixRead`): by row slices
/// when its rows are contiguous runs going forward ([`Dense`]), else
/// gathered through its constant strides ([`Matrix`]) or its index map
/// ([`Gather`]).
#[inline(always)]
fn with_rhs<T, L: Layout>(
    a: &impl Lhs<T>,
    b: &View<'_, T, L>,
    sb: usize,
    out: &mut Slots<T>,
    d: Dims,
) where
    T: MulAccumulate,
{
    if const { Rows::<T, L>::DENSE_ROWS } {
        let (elems, stride) = Rows::<T, L>::dense_matrix(b.parts(), sb, d.k, d.n);
        return product(a, &Dense { elems, stride }, out, d);
    }
    if const { Rows::<T, L>::MATRIX.is_some() } {
        let strides = const { Rows::<T, L>::MATRIX }.unwrap_or_default();
        return product(a, &Matrix::new(b, sb, strides), out, d);
    }
    product(a, &Gather(|k, j| *b.at_flat(sb + k * d.n + j)), out, d)
}

#[cfg(test)]
mod tests;
