//! `assign_sum_axes`, `assign_max_axes`, `assign_min_axes`,
//! `assign_mean_axes`: reductions
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

use core::ops::{Add, Div};

use super::reduce::{extreme_into, larger, reduced_count, reduced_elements, smaller, sum_into};
use super::{AsView, ShapeOf};
use crate::axis::Axes;
use crate::constraint::ReduceShape;
use crate::num::{Accumulate, FromCount, Zero};
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

    /// Writes [`a.mean_axes::<X>()`](super::reduce::Reduce::mean_axes)
    /// into this tensor: floats divide the sums by the count (NaN for an
    /// empty axis), integers are averaged exactly, as `mean_axes` does.
    ///
    /// # Panics
    ///
    /// For integers, when a reduced axis has size 0 (a mean of nothing).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let mut out = Tensor::<u8, Shape![2]>::zeros();
    /// out.assign_mean_axes::<Axes![1], _>(&tensor![[255u8, 255, 0], [1, 2, 3]]);
    /// assert_eq!(out, tensor![170, 2]); // no wrap-around
    /// ```
    #[track_caller]
    pub fn assign_mean_axes<X: Axes, A>(&mut self, a: &A)
    where
        A: AsView<Elem = T> + ?Sized,
        ShapeOf<A>: ReduceShape<X, Output = S>,
        T: Accumulate + Zero + Add<Output = T> + Div<Output = T> + FromCount,
    {
        let count = reduced_count::<ShapeOf<A>, X>();
        if !T::EXACT_MEAN {
            self.assign_sum_axes::<X, A>(a);
            let n = T::from_count(count);
            self.iter_mut().for_each(|x| *x = *x / n);
            return;
        }
        if count == 0 && S::SIZE != 0 {
            let (dims, axes) = (<ShapeOf<A> as Shape>::DIMS, X::AXES);
            panic!(
                "mean_axes of no element: shape {:?} has size 0 along the axes {:?}",
                dims.as_ref(),
                axes.as_ref()
            );
        }
        let v = a.as_view();
        for (o, x) in self.iter_mut().enumerate() {
            *x = T::mean_of(reduced_elements::<T, A::Layout, X, S>(&v, o, count), count);
        }
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
    fn in_place_means_equal_mean_axes() {
        let f = Tensor::<f32, Shape![4, 6]>::from_flat_fn(|n| (n * 5 % 7) as f32 - 2.5);
        let mut m = Tensor::<f32, Shape![6]>::zeros();
        m.assign_mean_axes::<Axes![0], _>(&f);
        assert_eq!(m, f.mean_axes::<Axes![0]>());
        let b = Tensor::<u8, Shape![3, 300]>::from_fn(|[i, j]| ((i * 91 + j * 37) % 256) as u8);
        let mut mb = Tensor::<u8, Shape![3]>::zeros();
        mb.assign_mean_axes::<Axes![1], _>(&b.view());
        assert_eq!(mb, b.mean_axes::<Axes![1]>());
        let want: std::vec::Vec<u8> = (0..3)
            .map(|i| ((0..300).map(|j| b[[i, j]] as u32).sum::<u32>() / 300) as u8)
            .collect();
        assert_eq!(mb.as_slice(), &want[..]);
    }

    #[test]
    #[should_panic = "mean_axes of no element: shape [2, 0] has size 0 along the axes [1]"]
    fn an_integer_mean_of_nothing_panics() {
        let mut out = Tensor::<i32, Shape![2]>::zeros();
        out.assign_mean_axes::<Axes![1], _>(&Tensor::<i32, Shape![2, 0]>::zeros());
    }

    #[test]
    #[should_panic = "max_axes"]
    fn an_empty_max_panics_as_max_axes_does() {
        let mut out = Tensor::<i32, Shape![2]>::zeros();
        out.assign_max_axes::<Axes![1], _>(&Tensor::<i32, Shape![2, 0]>::zeros());
    }
}
