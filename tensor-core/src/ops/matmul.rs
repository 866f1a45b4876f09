//! Matrix products: `matmul` for `[M, K] x [K, N]` and batched
//! `[.., M, K] x [.., K, N]` with broadcast batch axes (NumPy `matmul`), and
//! `dot` for vectors. Mismatched inner dimensions are a compile error.
//!
//! Contiguous matrices are multiplied in i-k-j order: each element of the
//! left row scales a whole row of the right matrix into the output row, an
//! inner loop over contiguous slices that LLVM vectorizes (and fully
//! unrolls for small static sizes). Other layouts are read element by
//! element through their index maps.
//!
//! ```
//! use tensor_core::prelude::*;
//! let a = tensor![[1, 2, 3], [4, 5, 6]];
//! let b = tensor![[1, 0], [0, 1], [1, 1]];
//! assert_eq!(a.matmul(&b), tensor![[4, 5], [10, 11]]);
//! assert_eq!(tensor![1, 2, 3].dot(&tensor![4, 5, 6]), 32);
//! ```

use core::ops::{Add, Mul};

use super::{AsView, ShapeOf};
use crate::constraint::{DotShapes, MatmulRhs};
use crate::layout::Layout;
use crate::num::Zero;
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::view::View;

/// The shape of `A` matrix-multiplied by `B`.
pub type Product<A, B> = <ShapeOf<B> as MatmulRhs<ShapeOf<A>>>::Output;

/// Matrix products of every operand.
pub trait Matmul: AsView {
    /// The matrix product (NumPy `a @ b`): `[.., M, K] x [.., K, N] ->
    /// [.., M, N]`, batch axes broadcast.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let a = Tensor::<i32, shape![2, 2, 3]>::from_flat_fn(|i| i as i32);
    /// let b = tensor![[1], [1], [1]]; // [3, 1], broadcast over the batch
    /// assert_eq!(a.matmul(&b), tensor![[[3], [12]], [[21], [30]]]);
    /// ```
    fn matmul<B>(&self, other: &B) -> Tensor<Self::Elem, Product<Self, B>>
    where
        B: AsView<Elem = Self::Elem>,
        ShapeOf<B>: MatmulRhs<ShapeOf<Self>>,
        Self::Elem: Copy + Zero + Add<Output = Self::Elem> + Mul<Output = Self::Elem>,
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
    fn dot<B>(&self, other: &B) -> Self::Elem
    where
        B: AsView<Elem = Self::Elem>,
        ShapeOf<B>: DotShapes<ShapeOf<Self>>,
        Self::Elem: Copy + Zero + Add<Output = Self::Elem> + Mul<Output = Self::Elem>,
    {
        let (a, b) = (self.as_view(), other.as_view());
        match (a.as_contiguous(), b.as_contiguous()) {
            (Some(a), Some(b)) => dot_run(a, b),
            _ => a
                .iter()
                .zip(b.iter())
                .fold(Self::Elem::ZERO, |acc, (&x, &y)| acc + x * y),
        }
    }
}

impl<A: AsView + ?Sized> Matmul for A {}

/// `Σ a[i] * b[i]` in 8 independent accumulators.
fn dot_run<T: Copy + Zero + Add<Output = T> + Mul<Output = T>>(a: &[T], b: &[T]) -> T {
    let mut acc = [T::ZERO; 8];
    let (ca, cb) = (a.chunks_exact(8), b.chunks_exact(8));
    let rest = ca
        .remainder()
        .iter()
        .zip(cb.remainder())
        .fold(T::ZERO, |s, (&x, &y)| s + x * y);
    for (x, y) in ca.zip(cb) {
        for k in 0..8 {
            acc[k] = acc[k] + x[k] * y[k];
        }
    }
    let [p, q, r, s, t, u, v, w] = acc;
    ((p + q) + (r + s)) + ((t + u) + (v + w)) + rest
}

