//! `nalgebra` matrices to and from rank-2 tensors (feature `nalgebra`).
//!
//! nalgebra stores a matrix column by column; a tensor is row by row. So:
//!
//! * [`Tensor::to_smatrix`] and [`Tensor::from_smatrix`] **copy**, reordering
//!   the elements: `m[(i, j)] == t[[i, j]]` after either;
//! * [`Tensor::view_smatrix`] is **zero-copy**: it reads the matrix's own
//!   column-major buffer as a `[C, R]` row-major tensor and transposes that
//!   view (strides `[1, R]`), so `v[[i, j]] == m[(i, j)]` without moving an
//!   element; [`Tensor::view_smatrix_mut`] writes through.
//!
//! Dimensions map to nalgebra's `Const<N>` through [`NaDim`], so
//! `Tensor<T, Shape![R, C]>` pairs with `SMatrix<T, R, C>`.
//!
//! ```
//! use nalgebra::SMatrix;
//! use tensor_core::prelude::*;
//! let t = tensor![[1.0f32, 2.0, 3.0], [4.0, 5.0, 6.0]];
//! let m: SMatrix<f32, 2, 3> = t.to_smatrix();
//! assert_eq!(m[(1, 0)], 4.0);
//! assert_eq!(Tensor::<f32, Shape![2, 3]>::from_smatrix(&m), t);
//! let v = Tensor::<f32, Shape![2, 3]>::view_smatrix(&m); // no copy
//! assert_eq!(v, t);
//! ```

use nalgebra::allocator::Allocator;
use nalgebra::{
    Const, DefaultAllocator, IsContiguous, Matrix, OMatrix, RawStorage, RawStorageMut, Scalar,
};

use crate::axis::Axes;
use crate::constraint::{PermuteShape, Transpose};
use crate::dim::{Dim, Dim1, Dimension};
use crate::layout::{Permuted, RowMajor};
use crate::tensor::Tensor;
use crate::view::{View, ViewMut, ViewOps};

/// A dimension and its nalgebra counterpart: `Const<N>` for a dimension of
/// size `N` (`Const<1>`, nalgebra's `U1`, for [`Dim1`]), for sizes up to 1024
/// (`SMatrix` holds its elements inline, so larger ones are rare; a
/// `BigDim` has no const value to give `Const`).
pub trait NaDim: Dimension {
    /// The nalgebra dimension of the same size.
    type Na: nalgebra::DimName;
}

impl<const N: usize> NaDim for Dim<N>
where
    Dim<N>: Dimension,
{
    type Na = Const<N>;
}

impl NaDim for Dim1 {
    type Na = Const<1>;
}

impl<T, R: NaDim, C: NaDim> Tensor<T, (R, C)> {
    /// A copy as an nalgebra matrix (`SMatrix<T, R, C>` for concrete
    /// sizes), element `[i, j]` at `(i, j)`: the elements are reordered
    /// from row-major to nalgebra's column-major.
    ///
    /// ```
    /// use nalgebra::SMatrix;
    /// use tensor_core::prelude::*;
    /// let m = tensor![[1, 2], [3, 4]].to_smatrix();
    /// assert_eq!(m, SMatrix::<i32, 2, 2>::from_row_slice(&[1, 2, 3, 4]));
    /// assert_eq!(m.as_slice(), &[1, 3, 2, 4]); // column-major
    /// ```
    pub fn to_smatrix(&self) -> OMatrix<T, R::Na, C::Na>
    where
        T: Scalar,
        DefaultAllocator: Allocator<R::Na, C::Na>,
    {
        OMatrix::from_fn(|i, j| self[[i, j]].clone())
    }

    /// A tensor holding a copy of `matrix` (any nalgebra storage: an
    /// `SMatrix`, a matrix view), `[i, j]` from `(i, j)`.
    ///
    /// ```
    /// use nalgebra::SMatrix;
    /// use tensor_core::prelude::*;
    /// let m = SMatrix::<i32, 2, 3>::from_row_slice(&[1, 2, 3, 4, 5, 6]);
    /// let t = Tensor::<i32, Shape![2, 3]>::from_smatrix(&m);
    /// assert_eq!(t, tensor![[1, 2, 3], [4, 5, 6]]);
    /// let col = Tensor::<i32, Shape![2, 1]>::from_smatrix(&m.column(2));
    /// assert_eq!(col, tensor![[3], [6]]);
    /// ```
    pub fn from_smatrix<St>(matrix: &Matrix<T, R::Na, C::Na, St>) -> Self
    where
        T: Clone,
        St: RawStorage<T, R::Na, C::Na>,
    {
        Tensor::from_fn(|[i, j]| matrix[(i, j)].clone())
    }
}

