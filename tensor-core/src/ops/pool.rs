//! Pooling: `max_pool2d::<Shape![KH, KW]>()` and `avg_pool2d` over the last
//! two axes, in pools of `KH × KW` that do not overlap (stride = pool
//! size, as PyTorch's default). The last two axes must be multiples of the
//! pool's sizes, checked by `cargo check` ([`PoolShape`]); the result
//! divides them.
//!
//! ```
//! use tensor_core::prelude::*;
//! let x = Tensor::<f32, Shape![1, 4, 4]>::from_flat_fn(|i| i as f32);
//! assert_eq!(x.max_pool2d::<Shape![2, 2]>(), tensor![[[5.0, 7.0], [13.0, 15.0]]]);
//! assert_eq!(x.avg_pool2d::<Shape![2, 2]>(), tensor![[[2.5, 4.5], [10.5, 12.5]]]);
//! ```

use super::destination::{build_by, write_each, Destination};
use super::elementwise::build;
use super::reduce::larger;
use super::{AsView, ShapeOf};
use crate::num::{Float, FromCount, Zero};
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::view::View;

/// `max_pool2d::<Shape![KH, KW]>()` and `avg_pool2d` of a shape `Self`:
/// rank 2 or more, the last two axes multiples of `KH` and `KW`; the
/// result divides them (non-overlapping pools, stride = pool size).
#[diagnostic::on_unimplemented(
    message = "cannot pool shape `{Self}` by `{W}`: the pool takes 2 axes, and the last two axes must be multiples of its sizes",
    label = "pool does not divide this shape"
)]
pub trait PoolShape<W> {
    /// The pooled shape.
    type Output: Shape;
}

/// The shape of `A` pooled by `W`.
pub type Pooled<A, W> = <ShapeOf<A> as PoolShape<W>>::Output;

/// Pooling of any operand of rank 2 or more.
pub trait Pool: AsView {
    /// The largest element of each `W` pool (`Shape![KH, KW]`) of the last
    /// two axes; NaN if the pool holds one.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = tensor![[1, 5, 2, 0, 3, 3], [4, 2, 8, 1, 3, 9]];
    /// assert_eq!(x.max_pool2d::<Shape![2, 3]>(), tensor![[8, 9]]);
    /// assert_eq!(x.t().max_pool2d::<Shape![3, 1]>(), tensor![[5, 8], [3, 9]]);
    /// ```
    fn max_pool2d<W: Shape>(&self) -> Tensor<Self::Elem, Pooled<Self, W>>
    where
        ShapeOf<Self>: PoolShape<W>,
        Self::Elem: Copy + PartialOrd,
    {
        pool::<Self, W>(self, larger)
    }

    /// The mean of each `W` pool of the last two axes.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = tensor![[1.0f32, 3.0, 0.0, 0.0], [5.0, 7.0, 1.0, 1.0]];
    /// assert_eq!(x.avg_pool2d::<Shape![2, 2]>(), tensor![[4.0, 0.5]]);
    /// ```
    fn avg_pool2d<W: Shape>(&self) -> Tensor<Self::Elem, Pooled<Self, W>>
    where
        ShapeOf<Self>: PoolShape<W>,
        Self::Elem: Float + FromCount,
    {
        build_by(Zero::ZERO, |out| out.assign_avg_pool2d::<W, _>(self))
    }
}

impl<A: AsView + ?Sized> Pool for A {}

/// Pooling written into a [`Destination`] (a tensor, a boxed one, a
/// mutable view) of the pooled shape: implemented for every destination.
pub trait AssignPool: Destination {
    /// Writes [`x.max_pool2d::<W>()`](Pool::max_pool2d) into this
    /// destination.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = Tensor::<f32, Shape![1, 4, 4]>::from_flat_fn(|i| i as f32);
    /// let mut out = Tensor::<f32, Shape![1, 2, 2]>::zeros();
    /// out.assign_max_pool2d::<Shape![2, 2], _>(&x);
    /// assert_eq!(out, x.max_pool2d::<Shape![2, 2]>());
    /// ```
    fn assign_max_pool2d<W: Shape, X>(&mut self, x: &X)
    where
        X: AsView<Elem = Self::Elem> + ?Sized,
        ShapeOf<X>: PoolShape<W, Output = ShapeOf<Self>>,
        Self::Elem: Copy + PartialOrd,
    {
        let v = x.as_view();
        write_each(self, pool_element::<X, W>(&v, larger));
    }

