//! Consuming view operations on owned tensors: `into_reshape`,
//! `into_permute`, `into_t`, `into_flip`, `into_expand`.
//!
//! A view borrows its tensor, so `x.max_axes::<A>().reshape::<S>()` on the
//! temporary a reduction returns would not outlive the statement. These take
//! the tensor by value and return a tensor, so such chains need no named
//! temporaries. `into_reshape` moves the elements under the new shape
//! without copying (the order is unchanged); the others copy into the new
//! layout, as `view().permute().to_tensor()` would.
//!
//! ```
//! use tensor_core::prelude::*;
//! let t = Tensor::<i32, Shape![2, 3]>::from_flat_fn(|i| i as i32);
//! let r: Tensor<i32, Shape![3, 2]> = t.into_reshape();
//! assert_eq!(r, tensor![[0, 1], [2, 3], [4, 5]]);
//! assert_eq!(r.into_t(), tensor![[0, 2, 4], [1, 3, 5]]);
//! let col = tensor![1, 2, 3].into_reshape::<Shape![3, 1]>().into_expand::<Shape![3, 2]>();
//! assert_eq!(col, tensor![[1, 1], [2, 2], [3, 3]]);
//! ```

use core::mem::{size_of, ManuallyDrop};

use crate::axis::Axes;
use crate::constraint::{BroadcastFrom, FlipShape, PermuteShape, ReshapesTo, Transpose};
use crate::shape::Shape;
use crate::tensor::Tensor;

impl<T, S: Shape> Tensor<T, S> {
    /// The same elements, in the same row-major order, under the shape `S2`
    /// (NumPy `x.reshape(..)`); moves, never copies element by element.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let flat = tensor![[1, 2], [3, 4]].into_reshape::<Shape![4]>();
    /// assert_eq!(flat, tensor![1, 2, 3, 4]);
    /// ```
    pub fn into_reshape<S2: Shape>(self) -> Tensor<T, S2>
    where
        S: ReshapesTo<S2>,
    {
        self.into_reshape_at_build()
    }

    /// [`Tensor::into_reshape`] without the `ReshapesTo` bound: the element
    /// counts are asserted in a `const` block, evaluated when the calling
    /// item is instantiated (`cargo build`). `#[shape]` writes it for the
    /// reshapes of items whose counts the compiler cannot compare in
    /// generic code (`view/reshape_at_build.rs`); `into_reshape` calls it
    /// after its bound has checked the counts.
    #[doc(hidden)]
    pub fn into_reshape_at_build<S2: Shape>(self) -> Tensor<T, S2> {
        const {
            assert!(
                S::SIZE == S2::SIZE,
                "into_reshape: the element counts differ (in a `#[shape]` item with dimension variables, this is checked for each instantiation)"
            );
            assert!(size_of::<Tensor<T, S>>() == size_of::<Tensor<T, S2>>());
        }
        let this = ManuallyDrop::new(self);
        // SAFETY: both tensors are `#[repr(transparent)]` over their storage,
        // which for every (sealed) `Shape` is nested arrays `[[T; a]; b]..`
        // holding exactly `SIZE` elements of `T`, unpadded, in row-major
        // order: so both types have the same size (asserted above), the
        // alignment of `T`, and the same bytes for the same elements in the
        // same order. Reading one as the other moves each element exactly
        // once; `ManuallyDrop` keeps the source from dropping them again.
        unsafe { core::ptr::read((&*this as *const Tensor<T, S>).cast::<Tensor<T, S2>>()) }
    }

    /// The tensor with its axes permuted (`permute`), copied into the new
    /// order.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = Tensor::<i32, Shape![1, 2, 3]>::from_flat_fn(|i| i as i32);
    /// assert_eq!(t.into_permute::<Axes![2, 0, 1]>().shape(), [3, 1, 2]);
    /// ```
    pub fn into_permute<P: Axes>(self) -> Tensor<T, S::Output>
    where
        T: Clone,
        S: PermuteShape<P>,
    {
        self.view().permuted::<P>().to_tensor()
    }

    /// The tensor with its last two axes swapped (`t`), copied.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// assert_eq!(tensor![[1, 2, 3]].into_t(), tensor![[1], [2], [3]]);
    /// ```
    pub fn into_t<P: Axes>(self) -> Tensor<T, <S as PermuteShape<P>>::Output>
    where
        T: Clone,
        S: Transpose<Axes = P> + PermuteShape<P>,
    {
        self.t().to_tensor()
    }

    /// The tensor reversed along the axes `A` (`flip`), copied.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// assert_eq!(tensor![1, 2, 3].into_flip::<Axes![0]>(), tensor![3, 2, 1]);
    /// ```
    pub fn into_flip<A: Axes>(self) -> Tensor<T, S>
    where
        T: Clone,
        S: FlipShape<A>,
    {
        self.view().flipped::<A>().to_tensor()
    }

    /// The tensor broadcast to the shape `S2` (`expand`), copied.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// assert_eq!(tensor![1, 2].into_expand::<Shape![2, 2]>(), tensor![[1, 2], [1, 2]]);
    /// ```
    pub fn into_expand<S2>(self) -> Tensor<T, S2>
    where
        T: Clone,
        S2: Shape + BroadcastFrom<S>,
    {
        self.expand::<S2>().to_tensor()
    }
}
