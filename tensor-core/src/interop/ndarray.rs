//! `ndarray` views of tensors and views, and checked conversions back
//! (feature `ndarray`).
//!
//! A view's layout has constant strides for every view operation but one
//! (a reshape whose strides do not merge), and ndarray's views are strided
//! too, so [`View::as_ndarray`] hands the same memory to ndarray, no copy:
//! permuted, sliced, stepped, broadcast (stride 0) and flipped (negative
//! stride) views included. The rank maps to ndarray's `Ix0`..`Ix6`, and to
//! `IxDyn` for ranks 7 and 8 (ndarray has no fixed dimension past 6).
//!
//! The other way, `Tensor::try_from(array_view)` (or `try_from(&array)`
//! for an owned `Array`, an `ArcArray`, any `&ArrayBase`) compares every
//! dimension, not only the element count: an `[4, 3]` array is not a
//! `[3, 4]` tensor.
//!
//! # Supported version: ndarray 0.17
//!
//! The feature depends on ndarray 0.17, and the conversions are for its
//! types. A crate that depends on another major version (0.16, say) has
//! other types of the same names, and rustc does not say which versions
//! disagree (rustc 1.95, ndarray 0.16.1 against 0.17.2):
//!
//! ```text
//! error[E0277]: the trait bound `Tensor<f32, (Dim<2>, Dim<3>)>: TryFrom<ArrayBase<ViewRepr<&f32>, ...>>` is not satisfied
//!   |     let t = Tensor::<f32, Shape![2, 3]>::try_from(a.view()).unwrap();
//!   |             ^^^^^^^^^^^^^^^^^^^^^^^^^^^ unsatisfied trait bound
//! help: the following other types implement trait `TryFrom<T>`
//!   | impl<T: Clone, S: Shape, D: Dimension> TryFrom<ArrayView<'_, T, D>> for Tensor<T, S> {
//!   | `tensor_core::Tensor<T, S>` implements `TryFrom<ndarray::ArrayBase<ndarray::ViewRepr<&T>, D, T>>`
//! ```
//!
//! The clue is the type's parameters: 0.17's `ArrayBase` has three
//! (`ArrayBase<S, D, A>`), 0.16's two. `cargo tree -i ndarray` lists the
//! versions in the build; depend on `ndarray = "0.17"` (the version
//! `tensor-core` re-exports as `tensor_core::interop::ndarray::nd`), or
//! convert through a slice (`Tensor::try_from_slice(array.as_slice()?)`),
//! which needs no shared version.
//!
//! ```
//! use tensor_core::prelude::*;
//! let t = tensor![[1, 2, 3], [4, 5, 6]];
//! let a = t.flip::<Axes![1]>().as_ndarray().unwrap(); // ndarray::ArrayView2<i32>
//! assert_eq!(a, ndarray::arr2(&[[3, 2, 1], [6, 5, 4]]));
//! assert_eq!(a.strides(), &[3, -1]);
//!
//! let back = Tensor::<i32, Shape![2, 3]>::try_from(a)?;
//! assert_eq!(back, tensor![[3, 2, 1], [6, 5, 4]]);
//! let err = Tensor::<i32, Shape![3, 2]>::try_from(a).unwrap_err();
//! assert_eq!(err.to_string(), "expected an array of shape [3, 2], found shape [2, 3]");
//! # Ok::<(), tensor_core::interop::ndarray::NdShapeError>(())
//! ```

use core::fmt;

use ::ndarray::{ArrayView, ArrayViewMut, CowArray, Dimension, IntoDimension, IxDyn, ShapeBuilder};

use crate::layout::{Layout, RowMajor, MAX_RANK};

use crate::layout::walk::lowest_position;
use crate::shape::{MultiIndex, Shape};
use crate::tensor::Tensor;
use crate::view::{View, ViewMut};
/// The ndarray crate (0.17) these conversions are for: depend on the same
/// version, or name its types through this path.
///
/// ```
/// use tensor_core::interop::ndarray::nd;
/// let a: nd::Array2<f32> = nd::Array2::zeros((2, 3));
/// assert!(tensor_core::Tensor::<f32, tensor_core::Shape![2, 3]>::try_from(&a).is_ok());
/// ```
pub use ::ndarray as nd;

