//! The view operations, on tensors, views and mutable views alike.
//!
//! Each operation wraps the layout type and keeps the buffer: nothing is
//! copied but `to_tensor`. On a [`ViewMut`] every operation gives a
//! `ViewMut` except `expand`, whose stride 0 would alias, and which gives a
//! read-only [`View`].
//!
//! ```
//! use tensor_core::prelude::*;
//! let t = Tensor::<i32, Shape![2, 3, 4]>::from_flat_fn(|i| i as i32);
//! let v = t.permute::<Axes![2, 0, 1]>().flip::<Axes![0]>().reshape::<Shape![4, 6]>();
//! assert_eq!(v[[0, 1]], t[[0, 1, 3]]);
//! ```

use super::bounds::{check_dynamic, expect_fits, stepped, windowed};
use super::outer::{OuterAxis, OuterIter};
use super::{View, ViewMut};
use crate::axis::Axes;
use crate::constraint::{
    AsList, AsTuple, BroadcastFrom, FlipShape, PermuteShape, ReshapesTo, StepWindowShape,
    Transpose, WindowShape,
};
use crate::error::SliceError;
use crate::layout::slice::{SliceList, SliceThen};
use crate::layout::{
    Expanded, Flipped, Layout, Permuted, Reshaped, RowMajor, Sliced, SteppedWindows, Windowed,
};
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::uninit::Slots;

