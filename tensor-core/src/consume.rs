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

use core::mem::{needs_drop, size_of, ManuallyDrop};

use crate::axis::Axes;
use crate::constraint::{BroadcastFrom, FlipShape, PermuteShape, ReshapesTo, Transpose};
use crate::shape::message::counts_differ;
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::view::ViewOps;

/// `$this` (a `Tensor<T, $s>` of the caller's `T`, by value) as a
/// `Tensor<T, $s2>` of the same size (which the caller asserts in a
/// `const` block), moved without a copy of its own: the bytes are read
/// once into the caller's result ([`read_as`]). Elements without drop glue
/// leave `$this` to go out of scope, a no-op; others are first wrapped in
/// `ManuallyDrop`, which an unoptimized build pays for with one more copy
/// on the stack. (A macro, not a function: a call taking the tensor by
/// value is one more copy there too.)
macro_rules! moved_as {
    ($this:ident, $s:ty, $s2:ty) => {{
        if const { !needs_drop::<T>() } {
            // SAFETY: the sizes are equal (the caller's assertion), and
            // `$this`, dropped after the read, has no drop glue (`T` has
            // none, nor has `Tensor`): its elements move to the result.
            unsafe { read_as::<T, $s, $s2>(&$this) }
        } else {
            let this = ManuallyDrop::new($this);
            // SAFETY: as above; `ManuallyDrop` keeps the elements from
            // being dropped twice.
            unsafe { read_as::<T, $s, $s2>(&this) }
        }
    }};
}

/// The elements of `t` read as a tensor of shape `S2`.
///
/// # Safety
///
/// `Tensor<T, S>` and `Tensor<T, S2>` have the same size, and the caller
/// never drops `t`'s elements (it forgets `t`, or `T` has no drop glue).
/// Both tensors are `#[repr(transparent)]` over their storage, which for
/// every (sealed) `Shape` is nested arrays `[[T; a]; b]..` holding exactly
/// `SIZE` elements of `T`, unpadded, in row-major order: so the two types
/// have the alignment of `T`, and the same bytes for the same elements in
/// the same order. The read moves each element exactly once.
#[inline(always)]
unsafe fn read_as<T, S: Shape, S2: Shape>(t: &Tensor<T, S>) -> Tensor<T, S2> {
    debug_assert!(size_of::<Tensor<T, S>>() == size_of::<Tensor<T, S2>>());
    // SAFETY: the function's contract.
    unsafe { core::ptr::read((t as *const Tensor<T, S>).cast::<Tensor<T, S2>>()) }
}

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
        // Not through `into_reshape_at_build`: on an unoptimized stack each
        // call that takes the tensor by value copies it (a `[256, 1024]`
        // `f32` reshape took 6 MiB of stack through the two calls). The
        // bound makes the counts equal; the read needs equal sizes, which
        // follow, and are asserted all the same.
        const { assert!(size_of::<Tensor<T, S>>() == size_of::<Tensor<T, S2>>()) };
        moved_as!(self, S, S2)
    }

    /// [`Tensor::into_reshape`] without the `ReshapesTo` bound: the element
    /// counts are asserted in a `const` block, evaluated when the calling
    /// item is instantiated (`cargo build`). `#[shape]` writes it for the
    /// reshapes of items whose counts the compiler cannot compare in
    /// generic code (`view/reshape_at_build.rs`); `into_reshape` does the
    /// same after its bound has checked the counts.
    #[doc(hidden)]
    pub fn into_reshape_at_build<S2: Shape>(self) -> Tensor<T, S2> {
        const {
            if S::SIZE != S2::SIZE {
                panic!("{}", counts_differ::<S, S2>("into_reshape").as_str())
            }
            assert!(size_of::<Tensor<T, S>>() == size_of::<Tensor<T, S2>>());
        }
        moved_as!(self, S, S2)
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
        crate::view::permuted::<_, P>(self.view()).to_tensor()
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
        crate::view::flipped::<_, A>(self.view()).to_tensor()
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

#[cfg(test)]
mod tests {
    use std::rc::Rc;
    use std::string::String;

    use crate::prelude::*;

    /// Elements with drop glue take the `ManuallyDrop` branch: each is
    /// moved once, dropped once (by the result), none leaked.
    #[test]
    fn into_reshape_moves_elements_with_drop_glue_once() {
        let marker = Rc::new(());
        let t = Tensor::<Rc<()>, Shape![2, 3]>::from_flat_fn(|_| Rc::clone(&marker));
        assert_eq!(Rc::strong_count(&marker), 7);
        let r = t.into_reshape::<Shape![3, 2]>();
        assert_eq!(Rc::strong_count(&marker), 7);
        let s = r.into_reshape_at_build::<Shape![6]>();
        assert_eq!(Rc::strong_count(&marker), 7);
        drop(s);
        assert_eq!(Rc::strong_count(&marker), 1);

        let words = Tensor::<String, Shape![2, 2]>::from_flat_fn(|i| "abcd"[i..=i].into());
        let flat = words.into_reshape::<Shape![4]>();
        assert_eq!(flat.as_slice().concat(), "abcd");
    }

    /// Elements without drop glue are read in place, in order.
    #[test]
    fn into_reshape_keeps_the_order() {
        let t = Tensor::<u16, Shape![4, 3]>::from_flat_fn(|i| i as u16 * 3 + 1);
        let r = t.into_reshape::<Shape![2, 6]>();
        assert_eq!(r, Tensor::from_flat_fn(|i| i as u16 * 3 + 1));
        let s = r.into_reshape_at_build::<Shape![3, 2, 2]>();
        assert_eq!(s[[2, 1, 1]], 34);
    }
}
