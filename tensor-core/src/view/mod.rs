//! Zero-copy views: a borrowed buffer plus a layout type.
//!
//! [`View`] reads, [`ViewMut`] reads and writes. Both index with
//! `[usize; RANK]` like a tensor, iterate in logical row-major order, compare
//! with tensors and views of the same shape, print like tensors, and chain
//! every view operation (`view/ops.rs`). Writing is possible only through
//! layouts that never send two indices to one element: `expand` on a
//! [`ViewMut`] gives back a read-only [`View`], so a write through a
//! broadcast is a compile error.
//!
//! ```
//! use tensor_core::prelude::*;
//! let mut t = tensor![[1, 2, 3], [4, 5, 6]];
//! let mut col = slice!(t.view_mut(), .., 1);
//! col[[0]] = 20;
//! col[[1]] = 50;
//! assert_eq!(t, tensor![[1, 20, 3], [4, 50, 6]]);
//! ```

use core::fmt;
use core::marker::PhantomData;
use core::ops::{Index, IndexMut};

use crate::index::{in_range, out_of_bounds, unravel};
use crate::layout::walk::{self, Matrix, Rows};
use crate::layout::Layout;
use crate::shape::Shape;
use crate::tensor::Tensor;

pub(crate) mod block;
mod bounds;
mod contiguous;
pub(crate) mod copy;
mod ops;
mod outer;
pub mod pad;
pub(crate) mod plane;
mod receivers;
mod reshape_at_build;

pub(crate) use ops::{flipped, permuted};
pub use ops::{SteppedView, ViewOps};
pub use outer::{Outer, OuterAxis, OuterIter};

/// A read-only view of elements of type `T` laid out by `L`.
///
/// # Invariants
///
/// * `data.len() == L::ROOT_SIZE`: a view's buffer is the whole buffer of
///   the tensor at the root of its layout. Asserted by `Tensor::view` and
///   `Tensor::view_mut`, the only roots (a constant comparison); every
///   layout passes `ROOT_SIZE` and the buffer on unchanged.
/// * For every multi-index in range of `L::Shape`, `L::offset(index, state)`
///   is below `L::ROOT_SIZE`. Each layout preserves it: a permutation (an
///   `Axes` list checked against the rank by `PermuteShape`, for repeats by
///   a constant assertion) or a flip maps in-range indices to in-range ones,
///   a reshape keeps the element count, an expand is made only for shapes
///   that broadcast, and a slice's every kept axis, literal index and
///   run-time index is checked when the view is made (`check_dynamic`).
///
/// What makes those arguments hold against any safe program: `Layout`,
/// `Axes`, `PermuteShape`, `FlipShape` and the `slice!` traits are sealed
/// (`seal.rs`), `Shape` and `Dimension` are too, and a `BigDim`'s value is
/// computed from its parts, so every constant the layouts read comes from
/// this crate's impls; the soundness suite (`tests/soundness.rs`,
/// `ui-tests/tests/ui/soundness/`, the doc-tests of `soundness.rs`) holds
/// each past hole shut, and `.ci/run` runs the tests under AddressSanitizer.
///
/// Indexing relies on the second invariant to skip the buffer's bounds
/// check after checking each axis (measured: the check was the whole 13%
/// instruction overhead of reading a permuted view against a hand-written
/// loop); debug builds still assert it.
pub struct View<'a, T, L: Layout> {
    data: &'a [T],
    state: L::State,
    layout: PhantomData<L>,
}

/// A mutable view of elements of type `T` laid out by `L`; see [`View`].
///
/// Its layouts are injective, so each element is reachable by one index
/// only: `expand` (stride 0) gives a read-only [`View`], a permutation has
/// no repeated axis (a constant assertion in `permute`), a flip maps each
/// axis one to one, and a kept slice axis of more than one element has a
/// step other than 0 (`check_dynamic`).
pub struct ViewMut<'a, T, L: Layout> {
    data: &'a mut [T],
    state: L::State,
    layout: PhantomData<L>,
}

pub(crate) use crate::layout::walk::first_position;

/// The shape's dims, as a slice-able array.
type Dims<L> = <<L as Layout>::Shape as Shape>::Index;

