//! Stacking: `[a, b, c].stack::<Axis<k>>()` (NumPy `np.stack`), `N`
//! tensors of one shape joined along a new axis `k` of size `N`.
//!
//! The new dimension is computed in the type ([`StackShape`]) from the
//! array's length, so the result's shape is known to `cargo check`.
//!
//! ```
//! use tensor_core::prelude::*;
//! let (a, b) = (tensor![1, 2, 3], tensor![4, 5, 6]);
//! assert_eq!([&a, &b].stack::<Axis<0>>(), tensor![[1, 2, 3], [4, 5, 6]]);
//! assert_eq!([&a, &b].stack::<Axis<1>>(), tensor![[1, 4], [2, 5], [3, 6]]);
//! ```

use typenum::{Const, ToUInt, U};

use super::blocks::{assign_blocks, block, fill_blocks, outer, Blocks};
use super::destination::{write_each, Destination};
use super::elementwise::build;
use super::{AsView, ShapeOf};
use crate::dim::ToDim;
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::uninit::build_with;
use crate::view::View;

/// `stack::<Axis<I>>()` of `N` tensors of shape `Self`: the dimension `N`
/// inserted before axis `I`, which may be any of `0..=RANK` (NumPy
/// `np.stack(xs, axis=I)`); the result has at most 8 axes.
#[diagnostic::on_unimplemented(
    message = "cannot stack tensors of shape `{Self}` along `{I}`: the new axis must be at most the rank, and the result at most 8 axes",
    label = "axis out of range for stacking"
)]
pub trait StackShape<N, I> {
    /// The stacked shape.
    type Output: Shape;
    /// The position of the new axis.
    const AXIS: usize;
}

/// The dimension type of the size `N` (`Dim<N>`, or `Dim1` for 1).
pub type DimOf<const N: usize> = <U<N> as ToDim>::Dim;

/// The shape of `N` operands like `A` stacked along the axis `I`.
pub type Stacked<A, const N: usize, I> = <ShapeOf<A> as StackShape<DimOf<N>, I>>::Output;

/// Stacking of an array of `N` operands (tensors, views, or references to
/// them, all of one type).
pub trait Stack<A: AsView, const N: usize> {
    /// The operands joined along a new axis `I` (`Axis<k>`, `k` at most the
    /// rank) of size `N`: NumPy `np.stack(xs, axis=k)`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let m = Tensor::<i32, Shape![2, 3]>::from_flat_fn(|i| i as i32);
    /// let s = [m.t(), m.t(), m.t()].stack::<Axis<2>>(); // [3, 2, 3]
    /// assert_eq!(s.shape(), [3, 2, 3]);
    /// assert_eq!(slice!(s, 2, 1), tensor![5, 5, 5]);
    /// ```
    fn stack<I>(&self) -> Tensor<A::Elem, Stacked<A, N, I>>
    where
        Const<N>: ToUInt,
        U<N>: ToDim,
        ShapeOf<A>: StackShape<DimOf<N>, I>,
        A::Elem: Clone;
}

impl<A: AsView, const N: usize> Stack<A, N> for [A; N] {
    fn stack<I>(&self) -> Tensor<A::Elem, Stacked<A, N, I>>
    where
        Const<N>: ToUInt,
        U<N>: ToDim,
        ShapeOf<A>: StackShape<DimOf<N>, I>,
        A::Elem: Clone,
    {
        let views = self.each_ref().map(|a| a.as_view());
        if let Some((sources, outer)) = contiguous::<A, N, I>(&views) {
            return build_with(|slots| fill_blocks(slots, &sources, outer));
        }
        build(in_order::<A, N, I>(&views))
    }
}

/// `stack` written into a [`Destination`] (a tensor, a boxed one, a
/// mutable view) of the stacked shape: implemented for every destination.
pub trait AssignStack: Destination {
    /// Writes [`xs.stack::<I>()`](Stack::stack) into this destination
    /// (NumPy `np.stack(xs, axis=k, out=self)`).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let (a, b) = (tensor![1, 2, 3], tensor![4, 5, 6]);
    /// let mut out = Tensor::<i32, Shape![3, 2]>::zeros();
    /// out.assign_stack::<Axis<1>, _, 2>(&[&a, &b]);
    /// assert_eq!(out, [&a, &b].stack::<Axis<1>>());
    /// ```
    fn assign_stack<I, A, const N: usize>(&mut self, xs: &[A; N])
    where
        A: AsView<Elem = Self::Elem>,
        Const<N>: ToUInt,
        U<N>: ToDim,
        ShapeOf<A>: StackShape<DimOf<N>, I, Output = ShapeOf<Self>>,
        Self::Elem: Clone,
    {
        let views = xs.each_ref().map(|a| a.as_view());
        if let Some((sources, outer)) = contiguous::<A, N, I>(&views) {
            if assign_blocks(self, &sources, outer) {
                return;
            }
        }
        write_each(self, in_order::<A, N, I>(&views));
    }
}

impl<D: Destination + ?Sized> AssignStack for D {}