    /// Writes [`x.avg_pool2d::<W>()`](Pool::avg_pool2d) into this
    /// destination.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = tensor![[1.0f32, 3.0, 0.0, 0.0], [5.0, 7.0, 1.0, 1.0]];
    /// let mut out = Tensor::<f32, Shape![2, 1]>::zeros();
    /// out.view_mut().t().assign_avg_pool2d::<Shape![2, 2], _>(&x);
    /// assert_eq!(out, tensor![[4.0], [0.5]]);
    /// ```
    fn assign_avg_pool2d<W: Shape, X>(&mut self, x: &X)
    where
        X: AsView<Elem = Self::Elem> + ?Sized,
        ShapeOf<X>: PoolShape<W, Output = ShapeOf<Self>>,
        Self::Elem: Float + FromCount,
    {
        let (v, count) = (x.as_view(), Self::Elem::from_count(W::SIZE));
        let mut sum = pool_element::<X, W>(&v, |a, b| a + b);
        write_each(self, |o| sum(o) / count);
    }
}

impl<D: Destination + ?Sized> AssignPool for D {}

/// Each pool of `W` folded by `combine`, in row-major order.
fn pool<A, W>(a: &A, combine: impl Fn(A::Elem, A::Elem) -> A::Elem) -> Tensor<A::Elem, Pooled<A, W>>
where
    A: AsView + ?Sized,
    W: Shape,
    ShapeOf<A>: PoolShape<W>,
    A::Elem: Copy,
{
    let v = a.as_view();
    build(pool_element::<A, W>(&v, combine))
}

/// Element `o` (row-major) of the pools of `W` of `v`, folded by `combine`.
fn pool_element<'v, A, W>(
    v: &'v View<'_, A::Elem, A::Layout>,
    combine: impl Fn(A::Elem, A::Elem) -> A::Elem + 'v,
) -> impl FnMut(usize) -> A::Elem + 'v
where
    A: AsView + ?Sized,
    W: Shape,
    ShapeOf<A>: PoolShape<W>,
    A::Elem: Copy,
{
    let (dims, rank) = (<ShapeOf<A> as Shape>::DIMS, <ShapeOf<A> as Shape>::RANK);
    let (h, w) = (dims.as_ref()[rank - 2], dims.as_ref()[rank - 1]);
    let [kh, kw] = [W::DIMS.as_ref()[0], W::DIMS.as_ref()[1]];
    let (ph, pw) = (h / kh, w / kw);
    move |o| {
        let (n, i, j) = (o / (ph * pw), o / pw % ph, o % pw);
        let base = n * h * w + i * kh * w + j * kw;
        let mut acc = *v.at_flat(base);
        for a in 0..kh {
            for b in 0..kw {
                if a + b > 0 {
                    acc = combine(acc, *v.at_flat(base + a * w + b));
                }
            }
        }
        acc
    }
}

#[cfg(test)]
mod tests {
    use crate::layout::{Permuted, Reshaped, RowMajor};
    use crate::prelude::*;
    use crate::view::View;
    use std::boxed::Box;

    #[test]
    fn pools_match_the_reference_loops() {
        let x = Tensor::<f32, Shape![3, 6, 8]>::from_flat_fn(|n| ((n * 37) % 19) as f32 - 9.0);
        let m = x.max_pool2d::<Shape![3, 2]>();
        let a = x.avg_pool2d::<Shape![2, 4]>();
        assert_eq!((m.shape(), a.shape()), ([3, 2, 4], [3, 3, 2]));
        for c in 0..3 {
            for i in 0..2 {
                for j in 0..4 {
                    let pool = (0..3).flat_map(|p| (0..2).map(move |q| (p, q)));
                    let want = pool
                        .map(|(p, q)| x[[c, i * 3 + p, j * 2 + q]])
                        .fold(f32::MIN, f32::max);
                    assert_eq!(m[[c, i, j]], want);
                }
            }
            for i in 0..3 {
                for j in 0..2 {
                    let pool = (0..2).flat_map(|p| (0..4).map(move |q| (p, q)));
                    let sum: f32 = pool.map(|(p, q)| x[[c, i * 2 + p, j * 4 + q]]).sum();
                    assert_eq!(a[[c, i, j]], sum / 8.0);
                }
            }
        }
    }