/// The buffer position of `index` in layout `L`, or `None` when an axis is
/// out of range.
#[inline(always)]
fn position<L: Layout>(index: &Dims<L>, state: &L::State) -> Option<usize> {
    in_range::<L::Shape>(index).then(|| L::offset(index, state))
}

/// [`position`], panicking with the index and the shape when out of range.
#[inline(always)]
#[track_caller]
fn position_or_panic<L: Layout>(index: &Dims<L>, state: &L::State) -> usize {
    match position::<L>(index, state) {
        Some(at) => at,
        None => out_of_bounds(index.as_ref(), <L::Shape as Shape>::DIMS.as_ref()),
    }
}

impl<'a, T, L: Layout> View<'a, T, L> {
    /// A view of `data` laid out by `L`. Callers uphold the invariant.
    pub(crate) fn new(data: &'a [T], state: L::State) -> Self {
        View {
            data,
            state,
            layout: PhantomData,
        }
    }

    /// The dimensions, `[usize; RANK]`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = Tensor::<u8, Shape![2, 3, 4]>::zeros();
    /// assert_eq!(t.permute::<Axes![2, 0, 1]>().shape(), [4, 2, 3]);
    /// ```
    pub fn shape(&self) -> Dims<L> {
        <L::Shape as Shape>::DIMS
    }

    /// The element at `index`, or `None` if any axis is out of range.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[1, 2], [3, 4]];
    /// assert_eq!(t.t().get([0, 1]), Some(&3));
    /// assert_eq!(t.t().get([2, 0]), None);
    /// ```
    pub fn get(&self, index: Dims<L>) -> Option<&'a T> {
        position::<L>(&index, &self.state).map(|at| &self.root()[at])
    }

    /// The buffer cut to its constant length (see [`Layout::ROOT_SIZE`]).
    #[inline(always)]
    fn root(&self) -> &'a [T] {
        &self.data[..L::ROOT_SIZE]
    }

    /// The elements in logical row-major order. A layout with constant
    /// strides is walked by adding them (`layout/walk/positions.rs`), a
    /// contiguous one as a slice; the iterator knows its length, and
    /// borrows the tensor, not the view.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[1, 2], [3, 4]];
    /// assert_eq!(t.t().iter().copied().collect::<Vec<_>>(), [1, 3, 2, 4]);
    /// let column = slice!(t, .., 1).iter(); // the view was a temporary
    /// assert_eq!((column.len(), column.max()), (2, Some(&4)));
    /// ```
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &'a T> + 'a {
        walk::Elements::<T, L>::new(self.data, self.state)
    }

    /// The element at flat logical position `flat` (row-major): one add
    /// for a contiguous layout, an unravel and the layout's map otherwise.
    #[inline(always)]
    pub(crate) fn at_flat(&self, flat: usize) -> &'a T {
        walk::at_flat::<T, L>(self.data, &self.state, flat)
    }

    /// The elements as one row-major slice, when the layout reads them in
    /// order without gaps (a tensor, a leading slice of one, a reshape of
    /// either); decided by the layout's constants.
    #[inline(always)]
    pub(crate) fn as_contiguous(&self) -> Option<&'a [T]> {
        walk::contiguous::<T, L>(self.data, &self.state)
    }

    /// The buffer and the run-time state, for operations that build views.
    pub(crate) fn parts(&self) -> (&'a [T], L::State) {
        (self.data, self.state)
    }
}

/// The readers of `layout/walk.rs`, built from a view (here, so that the
/// layout layer does not import the view layer).
impl<'a, T, L: Layout> Rows<'a, T, L> {
    /// The reader of `view`.
    #[inline(always)]
    pub(crate) fn new(view: &View<'a, T, L>) -> Self {
        Rows::of_parts(view.data, view.state)
    }
}

impl<'a, T> Matrix<'a, T> {
    /// The matrix (the last two axes) of `view` whose first element is at
    /// flat logical position `flat`, read by the strides `(rows, step)` of
    /// [`Rows::MATRIX`].
    #[inline(always)]
    pub(crate) fn new<L: Layout>(
        view: &View<'a, T, L>,
        flat: usize,
        strides: (isize, isize),
    ) -> Self {
        Matrix::of_parts::<L>(view.parts(), flat, strides)
    }
}