/// The blocks of the operands (the rest of each from the new axis on, one
/// per index of the axes before it) and their number, when every operand
/// is one run and the blocks are wide enough to copy as slices
/// (`blocks.rs`).
fn contiguous<'v, A, const N: usize, I>(
    views: &[View<'v, A::Elem, A::Layout>; N],
) -> Option<([Blocks<'v, A::Elem>; N], usize)>
where
    A: AsView,
    Const<N>: ToUInt,
    U<N>: ToDim,
    ShapeOf<A>: StackShape<DimOf<N>, I>,
{
    let axis = <ShapeOf<A> as StackShape<DimOf<N>, I>>::AXIS;
    let inner = block::<ShapeOf<A>>(axis);
    let mut blocks: [Blocks<'v, A::Elem>; N] = core::array::from_fn(|_| Blocks::of(&[], inner));
    for (source, view) in blocks.iter_mut().zip(views) {
        source.elems = view.as_contiguous()?;
    }
    let outer = outer::<ShapeOf<A>>(axis);
    blocks.iter().all(Blocks::wide).then_some((blocks, outer))
}

/// The elements of `views` stacked along `I`, one per call, in row-major
/// order of the result (the argument, the position, is ignored: the calls
/// come in order). Each operand is walked by its own iterator (the layout
/// module's walk), a block at a time: each outer index (the axes before
/// `I`) holds one block of each operand in turn, the rest of the operand
/// from `I` on.
fn in_order<'v, A, const N: usize, I>(
    views: &'v [View<'_, A::Elem, A::Layout>; N],
) -> impl FnMut(usize) -> A::Elem + 'v
where
    A: AsView,
    Const<N>: ToUInt,
    U<N>: ToDim,
    ShapeOf<A>: StackShape<DimOf<N>, I>,
    A::Elem: Clone,
{
    let axis = <ShapeOf<A> as StackShape<DimOf<N>, I>>::AXIS;
    let inner = block::<ShapeOf<A>>(axis);
    let mut elems = views.each_ref().map(|v| v.iter());
    // The operand whose block is being read, and the position in it,
    // counted rather than computed by `/` and `%` for every element.
    let (mut k, mut pos) = (0, 0);
    move |_| {
        let next = elems[k].next();
        pos += 1;
        if pos == inner {
            pos = 0;
            k = if k + 1 == N { 0 } else { k + 1 };
        }
        next.expect("the blocks cover every operand").clone()
    }
}

#[cfg(test)]
mod tests {
    use crate::prelude::*;

    #[test]
    fn stacking_along_every_axis_matches_the_reference() {
        let parts: [Tensor<i32, Shape![2, 3]>; 4] =
            core::array::from_fn(|k| Tensor::from_fn(|[i, j]| (k * 100 + i * 10 + j) as i32));
        let s0 = parts.stack::<Axis<0>>();
        let s1 = parts.stack::<Axis<1>>();
        let s2 = parts.each_ref().stack::<Axis<2>>();
        assert_eq!(
            (s0.shape(), s1.shape(), s2.shape()),
            ([4, 2, 3], [2, 4, 3], [2, 3, 4])
        );
        for k in 0..4 {
            for i in 0..2 {
                for j in 0..3 {
                    let want = parts[k][[i, j]];
                    assert_eq!(
                        (s0[[k, i, j]], s1[[i, k, j]], s2[[i, j, k]]),
                        (want, want, want)
                    );
                }
            }
        }
    }

    #[test]
    fn stacking_one_scalar_and_views() {
        let s = [tensor![[1, 2], [3, 4]].t()].stack::<Axis<0>>();
        assert_eq!(s, tensor![[[1, 3], [2, 4]]]);
        let x = Tensor::<f32, Shape![]>::full(2.0);
        assert_eq!([x, x, x].stack::<Axis<0>>(), tensor![2.0, 2.0, 2.0]);
        let empty = [Tensor::<u8, Shape![0, 2]>::zeros(); 3].stack::<Axis<1>>();
        assert_eq!(empty.shape(), [0, 3, 2]);
    }

    /// Permuted `[3, 32, 32]` views (no contiguous run: each operand is
    /// walked by its iterator) stacked along every axis, by value and into
    /// a destination, against indexing.
    #[test]
    fn strided_views_at_cifar_size_along_every_axis() {
        let xs: [Tensor<i32, Shape![32, 3, 32]>; 3] =
            core::array::from_fn(|k| Tensor::from_flat_fn(|i| (k * 100_000 + i) as i32));
        // [3, 32, 32]: vs[k][[c, i, j]] = xs[k][[j, c, i]]
        let vs = xs.each_ref().map(|x| x.permute::<Axes![1, 2, 0]>());
        let s0 = vs.stack::<Axis<0>>();
        let s1 = vs.stack::<Axis<1>>();
        let s2 = vs.stack::<Axis<2>>();
        let s3 = vs.stack::<Axis<3>>();
        let mut into = Tensor::<i32, Shape![3, 32, 3, 32]>::zeros();
        into.assign_stack::<Axis<2>, _, 3>(&vs);
        assert_eq!(into, s2);
        for k in 0..3 {
            for c in 0..3 {
                for i in 0..32 {
                    for j in 0..32 {
                        let want = xs[k][[j, c, i]];
                        assert_eq!(s0[[k, c, i, j]], want);
                        assert_eq!(s1[[c, k, i, j]], want);
                        assert_eq!(s2[[c, i, k, j]], want);
                        assert_eq!(s3[[c, i, j, k]], want);
                    }
                }
            }
        }
    }
}