/// A multi-index type `[usize; R]` and the ndarray dimension of rank `R`:
/// `ndarray::Dim<[usize; R]>` (`Ix0`..`Ix6`) up to rank 6, `IxDyn` for 7
/// and 8.
pub trait NdIndex: MultiIndex {
    /// The ndarray dimension type of this rank.
    type Dim: Dimension;
    /// The dimension (or strides) with these values.
    fn nd_dim(values: &[usize]) -> Self::Dim;
}

macro_rules! nd_index_fixed {
    ($($r:literal)+) => {$(
        impl NdIndex for [usize; $r] {
            type Dim = ::ndarray::Dim<[usize; $r]>;
            fn nd_dim(values: &[usize]) -> Self::Dim {
                let mut fixed = [0; $r];
                fixed.copy_from_slice(values);
                fixed.into_dimension()
            }
        }
    )+};
}

macro_rules! nd_index_dyn {
    ($($r:literal)+) => {$(
        impl NdIndex for [usize; $r] {
            type Dim = IxDyn;
            fn nd_dim(values: &[usize]) -> IxDyn {
                IxDyn(values)
            }
        }
    )+};
}

// ndarray's fixed dimensions stop at 6; the ranks above, up to the
// crate's, are dynamic.
nd_index_fixed!(0 1 2 3 4 5 6);
nd_index_dyn!(7 8);
const _: () = assert!(
    crate::shape::MAX_RANK == 8,
    "NdIndex covers ranks 0 to 8: list the new ranks in nd_index_dyn!"
);

/// The ndarray dimension type of a layout's shape.
pub type NdDim<L> = <<<L as Layout>::Shape as Shape>::Index as NdIndex>::Dim;

/// Where an ndarray view of layout `L` starts in its buffer (the element of
/// lowest address), with its dims and strides (ndarray's `usize` strides:
/// a negative stride is stored as its two's complement, as ndarray does);
/// `None` when the layout has no constant strides.
fn strided<L: Layout>(state: &L::State) -> Option<(usize, NdDim<L>, NdDim<L>)>
where
    <L::Shape as Shape>::Index: NdIndex,
{
    let (strides, low) = (L::STRIDES?, lowest_position::<L>(state)?);
    let (rank, dims) = (<L::Shape as Shape>::RANK, <L::Shape as Shape>::PADDED);
    let mut unsigned = [0usize; MAX_RANK];
    for k in 0..rank {
        unsigned[k] = strides[k] as usize;
    }
    let nd = |values: &[usize]| <<L::Shape as Shape>::Index as NdIndex>::nd_dim(values);
    Some((low, nd(&dims[..rank]), nd(&unsigned[..rank])))
}

/// The message of a failed ndarray constructor on a layout that upholds
/// the view invariants; reaching it is a bug of this crate.
const INVARIANT: &str = "a view's layout stays inside its buffer (tensor-core bug)";

impl<'a, T, L: Layout> View<'a, T, L>
where
    <L::Shape as Shape>::Index: NdIndex,
{
    /// The same elements as an `ndarray::ArrayView`, no copy: same dims,
    /// same strides (negative for flipped axes, 0 for broadcast ones).
    /// `None` only for a reshape whose strides do not merge (a layout
    /// without constant strides, decided at compile time); see
    /// [`View::to_ndarray`] for a copy then.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = Tensor::<u8, Shape![2, 3, 4]>::from_flat_fn(|i| i as u8);
    /// let p = t.permute::<Axes![2, 0, 1]>().as_ndarray().unwrap();
    /// assert_eq!((p.shape(), p.strides()), (&[4, 2, 3][..], &[1, 12, 4][..]));
    /// assert_eq!(p[[3, 1, 2]], t[[1, 2, 3]]);
    /// assert!(t.permute::<Axes![1, 0, 2]>().reshape::<Shape![24]>().as_ndarray().is_none());
    /// ```
    pub fn as_ndarray(&self) -> Option<ArrayView<'a, T, NdDim<L>>> {
        let (data, state) = self.parts();
        let (low, dims, strides) = strided::<L>(&state)?;
        let view = ArrayView::from_shape(dims.strides(strides), &data[low..]);
        Some(view.expect(INVARIANT))
    }

    /// The elements as an ndarray array: borrowed, as by
    /// [`View::as_ndarray`], whenever the layout has constant strides, and
    /// copied (in logical row-major order) otherwise.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = Tensor::<u8, Shape![2, 3]>::from_flat_fn(|i| i as u8);
    /// assert!(t.t().to_ndarray().is_view());
    /// let r = t.t().reshape::<Shape![6]>().to_ndarray();
    /// assert!(r.is_owned());
    /// assert_eq!(r, ndarray::arr1(&[0, 3, 1, 4, 2, 5]));
    /// ```
    pub fn to_ndarray(&self) -> CowArray<'a, T, NdDim<L>>
    where
        T: Clone,
    {
        match self.as_ndarray() {
            Some(view) => view.into(),
            None => {
                let dims = <L::Shape as Shape>::DIMS;
                let dims = <L::Shape as Shape>::Index::nd_dim(dims.as_ref());
                let elems = self.iter().cloned().collect();
                ::ndarray::Array::from_shape_vec(dims, elems)
                    .expect(INVARIANT)
                    .into()
            }
        }
    }
}

