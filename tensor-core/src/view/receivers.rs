//! The receivers of the view operations ([`ViewOps`]): a [`View`], a
//! [`ViewMut`] and a borrowed [`Tensor`], each taken by value; and the
//! methods of those types that make and copy views (`view`, `view_mut`,
//! `to_tensor`, `copy_from`).

use super::ops::ViewOps;
use super::{View, ViewMut};
use crate::layout::{Expanded, Layout, RowMajor};
use crate::seal::Token;
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::uninit::Slots;

impl<T, L: Layout> crate::seal::ViewOps for View<'_, T, L> {}
impl<T, L: Layout> crate::seal::ViewOps for ViewMut<'_, T, L> {}
impl<T, S: Shape> crate::seal::ViewOps for &Tensor<T, S> {}

impl<'a, T: 'a, L: Layout> ViewOps<'a> for View<'a, T, L> {
    type Elem = T;
    type Layout = L;
    type Buffer = &'a [T];
    type Out<L2: Layout> = View<'a, T, L2>;

    #[inline(always)]
    fn into_buffer(self) -> (&'a [T], L::State) {
        self.parts()
    }

    #[inline(always)]
    fn rebuild<L2: Layout>(buffer: &'a [T], state: L2::State, _: Token) -> View<'a, T, L2> {
        View::new(buffer, state)
    }

    #[inline(always)]
    fn into_read(self) -> View<'a, T, L> {
        self
    }
}

impl<'a, T: 'a, L: Layout> ViewOps<'a> for ViewMut<'a, T, L> {
    type Elem = T;
    type Layout = L;
    type Buffer = &'a mut [T];
    type Out<L2: Layout> = ViewMut<'a, T, L2>;

    #[inline(always)]
    fn into_buffer(self) -> (&'a mut [T], L::State) {
        self.into_parts()
    }

    #[inline(always)]
    fn rebuild<L2: Layout>(buffer: &'a mut [T], state: L2::State, _: Token) -> ViewMut<'a, T, L2> {
        ViewMut::new(buffer, state)
    }

    #[inline(always)]
    fn into_read(self) -> View<'a, T, L> {
        self.into_view()
    }
}

impl<'a, T: 'a, S: Shape> ViewOps<'a> for &'a Tensor<T, S> {
    type Elem = T;
    type Layout = RowMajor<S>;
    type Buffer = &'a [T];
    type Out<L2: Layout> = View<'a, T, L2>;

    #[inline(always)]
    fn into_buffer(self) -> (&'a [T], ()) {
        self.view().parts()
    }

    #[inline(always)]
    fn rebuild<L2: Layout>(buffer: &'a [T], state: L2::State, _: Token) -> View<'a, T, L2> {
        View::new(buffer, state)
    }

    #[inline(always)]
    fn into_read(self) -> View<'a, T, RowMajor<S>> {
        self.view()
    }
}

impl<'a, T, L: Layout> View<'a, T, L> {
    /// This view, borrowed again.
    pub fn view(&self) -> View<'a, T, L> {
        *self
    }

    /// [`ViewOps::expand`] for callers that have checked that the shapes
    /// broadcast (the elementwise operations, through `Broadcast`).
    pub(crate) fn expand_unchecked<S: Shape>(self) -> View<'a, T, Expanded<L, S>> {
        let (data, state) = self.parts();
        View::new(data, state)
    }

    /// The elements in logical order, copied into an owned, contiguous
    /// tensor (NumPy `np.ascontiguousarray(x)`).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[1, 2], [3, 4]];
    /// assert_eq!(t.t().to_tensor().as_slice(), &[1, 3, 2, 4]);
    /// ```
    pub fn to_tensor(&self) -> Tensor<T, L::Shape>
    where
        T: Clone,
    {
        super::copy::to_tensor(self)
    }
}

impl<'a, T, L: Layout> ViewMut<'a, T, L> {
    /// The elements copied into an owned, contiguous tensor.
    pub fn to_tensor(&self) -> Tensor<T, L::Shape>
    where
        T: Clone,
    {
        self.view().to_tensor()
    }
}

impl<T: Copy, S: Shape> Tensor<T, S> {
    /// Copies the elements of `src`, a view of the same shape, into this
    /// tensor in logical order: the fast paths of `to_tensor` (row copies,
    /// transpose tiles) without an intermediate tensor, whose return by
    /// value would cost a second copy.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = Tensor::<i32, Shape![2, 3]>::from_flat_fn(|i| i as i32);
    /// let mut dst = Tensor::<i32, Shape![3, 2]>::zeros();
    /// dst.copy_from(&t.t());
    /// assert_eq!(dst, tensor![[0, 3], [1, 4], [2, 5]]);
    /// ```
    pub fn copy_from<L: Layout<Shape = S>>(&mut self, src: &View<'_, T, L>) {
        // `copy::write` stores an initialised value (a copy of an element
        // of `src`) into every slot and nothing else, so the elements stay
        // initialised; `T: Copy`, so overwriting them drops nothing.
        let slots = Slots::of_init(self.as_mut_slice());
        let bits = super::block::Bitwise::of::<T>();
        super::copy::write::<T, L>(src.data, &src.state, slots, bits);
    }
}

impl<T, S: Shape> Tensor<T, S> {
    /// A read-only view of all elements, row-major.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[1, 2], [3, 4]];
    /// assert_eq!(t.view(), t);
    /// ```
    pub fn view(&self) -> View<'_, T, RowMajor<S>> {
        let data = self.as_slice();
        // The views' first invariant (`View`); a constant comparison.
        assert!(data.len() == S::SIZE, "storage and shape disagree");
        View::new(data, ())
    }

    /// A mutable view of all elements, row-major.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let mut t = tensor![[1, 2], [3, 4]];
    /// t.view_mut().flip::<Axes![0]>()[[0, 0]] = 30;
    /// assert_eq!(t, tensor![[1, 2], [30, 4]]);
    /// ```
    pub fn view_mut(&mut self) -> ViewMut<'_, T, RowMajor<S>> {
        let data = self.as_mut_slice();
        assert!(data.len() == S::SIZE, "storage and shape disagree");
        ViewMut::new(data, ())
    }
}
