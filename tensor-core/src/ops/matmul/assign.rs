//! `assign_matmul`: a matrix product written into a destination the caller
//! owns (a [`Tensor`], a `Box<Tensor>` through `DerefMut`, a [`ViewMut`]),
//! never built elsewhere first: the form for tensors too large for the
//! stack, and for outputs reused across calls.
//!
//! ```
//! use tensor_core::prelude::*;
//! let a = tensor![[1, 2, 3], [4, 5, 6]];
//! let b = tensor![[1, 0], [0, 1], [1, 1]];
//! let mut out = Tensor::<i32, Shape![2, 2]>::zeros();
//! out.assign_matmul(&a, &b);
//! assert_eq!(out, a.matmul(&b));
//! let mut wide = Tensor::<i32, Shape![2, 5]>::zeros();
//! slice!(wide.view_mut(), .., 1..3).assign_matmul(&a, &b); // a strided destination
//! assert_eq!(wide, tensor![[0, 4, 5, 0, 0], [0, 10, 11, 0, 0]]);
//! ```

use super::batch::Batches;
use super::rule::{MatmulDims, MatmulRhs};
use super::{matmul_into, matmul_packed, packs_first};
use crate::layout::Layout;
use crate::num::{MulAccumulate, Zero};
use crate::ops::{AsView, ShapeOf};
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::uninit::as_slots;
use crate::view::{View, ViewMut};

impl<T, S: Shape> Tensor<T, S> {
    /// Writes [`a.matmul(b)`](super::Matmul::matmul) into this tensor (NumPy
    /// `np.matmul(a, b, out=t)`): each element written once, no temporary,
    /// so it serves boxed tensors of any size. The shapes are checked at
    /// compile time: the product's shape must be this tensor's.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// # #[cfg(feature = "alloc")] {
    /// let a = Tensor::<f32, Shape![512, 256]>::boxed_full(1.0);
    /// let b = Tensor::<f32, Shape![256, 512]>::boxed_full(0.5);
    /// let mut c = Tensor::<f32, Shape![512, 512]>::boxed_zeros(); // 1 MiB, on the heap
    /// c.assign_matmul(&*a, &*b);
    /// assert!(c.iter().all(|&x| x == 128.0));
    /// # }
    /// ```
    pub fn assign_matmul<A, B, P>(&mut self, a: &A, b: &B)
    where
        A: AsView<Elem = T> + ?Sized,
        B: AsView<Elem = T> + ?Sized,
        ShapeOf<B>: MatmulRhs<ShapeOf<A>, P, Product = S>,
        T: MulAccumulate,
    {
        assign_views(&a.as_view(), &b.as_view(), self.as_mut_slice());
    }
}

impl<T, L: Layout> ViewMut<'_, T, L> {
    /// Writes [`a.matmul(b)`](super::Matmul::matmul) into the elements of
    /// this view: by the matmul kernel when the view is contiguous, else
    /// element by element (each a dot product of a row and a column).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let a = tensor![[1, 2], [3, 4]];
    /// let mut out = Tensor::<i32, Shape![2, 2]>::zeros();
    /// out.view_mut().t().assign_matmul(&a, &a); // (a @ a) transposed
    /// assert_eq!(out, a.matmul(&a).t().to_tensor());
    /// ```
    pub fn assign_matmul<A, B, P>(&mut self, a: &A, b: &B)
    where
        A: AsView<Elem = T> + ?Sized,
        B: AsView<Elem = T> + ?Sized,
        ShapeOf<B>: MatmulRhs<ShapeOf<A>, P, Product = L::Shape>,
        T: MulAccumulate,
    {
        let (a, b) = (a.as_view(), b.as_view());
        if self.view().as_contiguous().is_some() {
            let (data, start) = self.contiguous_mut();
            return assign_views(&a, &b, &mut data[start..]);
        }
        self.for_each_indexed(|flat, x| *x = element(&a, &b, flat));
    }
}