impl<'a, T, L: Layout> ViewMut<'a, T, L>
where
    <L::Shape as Shape>::Index: NdIndex,
{
    /// The same elements as an `ndarray::ArrayView`; see [`View::as_ndarray`].
    pub fn as_ndarray(&self) -> Option<ArrayView<'_, T, NdDim<L>>> {
        self.view().as_ndarray()
    }

    /// The same elements as an `ndarray::ArrayViewMut`, no copy: writes go
    /// to this view's elements. `None` only for a reshape whose strides do
    /// not merge, as for [`View::as_ndarray`].
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let mut t = tensor![[1, 2], [3, 4]];
    /// t.view_mut().t().as_ndarray_mut().unwrap().row_mut(0).fill(0);
    /// assert_eq!(t, tensor![[0, 2], [0, 4]]);
    /// ```
    pub fn as_ndarray_mut(&mut self) -> Option<ArrayViewMut<'_, T, NdDim<L>>> {
        let state = self.view().parts().1;
        let (low, dims, strides) = strided::<L>(&state)?;
        let (data, _) = self.contiguous_mut();
        let view = ArrayViewMut::from_shape(dims.strides(strides), &mut data[low..]);
        Some(view.expect(INVARIANT))
    }
}

impl<T, S: Shape> Tensor<T, S>
where
    S::Index: NdIndex,
{
    /// The elements as a standard-layout `ndarray::ArrayView`, no copy.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[1.0f32, 2.0], [3.0, 4.0]];
    /// let a: ndarray::ArrayView2<f32> = t.as_ndarray();
    /// assert_eq!(a.dot(&a), ndarray::arr2(&[[7.0, 10.0], [15.0, 22.0]]));
    /// ```
    pub fn as_ndarray(&self) -> ArrayView<'_, T, NdDim<RowMajor<S>>> {
        let dims = S::Index::nd_dim(S::DIMS.as_ref());
        ArrayView::from_shape(dims, self.as_slice()).expect(INVARIANT)
    }

    /// The elements as a standard-layout `ndarray::ArrayViewMut`, no copy.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let mut t = Tensor::<i32, Shape![2, 3]>::zeros();
    /// t.as_ndarray_mut().column_mut(1).fill(5);
    /// assert_eq!(t, tensor![[0, 5, 0], [0, 5, 0]]);
    /// ```
    pub fn as_ndarray_mut(&mut self) -> ArrayViewMut<'_, T, NdDim<RowMajor<S>>> {
        let dims = S::Index::nd_dim(S::DIMS.as_ref());
        ArrayViewMut::from_shape(dims, self.as_mut_slice()).expect(INVARIANT)
    }
}

/// An ndarray array whose shape is not the tensor's: another rank, or a
/// dimension that differs (every dimension is compared, not only the
/// element count).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NdShapeError {
    /// The tensor's dims.
    expected: &'static [usize],
    /// The array's dims (the first `found_rank`, when at most 8).
    found: [usize; MAX_RANK],
    /// The array's rank.
    found_rank: usize,
}

/// A shape's dims as a `'static` slice, for errors.
trait StaticDims {
    /// `DIMS`, borrowed from a constant.
    const DIMS: &'static [usize];
}

impl<S: Shape> StaticDims for S {
    const DIMS: &'static [usize] = S::PADDED.split_at(S::RANK).0;
}

impl NdShapeError {
    /// The tensor's dims.
    pub fn expected(&self) -> &[usize] {
        self.expected
    }

    /// The array's dims, when its rank is at most 8 (`None` otherwise).
    pub fn found(&self) -> Option<&[usize]> {
        (self.found_rank <= MAX_RANK).then(|| &self.found[..self.found_rank])
    }
}

impl fmt::Display for NdShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "expected an array of shape {:?}, found ",
            self.expected()
        )?;
        match self.found() {
            Some(found) => write!(f, "shape {found:?}"),
            None => write!(f, "an array of rank {}", self.found_rank),
        }
    }
}