/// States the operations that keep a view's kind, for `$view` (`View` or
/// `ViewMut`), whose buffer and state come from `$parts`.
macro_rules! view_ops {
    ($view:ident, $parts:ident) => {
        impl<'a, T, L: Layout> $view<'a, T, L> {
            /// Reorders the axes (NumPy `np.transpose(x, P)`): output axis
            /// `k` is input axis `P[k]`. `P` must be a permutation of
            /// `0..RANK`, or the call does not compile.
            ///
            #[doc = concat!("The result is a `", stringify!($view), "<'a, T, Permuted<L, P>>`,")]
            /// named through [`PermuteShape::Then`] so that an axis out of
            /// range is one error (none for the methods then called on the
            /// result).
            pub fn permute<P: Axes>(
                self,
            ) -> <L::Shape as PermuteShape<P>>::Then<$view<'a, T, Permuted<L, P>>>
            where
                L::Shape: PermuteShape<P>,
            {
                <L::Shape as PermuteShape<P>>::then(self.permuted())
            }

            /// [`permute`](Self::permute)'s view under its own type, for
            /// the crate's generic code (where `PermuteShape::Then` is
            /// not known to be that type).
            pub(crate) fn permuted<P: Axes>(self) -> $view<'a, T, Permuted<L, P>>
            where
                L::Shape: PermuteShape<P>,
            {
                const {
                    assert!(
                        crate::layout::permute::is_permutation(P::PADDED, P::LEN),
                        "permute: the axes repeat one"
                    )
                };
                let (data, state) = self.$parts();
                $view::new(data, state)
            }

            /// Swaps the last two axes; needs rank 2 or more.
            pub fn t<P: Axes>(self) -> $view<'a, T, Permuted<L, P>>
            where
                L::Shape: Transpose<Axes = P> + PermuteShape<P>,
            {
                self.permuted()
            }

            /// The same elements in C order under the shape `S` (NumPy
            /// `x.reshape(S)`), without copying; the element counts must be
            /// equal.
            pub fn reshape<S: Shape>(self) -> $view<'a, T, Reshaped<L, S>>
            where
                L::Shape: ReshapesTo<S>,
            {
                let (data, state) = self.$parts();
                $view::new(data, state)
            }

            /// Reverses the order along the axes `A` (NumPy `np.flip(x, A)`).
            ///
            #[doc = concat!("The result is a `", stringify!($view), "<'a, T, Flipped<L, A>>`,")]
            /// named through [`FlipShape::Then`] so that an axis out of
            /// range is one error (none for the methods then called on the
            /// result).
            pub fn flip<A: Axes>(
                self,
            ) -> <L::Shape as FlipShape<A>>::Then<$view<'a, T, Flipped<L, A>>>
            where
                L::Shape: FlipShape<A>,
            {
                <L::Shape as FlipShape<A>>::then(self.flipped())
            }

            /// [`flip`](Self::flip)'s view under its own type, for the
            /// crate's generic code.
            pub(crate) fn flipped<A: Axes>(self) -> $view<'a, T, Flipped<L, A>>
            where
                L::Shape: FlipShape<A>,
            {
                let (data, state) = self.$parts();
                $view::new(data, state)
            }

            /// The view `slice!` builds: entries `Spec`, `K` of them indices
            /// given at run time, each checked against its axis.
            #[doc(hidden)]
            #[track_caller]
            ///
            /// The result is the sliced view, named through
            /// [`SliceList::Then`]: when an entry fails its checks (a
            /// trimmed axis of variable size whose difference the item does
            /// not spell, a bound, index or run-time range that does not
            /// fit, a range that starts after it ends), the view has no
            /// type, so the mistake is one error and a method called on the
            /// view adds none.
            pub fn __slice<Spec: 'static, const K: usize>(
                self,
                dynamic: [usize; K],
            ) -> SliceThen<L::Shape, Spec, $view<'a, T, Sliced<L, Spec, K>>>
            where
                L::Shape: AsList,
                <L::Shape as AsList>::List: SliceList<Spec>,
                <<L::Shape as AsList>::List as SliceList<Spec>>::Out: AsTuple,
            {
                <<L::Shape as AsList>::List as SliceList<Spec>>::then(self.sliced(dynamic))
            }

            /// [`__slice`](Self::__slice)'s view under its own type, for
            /// the crate's generic code.
            #[track_caller]
            pub(crate) fn sliced<Spec: 'static, const K: usize>(
                self,
                dynamic: [usize; K],
            ) -> $view<'a, T, Sliced<L, Spec, K>>
            where
                L::Shape: AsList,
                <L::Shape as AsList>::List: SliceList<Spec>,
                <<L::Shape as AsList>::List as SliceList<Spec>>::Out: AsTuple,
            {
                const { <<L::Shape as AsList>::List as SliceList<Spec>>::CHECK };
                expect_fits::<L, Spec, K>(&dynamic);
                let (data, state) = self.$parts();
                $view::new(data, (dynamic, state))
            }

            /// The view `try_slice!` builds: [`Self::__slice`], or the
            /// error of a run-time index or window that does not fit.
            #[doc(hidden)]
            #[track_caller]
            pub fn __try_slice<Spec: 'static, const K: usize>(
                self,
                dynamic: [usize; K],
            ) -> Result<SliceThen<L::Shape, Spec, $view<'a, T, Sliced<L, Spec, K>>>, SliceError>
            where
                L::Shape: AsList,
                <L::Shape as AsList>::List: SliceList<Spec>,
                <<L::Shape as AsList>::List as SliceList<Spec>>::Out: AsTuple,
            {
                const { <<L::Shape as AsList>::List as SliceList<Spec>>::CHECK };
                check_dynamic::<L, Spec, K>(&dynamic)?;
                let (data, state) = self.$parts();
                let view = $view::new(data, (dynamic, state));
                Ok(<<L::Shape as AsList>::List as SliceList<Spec>>::then(view))
            }
        }
    };
}

/// The view [`windows_step`](View::windows_step) builds over a layout `L`:
/// a `View<'a, T, SteppedWindows<L, W, St>>`, named through
/// [`StepWindowShape::Then`].
pub type SteppedView<'a, T, L, W, St> =
    <<L as Layout>::Shape as StepWindowShape<W, St>>::Then<View<'a, T, SteppedWindows<L, W, St>>>;

/// The view `slice!` builds of a whole tensor of shape `S` (see
/// `View::__slice`).
type WholeSlice<'a, T, S, Spec, const K: usize> =
    SliceThen<S, Spec, View<'a, T, Sliced<RowMajor<S>, Spec, K>>>;

view_ops!(View, parts);
view_ops!(ViewMut, into_parts);

