//! Operations over a whole batch ([`AsBatch`], for [`Batch`], [`BatchMut`]
//! and `BatchTensor`): access, a product against a
//! static right operand as one matrix product over the stacked rows, and
//! per-element, per-item and across-item operations.
//!
//! ```
//! use tensor_core::prelude::*;
//! let xs = Batch::<f32, Shape![2]>::try_from_slice(&[1.0, 2.0, 3.0, 4.0])?;
//! let w = tensor![[1.0, 0.0, 2.0], [0.0, 1.0, 2.0]];
//! let mut buf = [0.0; 6];
//! let mut h = BatchMut::<f32, Shape![3]>::try_from_slice_mut(&mut buf)?;
//! h.assign_matmul(&xs, &w); // one [2, 2] x [2, 3] product
//! assert_eq!(h.get(1), Some(&tensor![3.0, 4.0, 14.0]));
//! assert_eq!(xs.sum_items(), tensor![4.0, 6.0]);
//! # Ok::<(), BatchError>(())
//! ```

#[cfg(feature = "alloc")]
extern crate alloc;

use core::ops::{Add, AddAssign, Div, DivAssign, Mul, MulAssign, Sub, SubAssign};

use super::{Batch, BatchMut, Items};
use crate::constraint::{BroadcastFrom, InnerDim};
use crate::dim::Dimension;
use crate::num::{FromCount, MulAccumulate, Zero};
use crate::ops::elementwise::zip_assign;
use crate::ops::matmul::rows_matmul;
use crate::ops::{AsView, ShapeOf};
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::uninit::{as_slots, build, build_with, Slots};

#[cfg(feature = "alloc")]
use super::BatchTensor;

/// The items of a batch, shape `S` (`[K]` or `[M, K]`), multiplied by a
/// static right operand of shape `Self` (`[K, N]`): each item's product
/// has shape `Output` (`[N]` or `[M, N]`), and the batch's is one
/// `[n * M, K] x [K, N]` product.
///
/// The `K`s are compared where it is used (`matmul`, `assign_matmul`), by
/// [`InnerDim`] with its proof parameter left to inference: when they
/// differ it stays unknown, so rustc suggests no where-clause, and the
/// product's shape, named through [`InnerDim::Then`], has no type, so no
/// follow-on error either.
#[diagnostic::on_unimplemented(
    message = "cannot multiply batch items of shape `{S}` by `{Self}`: the items are `[K]` or `[M, K]` and the right operand `[K, N]`",
    label = "items and right operand do not multiply"
)]
pub trait ItemMatmul<S>: Shape {
    /// The shape of one item's product.
    type Output: Shape;
    /// `K` of the items.
    type Inner: Dimension;
    /// `K` of the right operand (its rows).
    type Rows: Dimension;
    /// Rows of one item (`M`, or 1 for a vector).
    const ROWS: usize;
    /// `K`.
    const INNER: usize;
    /// `N`.
    const COLS: usize;
}

/// `[K] x [K, N] -> [N]`.
impl<K: Dimension, K2: Dimension, N: Dimension> ItemMatmul<(K,)> for (K2, N) {
    type Output = (N,);
    type Inner = K;
    type Rows = K2;
    const ROWS: usize = 1;
    const INNER: usize = K::VALUE;
    const COLS: usize = N::VALUE;
}

/// `[M, K] x [K, N] -> [M, N]`.
impl<M: Dimension, K: Dimension, K2: Dimension, N: Dimension> ItemMatmul<(M, K)> for (K2, N) {
    type Output = (M, N);
    type Inner = K;
    type Rows = K2;
    const ROWS: usize = M::VALUE;
    const INNER: usize = K::VALUE;
    const COLS: usize = N::VALUE;
}

/// The shape of a batch's items multiplied by `W`.
pub type ItemProduct<S, W> = <ShapeOf<W> as ItemMatmul<S>>::Output;

/// [`ItemProduct`] named through [`InnerDim::Then`] with the proof
/// parameter `P`: `matmul`'s item shape, which has no type when the `K`s
/// differ.
#[cfg(feature = "alloc")]
pub type CheckedItemProduct<S, W, P> = <<ShapeOf<W> as ItemMatmul<S>>::Inner as InnerDim<
    <ShapeOf<W> as ItemMatmul<S>>::Rows,
    P,
>>::Then<ItemProduct<S, W>>;

