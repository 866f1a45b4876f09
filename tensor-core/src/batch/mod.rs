//! A run-time number of items of a static shape: [`Batch`] (borrowed),
//! [`BatchMut`] (borrowed mutably) and, with `alloc`, `BatchTensor`
//! (owned) hold `len` items of shape `S` one after another in one
//! contiguous slice, as a file of samples or a stream of frames holds
//! them. Each item is a `&Tensor<T, S>` (no copy), whose layout stays
//! static; only the count is known at run time.
//!
//! A tensor is exactly its elements (nested arrays of `T`: no header, no
//! padding, `T`'s alignment), so `S::SIZE` consecutive elements of any
//! `&[T]` are a `&Tensor<T, S>`: a slice needs no alignment check beyond
//! its element type's, which every `&[T]` meets.
//!
//! Operations over the whole batch are in [`AsBatch`] (the prelude has
//! it): `matmul` against a static right operand is one `[n * M, K] x
//! [K, N]` product, `map`, `map_items`, `sum_items`, `mean_items`.
//!
//! ```
//! use tensor_core::prelude::*;
//! let pixels = [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0];
//! let xs = Batch::<f32, Shape![3]>::try_from_slice(&pixels)?;
//! assert_eq!(xs.len(), 2);
//! assert_eq!(xs.get(1), Some(&tensor![4.0, 5.0, 6.0]));
//! assert_eq!(xs.iter().map(|x| x.sum()).collect::<Vec<_>>(), [6.0, 15.0]);
//! assert!(Batch::<f32, Shape![4]>::try_from_slice(&pixels).is_err());
//! # Ok::<(), BatchError>(())
//! ```

mod error;
mod ops;
#[cfg(feature = "alloc")]
mod owned;

use core::mem;

pub use self::error::BatchError;
#[cfg(feature = "alloc")]
pub use self::ops::CheckedItemProduct;
pub use self::ops::{AsBatch, ItemMatmul, ItemProduct};
#[cfg(feature = "alloc")]
pub use self::owned::BatchTensor;

use crate::shape::Shape;
use crate::tensor::Tensor;

/// A run-time number of items of shape `S`, borrowed from one slice in
/// which they follow each other; see the [module documentation](self).
#[derive(Debug)]
pub struct Batch<'a, T, S: Shape> {
    /// The items' elements, `len * S::SIZE` of them.
    elems: &'a [T],
    /// The number of items.
    len: usize,
    /// The item shape.
    shape: core::marker::PhantomData<S>,
}

impl<T, S: Shape> Clone for Batch<'_, T, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T, S: Shape> Copy for Batch<'_, T, S> {}

/// A run-time number of items of shape `S`, borrowed mutably from one
/// slice: [`Batch`] with `get_mut`, `iter_mut` and `assign_matmul`.
#[derive(Debug)]
pub struct BatchMut<'a, T, S: Shape> {
    /// The items' elements, `len * S::SIZE` of them.
    elems: &'a mut [T],
    /// The number of items.
    len: usize,
    /// The item shape.
    shape: core::marker::PhantomData<S>,
}

/// The number of items of shape `S` in `len` elements.
///
/// Items of no element (`S::SIZE == 0`) occupy no memory, so their count
/// cannot be read from a slice: only an empty slice is accepted, as a
/// batch of no item.
fn item_count<S: Shape>(len: usize) -> Result<usize, BatchError> {
    match S::SIZE {
        0 if len == 0 => Ok(0),
        0 => Err(BatchError::new::<S>(len)),
        size if len.is_multiple_of(size) => Ok(len / size),
        _ => Err(BatchError::new::<S>(len)),
    }
}

/// `S::SIZE` elements seen as the tensor they are.
fn as_tensor<T, S: Shape>(elems: &[T]) -> &Tensor<T, S> {
    const { assert!(mem::size_of::<Tensor<T, S>>() == S::SIZE * mem::size_of::<T>()) };
    assert_eq!(elems.len(), S::SIZE);
    // SAFETY: `Tensor<T, S>` is `repr(transparent)` over `S::Storage<T>`,
    // nested arrays of exactly `S::SIZE` elements `T` in row-major order,
    // without padding (size checked above) and with `T`'s alignment
    // (arrays have their element's); `elems` is `S::SIZE` initialised,
    // consecutive `T`s, aligned for `T`, borrowed for the result's lifetime.
    unsafe { &*elems.as_ptr().cast::<Tensor<T, S>>() }
}

/// The mutable form of [`as_tensor`].
fn as_tensor_mut<T, S: Shape>(elems: &mut [T]) -> &mut Tensor<T, S> {
    const { assert!(mem::size_of::<Tensor<T, S>>() == S::SIZE * mem::size_of::<T>()) };
    assert_eq!(elems.len(), S::SIZE);
    // SAFETY: as in `as_tensor`, and the borrow is exclusive.
    unsafe { &mut *elems.as_mut_ptr().cast::<Tensor<T, S>>() }
}