/// The zero-copy views of a matrix. The shape is named by the caller,
/// `Tensor::<f32, Shape![3, 2]>::view_smatrix(&m)`, or inferred from the
/// view's use: nalgebra's `Const<1>` does not tell `Dim1` from `Dim<1>`, so
/// the matrix type alone cannot choose it.
impl<T, R: NaDim, C: NaDim> Tensor<T, (R, C)> {
    /// A view of `matrix`'s own buffer, no copy, with `v[[i, j]] ==
    /// matrix[(i, j)]`: nalgebra's column-major buffer is a `[C, R]`
    /// row-major tensor, and the view is its transpose (strides `[1, R]`).
    /// Any contiguous storage works (an `SMatrix`, an `OMatrix`).
    ///
    /// ```
    /// use nalgebra::SMatrix;
    /// use tensor_core::prelude::*;
    /// let m = SMatrix::<f32, 3, 2>::from_row_slice(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    /// let v = Tensor::<f32, Shape![3, 2]>::view_smatrix(&m);
    /// assert_eq!(v[[2, 1]], 6.0);
    /// assert_eq!(v.sum_axes::<Axes![0]>(), tensor![9.0, 12.0]);
    /// ```
    pub fn view_smatrix<St, P>(
        matrix: &Matrix<T, R::Na, C::Na, St>,
    ) -> View<'_, T, Permuted<RowMajor<(C, R)>, P>>
    where
        St: RawStorage<T, R::Na, C::Na> + IsContiguous,
        P: Axes,
        (C, R): Transpose<Axes = P> + PermuteShape<P>,
    {
        let columns = View::<T, RowMajor<(C, R)>>::try_from_slice(matrix.as_slice());
        columns.expect(CONTIGUOUS).t()
    }

    /// The mutable form of [`Tensor::view_smatrix`]: writes go to the matrix.
    ///
    /// ```
    /// use nalgebra::SMatrix;
    /// use tensor_core::prelude::*;
    /// let mut m = SMatrix::<i32, 2, 3>::zeros();
    /// Tensor::<i32, Shape![2, 3]>::view_smatrix_mut(&mut m).assign(&tensor![[1, 2, 3], [4, 5, 6]].view());
    /// assert_eq!(m, SMatrix::<i32, 2, 3>::from_row_slice(&[1, 2, 3, 4, 5, 6]));
    /// ```
    pub fn view_smatrix_mut<St, P>(
        matrix: &mut Matrix<T, R::Na, C::Na, St>,
    ) -> ViewMut<'_, T, Permuted<RowMajor<(C, R)>, P>>
    where
        St: RawStorageMut<T, R::Na, C::Na> + IsContiguous,
        P: Axes,
        (C, R): Transpose<Axes = P> + PermuteShape<P>,
    {
        let columns = ViewMut::<T, RowMajor<(C, R)>>::try_from_slice(matrix.as_mut_slice());
        columns.expect(CONTIGUOUS).t()
    }
}

/// Why a contiguous matrix's buffer always fits its view.
const CONTIGUOUS: &str = "a contiguous R x C matrix holds R * C elements";

#[cfg(test)]
mod tests {
    use nalgebra::SMatrix;

    use crate::prelude::*;

    #[test]
    fn copies_keep_every_element_at_its_index() {
        let t = Tensor::<i64, Shape![3, 5]>::from_fn(|[i, j]| (10 * i + j) as i64);
        let m: SMatrix<i64, 3, 5> = t.to_smatrix();
        for i in 0..3 {
            for j in 0..5 {
                assert_eq!(m[(i, j)], t[[i, j]]);
            }
        }
        assert_eq!(Tensor::<i64, Shape![3, 5]>::from_smatrix(&m), t);
        let row: SMatrix<i64, 1, 5> = Tensor::<i64, Shape![1, 5]>::full(2).to_smatrix();
        assert_eq!(row, SMatrix::<i64, 1, 5>::repeat(2));
    }

    #[test]
    fn the_view_reads_the_matrix_buffer_in_place() {
        let m = SMatrix::<i32, 2, 3>::from_row_slice(&[1, 2, 3, 4, 5, 6]);
        let v = Tensor::<i32, Shape![2, 3]>::view_smatrix(&m);
        assert_eq!(v.shape(), [2, 3]);
        assert_eq!(v, tensor![[1, 2, 3], [4, 5, 6]]);
        assert!(core::ptr::eq(&v[[1, 0]], &m[(1, 0)]), "no copy");
        assert_eq!(
            v.t().to_tensor(),
            Tensor::<i32, Shape![3, 2]>::from_smatrix(&m.transpose())
        );
    }

    #[test]
    fn the_mutable_view_writes_the_matrix() {
        let mut m = SMatrix::<f32, 2, 2>::identity();
        slice!(Tensor::<f32, Shape![2, 2]>::view_smatrix_mut(&mut m), 0, ..).fill(7.0);
        assert_eq!(
            m,
            SMatrix::<f32, 2, 2>::from_row_slice(&[7.0, 7.0, 0.0, 1.0])
        );
    }

    #[test]
    fn large_and_unit_dimensions_map() {
        // 1024 is the largest size with a `Dim<N>`, so a `Const<N>`.
        let t = Tensor::<u8, Shape![1, 1024]>::from_flat_fn(|i| i as u8);
        let m: SMatrix<u8, 1, 1024> = t.to_smatrix();
        assert_eq!(m[(0, 1023)], t[[0, 1023]]);
        assert_eq!(Tensor::<u8, Shape![1, 1024]>::view_smatrix(&m), t);
    }
}