/// A batch of items of shape [`AsBatch::Item`] (borrowed, mutable or
/// owned), and what can be done with all its items at once.
pub trait AsBatch {
    /// The element type.
    type Elem;
    /// The shape of one item.
    type Item: Shape;

    /// The batch, borrowed.
    fn as_batch(&self) -> Batch<'_, Self::Elem, Self::Item>;

    /// The number of items.
    fn len(&self) -> usize {
        self.as_batch().len
    }

    /// Whether the batch has no item.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Item `i`, or `None` when `i >= len()`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let xs = Batch::<u8, Shape![2]>::try_from_slice(&[1, 2, 3, 4])?;
    /// assert_eq!((xs.get(1), xs.get(2)), (Some(&tensor![3, 4]), None));
    /// # Ok::<(), BatchError>(())
    /// ```
    fn get(&self, i: usize) -> Option<&Tensor<Self::Elem, Self::Item>> {
        self.as_batch().item(i)
    }

    /// The items in order, each a `&Tensor`.
    fn iter(&self) -> Items<'_, Self::Elem, Self::Item> {
        self.as_batch().items()
    }

    /// The sum of the items (the zero tensor for no item).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let xs = Batch::<i32, Shape![3]>::try_from_slice(&[1, 2, 3, 10, 20, 30])?;
    /// assert_eq!(xs.sum_items(), tensor![11, 22, 33]);
    /// # Ok::<(), BatchError>(())
    /// ```
    fn sum_items(&self) -> Tensor<Self::Elem, Self::Item>
    where
        Self::Elem: Copy + Zero + Add<Output = Self::Elem>,
    {
        let xs = self.as_batch();
        build_with(|slots| sum_into(xs, slots.init_with(Zero::ZERO)))
    }

    /// The mean of the items, as [`mean_axes`](crate::ops::reduce::Reduce::mean_axes)
    /// over a leading batch axis: floats divide the sum by the count (NaN
    /// for no item), integers are averaged exactly (see [`FromCount`]).
    ///
    /// # Panics
    ///
    /// For integer elements, when the batch is empty (a mean of nothing),
    /// with a message naming the item shape.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let xs = Batch::<f32, Shape![2]>::try_from_slice(&[1.0, 2.0, 3.0, 6.0])?;
    /// assert_eq!(xs.mean_items(), tensor![2.0, 4.0]);
    /// let bytes = Batch::<u8, Shape![1]>::try_from_slice(&[255, 255, 1])?;
    /// assert_eq!(bytes.mean_items(), tensor![170]); // no wrap-around
    /// # Ok::<(), BatchError>(())
    /// ```
    #[track_caller]
    fn mean_items(&self) -> Tensor<Self::Elem, Self::Item>
    where
        Self::Elem: Copy + Zero + Add<Output = Self::Elem> + Div<Output = Self::Elem> + FromCount,
    {
        let xs = self.as_batch();
        if !Self::Elem::EXACT_MEAN {
            let count = Self::Elem::from_count(xs.len);
            return build_with(|slots| {
                let sums = slots.init_with(Zero::ZERO);
                sum_into(xs, sums);
                sums.iter_mut().for_each(|x| *x = *x / count);
            });
        }
        if xs.len == 0 && Self::Item::SIZE != 0 {
            empty_mean(Self::Item::DIMS.as_ref());
        }
        let size = Self::Item::SIZE;
        build(|e| Self::Elem::mean_of(xs.elems.iter().skip(e).step_by(size).copied(), xs.len))
    }

    /// The product of every item by the static right operand `w`
    /// (`[K] x [K, N] -> [N]`, or `[M, K] x [K, N] -> [M, N]`), as one
    /// `[n * M, K] x [K, N]` product through the matmul kernel.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let xs = Batch::<f32, Shape![2, 2]>::try_from_slice(&[1.0, 0.0, 0.0, 1.0, 2.0, 0.0, 0.0, 2.0])?;
    /// let w = tensor![[1.0, 2.0], [3.0, 4.0]];
    /// let ys = xs.matmul(&w);
    /// assert_eq!(ys.get(1), Some(&(&w * 2.0)));
    /// # Ok::<(), BatchError>(())
    /// ```
    #[cfg(feature = "alloc")]
    fn matmul<W, P>(&self, w: &W) -> BatchTensor<Self::Elem, CheckedItemProduct<Self::Item, W, P>>
    where
        W: AsView<Elem = Self::Elem> + ?Sized,
        ShapeOf<W>: ItemMatmul<Self::Item>,
        <ShapeOf<W> as ItemMatmul<Self::Item>>::Inner:
            InnerDim<<ShapeOf<W> as ItemMatmul<Self::Item>>::Rows, P>,
        Self::Elem: MulAccumulate,
    {
        let xs = self.as_batch();
        // Built in place: `items_matmul` writes every element of the
        // `xs.len` products (no zeros written first).
        BatchTensor::build_with(xs.len, |out| items_matmul(&xs, w, out))
    }

    /// `f` of each element, into a batch of the same item shape.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let xs = Batch::<f32, Shape![2]>::try_from_slice(&[-1.0, 2.0, 3.0, -4.0])?;
    /// let relu = xs.map(|v| v.max(0.0));
    /// assert_eq!(relu.as_slice(), &[0.0, 2.0, 3.0, 0.0]);
    /// # Ok::<(), BatchError>(())
    /// ```
    #[cfg(feature = "alloc")]
    fn map<U>(&self, f: impl FnMut(&Self::Elem) -> U) -> BatchTensor<U, Self::Item> {
        let xs = self.as_batch();
        BatchTensor::from_parts(xs.elems.iter().map(f).collect(), xs.len)
    }

    /// `f` of each item (any operation from a tensor of the item shape to
    /// a tensor: a convolution, a reduction, a reshape), into a batch of
    /// the results' shape.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let imgs = Batch::<f32, Shape![1, 3, 3]>::try_from_slice(&[1.0; 18])?;
    /// let k = Tensor::<f32, Shape![2, 1, 2, 2]>::full(0.5);
    /// let feats = imgs.map_items(|x| x.conv2d(&k)); // items [2, 2, 2]
    /// assert_eq!(feats.len(), 2);
    /// assert!(feats.as_slice().iter().all(|&v| v == 2.0));
    /// # Ok::<(), BatchError>(())
    /// ```
    #[cfg(feature = "alloc")]
    fn map_items<U: Clone, S2: Shape>(
        &self,
        mut f: impl FnMut(&Tensor<Self::Elem, Self::Item>) -> Tensor<U, S2>,
    ) -> BatchTensor<U, S2> {
        let xs = self.as_batch();
        let mut elems = alloc::vec::Vec::with_capacity(super::owned::elements_of::<S2>(xs.len));
        for x in xs.items() {
            elems.extend_from_slice(f(x).as_slice());
        }
        BatchTensor::from_parts(elems, xs.len)
    }
}