impl<'a, T, S: Shape> Batch<'a, T, S> {
    /// The items of shape `S` that `elems` holds one after another, in
    /// row-major order each; no copy.
    ///
    /// # Errors
    ///
    /// [`BatchError`] naming the item shape, its element count and the
    /// length when `elems.len()` is not a multiple of `S::SIZE`. An empty
    /// slice is a batch of no item. Items of no element (a shape with a
    /// 0 dimension) take no memory, so their count cannot be read from a
    /// slice: only an empty slice is accepted for them, as a batch of no
    /// item.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let data = vec![0.5f32; 784 * 10];
    /// let xs = Batch::<f32, Shape![784]>::try_from_slice(&data)?;
    /// assert_eq!(xs.len(), 10);
    /// assert!(Batch::<f32, Shape![784]>::try_from_slice(&[]).unwrap().is_empty());
    /// assert!(Batch::<f32, Shape![0, 3]>::try_from_slice(&[1.0]).is_err());
    /// # Ok::<(), BatchError>(())
    /// ```
    pub fn try_from_slice(elems: &'a [T]) -> Result<Self, BatchError> {
        let len = item_count::<S>(elems.len())?;
        Ok(Batch {
            elems,
            len,
            shape: core::marker::PhantomData,
        })
    }

    /// The items as one slice of `len() * S::SIZE` elements.
    pub fn as_slice(&self) -> &'a [T] {
        self.elems
    }

    /// Item `i`, or `None` when `i >= len()`, for the batch's lifetime.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let xs = Batch::<i32, Shape![2, 2]>::try_from_slice(&[1, 2, 3, 4])?;
    /// assert_eq!(xs.item(0), Some(&tensor![[1, 2], [3, 4]]));
    /// assert_eq!(xs.item(1), None);
    /// # Ok::<(), BatchError>(())
    /// ```
    pub fn item(&self, i: usize) -> Option<&'a Tensor<T, S>> {
        match i < self.len {
            true => Some(as_tensor(&self.elems[i * S::SIZE..][..S::SIZE])),
            false => None,
        }
    }

    /// The items in order, for the batch's lifetime.
    pub fn items(&self) -> Items<'a, T, S> {
        Items {
            chunks: self.elems.chunks_exact(S::SIZE.max(1)),
            shape: core::marker::PhantomData,
        }
    }
}

impl<'a, T, S: Shape> BatchMut<'a, T, S> {
    /// The items of shape `S` that `elems` holds one after another; no
    /// copy.
    ///
    /// # Errors
    ///
    /// [`BatchError`] as for [`Batch::try_from_slice`].
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let mut buf = [0i32; 6];
    /// let mut out = BatchMut::<i32, Shape![3]>::try_from_slice_mut(&mut buf)?;
    /// out.get_mut(1).unwrap()[[2]] = 7;
    /// assert_eq!(buf, [0, 0, 0, 0, 0, 7]);
    /// # Ok::<(), BatchError>(())
    /// ```
    pub fn try_from_slice_mut(elems: &'a mut [T]) -> Result<Self, BatchError> {
        let len = item_count::<S>(elems.len())?;
        Ok(BatchMut {
            elems,
            len,
            shape: core::marker::PhantomData,
        })
    }

    /// Item `i`, mutably, or `None` when `i >= len()`.
    pub fn get_mut(&mut self, i: usize) -> Option<&mut Tensor<T, S>> {
        match i < self.len {
            true => Some(as_tensor_mut(&mut self.elems[i * S::SIZE..][..S::SIZE])),
            false => None,
        }
    }

    /// The items in order, mutably.
    pub fn iter_mut(&mut self) -> ItemsMut<'_, T, S> {
        ItemsMut {
            chunks: self.elems.chunks_exact_mut(S::SIZE.max(1)),
            shape: core::marker::PhantomData,
        }
    }

    /// The items as one mutable slice of `len() * S::SIZE` elements.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        self.elems
    }
}

/// The items of a batch, in order: see [`AsBatch::iter`].
#[derive(Debug)]
pub struct Items<'a, T, S: Shape> {
    /// The items' elements, `S::SIZE` at a time.
    chunks: core::slice::ChunksExact<'a, T>,
    /// The item shape.
    shape: core::marker::PhantomData<S>,
}

impl<'a, T, S: Shape> Iterator for Items<'a, T, S> {
    type Item = &'a Tensor<T, S>;
    fn next(&mut self) -> Option<&'a Tensor<T, S>> {
        self.chunks.next().map(as_tensor)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.chunks.size_hint()
    }
}

impl<T, S: Shape> ExactSizeIterator for Items<'_, T, S> {}

impl<'a, T, S: Shape> DoubleEndedIterator for Items<'a, T, S> {
    fn next_back(&mut self) -> Option<&'a Tensor<T, S>> {
        self.chunks.next_back().map(as_tensor)
    }
}

/// The items of a batch, mutably, in order: see [`BatchMut::iter_mut`].
#[derive(Debug)]
pub struct ItemsMut<'a, T, S: Shape> {
    /// The items' elements, `S::SIZE` at a time.
    chunks: core::slice::ChunksExactMut<'a, T>,
    /// The item shape.
    shape: core::marker::PhantomData<S>,
}

impl<'a, T, S: Shape> Iterator for ItemsMut<'a, T, S> {
    type Item = &'a mut Tensor<T, S>;
    fn next(&mut self) -> Option<&'a mut Tensor<T, S>> {
        self.chunks.next().map(as_tensor_mut)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.chunks.size_hint()
    }
}

impl<T, S: Shape> ExactSizeIterator for ItemsMut<'_, T, S> {}

#[cfg(test)]
mod tests;