impl<'a, T, L: Layout> View<'a, T, L> {
    /// This view, borrowed again.
    pub fn view(&self) -> View<'a, T, L> {
        *self
    }

    /// Broadcasts to the shape `S` (NumPy `np.broadcast_to(x, S)`): axes of
    /// size 1, and new leading axes, repeat with stride 0.
    pub fn expand<S>(self) -> View<'a, T, Expanded<L, S>>
    where
        S: Shape + BroadcastFrom<L::Shape>,
    {
        let (data, state) = self.parts();
        View::new(data, state)
    }

    /// Every window of shape `W` over the last `W::RANK` axes, as one view
    /// (NumPy `sliding_window_view`): `[.., H, W]` by `Shape![KH, KW]` is
    /// `[.., H - KH + 1, W - KW + 1, KH, KW]`, index `[.., i, j, a, b]`
    /// reading `[.., i + a, j + b]`. A window larger than its axis does not
    /// compile.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = tensor![1, 2, 3, 4];
    /// let w = x.view().windows::<Shape![2]>();
    /// assert_eq!(w, tensor![[1, 2], [2, 3], [3, 4]]);
    /// assert_eq!(w.sum_axes::<Axes![1]>(), tensor![3, 5, 7]);
    /// ```
    ///
    /// The result is a `View<'a, T, Windowed<L, W>>`, named through
    /// [`WindowShape::Then`] so that a window that does not fit is one
    /// error (none for the methods then called on the result).
    pub fn windows<W: Shape>(
        self,
    ) -> <L::Shape as WindowShape<W>>::Then<View<'a, T, Windowed<L, W>>>
    where
        L::Shape: WindowShape<W>,
    {
        <L::Shape as WindowShape<W>>::then(windowed(self))
    }

    /// [`View::windows`] with the window moved by `St` (`Shape![SH, SW]`,
    /// one step per window axis, none 0) instead of 1: `[.., H, W]` gives
    /// `[.., (H - KH) / SH + 1, (W - KW) / SW + 1, KH, KW]`, index
    /// `[.., i, j, a, b]` reading `[.., i * SH + a, j * SW + b]` (NumPy
    /// `sliding_window_view(x, (KH, KW))[.., ::SH, ::SW, :, :]`).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = tensor![1, 2, 3, 4, 5, 6, 7];
    /// let w = x.view().windows_step::<Shape![3], Shape![2]>();
    /// assert_eq!(w, tensor![[1, 2, 3], [3, 4, 5], [5, 6, 7]]);
    /// ```
    ///
    /// The result is a `View<'a, T, SteppedWindows<L, W, St>>`, named
    /// through [`StepWindowShape::Then`], as for [`View::windows`].
    pub fn windows_step<W: Shape, St: Shape>(self) -> SteppedView<'a, T, L, W, St>
    where
        L::Shape: StepWindowShape<W, St>,
    {
        <L::Shape as StepWindowShape<W, St>>::then(stepped(self))
    }

    /// [`View::expand`] for callers that have checked that the shapes
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
    /// [`View::expand`], as a read-only [`View`]: writing through stride 0
    /// would alias, so it does not compile.
    pub fn expand<S>(self) -> View<'a, T, Expanded<L, S>>
    where
        S: Shape + BroadcastFrom<L::Shape>,
    {
        self.into_view().expand()
    }

    /// [`View::windows`], as a read-only [`View`]: the windows overlap, so
    /// writing through them would alias.
    pub fn windows<W: Shape>(
        self,
    ) -> <L::Shape as WindowShape<W>>::Then<View<'a, T, Windowed<L, W>>>
    where
        L::Shape: WindowShape<W>,
    {
        self.into_view().windows()
    }

    /// [`View::windows_step`], as a read-only [`View`] (a [`SteppedView`]).
    pub fn windows_step<W: Shape, St: Shape>(self) -> SteppedView<'a, T, L, W, St>
    where
        L::Shape: StepWindowShape<W, St>,
    {
        self.into_view().windows_step()
    }

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

    /// [`View::permute`] of the whole tensor: a `View<'_, T,
    /// Permuted<RowMajor<S>, P>>`.
    pub fn permute<P: Axes>(&self) -> S::Then<View<'_, T, Permuted<RowMajor<S>, P>>>
    where
        S: PermuteShape<P>,
    {
        self.view().permute()
    }

    /// [`View::t`] of the whole tensor: the last two axes swapped.
    pub fn t<P: Axes>(&self) -> View<'_, T, Permuted<RowMajor<S>, P>>
    where
        S: Transpose<Axes = P> + PermuteShape<P>,
    {
        self.view().t()
    }

    /// [`View::reshape`] of the whole tensor.
    pub fn reshape<S2: Shape>(&self) -> View<'_, T, Reshaped<RowMajor<S>, S2>>
    where
        S: ReshapesTo<S2>,
    {
        self.view().reshape()
    }

    /// [`View::flip`] of the whole tensor: a `View<'_, T,
    /// Flipped<RowMajor<S>, A>>`.
    pub fn flip<A: Axes>(&self) -> S::Then<View<'_, T, Flipped<RowMajor<S>, A>>>
    where
        S: FlipShape<A>,
    {
        self.view().flip()
    }

    /// [`View::expand`] of the whole tensor.
    pub fn expand<S2>(&self) -> View<'_, T, Expanded<RowMajor<S>, S2>>
    where
        S2: Shape + BroadcastFrom<S>,
    {
        self.view().expand()
    }

    /// [`View::windows`] of the whole tensor: a `View<'_, T,
    /// Windowed<RowMajor<S>, W>>` named through [`WindowShape::Then`].
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let img = Tensor::<f32, Shape![2, 5, 5]>::ones();
    /// assert_eq!(img.windows::<Shape![3, 3]>().shape(), [2, 3, 3, 3, 3]);
    /// ```
    pub fn windows<W: Shape>(&self) -> S::Then<View<'_, T, Windowed<RowMajor<S>, W>>>
    where
        S: WindowShape<W>,
    {
        self.view().windows()
    }

    /// [`View::windows_step`] of the whole tensor (a [`SteppedView`]).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let img = Tensor::<f32, Shape![1, 28, 28]>::ones();
    /// let w = img.windows_step::<Shape![3, 3], Shape![2, 2]>(); // stride-2 patches
    /// assert_eq!(w.shape(), [1, 13, 13, 3, 3]);
    /// ```
    pub fn windows_step<W: Shape, St: Shape>(&self) -> SteppedView<'_, T, RowMajor<S>, W, St>
    where
        S: StepWindowShape<W, St>,
    {
        self.view().windows_step()
    }

    /// [`View::outer_iter`] of the whole tensor.
    pub fn outer_iter(&self) -> OuterIter<'_, T, RowMajor<S>>
    where
        S: OuterAxis,
    {
        self.view().outer_iter()
    }

    /// The view `slice!` builds of the whole tensor.
    #[doc(hidden)]
    #[track_caller]
    pub fn __slice<Spec: 'static, const K: usize>(
        &self,
        dynamic: [usize; K],
    ) -> WholeSlice<'_, T, S, Spec, K>
    where
        S: AsList,
        S::List: SliceList<Spec>,
        <S::List as SliceList<Spec>>::Out: AsTuple,
    {
        // Also checked in `View::__slice`; checked here first, the build
        // error's "while instantiating" note names the user's `slice!`
        // line rather than this call.
        const { <S::List as SliceList<Spec>>::CHECK };
        self.view().__slice(dynamic)
    }

    /// The view `try_slice!` builds of the whole tensor.
    #[doc(hidden)]
    #[track_caller]
    pub fn __try_slice<Spec: 'static, const K: usize>(
        &self,
        dynamic: [usize; K],
    ) -> Result<WholeSlice<'_, T, S, Spec, K>, SliceError>
    where
        S: AsList,
        S::List: SliceList<Spec>,
        <S::List as SliceList<Spec>>::Out: AsTuple,
    {
        // As in `__slice`: the error names the user's line.
        const { <S::List as SliceList<Spec>>::CHECK };
        self.view().__try_slice(dynamic)
    }
}