/// Adds the items of `xs` to `sums`, item by item (each a contiguous
/// run, so the additions vectorize).
fn sum_into<T: Copy + Add<Output = T>, S: Shape>(xs: Batch<'_, T, S>, sums: &mut [T]) {
    for x in xs.elems.chunks_exact(S::SIZE.max(1)) {
        sums.iter_mut().zip(x).for_each(|(s, &v)| *s = *s + v);
    }
}

/// The panic of an integer mean over no item.
#[cold]
#[inline(never)]
#[track_caller]
fn empty_mean(dims: &[usize]) -> ! {
    panic!("mean_items of an empty batch of items of shape {dims:?}")
}

impl<T, S: Shape> AsBatch for Batch<'_, T, S> {
    type Elem = T;
    type Item = S;
    fn as_batch(&self) -> Batch<'_, T, S> {
        *self
    }
}

impl<T, S: Shape> AsBatch for BatchMut<'_, T, S> {
    type Elem = T;
    type Item = S;
    fn as_batch(&self) -> Batch<'_, T, S> {
        Batch {
            elems: self.elems,
            len: self.len,
            shape: core::marker::PhantomData,
        }
    }
}

#[cfg(feature = "alloc")]
impl<T, S: Shape> AsBatch for BatchTensor<T, S> {
    type Elem = T;
    type Item = S;
    fn as_batch(&self) -> Batch<'_, T, S> {
        self.as_batch_ref()
    }
}

