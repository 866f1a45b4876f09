//! [`BatchTensor`]: an owned batch (feature `alloc`), the result of the
//! operations over a whole batch.
//!
//! ```
//! use tensor_core::prelude::*;
//! let xs = BatchTensor::<f32, Shape![3]>::try_from_vec(vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0])?;
//! let b = tensor![10.0, 20.0, 30.0];
//! let h = (xs + &b).map(|v| v * 2.0); // b broadcast to every item
//! assert_eq!(h.get(1), Some(&tensor![28.0, 50.0, 72.0]));
//! # Ok::<(), BatchError>(())
//! ```

extern crate alloc;

use alloc::vec::Vec;
use core::marker::PhantomData;

use super::{item_count, Batch, BatchError, BatchMut, ItemsMut};
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::uninit::{build_vec_with, Slots};

/// A run-time number of items of shape `S`, owned in one `Vec`; see the
/// [module documentation](super).
#[derive(Clone, Debug, PartialEq)]
pub struct BatchTensor<T, S: Shape> {
    /// The items' elements, `len * S::SIZE` of them.
    elems: Vec<T>,
    /// The number of items.
    len: usize,
    /// The item shape.
    shape: PhantomData<S>,
}

impl<T, S: Shape> BatchTensor<T, S> {
    /// The batch of `elems` with `len` items, `elems.len() == len * S::SIZE`.
    pub(crate) fn from_parts(elems: Vec<T>, len: usize) -> Self {
        debug_assert_eq!(elems.len(), len * S::SIZE);
        BatchTensor {
            elems,
            len,
            shape: PhantomData,
        }
    }

    /// The items of shape `S` that `elems` holds one after another.
    ///
    /// # Errors
    ///
    /// [`BatchError`] as for [`Batch::try_from_slice`].
    pub fn try_from_vec(elems: Vec<T>) -> Result<Self, BatchError> {
        let len = item_count::<S>(elems.len())?;
        Ok(Self::from_parts(elems, len))
    }

    /// `len` items built in place by `write`, which writes every one of
    /// their elements (the contract of `uninit::build_vec_with`).
    pub(crate) fn build_with(len: usize, write: impl FnOnce(&mut Slots<T>)) -> Self {
        Self::from_parts(build_vec_with(elements_of::<S>(len), write), len)
    }

    /// `len` items, every element `value`.
    ///
    /// # Panics
    ///
    /// If `len` items of shape `S` hold more than `usize::MAX` elements.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let b = BatchTensor::<u8, Shape![2, 2]>::full(3, 7);
    /// assert_eq!((b.len(), b.as_slice().len()), (3, 12));
    /// ```
    pub fn full(len: usize, value: T) -> Self
    where
        T: Clone,
    {
        Self::from_parts(alloc::vec![value; elements_of::<S>(len)], len)
    }

    /// The items copied from `items`, in order.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let b = BatchTensor::from_items([tensor![1, 2], tensor![3, 4]].iter());
    /// assert_eq!(b.as_slice(), &[1, 2, 3, 4]);
    /// ```
    pub fn from_items<'t>(items: impl IntoIterator<Item = &'t Tensor<T, S>>) -> Self
    where
        T: Clone + 't,
    {
        let (mut elems, mut len) = (Vec::new(), 0);
        for item in items {
            elems.extend_from_slice(item.as_slice());
            len += 1;
        }
        Self::from_parts(elems, len)
    }

    /// The batch, borrowed (what `AsBatch::as_batch` returns).
    pub(crate) fn as_batch_ref(&self) -> Batch<'_, T, S> {
        Batch {
            elems: &self.elems,
            len: self.len,
            shape: PhantomData,
        }
    }

    /// The batch, mutably borrowed.
    pub fn as_batch_mut(&mut self) -> BatchMut<'_, T, S> {
        BatchMut {
            elems: &mut self.elems,
            len: self.len,
            shape: PhantomData,
        }
    }

    /// The items as one slice of `len() * S::SIZE` elements.
    pub fn as_slice(&self) -> &[T] {
        &self.elems
    }

    /// The items as one mutable slice.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.elems
    }

    /// The elements, the first item's first.
    pub fn into_vec(self) -> Vec<T> {
        self.elems
    }

    /// Item `i`, mutably, or `None` when `i >= len()`.
    pub fn get_mut(&mut self, i: usize) -> Option<&mut Tensor<T, S>> {
        match i < self.len {
            true => Some(super::as_tensor_mut(
                &mut self.elems[i * S::SIZE..][..S::SIZE],
            )),
            false => None,
        }
    }

    /// The items in order, mutably.
    pub fn iter_mut(&mut self) -> ItemsMut<'_, T, S> {
        ItemsMut {
            chunks: self.elems.chunks_exact_mut(S::SIZE.max(1)),
            shape: PhantomData,
        }
    }
}

/// The number of elements of `len` items of shape `S`.
///
/// # Panics
///
/// If it is more than `usize::MAX`: a wrapped count would make a vector
/// too short for its items.
pub(super) fn elements_of<S: Shape>(len: usize) -> usize {
    match len.checked_mul(S::SIZE) {
        Some(count) => count,
        None => too_many_elements(len, S::SIZE),
    }
}

/// The panic of [`elements_of`].
#[cold]
#[inline(never)]
#[track_caller]
fn too_many_elements(len: usize, size: usize) -> ! {
    panic!("a batch of {len} items of {size} elements each holds more than usize::MAX elements")
}
