//! Matrix products: `matmul` for `[M, K] x [K, N]` and batched
//! `[.., M, K] x [.., K, N]` with broadcast batch axes (NumPy `matmul`), and
//! `dot` for vectors. Mismatched inner dimensions are a compile error.
//!
//! Products are register-tiled (`kernel.rs`): a tile of up to 4 output rows
//! × 8 columns (4 × 16 with AVX2, 8 × 16 with AVX-512, picked at run time
//! for large products: `src/cpu.rs`) is accumulated in registers over the whole
//! inner dimension, each element of the left operand scaling a row segment
//! of the right one (i-k-j order, vectorized along the row), then stored
//! once. The right operand is read by row segments: slices when its rows are
//! contiguous (`Dense`); otherwise, when the product is large enough and the
//! operand small enough, it is first copied to a contiguous tensor (a
//! transposed view: `matmul_packed`), else its rows are gathered through the
//! layout's constant strides or its index map (`Gather`). The left operand
//! is read by rows: slices when contiguous (`DenseLhs`), else element by
//! element by its constant strides or its index map (`ByIndex`).
//!
//! ```
//! use tensor_core::prelude::*;
//! let a = tensor![[1, 2, 3], [4, 5, 6]];
//! let b = tensor![[1, 0], [0, 1], [1, 1]];
//! assert_eq!(a.matmul(&b), tensor![[4, 5], [10, 11]]);
//! assert_eq!(tensor![1, 2, 3].dot(&tensor![4, 5, 6]), 32);
//! ```

mod kernel;

use self::kernel::{product, ByIndex, Dense, DenseLhs, Gather, Lhs};
use super::elementwise::build;
use super::{AsView, ShapeOf};
use crate::constraint::{DotShapes, MatmulRhs};
use crate::cpu;
use crate::index::unravel;
use crate::layout::Layout;
use crate::num::{Acc, Accumulate, MulAccumulate, Zero};
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
    /// let a = Tensor::<i32, Shape![2, 2, 3]>::from_flat_fn(|i| i as i32);
    /// let b = tensor![[1], [1], [1]]; // [3, 1], broadcast over the batch
    /// assert_eq!(a.matmul(&b), tensor![[[3], [12]], [[21], [30]]]);
    /// ```
    #[inline(always)]
    fn matmul<B>(&self, other: &B) -> Tensor<Self::Elem, Product<Self, B>>
    where
        B: AsView<Elem = Self::Elem>,
        ShapeOf<B>: MatmulRhs<ShapeOf<Self>>,
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
    fn dot<B>(&self, other: &B) -> Self::Elem
    where
        B: AsView<Elem = Self::Elem>,
        ShapeOf<B>: DotShapes<ShapeOf<Self>>,
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
fn matmul_views<T, La, Lb>(
    a: &View<'_, T, La>,
    b: &View<'_, T, Lb>,
) -> Tensor<T, <Lb::Shape as MatmulRhs<La::Shape>>::Output>
where
    La: Layout,
    Lb: Layout,
    Lb::Shape: MatmulRhs<La::Shape>,
    T: MulAccumulate,
{
    type P<La, Lb> = <<Lb as Layout>::Shape as MatmulRhs<<La as Layout>::Shape>>::Output;
    // Saturating: on a 16- or 32-bit target a product the target can hold
    // may still count more multiply-adds, or bytes, than `usize` does.
    let flops = const {
        <P<La, Lb> as Shape>::SIZE.saturating_mul(<Lb::Shape as MatmulRhs<La::Shape>>::INNER)
    };
    let packable = const {
        <Lb::Shape as Shape>::SIZE.saturating_mul(size_of::<T>()) <= PACK_BYTES
            && <P<La, Lb> as Shape>::SIZE.saturating_mul(<Lb::Shape as MatmulRhs<La::Shape>>::INNER)
                >= PACK_FLOPS
    };
    match (
        flops <= INLINE_FLOPS,
        packable && b.as_contiguous().is_none(),
    ) {
        (_, true) => matmul_packed(a, b),
        (true, false) => matmul_body(a, b),
        (false, false) => matmul_outlined(a, b),
    }
}