impl<T, S: Shape> BatchMut<'_, T, S> {
    /// Writes the product of every item of `xs` by `w` into this batch's
    /// items (`AsBatch::matmul` without allocating: one `[n * M, K] x
    /// [K, N]` product into memory the caller owns).
    ///
    /// # Panics
    ///
    /// When the batches' lengths differ, with a message naming both.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let xs = Batch::<f32, Shape![3]>::try_from_slice(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0])?;
    /// let w = Tensor::<f32, Shape![3, 2]>::ones();
    /// let mut buf = [0.0f32; 4];
    /// let mut out = BatchMut::<f32, Shape![2]>::try_from_slice_mut(&mut buf)?;
    /// out.assign_matmul(&xs, &w);
    /// assert_eq!(buf, [6.0, 6.0, 15.0, 15.0]);
    /// # Ok::<(), BatchError>(())
    /// ```
    #[track_caller]
    pub fn assign_matmul<X, W, P>(&mut self, xs: &X, w: &W)
    where
        X: AsBatch<Elem = T> + ?Sized,
        W: AsView<Elem = T> + ?Sized,
        ShapeOf<W>: ItemMatmul<X::Item>,
        <ShapeOf<W> as ItemMatmul<X::Item>>::Inner: InnerDim<
            <ShapeOf<W> as ItemMatmul<X::Item>>::Rows,
            P,
            Then<ItemProduct<X::Item, W>> = S,
        >,
        T: MulAccumulate,
    {
        let xs = xs.as_batch();
        if xs.len != self.len {
            lengths_differ(xs.len, self.len);
        }
        items_matmul(&xs, w, as_slots(self.elems));
    }
}

/// Every item of `xs` times `w` into `out` (`xs.len()` products of shape
/// `ItemProduct<I, W>`, in order), as one `[n * M, K] x [K, N]` product
/// that writes every slot of `out`.
fn items_matmul<T, I, W>(xs: &Batch<'_, T, I>, w: &W, out: &mut Slots<T>)
where
    I: Shape,
    W: AsView<Elem = T> + ?Sized,
    ShapeOf<W>: ItemMatmul<I>,
    T: MulAccumulate,
{
    let dims = [
        xs.len * <ShapeOf<W> as ItemMatmul<I>>::ROWS,
        <ShapeOf<W> as ItemMatmul<I>>::INNER,
        <ShapeOf<W> as ItemMatmul<I>>::COLS,
    ];
    assert_eq!(
        out.len(),
        dims[0] * dims[2],
        "items_matmul: destination size"
    );
    rows_matmul(xs.elems, &w.as_view(), out, dims);
}

/// The panic of `assign_matmul` into a batch of another length.
#[cold]
#[inline(never)]
#[track_caller]
fn lengths_differ(from: usize, to: usize) -> ! {
    panic!("assign_matmul: the batch has {from} items, its destination {to}")
}

/// `op=` with a static operand broadcast to every item of a batch, and
/// `op` by value on an owned batch.
macro_rules! broadcast_operator {
    ($Op:ident, $op:ident, $OpAssign:ident, $op_assign:ident, $sym:tt) => {
        impl<T, S: Shape, B> $OpAssign<&B> for BatchMut<'_, T, S>
        where
            T: Copy + $Op<Output = T>,
            B: AsView<Elem = T> + ?Sized,
            S: BroadcastFrom<ShapeOf<B>>,
        {
            #[doc = concat!("`item ", stringify!($sym), "= b` for every item, `b` broadcast to the item shape.")]
            fn $op_assign(&mut self, b: &B) {
                for item in self.iter_mut() {
                    zip_assign(&mut item.view_mut(), b, |x, y| *x = *x $sym *y);
                }
            }
        }

        #[cfg(feature = "alloc")]
        impl<T, S: Shape, B> $OpAssign<&B> for BatchTensor<T, S>
        where
            T: Copy + $Op<Output = T>,
            B: AsView<Elem = T> + ?Sized,
            S: BroadcastFrom<ShapeOf<B>>,
        {
            #[doc = concat!("`item ", stringify!($sym), "= b` for every item, `b` broadcast to the item shape.")]
            fn $op_assign(&mut self, b: &B) {
                $OpAssign::$op_assign(&mut self.as_batch_mut(), b);
            }
        }

        #[cfg(feature = "alloc")]
        impl<T, S: Shape, B> $Op<&B> for BatchTensor<T, S>
        where
            T: Copy + $Op<Output = T>,
            B: AsView<Elem = T> + ?Sized,
            S: BroadcastFrom<ShapeOf<B>>,
        {
            type Output = BatchTensor<T, S>;
            #[doc = concat!("`item ", stringify!($sym), " b` for every item, in place in this batch.")]
            fn $op(mut self, b: &B) -> Self {
                $OpAssign::$op_assign(&mut self, b);
                self
            }
        }
    };
}

broadcast_operator!(Add, add, AddAssign, add_assign, +);
broadcast_operator!(Sub, sub, SubAssign, sub_assign, -);
broadcast_operator!(Mul, mul, MulAssign, mul_assign, *);
broadcast_operator!(Div, div, DivAssign, div_assign, /);
