//! `assign_sum_axes`, `assign_max_axes`, `assign_min_axes`: reductions
//! written into a tensor the caller owns (a boxed one too), each result
//! element written once, with no temporary.
//!
//! ```
//! use tensor_core::prelude::*;
//! let t = Tensor::<i32, Shape![2, 3, 4]>::from_flat_fn(|i| i as i32);
//! let mut out = Tensor::<i32, Shape![3]>::zeros();
//! out.assign_sum_axes::<Axes![0, 2], _>(&t);
//! assert_eq!(out, t.sum_axes::<Axes![0, 2]>());
//! ```

use super::reduce::{extreme_into, larger, smaller, sum_into};
use super::{AsView, ShapeOf};
use crate::axis::Axes;
use crate::constraint::ReduceShape;
use crate::num::Accumulate;
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::uninit::as_slots;

impl<T: Copy, S: Shape> Tensor<T, S> {
    /// Writes [`a.sum_axes::<X>()`](super::reduce::Reduce::sum_axes) into
    /// this tensor, whose shape must be the reduced one.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// # #[cfg(feature = "alloc")] {
    /// let a = Tensor::<f32, Shape![256, 1024]>::boxed_full(0.5);
    /// let mut col = Tensor::<f32, Shape![1024]>::boxed_zeros();
    /// col.assign_sum_axes::<Axes![0], _>(&*a);
    /// assert!(col.iter().all(|&x| x == 128.0));
    /// # }
    /// ```
    pub fn assign_sum_axes<X: Axes, A>(&mut self, a: &A)
    where
        A: AsView<Elem = T> + ?Sized,
        ShapeOf<A>: ReduceShape<X, Output = S>,
        T: Accumulate,
    {
        sum_into::<T, A::Layout, X, S>(&a.as_view(), as_slots(self.as_mut_slice()));
    }

    /// Writes [`a.max_axes::<X>()`](super::reduce::Reduce::max_axes) into
    /// this tensor.
    ///
    /// # Panics
    ///
    /// When a reduced axis has size 0, as `max_axes`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let mut out = Tensor::<i32, Shape![2]>::zeros();
    /// out.assign_max_axes::<Axes![1], _>(&tensor![[1, 5, 2], [7, 0, 3]]);
    /// assert_eq!(out, tensor![5, 7]);
    /// ```
    #[track_caller]
    pub fn assign_max_axes<X: Axes, A>(&mut self, a: &A)
    where
        A: AsView<Elem = T> + ?Sized,
        ShapeOf<A>: ReduceShape<X, Output = S>,
        T: PartialOrd,
    {
        let out = as_slots(self.as_mut_slice());
        extreme_into::<T, A::Layout, X, S>(&a.as_view(), larger, "max_axes", out);
    }

    /// Writes [`a.min_axes::<X>()`](super::reduce::Reduce::min_axes) into
    /// this tensor.
    ///
    /// # Panics
    ///
    /// When a reduced axis has size 0, as `min_axes`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let mut out = Tensor::<i32, Shape![3]>::zeros();
    /// out.assign_min_axes::<Axes![0], _>(&tensor![[1, 5, 2], [7, 0, 3]]);
    /// assert_eq!(out, tensor![1, 0, 2]);
    /// ```
    #[track_caller]
    pub fn assign_min_axes<X: Axes, A>(&mut self, a: &A)
    where
        A: AsView<Elem = T> + ?Sized,
        ShapeOf<A>: ReduceShape<X, Output = S>,
        T: PartialOrd,
    {
        let out = as_slots(self.as_mut_slice());
        extreme_into::<T, A::Layout, X, S>(&a.as_view(), smaller, "min_axes", out);
    }
}

#[cfg(test)]
mod tests {
    use crate::prelude::*;

    #[test]
    fn in_place_reductions_equal_the_returning_ones_on_every_path() {
        let t = Tensor::<i64, Shape![6, 5, 7]>::from_flat_fn(|n| (n * 7 % 11) as i64 - 5);
        let mut o = Tensor::<i64, Shape![6, 5]>::full(99);
        o.assign_sum_axes::<Axes![2], _>(&t); // trailing, contiguous
        assert_eq!(
            o,
            Tensor::from_fn(|[i, j]| (0..7).map(|k| t[[i, j, k]]).sum())
        );
        let mut c = Tensor::<i64, Shape![5, 7]>::full(99);
        c.assign_sum_axes::<Axes![0], _>(&t); // leading rows
        assert_eq!(
            c,
            Tensor::from_fn(|[j, k]| (0..6).map(|i| t[[i, j, k]]).sum())
        );
        let mut m = Tensor::<i64, Shape![7, 6]>::full(99);
        m.assign_max_axes::<Axes![1], _>(&t.permute::<Axes![2, 1, 0]>()); // strided, general
        assert_eq!(
            m,
            Tensor::from_fn(|[k, i]| (0..5).map(|j| t[[i, j, k]]).max().unwrap())
        );
        let mut n = Tensor::<i64, Shape![6, 5]>::full(99);
        n.assign_min_axes::<Axes![1], _>(&t.permute::<Axes![0, 2, 1]>()); // strided last axis
        assert_eq!(
            n,
            Tensor::from_fn(|[i, j]| (0..7).map(|k| t[[i, j, k]]).min().unwrap())
        );
    }

    #[test]
    #[should_panic = "max_axes"]
    fn an_empty_max_panics_as_max_axes_does() {
        let mut out = Tensor::<i32, Shape![2]>::zeros();
        out.assign_max_axes::<Axes![1], _>(&Tensor::<i32, Shape![2, 0]>::zeros());
    }
}
