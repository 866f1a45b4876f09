//! Tensors on the heap, for shapes too large for the stack (feature `alloc`).
//!
//! A `Tensor` is its elements, so `Box::new(Tensor::zeros())` would build
//! the whole tensor on the stack before moving it, and overflow it for large
//! shapes. These constructors allocate first and write each element in its
//! place in the box: the stack never holds the tensor, whatever its size.
//!
//! ```
//! use tensor_core::prelude::*;
//! let w = Tensor::<f32, Shape![1024, 1024]>::boxed_full(0.5); // 4 MiB
//! let wt = w.t().to_boxed_tensor();
//! assert_eq!(wt[[3, 7]], 0.5);
//! ```

extern crate alloc;

use alloc::boxed::Box;

use crate::index::unravel;
use crate::layout::Layout;
use crate::num::Zero;
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::uninit::build_boxed_with;
use crate::view::copy::{clone_bits, write};
use crate::view::{View, ViewMut};

impl<T, S: Shape> Tensor<T, S> {
    /// A boxed tensor whose element at each multi-index `[i, j, ...]` is
    /// `f([i, j, ...])`, called in row-major order, built in its allocation
    /// ([`Tensor::from_fn`] on the heap).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = Tensor::<u32, Shape![1024, 1024]>::boxed_from_fn(|[i, j]| (i * 10 + j) as u32); // 4 MiB
    /// assert_eq!(t[[3, 7]], 37);
    /// ```
    pub fn boxed_from_fn<const R: usize>(mut f: impl FnMut([usize; R]) -> T) -> Box<Self>
    where
        S: Shape<Index = [usize; R]>,
    {
        Self::boxed_from_flat_fn(|flat| f(unravel::<S>(flat)))
    }

    /// A boxed tensor whose element at flat row-major position `i` is
    /// `f(i)`, called in order, built in its allocation.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = Tensor::<u32, Shape![512, 512]>::boxed_from_flat_fn(|i| i as u32);
    /// assert_eq!(t[[2, 3]], 1027);
    /// ```
    pub fn boxed_from_flat_fn(f: impl FnMut(usize) -> T) -> Box<Self> {
        build_boxed_with(|out| out.fill(f))
    }

    /// A boxed tensor with every element equal to `value`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = Tensor::<i8, Shape![256, 1024]>::boxed_full(-1);
    /// assert!(t.iter().all(|&x| x == -1));
    /// ```
    pub fn boxed_full(value: T) -> Box<Self>
    where
        T: Clone,
    {
        Self::boxed_from_flat_fn(|_| value.clone())
    }

    /// A boxed tensor of zeros.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = Tensor::<f64, Shape![1024, 1024]>::boxed_zeros(); // 8 MiB
    /// assert_eq!(t.iter().sum::<f64>(), 0.0);
    /// ```
    pub fn boxed_zeros() -> Box<Self>
    where
        T: Zero,
    {
        Self::boxed_from_flat_fn(|_| T::ZERO)
    }

    /// A boxed copy of this tensor, built in its allocation. For a large
    /// `Box<Tensor>` this is the clone to use: `Box::clone` (std's) clones
    /// the tensor on the stack before moving it into the new box, so a
    /// 4 MiB tensor overflows a 2 MiB thread in an unoptimized build.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let w = Tensor::<f32, Shape![1024, 1024]>::boxed_full(0.5); // 4 MiB
    /// let mut c = w.to_boxed_tensor();
    /// c[[0, 0]] = 1.0;
    /// assert_eq!((w[[0, 0]], c[[0, 0]], c[[1023, 1023]]), (0.5, 1.0, 0.5));
    /// ```
    pub fn to_boxed_tensor(&self) -> Box<Self>
    where
        T: Clone,
    {
        boxed_copy(&self.view())
    }
}

/// A boxed tensor holding the elements of `view`, copied in its allocation
/// (by the SIMD transposes for primitives, as `to_tensor`).
fn boxed_copy<T: Clone, L: Layout>(view: &View<'_, T, L>) -> Box<Tensor<T, L::Shape>> {
    let (data, state) = view.parts();
    let bits = clone_bits::<T, L>();
    build_boxed_with(|out| write::<T, L>(data, &state, out, bits))
}