impl core::error::Error for NdShapeError {}

/// `Ok(())` when `found` is exactly the dims of `S`.
fn check_dims<S: Shape>(found: &[usize]) -> Result<(), NdShapeError> {
    if found == S::DIMS.as_ref() {
        return Ok(());
    }
    let mut stored = [0; MAX_RANK];
    let kept = found.len().min(MAX_RANK);
    stored[..kept].copy_from_slice(&found[..kept]);
    Err(NdShapeError {
        expected: <S as StaticDims>::DIMS,
        found: stored,
        found_rank: found.len(),
    })
}

/// A copy of an ndarray view, in its logical (row-major) order, when its
/// shape is exactly `S` (any strides, any dimension type).
impl<T: Clone, S: Shape, D: Dimension> TryFrom<ArrayView<'_, T, D>> for Tensor<T, S> {
    type Error = NdShapeError;

    fn try_from(array: ArrayView<'_, T, D>) -> Result<Self, NdShapeError> {
        check_dims::<S>(array.shape())?;
        let mut elems = array.iter();
        Ok(Tensor::from_flat_fn(|_| {
            elems
                .next()
                .expect("the shapes are equal, so are the counts")
                .clone()
        }))
    }
}

/// A copy of an ndarray array of any kind, borrowed (`&Array2<f32>`,
/// `&ArrayView`, `&ArcArray`, ...), in its logical (row-major) order, when
/// its shape is exactly `S`.
///
/// ```
/// use tensor_core::prelude::*;
/// let a = ndarray::Array2::from_shape_fn((2, 3), |(i, j)| (i * 3 + j) as f32);
/// let t = Tensor::<f32, Shape![2, 3]>::try_from(&a)?;
/// assert_eq!(t, tensor![[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]);
/// assert!(Tensor::<f32, Shape![6]>::try_from(&a).is_err());
/// # Ok::<(), tensor_core::interop::ndarray::NdShapeError>(())
/// ```
impl<T, S, A, D> TryFrom<&::ndarray::ArrayBase<A, D>> for Tensor<T, S>
where
    T: Clone,
    S: Shape,
    A: ::ndarray::Data<Elem = T>,
    D: Dimension,
{
    type Error = NdShapeError;

    fn try_from(array: &::ndarray::ArrayBase<A, D>) -> Result<Self, NdShapeError> {
        Tensor::try_from(array.view())
    }
}

#[cfg(test)]
mod tests {
    use ::ndarray::{arr2, s, Array, ArrayView2, Axis as NdAxis, IxDyn};
    use std::string::ToString;

    use super::NdShapeError;
    use crate::prelude::*;