impl<T, L: Layout> Clone for View<'_, T, L> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T, L: Layout> Copy for View<'_, T, L> {}

impl<'a, T, L: Layout> ViewMut<'a, T, L> {
    /// A mutable view of `data` laid out by `L`. Callers uphold the invariant
    /// and pass only injective layouts.
    pub(crate) fn new(data: &'a mut [T], state: L::State) -> Self {
        ViewMut {
            data,
            state,
            layout: PhantomData,
        }
    }

    /// The dimensions, `[usize; RANK]`.
    pub fn shape(&self) -> Dims<L> {
        <L::Shape as Shape>::DIMS
    }

    /// A read-only view of the same elements.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let mut t = tensor![1, 2, 3];
    /// let v = t.view_mut();
    /// assert_eq!(v.view().iter().sum::<i32>(), 6);
    /// ```
    pub fn view(&self) -> View<'_, T, L> {
        View::new(self.data, self.state)
    }

    /// The same elements as a read-only view for the whole borrow `'a`
    /// (giving up writing through them), so that the read-only operations
    /// ([`ViewOps::expand`], [`ViewOps::windows`])
    /// keep the lifetime.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let mut t = tensor![[1, 2], [3, 4]];
    /// let v = t.view_mut().t().into_view();
    /// assert_eq!(v, tensor![[1, 3], [2, 4]]);
    /// ```
    pub fn into_view(self) -> View<'a, T, L> {
        View::new(self.data, self.state)
    }

    /// The element at `index`, or `None` if any axis is out of range.
    pub fn get(&self, index: Dims<L>) -> Option<&T> {
        position::<L>(&index, &self.state).map(|at| &self.data[at])
    }

    /// The element at `index`, mutably, or `None` if out of range.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let mut t = tensor![[1, 2], [3, 4]];
    /// *t.view_mut().t().get_mut([0, 1]).unwrap() = 30;
    /// assert_eq!(t, tensor![[1, 2], [30, 4]]);
    /// ```
    pub fn get_mut(&mut self, index: Dims<L>) -> Option<&mut T> {
        position::<L>(&index, &self.state).map(|at| &mut self.data[at])
    }

    /// Sets every element to `value`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let mut t = Tensor::<i32, Shape![3, 3]>::zeros();
    /// slice!(t.view_mut(), 1).fill(7);
    /// assert_eq!(t.iter().sum::<i32>(), 21);
    /// ```
    pub fn fill(&mut self, value: T)
    where
        T: Clone,
    {
        for at in walk::Positions::<L>::new(self.state) {
            self.data[at] = value.clone();
        }
    }

    /// The elements in row-major order as one slice, when the layout puts
    /// them so (a whole tensor, a slice of leading axes).
    pub(crate) fn as_contiguous_mut(&mut self) -> Option<&mut [T]> {
        if !const { walk::is_contiguous::<L>() } {
            return None;
        }
        let start = first_position::<L>(&self.state);
        Some(&mut self.data[start..start + <L::Shape as Shape>::SIZE])
    }

    /// The buffer and the position of the first element, for contiguous
    /// writes.
    pub(crate) fn contiguous_mut(&mut self) -> (&mut [T], usize) {
        let start = first_position::<L>(&self.state);
        (&mut *self.data, start)
    }

    /// The buffer position of the element at flat logical index `flat`.
    pub(crate) fn position_of_flat(&self, flat: usize) -> usize {
        L::offset(&unravel::<L::Shape>(flat), &self.state)
    }

    /// The buffer positions of the elements, in logical row-major order.
    pub(crate) fn positions(&self) -> walk::Positions<L> {
        walk::Positions::new(self.state)
    }

    /// The element at buffer position `at`.
    pub(crate) fn element_mut(&mut self, at: usize) -> &mut T {
        &mut self.data[at]
    }

    /// The buffer and the run-time state, for operations that build views.
    pub(crate) fn into_parts(self) -> (&'a mut [T], L::State) {
        (self.data, self.state)
    }
}