/// The most multiply-adds of a product inlined into its caller: `[8, 8]`,
/// or `[16, 16]` when built for AVX-512, whose inlined 16 × 16 tile with
/// constant sizes matches the fully unrolled hand loop (`kernel.rs`).
const INLINE_FLOPS: usize = if cfg!(target_feature = "avx512f") {
    16 * 16 * 16
} else {
    8 * 8 * 8
};

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
fn matmul_packed<T, La, Lb>(
    a: &View<'_, T, La>,
    b: &View<'_, T, Lb>,
) -> Tensor<T, <Lb::Shape as MatmulRhs<La::Shape>>::Output>
where
    La: Layout,
    Lb: Layout,
    Lb::Shape: MatmulRhs<La::Shape>,
    T: MulAccumulate,
{
    matmul_body(a, &b.to_tensor().view())
}

/// [`matmul_body`], never inlined.
#[inline(never)]
fn matmul_outlined<T, La, Lb>(
    a: &View<'_, T, La>,
    b: &View<'_, T, Lb>,
) -> Tensor<T, <Lb::Shape as MatmulRhs<La::Shape>>::Output>
where
    La: Layout,
    Lb: Layout,
    Lb::Shape: MatmulRhs<La::Shape>,
    T: MulAccumulate,
{
    matmul_body(a, b)
}

/// The product of two views: one matrix product per output batch.
#[inline(always)]
fn matmul_body<T, La, Lb>(
    a: &View<'_, T, La>,
    b: &View<'_, T, Lb>,
) -> Tensor<T, <Lb::Shape as MatmulRhs<La::Shape>>::Output>
where
    La: Layout,
    Lb: Layout,
    Lb::Shape: MatmulRhs<La::Shape>,
    T: MulAccumulate,
{
    type Out<La, Lb> = <<Lb as Layout>::Shape as MatmulRhs<<La as Layout>::Shape>>::Output;
    let dims = Dims {
        m: <Lb::Shape as MatmulRhs<La::Shape>>::ROWS,
        k: <Lb::Shape as MatmulRhs<La::Shape>>::INNER,
        n: <Lb::Shape as MatmulRhs<La::Shape>>::COLS,
    };
    // The tiles overwrite every element: the zeros only keep this safe, and
    // LLVM drops them from small products.
    let mut out = build::<T, Out<La, Lb>>(|_| T::narrow(Zero::ZERO));
    if dims.m * dims.n * dims.k == 0 {
        return out;
    }
    let (out_dims, a_dims, b_dims) = (
        <Out<La, Lb> as Shape>::DIMS,
        La::Shape::DIMS,
        Lb::Shape::DIMS,
    );
    if <Out<La, Lb> as Shape>::SIZE == dims.m * dims.n {
        with_lhs(a, b, (0, 0), out.as_mut_slice(), dims);
        return out;
    }
    let out_batch = batch_dims(out_dims.as_ref());
    let (a_batch, b_batch) = (batch_dims(a_dims.as_ref()), batch_dims(b_dims.as_ref()));
    for (o, out_mat) in out
        .as_mut_slice()
        .chunks_exact_mut(dims.m * dims.n)
        .enumerate()
    {
        let (ia, ib) = (
            source_batch(o, out_batch, a_batch),
            source_batch(o, out_batch, b_batch),
        );
        let starts = (ia * dims.m * dims.k, ib * dims.k * dims.n);
        with_lhs(a, b, starts, out_mat, dims);
    }
    out
}

/// `out = a @ b` for the matrices starting at flat positions `starts` of
/// `a` and `b`, the left one read by index when contiguous, by its constant
/// strides when it has them, else through its index map.
#[inline(always)]
fn with_lhs<T, La: Layout, Lb: Layout>(
    a: &View<'_, T, La>,
    b: &View<'_, T, Lb>,
    (sa, sb): (usize, usize),
    out: &mut [T],
    d: Dims,
) where
    T: MulAccumulate,
{
    if let Some(elems) = a.as_contiguous() {
        let elems = &elems[sa..][..d.m * d.k];
        return with_rhs(&DenseLhs { elems, k: d.k }, b, sb, out, d);
    }
    match const { matrix_strides::<La>() } {
        Some((rows, step)) => {
            let (data, base) = start_of(a, sa);
            let at = |i: usize, k: usize| base + i as isize * rows + k as isize * step;
            with_rhs(&ByIndex(|i, k| data[at(i, k) as usize]), b, sb, out, d)
        }
        None => with_rhs(&ByIndex(|i, k| *a.at_flat(sa + i * d.k + k)), b, sb, out, d),
    }
}