/// The product of two views whose shapes satisfy [`MatmulRhs`].
fn matmul_views<T, La, Lb>(
    a: &View<'_, T, La>,
    b: &View<'_, T, Lb>,
) -> Tensor<T, <Lb::Shape as MatmulRhs<La::Shape>>::Output>
where
    La: Layout,
    Lb: Layout,
    Lb::Shape: MatmulRhs<La::Shape>,
    T: Copy + Zero + Add<Output = T> + Mul<Output = T>,
{
    type Out<La, Lb> = <<Lb as Layout>::Shape as MatmulRhs<<La as Layout>::Shape>>::Output;
    let dims = Dims {
        m: <Lb::Shape as MatmulRhs<La::Shape>>::ROWS,
        k: <Lb::Shape as MatmulRhs<La::Shape>>::INNER,
        n: <Lb::Shape as MatmulRhs<La::Shape>>::COLS,
    };
    let mut out = Tensor::<T, Out<La, Lb>>::zeros();
    if dims.m * dims.n * dims.k == 0 {
        return out;
    }
    let (out_dims, a_dims, b_dims) = (
        <Out<La, Lb> as Shape>::DIMS,
        La::Shape::DIMS,
        Lb::Shape::DIMS,
    );
    let out_batch = batch_dims(out_dims.as_ref());
    let (a_batch, b_batch) = (batch_dims(a_dims.as_ref()), batch_dims(b_dims.as_ref()));
    let (ca, cb) = (a.as_contiguous(), b.as_contiguous());
    for (o, out_mat) in out
        .as_mut_slice()
        .chunks_exact_mut(dims.m * dims.n)
        .enumerate()
    {
        let (ia, ib) = (
            source_batch(o, out_batch, a_batch),
            source_batch(o, out_batch, b_batch),
        );
        let (sa, sb) = (ia * dims.m * dims.k, ib * dims.k * dims.n);
        match (ca, cb) {
            (Some(ca), Some(cb)) => kernel(
                &ca[sa..][..dims.m * dims.k],
                &cb[sb..][..dims.k * dims.n],
                out_mat,
                dims,
            ),
            _ => general(
                |i| *a.at_flat(sa + i),
                |i| *b.at_flat(sb + i),
                out_mat,
                dims,
            ),
        }
    }
    out
}

/// The sizes of a product `[M, K] x [K, N]`.
#[derive(Clone, Copy)]
struct Dims {
    m: usize,
    k: usize,
    n: usize,
}

/// The batch axes of a shape: all but the last two.
fn batch_dims(dims: &[usize]) -> &[usize] {
    &dims[..dims.len() - 2]
}

/// The flat batch index, in an operand with batch axes `from`, of the output
/// batch `flat` (over the output's batch axes `to`): aligned from the
/// right, an operand axis of size 1 is broadcast and reads index 0.
fn source_batch(mut flat: usize, to: &[usize], from: &[usize]) -> usize {
    let (mut index, mut stride) = (0, 1);
    for (k, &d) in to.iter().enumerate().rev() {
        let i = flat % d;
        flat /= d;
        let Some(&f) = (k + from.len())
            .checked_sub(to.len())
            .and_then(|j| from.get(j))
        else {
            continue;
        };
        index += if f == 1 { 0 } else { i * stride };
        stride *= f;
    }
    index
}

/// `out += a @ b` for contiguous row-major matrices, in i-k-j order.
#[inline]
fn kernel<T: Copy + Add<Output = T> + Mul<Output = T>>(a: &[T], b: &[T], out: &mut [T], d: Dims) {
    for (a_row, out_row) in a.chunks_exact(d.k).zip(out.chunks_exact_mut(d.n)) {
        for (&aik, b_row) in a_row.iter().zip(b.chunks_exact(d.n)) {
            for (o, &bkj) in out_row.iter_mut().zip(b_row) {
                *o = *o + aik * bkj;
            }
        }
    }
}

/// `out += a @ b` for matrices read through `a(i)` and `b(i)` (flat
/// row-major positions within the matrix).
fn general<T: Copy + Add<Output = T> + Mul<Output = T>>(
    a: impl Fn(usize) -> T,
    b: impl Fn(usize) -> T,
    out: &mut [T],
    d: Dims,
) {
    for i in 0..d.m {
        for kk in 0..d.k {
            let aik = a(i * d.k + kk);
            for j in 0..d.n {
                out[i * d.n + j] = out[i * d.n + j] + aik * b(kk * d.n + j);
            }
        }
    }
}