impl<T, L: Layout> Index<Dims<L>> for View<'_, T, L> {
    type Output = T;

    #[inline]
    #[track_caller]
    fn index(&self, index: Dims<L>) -> &T {
        let at = position_or_panic::<L>(&index, &self.state);
        debug_assert!(at < self.data.len(), "layout offset {at} out of its buffer");
        // SAFETY: every axis of `index` is in range (checked just above), so
        // `at < L::ROOT_SIZE == self.data.len()` by the type's invariants.
        unsafe { self.data.get_unchecked(at) }
    }
}

impl<T, L: Layout> Index<Dims<L>> for ViewMut<'_, T, L> {
    type Output = T;

    #[inline]
    #[track_caller]
    fn index(&self, index: Dims<L>) -> &T {
        let at = position_or_panic::<L>(&index, &self.state);
        debug_assert!(at < self.data.len(), "layout offset {at} out of its buffer");
        // SAFETY: as for `View`'s `Index`: the axes are checked, the layout
        // maps them below `L::ROOT_SIZE == self.data.len()`.
        unsafe { self.data.get_unchecked(at) }
    }
}

impl<T, L: Layout> IndexMut<Dims<L>> for ViewMut<'_, T, L> {
    #[inline]
    #[track_caller]
    fn index_mut(&mut self, index: Dims<L>) -> &mut T {
        let at = position_or_panic::<L>(&index, &self.state);
        debug_assert!(at < self.data.len(), "layout offset {at} out of its buffer");
        // SAFETY: as for `View`'s `Index`: the axes are checked, the layout
        // maps them below `L::ROOT_SIZE == self.data.len()`.
        unsafe { self.data.get_unchecked_mut(at) }
    }
}

/// Equal when every logical element is equal: shapes must match (by type).
impl<T: PartialEq, L: Layout, L2: Layout<Shape = L::Shape>> PartialEq<View<'_, T, L2>>
    for View<'_, T, L>
{
    fn eq(&self, other: &View<'_, T, L2>) -> bool {
        self.iter().eq(other.iter())
    }
}

impl<T: PartialEq, L: Layout> PartialEq<Tensor<T, L::Shape>> for View<'_, T, L> {
    fn eq(&self, other: &Tensor<T, L::Shape>) -> bool {
        self.iter().eq(other.iter())
    }
}

impl<T: PartialEq, L: Layout> PartialEq<View<'_, T, L>> for Tensor<T, L::Shape> {
    fn eq(&self, other: &View<'_, T, L>) -> bool {
        self.iter().eq(other.iter())
    }
}

impl<T: PartialEq, L: Layout> PartialEq<Tensor<T, L::Shape>> for ViewMut<'_, T, L> {
    fn eq(&self, other: &Tensor<T, L::Shape>) -> bool {
        self.view().iter().eq(other.iter())
    }
}

/// `View { shape: [2, 3], data: [..] }`: the shape and the logical elements.
impl<T: fmt::Debug, L: Layout> fmt::Debug for View<'_, T, L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let elems = Elements(self);
        f.debug_struct("View")
            .field("shape", &<L::Shape as Shape>::DIMS)
            .field("data", &elems)
            .finish()
    }
}

impl<T: fmt::Debug, L: Layout> fmt::Debug for ViewMut<'_, T, L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.view(), f)
    }
}

/// The logical elements of a view, printed as a list.
struct Elements<'v, 'a, T, L: Layout>(&'v View<'a, T, L>);

impl<T: fmt::Debug, L: Layout> fmt::Debug for Elements<'_, '_, T, L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0.iter()).finish()
    }
}

/// NumPy's `str(array)` of the logical elements, as for [`Tensor`].
impl<T: fmt::Display, L: Layout> fmt::Display for View<'_, T, L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::display::fmt_array(f, <L::Shape as Shape>::DIMS.as_ref(), |flat| {
            self.at_flat(flat)
        })
    }
}

impl<T: fmt::Display, L: Layout> fmt::Display for ViewMut<'_, T, L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.view(), f)
    }
}