/// `out = a @ b` for the right matrix starting at flat position `sb` of
/// `b`: read by row slices when its rows are contiguous ([`Dense`]), else
/// gathered by its constant strides or through its index map ([`Gather`]).
#[inline(always)]
fn with_rhs<T, L: Layout>(a: &impl Lhs<T>, b: &View<'_, T, L>, sb: usize, out: &mut [T], d: Dims)
where
    T: MulAccumulate,
{
    if let Some(elems) = b.as_contiguous() {
        let elems = &elems[sb..][..d.k * d.n];
        return product(a, &Dense { elems, stride: d.n }, out, d);
    }
    let (data, base) = start_of(b, sb);
    match const { matrix_strides::<L>() } {
        Some((rows, 1)) if rows >= 0 => {
            let elems = &data[base as usize..][..(d.k - 1) * rows as usize + d.n];
            product(
                a,
                &Dense {
                    elems,
                    stride: rows as usize,
                },
                out,
                d,
            )
        }
        Some((rows, step)) => {
            let at = |k: usize, j: usize| base + k as isize * rows + j as isize * step;
            product(a, &Gather(|k, j| data[at(k, j) as usize]), out, d)
        }
        None => product(a, &Gather(|k, j| *b.at_flat(sb + k * d.n + j)), out, d),
    }
}

/// The strides of the last two axes (between rows, between columns) of a
/// layout with constant strides.
const fn matrix_strides<L: Layout>() -> Option<(isize, isize)> {
    let rank = <L::Shape as Shape>::RANK;
    match L::STRIDES {
        Some(s) if rank >= 2 => Some((s[rank - 2], s[rank - 1])),
        _ => None,
    }
}

/// The buffer of `v` and the position in it of flat logical element `flat`.
#[inline(always)]
fn start_of<'a, T, L: Layout>(v: &View<'a, T, L>, flat: usize) -> (&'a [T], isize) {
    let (data, state) = v.parts();
    (data, L::offset(&unravel::<L::Shape>(flat), &state) as isize)
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

#[cfg(test)]
mod tests {
    use crate::prelude::*;

    /// `n * 7 % 11 - 5` at flat position `n`: small, mixed signs, exact.
    fn data<S: Shape>() -> Tensor<i64, S> {
        Tensor::from_flat_fn(|n| (n * 7 % 11) as i64 - 5)
    }

    /// The product by definition, through indexing.
    fn naive<const M: usize, const K: usize, const N: usize>(
        a: impl Fn(usize, usize) -> i64,
        b: impl Fn(usize, usize) -> i64,
    ) -> [[i64; N]; M] {
        core::array::from_fn(|i| core::array::from_fn(|j| (0..K).map(|k| a(i, k) * b(k, j)).sum()))
    }

    #[test]
    fn tiles_cover_every_edge() {
        // Rows: one tile of 4 and 1 left; columns: 8 + 4 + 1.
        let (a, b) = (data::<Shape![5, 7]>(), data::<Shape![7, 13]>());
        let want = naive::<5, 7, 13>(|i, k| a[[i, k]], |k, j| b[[k, j]]);
        assert_eq!(a.matmul(&b).into_array(), want);
        // Wide elements (8 bytes) take tiles of 4 columns.
        let f = Tensor::<f64, Shape![6, 9]>::from_flat_fn(|n| n as f64);
        let g = f.matmul(&f.t());
        assert_eq!(
            g[[5, 4]],
            (0..9).map(|k| ((45 + k) * (36 + k)) as f64).sum::<f64>()
        );
    }

    #[test]
    fn strided_operands_gathered_copied_or_read_by_rows() {
        let (a, b) = (data::<Shape![6, 20]>(), data::<Shape![20, 20]>());
        let bt = b.t().to_tensor();
        let want = naive::<6, 20, 20>(|i, k| a[[i, k]], |k, j| b[[k, j]]);
        // Transposed, 2400 multiply-adds: rows gathered by constant strides.
        assert_eq!(a.matmul(&bt.t()).into_array(), want);
        // Transposed, 8000: copied to a contiguous tensor first.
        let a20 = data::<Shape![20, 20]>();
        let want20 = naive::<20, 20, 20>(|i, k| a20[[i, k]], |k, j| b[[k, j]]);
        assert_eq!(a20.matmul(&bt.t()).into_array(), want20);
        // A transposed left operand, read by its constant strides.
        let at = a20.t().to_tensor();
        assert_eq!(at.t().matmul(&b).into_array(), want20);
        // A flipped right operand (a negative row step), gathered.
        let flip = naive::<6, 20, 20>(|i, k| a[[i, k]], |k, j| b[[19 - k, j]]);
        assert_eq!(a.matmul(&b.flip::<Axes![0]>()).into_array(), flip);
        // Contiguous rows, 20 apart: read as slices with a row stride.
        let cols = naive::<6, 20, 5>(|i, k| a[[i, k]], |k, j| b[[k, j + 3]]);
        assert_eq!(a.matmul(&slice!(b, .., 3..8)).into_array(), cols);
        // Over 64 KiB: gathered even though large.
        let big = data::<Shape![200, 100]>();
        let v = data::<Shape![1, 200]>();
        let bigt = big.t().to_tensor();
        let want = naive::<1, 200, 100>(|_, k| v[[0, k]], |k, j| big[[k, j]]);
        assert_eq!(v.matmul(&bigt.t()).into_array(), want);
    }

    #[test]
    fn batches_with_a_copied_right_operand() {
        let a = data::<Shape![2, 16, 16]>();
        let b = data::<Shape![16, 16]>();
        let got = a.matmul(&b.t());
        for batch in 0..2 {
            let want = naive::<16, 16, 16>(|i, k| a[[batch, i, k]], |k, j| b[[j, k]]);
            assert_eq!(
                slice!(got, batch),
                Tensor::<i64, Shape![16, 16]>::from_array(want)
            );
        }
    }

    /// Every kernel the running CPU takes computes what the base kernel
    /// does, over every edge of the tiles, for dense and gathered right
    /// operands, 4- and 8-byte elements.
    #[test]
    fn every_vector_width_agrees() {
        use super::cpu::{simd, Simd};
        use super::kernel::{product_at, ByIndex, Dense, DenseLhs, Gather};
        use super::Dims;
        use std::vec::Vec;

        fn run<T: crate::num::MulAccumulate + PartialEq + core::fmt::Debug>(from: fn(i64) -> T) {
            for (m, k, n) in [
                (1, 1, 1),
                (5, 7, 13),
                (9, 33, 71),
                (16, 16, 16),
                (4, 64, 64),
            ] {
                let d = Dims { m, k, n };
                let a: Vec<T> = (0..m * k).map(|i| from((i * 7 % 11) as i64 - 5)).collect();
                let b: Vec<T> = (0..k * n).map(|i| from((i * 5 % 13) as i64 - 6)).collect();
                let at = ByIndex(|i: usize, kk: usize| a[i * k + kk]);
                let dense = DenseLhs { elems: &a, k };
                let mut want = Vec::from_iter((0..m * n).map(|_| from(0)));
                product_at(
                    Simd::Base,
                    &at,
                    &Dense {
                        elems: &b,
                        stride: n,
                    },
                    &mut want,
                    d,
                );
                for level in [Simd::Avx2, Simd::Avx512]
                    .into_iter()
                    .filter(|&l| l <= simd())
                {
                    let mut got = Vec::from_iter((0..m * n).map(|_| from(0)));
                    product_at(
                        level,
                        &at,
                        &Dense {
                            elems: &b,
                            stride: n,
                        },
                        &mut got,
                        d,
                    );
                    assert_eq!(got, want, "{level:?} dense {m}x{k}x{n}");
                    let gather = Gather(|kk: usize, j: usize| b[kk * n + j]);
                    product_at(level, &at, &gather, &mut got, d);
                    assert_eq!(got, want, "{level:?} gathered {m}x{k}x{n}");
                    product_at(level, &dense, &gather, &mut got, d);
                    assert_eq!(got, want, "{level:?} dense left {m}x{k}x{n}");
                }
            }
        }
        run::<f32>(|x| x as f32);
        run::<f64>(|x| x as f64);
        run::<i32>(|x| x as i32);
        run::<i64>(|x| x);
        run::<i16>(|x| x as i16);
    }
}