    /// The pools of `x` by the definition: each pool's elements read by
    /// index from the logical view, folded in row-major order; max and mean.
    fn reference<L: crate::layout::Layout<Shape = Shape![2, 6, 8]>>(
        x: &View<'_, f32, L>,
    ) -> [Tensor<f32, Shape![2, 2, 4]>; 2] {
        let pool = |[c, i, j]: [usize; 3]| {
            let cells = (0..3).flat_map(move |p| (0..2).map(move |q| (p, q)));
            cells.map(move |(p, q)| x[[c, i * 3 + p, j * 2 + q]])
        };
        [
            Tensor::from_fn(|at| pool(at).fold(f32::MIN, f32::max)),
            Tensor::from_fn(|at| pool(at).sum::<f32>() / 6.0),
        ]
    }

    /// Max and mean pools of `x` by value and into a destination that is
    /// not one run (written only where it views) and one in a box.
    fn check<L: crate::layout::Layout<Shape = Shape![2, 6, 8]>>(x: View<'_, f32, L>) {
        let [max, mean] = reference(&x);
        assert_eq!(x.max_pool2d::<Shape![3, 2]>(), max);
        assert_eq!(x.avg_pool2d::<Shape![3, 2]>(), mean);
        let mut out = Tensor::<f32, Shape![2, 4, 3]>::full(-99.0);
        let mut dest = slice!(out.view_mut(), .., .., ..2).permute::<Axes![0, 2, 1]>();
        dest.assign_max_pool2d::<Shape![3, 2], _>(&x);
        assert_eq!(slice!(out, .., .., ..2).permute::<Axes![0, 2, 1]>(), max);
        assert!(slice!(out, .., .., 2).iter().all(|&v| v == -99.0));
        let mut boxed = Box::new(Tensor::<f32, Shape![2, 2, 4]>::zeros());
        boxed.assign_avg_pool2d::<Shape![3, 2], _>(&x);
        assert_eq!(*boxed, mean);
    }

    #[test]
    fn pools_of_every_layout_into_every_destination() {
        let value = |n: usize| ((n * 37) % 19) as f32 - 9.0;
        let t = Tensor::<f32, Shape![2, 6, 8]>::from_flat_fn(value);
        check(t.view());
        check(t.flip::<Axes![1, 2]>()); // negative strides
        let wide = Tensor::<f32, Shape![2, 8, 6]>::from_flat_fn(value);
        check(wide.permute::<Axes![0, 2, 1]>().flip::<Axes![0]>());
        let tall = Tensor::<f32, Shape![6, 16]>::from_flat_fn(value);
        check(tall.t().reshape::<Shape![2, 6, 8]>()); // no constant strides
        type Mapped = Reshaped<Permuted<RowMajor<Shape![6, 16]>, Axes![1, 0]>, Shape![2, 6, 8]>;
        assert!(<Mapped as crate::layout::Layout>::STRIDES.is_none());
        let empty = Tensor::<f32, Shape![0, 4, 4]>::zeros();
        assert_eq!(empty.avg_pool2d::<Shape![2, 2]>().shape(), [0, 2, 2]);
        assert_eq!(empty.t().max_pool2d::<Shape![2, 2]>().shape(), [0, 2, 2]);
    }

    #[test]
    fn nan_wins_a_max_pool_and_views_pool_their_logical_elements() {
        let x = tensor![[1.0f32, f32::NAN], [3.0, 4.0]];
        assert!(x.max_pool2d::<Shape![2, 2]>()[[0, 0]].is_nan());
        let t = Tensor::<i32, Shape![4, 6]>::from_flat_fn(|n| (n as i32 * 5) % 11);
        let p = t.t().max_pool2d::<Shape![2, 2]>();
        assert_eq!(p, t.t().to_tensor().max_pool2d::<Shape![2, 2]>());
        assert_eq!(
            p[[1, 1]],
            [t[[2, 2]], t[[2, 3]], t[[3, 2]], t[[3, 3]]]
                .into_iter()
                .max()
                .unwrap()
        );
    }
}