    /// Every element of `ours` read through ndarray at the same index.
    fn same<T: PartialEq + core::fmt::Debug, L: crate::layout::Layout>(ours: View<'_, T, L>)
    where
        <L::Shape as Shape>::Index: super::NdIndex,
    {
        let nd = ours.as_ndarray().expect("strided");
        assert_eq!(nd.shape(), <L::Shape as Shape>::DIMS.as_ref());
        let theirs: std::vec::Vec<&T> = nd.iter().collect();
        let ours_in_order: std::vec::Vec<&T> = ours.iter().collect();
        assert_eq!(theirs, ours_in_order);
        if <L::Shape as Shape>::SIZE > 0 {
            let first = ours.iter().next().unwrap();
            assert!(core::ptr::eq(nd.iter().next().unwrap(), first), "no copy");
        }
    }

    #[test]
    fn owned_and_shared_arrays_convert_by_reference() {
        let a = Array::from_shape_fn((3, 4), |(i, j)| (i * 4 + j) as i32);
        let t = Tensor::<i32, Shape![3, 4]>::try_from(&a).unwrap();
        assert_eq!(t, Tensor::from_flat_fn(|i| i as i32));
        let err = Tensor::<i32, Shape![4, 3]>::try_from(&a).unwrap_err();
        assert_eq!(
            err.to_string(),
            "expected an array of shape [4, 3], found shape [3, 4]"
        );
        let shared = a.t().to_owned().into_shared();
        let tt = Tensor::<i32, Shape![4, 3]>::try_from(&shared).unwrap();
        assert_eq!(tt, t.t().to_tensor());
        let dynamic = a.into_dyn();
        assert_eq!(Tensor::<i32, Shape![3, 4]>::try_from(&dynamic).unwrap(), t);
    }

    #[test]
    fn views_map_to_ndarray_with_their_strides() {
        let t = Tensor::<i32, Shape![4, 5, 6]>::from_flat_fn(|i| i as i32);
        same(t.view());
        same(t.permute::<Axes![2, 0, 1]>());
        same(slice!(t, 1..3, .., 1..;2));
        same(slice!(t, .., 1..4;-1, 2));
        same(t.flip::<Axes![0, 2]>());
        same(t.flip::<Axes![1]>().t());
        same(tensor![1, 2, 3].expand::<Shape![4, 3]>());
        same(slice!(t, 0..0, ..));
        same(t.reshape::<Shape![20, 6]>().t());
        let flipped = t.flip::<Axes![0, 2]>().as_ndarray().unwrap();
        assert_eq!(flipped.strides(), &[-30, 6, -1]);
        assert_eq!(flipped, t.as_ndarray().slice(s![..;-1, .., ..;-1]));
        assert_eq!(
            tensor![1, 2, 3]
                .expand::<Shape![4, 3]>()
                .as_ndarray()
                .unwrap()
                .strides(),
            &[0, 1]
        );
    }

    #[test]
    fn ranks_past_six_are_dynamic() {
        let t = Tensor::<u8, Shape![2, 1, 2, 1, 2, 1, 2]>::from_flat_fn(|i| i as u8);
        let a: ::ndarray::ArrayView<u8, IxDyn> = t.as_ndarray();
        assert_eq!(a[IxDyn(&[1, 0, 1, 0, 1, 0, 1])], 15);
        same(t.flip::<Axes![6]>());
    }

    #[test]
    fn non_merging_reshapes_have_no_strided_view_and_copy() {
        let t = Tensor::<i32, Shape![2, 3]>::from_flat_fn(|i| i as i32);
        let r = t.t().reshape::<Shape![2, 3]>();
        assert!(r.as_ndarray().is_none());
        let c = r.to_ndarray();
        assert!(c.is_owned());
        assert_eq!(c, arr2(&[[0, 3, 1], [4, 2, 5]]));
    }

    #[test]
    fn mutable_views_write_through() {
        let mut t = Tensor::<i32, Shape![3, 4]>::zeros();
        t.view_mut()
            .flip::<Axes![1]>()
            .as_ndarray_mut()
            .unwrap()
            .row_mut(1)
            .assign(&::ndarray::arr1(&[1, 2, 3, 4]));
        assert_eq!(t, tensor![[0, 0, 0, 0], [4, 3, 2, 1], [0, 0, 0, 0]]);
        t.as_ndarray_mut().invert_axis(NdAxis(0));
        slice!(t.view_mut(), 2).as_ndarray_mut().unwrap().fill(9);
        assert_eq!(t[[2, 3]], 9);
    }

    #[test]
    fn conversion_back_compares_every_dimension() {
        let a = Array::from_shape_vec((4, 3), (0..12).collect()).unwrap();
        let err = Tensor::<i32, Shape![3, 4]>::try_from(a.view()).unwrap_err();
        assert_eq!(err.expected(), &[3, 4]);
        assert_eq!(err.found(), Some(&[4, 3][..]));
        assert_eq!(
            err.to_string(),
            "expected an array of shape [3, 4], found shape [4, 3]"
        );
        let rank = Tensor::<i32, Shape![12]>::try_from(a.view()).unwrap_err();
        assert_eq!(
            rank.to_string(),
            "expected an array of shape [12], found shape [4, 3]"
        );
        let dynamic = a.view().into_dyn();
        assert!(Tensor::<i32, Shape![4, 3]>::try_from(dynamic).is_ok());
        let deep = Array::<u8, _>::zeros(IxDyn(&[1; 9]));
        let err: NdShapeError = Tensor::<u8, Shape![1]>::try_from(deep.view()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "expected an array of shape [1], found an array of rank 9"
        );
    }

    #[test]
    fn conversion_back_reads_logical_order() {
        let a = Array::from_shape_vec((4, 3), (0..12).collect()).unwrap();
        let strided: ArrayView2<i32> = a.slice(s![..;-2, ..;2]).reversed_axes();
        let t = Tensor::<i32, Shape![2, 2]>::try_from(strided).unwrap();
        assert_eq!(t, tensor![[9, 3], [11, 5]]);
        let round = Tensor::<i32, Shape![4, 3]>::try_from(a.view()).unwrap();
        assert_eq!(round.as_ndarray(), a);
    }
}