/// `out = a @ b` into `out`'s first elements, a right operand that is not
/// contiguous first copied when that pays (as `matmul` does).
#[inline]
pub(crate) fn assign_views<T, La, Lb>(a: &View<'_, T, La>, b: &View<'_, T, Lb>, out: &mut [T])
where
    La: Layout,
    Lb: Layout,
    Lb::Shape: MatmulDims<La::Shape>,
    T: MulAccumulate,
{
    let out = as_slots(out);
    if packs_first::<T, La, Lb>(b) {
        return matmul_packed(a, b, out);
    }
    matmul_into(a, b, out)
}

/// Element `flat` (row-major over the product's shape) of `a @ b`, by its
/// definition: `Σ_k a[.., i, k] * b[.., k, j]` with broadcast batch axes.
fn element<T, La, Lb>(a: &View<'_, T, La>, b: &View<'_, T, Lb>, flat: usize) -> T
where
    La: Layout,
    Lb: Layout,
    Lb::Shape: MatmulDims<La::Shape>,
    T: MulAccumulate,
{
    type P<La, Lb> = <<Lb as Layout>::Shape as MatmulDims<<La as Layout>::Shape>>::Output;
    let (m, k, n) = (
        <Lb::Shape as MatmulDims<La::Shape>>::ROWS,
        <Lb::Shape as MatmulDims<La::Shape>>::INNER,
        <Lb::Shape as MatmulDims<La::Shape>>::COLS,
    );
    let (ia, ib) = Batches::<P<La, Lb>, La::Shape, Lb::Shape>::starts(flat);
    let (i, j) = (flat / n % m, flat % n);
    let sum = (0..k).fold(Zero::ZERO, |acc, kk| {
        acc + a.at_flat(ia + i * k + kk).widen() * b.at_flat(ib + kk * n + j).widen()
    });
    T::narrow(sum)
}

#[cfg(test)]
mod tests {
    use super::super::tests::{data, naive};
    use crate::prelude::*;

    #[test]
    fn every_destination_gets_the_product() {
        let (a, b) = (data::<Shape![9, 20]>(), data::<Shape![20, 13]>());
        let want = Tensor::<i64, Shape![9, 13]>::from_array(naive::<9, 20, 13>(
            |i, k| a[[i, k]],
            |k, j| b[[k, j]],
        ));
        let mut out = Tensor::<i64, Shape![9, 13]>::full(99);
        out.assign_matmul(&a, &b);
        assert_eq!(out, want);
        // A right operand copied first (transposed, 20 · 20 · 20 multiply-adds).
        let (a20, b20) = (data::<Shape![20, 20]>(), data::<Shape![20, 20]>());
        let bt = b20.t().to_tensor();
        let mut out20 = Tensor::<i64, Shape![20, 20]>::full(99);
        out20.assign_matmul(&a20, &bt.t());
        assert_eq!(
            out20.into_array(),
            naive::<20, 20, 20>(|i, k| a20[[i, k]], |k, j| b20[[k, j]])
        );
        // A strided view: element by element; a contiguous one: the kernel.
        let mut wide = Tensor::<i64, Shape![9, 20]>::full(99);
        slice!(wide.view_mut(), .., 2..15).assign_matmul(&a, &b);
        assert_eq!(slice!(wide, .., 2..15), want);
        assert!(slice!(wide, .., 15..).iter().all(|&x| x == 99));
        let mut tall = Tensor::<i64, Shape![11, 13]>::full(99);
        slice!(tall.view_mut(), 1..10, ..).assign_matmul(&a, &b);
        assert_eq!(slice!(tall, 1..10, ..), want);
        assert!(slice!(tall, 10, ..).iter().all(|&x| x == 99));
    }

    #[test]
    fn batches_broadcast_into_a_strided_destination() {
        let (a, b) = (data::<Shape![2, 3, 4]>(), data::<Shape![4, 5]>());
        let mut out = Tensor::<i64, Shape![5, 3, 2]>::zeros();
        out.view_mut()
            .permute::<Axes![2, 1, 0]>()
            .assign_matmul(&a, &b);
        assert_eq!(out.permute::<Axes![2, 1, 0]>(), a.matmul(&b));
        let mut empty = Tensor::<i64, Shape![3, 5]>::full(7);
        empty.assign_matmul(
            &Tensor::<i64, Shape![3, 0]>::zeros(),
            &Tensor::<i64, Shape![0, 5]>::zeros(),
        );
        assert_eq!(empty, Tensor::zeros());
    }
}