impl<T, L: Layout> View<'_, T, L> {
    /// [`View::to_tensor`] into a box: the elements in logical order, copied
    /// into a contiguous tensor built in its allocation.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = Tensor::<f32, Shape![512, 1024]>::boxed_from_flat_fn(|i| i as f32);
    /// let c = t.t().to_boxed_tensor(); // shape [1024, 512]
    /// assert_eq!(c[[1, 2]], t[[2, 1]]);
    /// ```
    pub fn to_boxed_tensor(&self) -> Box<Tensor<T, L::Shape>>
    where
        T: Clone,
    {
        boxed_copy(self)
    }
}

impl<T, L: Layout> ViewMut<'_, T, L> {
    /// [`View::to_boxed_tensor`] of this view.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let mut t = Tensor::<u8, Shape![2, 3]>::boxed_zeros();
    /// let c = t.view_mut().flip::<Axes![1]>().to_boxed_tensor();
    /// assert_eq!(*c, Tensor::zeros());
    /// ```
    pub fn to_boxed_tensor(&self) -> Box<Tensor<T, L::Shape>>
    where
        T: Clone,
    {
        boxed_copy(&self.view())
    }
}

#[cfg(test)]
mod tests {
    use std::thread;

    use super::*;
    use crate::prelude::*;

    /// 16 Mi `f32`: 64 MiB.
    type Big = Shape![4096, 4096];

    /// Runs `f` in a thread with a 2 MiB stack, 32 times smaller than `Big`.
    fn on_small_stack(f: impl FnOnce() + Send + 'static) {
        thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(f)
            .unwrap()
            .join()
            .unwrap();
    }

    #[test]
    fn constructors_never_hold_the_tensor_on_the_stack() {
        on_small_stack(|| {
            let z = Tensor::<f32, Big>::boxed_zeros();
            assert_eq!((z[[0, 0]], z[[4095, 4095]]), (0.0, 0.0));
            let f = Tensor::<f32, Big>::boxed_full(2.0);
            assert_eq!(f[[4095, 1]], 2.0);
            let n = Tensor::<f32, Big>::boxed_from_flat_fn(|i| i as f32);
            assert_eq!(n[[1, 2]], 4098.0);
        });
    }

    #[test]
    fn to_boxed_tensor_of_a_large_view() {
        on_small_stack(|| {
            let n = Tensor::<u32, Big>::boxed_from_flat_fn(|i| i as u32);
            let t = n.t().to_boxed_tensor();
            assert_eq!(
                (t[[1, 2]], t[[4095, 0]], t[[17, 4000]]),
                (8193, 4095, 4000 * 4096 + 17)
            );
            let r = n.flip::<Axes![0]>().to_boxed_tensor();
            assert_eq!(r[[0, 5]], 4095 * 4096 + 5);
        });
    }

    #[test]
    fn to_boxed_tensor_of_a_large_tensor() {
        on_small_stack(|| {
            let n = Tensor::<u32, Big>::boxed_from_flat_fn(|i| i as u32 * 3);
            let mut c = n.to_boxed_tensor();
            c[[0, 1]] = 0;
            assert_eq!((n[[0, 1]], c[[0, 1]]), (3, 0));
            assert_eq!(
                (c[[4095, 4095]], c[[17, 5]]),
                (n[[4095, 4095]], (17 * 4096 + 5) * 3)
            );
            assert_eq!(c.as_slice()[2..], n.as_slice()[2..]);
        });
    }

    #[test]
    fn boxed_tensors_equal_their_stack_counterparts() {
        let t = Tensor::<i32, Shape![3, 4]>::boxed_from_flat_fn(|i| i as i32 * 3);
        assert_eq!(*t, Tensor::from_flat_fn(|i| i as i32 * 3));
        assert_eq!(*t.t().to_boxed_tensor(), t.t().to_tensor());
        assert_eq!(
            *Tensor::<i32, Shape![]>::boxed_full(7),
            tensor![7].reshape::<Shape![]>().to_tensor()
        );
        assert_eq!(Tensor::<u8, Shape![0, 3]>::boxed_zeros().iter().count(), 0);
    }
}
