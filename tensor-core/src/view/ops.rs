//! The view operations, written once for tensors, views and mutable views:
//! the provided methods of [`ViewOps`], the one receiver they share.
//!
//! Each operation wraps the layout type and keeps the buffer: nothing is
//! copied but `to_tensor`. A borrowed [`Tensor`](crate::tensor::Tensor) and a [`View`] give a
//! [`View`]; a [`ViewMut`](super::ViewMut) gives a `ViewMut`, except for `expand`, the
//! windows, the padding and `outer_iter`, whose elements alias or are
//! made up, and which give read-only views.
//!
//! ```
//! use tensor_core::prelude::*;
//! let t = Tensor::<i32, Shape![2, 3, 4]>::from_flat_fn(|i| i as i32);
//! let v = t.permute::<Axes![2, 0, 1]>().flip::<Axes![0]>().reshape::<Shape![4, 6]>();
//! assert_eq!(v[[0, 1]], t[[0, 1, 3]]);
//! ```

use super::bounds::{check_dynamic, expect_fits, stepped, windowed};
use super::outer::{OuterAxis, OuterIter};
use super::pad::{PadShape, PadView, PaddedView};
use super::View;
use crate::axis::Axes;
use crate::constraint::{
    AsList, AsTuple, BroadcastFrom, FlipShape, PermuteShape, ReshapesTo, StepWindowShape,
    Transpose, WindowShape,
};
use crate::error::SliceError;
use crate::layout::slice::{SliceList, SliceThen};
use crate::layout::{
    Expanded, Flipped, Layout, Permuted, Reshaped, Sliced, SteppedWindows, Windowed,
};
use crate::num::Zero;
use crate::seal::Token;
use crate::shape::Shape;

/// The shape of a receiver's layout.
type Shp<'a, V> = <<V as ViewOps<'a>>::Layout as Layout>::Shape;

/// The view [`windows_step`](ViewOps::windows_step) builds over a layout
/// `L`: a `View<'a, T, SteppedWindows<L, W, St>>`, named through
/// [`StepWindowShape::Then`].
pub type SteppedView<'a, T, L, W, St> =
    <<L as Layout>::Shape as StepWindowShape<W, St>>::Then<View<'a, T, SteppedWindows<L, W, St>>>;

/// The receivers of the view operations: a borrowed [`Tensor`](crate::tensor::Tensor) (`&t`, or
/// `t.permute()` by auto-reference), a [`View`] and a [`ViewMut`](super::ViewMut), each
/// taken by value (a view is a borrow itself). Every operation is a
/// provided method, written once here for the three. In the prelude.
/// Sealed: the views index their buffer without a bounds check, on the
/// strength of these methods' layouts.
// The result types name a view through its rule's `Then` (one error, none
// after it, for an operation that does not apply): long, not complex.
#[allow(clippy::type_complexity)]
pub trait ViewOps<'a>: Sized + crate::seal::ViewOps {
    /// The element type.
    type Elem: 'a;
    /// The layout of the receiver's elements (`RowMajor` for a tensor).
    type Layout: Layout;
    /// The borrowed buffer: shared for a tensor and a view, mutable for a
    /// mutable view.
    #[doc(hidden)]
    type Buffer;
    /// A view of the same buffer under the layout `L`, of the receiver's
    /// kind: a [`View`] for a tensor and a view, a [`ViewMut`](super::ViewMut) for a
    /// mutable view.
    type Out<L: Layout>;

    /// The buffer and the run-time state of the layout.
    #[doc(hidden)]
    fn into_buffer(self) -> (Self::Buffer, <Self::Layout as Layout>::State);

    /// The buffer under another layout; only this crate calls it (the
    /// token), with a layout derived from the receiver's, whose positions
    /// stay inside the buffer.
    #[doc(hidden)]
    fn rebuild<L: Layout>(buffer: Self::Buffer, state: L::State, token: Token) -> Self::Out<L>;

    /// The elements as a read-only [`View`] (a mutable view given up for
    /// one, [`ViewMut::into_view`](super::ViewMut::into_view)).
    fn into_read(self) -> View<'a, Self::Elem, Self::Layout>;

    /// Reorders the axes (NumPy `np.transpose(x, P)`): output axis `k` is
    /// input axis `P[k]`. `P` must be a permutation of `0..RANK`, or the
    /// call does not compile.
    ///
    /// The result is an `Out<Permuted<Self::Layout, P>>`, named through
    /// [`PermuteShape::Then`] so that an axis out of range is one error
    /// (none for the methods then called on the result).
    fn permute<P: Axes>(
        self,
    ) -> <Shp<'a, Self> as PermuteShape<P>>::Then<Self::Out<Permuted<Self::Layout, P>>>
    where
        Shp<'a, Self>: PermuteShape<P>,
    {
        <Shp<'a, Self> as PermuteShape<P>>::then(permuted(self))
    }

    /// Swaps the last two axes; needs rank 2 or more.
    fn t<P: Axes>(self) -> Self::Out<Permuted<Self::Layout, P>>
    where
        Shp<'a, Self>: Transpose<Axes = P> + PermuteShape<P>,
    {
        permuted(self)
    }

    /// The same elements in C order under the shape `S` (NumPy
    /// `x.reshape(S)`), without copying; the element counts must be equal.
    fn reshape<S: Shape>(self) -> Self::Out<Reshaped<Self::Layout, S>>
    where
        Shp<'a, Self>: ReshapesTo<S>,
    {
        rewrap(self)
    }

    /// [`reshape`](Self::reshape), with the element counts checked when the
    /// calling item is instantiated (`view/reshape_at_build.rs`); written
    /// by `#[shape]`.
    #[doc(hidden)]
    fn reshape_at_build<S: Shape>(self) -> Self::Out<Reshaped<Self::Layout, S>> {
        const { super::reshape_at_build::assert_counts_agree::<Shp<'a, Self>, S>("reshape") };
        rewrap(self)
    }

    /// Reverses the order along the axes `A` (NumPy `np.flip(x, A)`).
    ///
    /// The result is an `Out<Flipped<Self::Layout, A>>`, named through
    /// [`FlipShape::Then`] so that an axis out of range is one error (none
    /// for the methods then called on the result).
    fn flip<A: Axes>(
        self,
    ) -> <Shp<'a, Self> as FlipShape<A>>::Then<Self::Out<Flipped<Self::Layout, A>>>
    where
        Shp<'a, Self>: FlipShape<A>,
    {
        <Shp<'a, Self> as FlipShape<A>>::then(flipped(self))
    }

    /// The view `slice!` builds: entries `Spec`, `K` of them indices given
    /// at run time, each checked against its axis.
    ///
    /// The result is the sliced view, named through [`SliceList::Then`]:
    /// when an entry fails its checks (a trimmed axis of variable size
    /// whose difference the item does not spell, a bound, index or run-time
    /// range that does not fit, a range that starts after it ends), the
    /// view has no type, so the mistake is one error and a method called on
    /// the view adds none.
    #[doc(hidden)]
    #[track_caller]
    fn __slice<Spec: 'static, const K: usize>(
        self,
        dynamic: [usize; K],
    ) -> SliceThen<Shp<'a, Self>, Spec, Self::Out<Sliced<Self::Layout, Spec, K>>>
    where
        Shp<'a, Self>: AsList,
        <Shp<'a, Self> as AsList>::List: SliceList<Spec>,
        <<Shp<'a, Self> as AsList>::List as SliceList<Spec>>::Out: AsTuple,
    {
        // Also checked in `sliced`; checked here first, so that the build
        // error's "while instantiating" note names the user's `slice!` line
        // rather than the call below.
        const { <<Shp<'a, Self> as AsList>::List as SliceList<Spec>>::CHECK };
        <<Shp<'a, Self> as AsList>::List as SliceList<Spec>>::then(sliced(self, dynamic))
    }

    /// The view `try_slice!` builds: [`Self::__slice`], or the error of a
    /// run-time index or window that does not fit.
    #[doc(hidden)]
    #[track_caller]
    fn __try_slice<Spec: 'static, const K: usize>(
        self,
        dynamic: [usize; K],
    ) -> Result<SliceThen<Shp<'a, Self>, Spec, Self::Out<Sliced<Self::Layout, Spec, K>>>, SliceError>
    where
        Shp<'a, Self>: AsList,
        <Shp<'a, Self> as AsList>::List: SliceList<Spec>,
        <<Shp<'a, Self> as AsList>::List as SliceList<Spec>>::Out: AsTuple,
    {
        const { <<Shp<'a, Self> as AsList>::List as SliceList<Spec>>::CHECK };
        check_dynamic::<Self::Layout, Spec, K>(&dynamic)?;
        let (buffer, state) = self.into_buffer();
        let view =
            Self::rebuild::<Sliced<Self::Layout, Spec, K>>(buffer, (dynamic, state), Token::NEW);
        Ok(<<Shp<'a, Self> as AsList>::List as SliceList<Spec>>::then(
            view,
        ))
    }

    /// Broadcasts to the shape `S` (NumPy `np.broadcast_to(x, S)`): axes
    /// of size 1, and new leading axes, repeat with stride 0. Read-only
    /// (writing through stride 0 would alias).
    fn expand<S>(self) -> View<'a, Self::Elem, Expanded<Self::Layout, S>>
    where
        S: Shape + BroadcastFrom<Shp<'a, Self>>,
    {
        self.into_read().expand_unchecked()
    }

    /// Every window of shape `W` over the last `W::RANK` axes, as one
    /// read-only view (NumPy `sliding_window_view`): `[.., H, W]` by
    /// `Shape![KH, KW]` is `[.., H - KH + 1, W - KW + 1, KH, KW]`, index
    /// `[.., i, j, a, b]` reading `[.., i + a, j + b]`. A window larger
    /// than its axis does not compile.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = tensor![1, 2, 3, 4];
    /// let w = x.windows::<Shape![2]>();
    /// assert_eq!(w, tensor![[1, 2], [2, 3], [3, 4]]);
    /// assert_eq!(w.sum_axes::<Axes![1]>(), tensor![3, 5, 7]);
    /// let img = Tensor::<f32, Shape![2, 5, 5]>::ones();
    /// assert_eq!(img.windows::<Shape![3, 3]>().shape(), [2, 3, 3, 3, 3]);
    /// ```
    ///
    /// The result is a `View<'a, T, Windowed<L, W>>`, named through
    /// [`WindowShape::Then`] so that a window that does not fit is one
    /// error (none for the methods then called on the result).
    fn windows<W: Shape>(
        self,
    ) -> <Shp<'a, Self> as WindowShape<W>>::Then<View<'a, Self::Elem, Windowed<Self::Layout, W>>>
    where
        Shp<'a, Self>: WindowShape<W>,
    {
        <Shp<'a, Self> as WindowShape<W>>::then(windowed(self.into_read()))
    }

    /// [`windows`](Self::windows) with the window moved by `St`
    /// (`Shape![SH, SW]`, one step per window axis, none 0) instead of 1:
    /// `[.., H, W]` gives `[.., (H - KH) / SH + 1, (W - KW) / SW + 1, KH,
    /// KW]`, index `[.., i, j, a, b]` reading `[.., i * SH + a, j * SW +
    /// b]` (NumPy `sliding_window_view(x, (KH, KW))[.., ::SH, ::SW, :, :]`).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = tensor![1, 2, 3, 4, 5, 6, 7];
    /// let w = x.windows_step::<Shape![3], Shape![2]>();
    /// assert_eq!(w, tensor![[1, 2, 3], [3, 4, 5], [5, 6, 7]]);
    /// let img = Tensor::<f32, Shape![1, 28, 28]>::ones();
    /// let p = img.windows_step::<Shape![3, 3], Shape![2, 2]>(); // stride-2 patches
    /// assert_eq!(p.shape(), [1, 13, 13, 3, 3]);
    /// ```
    ///
    /// The result is a [`SteppedView`], named through
    /// [`StepWindowShape::Then`], as for [`windows`](Self::windows).
    fn windows_step<W: Shape, St: Shape>(self) -> SteppedView<'a, Self::Elem, Self::Layout, W, St>
    where
        Shp<'a, Self>: StepWindowShape<W, St>,
    {
        <Shp<'a, Self> as StepWindowShape<W, St>>::then(stepped(self.into_read()))
    }

    /// The sub-views along axis 0 (`for row in x:` in NumPy), each of the
    /// remaining axes, read-only.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[1, 2], [3, 4], [5, 6]];
    /// let sums: Vec<i32> = t.outer_iter().map(|row| row.iter().sum()).collect();
    /// assert_eq!(sums, [3, 7, 11]);
    /// ```
    fn outer_iter(self) -> OuterIter<'a, Self::Elem, Self::Layout>
    where
        Shp<'a, Self>: OuterAxis,
    {
        OuterIter::new(self.into_read())
    }

    /// Zero padding of the last `P::RANK` axes, `P` elements on each side
    /// of each (`Shape![1, 1]`: a border of one around the last two axes),
    /// as a read-only [`PaddedView`] that copies nothing. Padding more axes
    /// than the shape has does not compile.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let img = Tensor::<f32, Shape![1, 28, 28]>::ones();
    /// let p = img.pad::<Shape![1, 1]>(); // [1, 30, 30]
    /// assert_eq!((p[[0, 0, 0]], p[[0, 1, 1]], p[[0, 29, 28]]), (0.0, 1.0, 0.0));
    /// ```
    fn pad<P: Shape>(self) -> PadView<'a, Self::Elem, Self::Layout, P, P>
    where
        Self::Elem: Zero,
        Shp<'a, Self>: PadShape<P, P>,
    {
        <Shp<'a, Self> as PadShape<P, P>>::then(PaddedView::new(self.into_read(), Self::Elem::ZERO))
    }

    /// Constant padding: [`pad`](Self::pad) with `value` on the border
    /// (NumPy `np.pad(x, .., constant_values=value)`).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = tensor![[1.0f32]];
    /// let p = x.pad_with::<Shape![1, 1]>(f32::NEG_INFINITY);
    /// assert_eq!(p.to_tensor().max(), 1.0);
    /// ```
    fn pad_with<P: Shape>(self, value: Self::Elem) -> PadView<'a, Self::Elem, Self::Layout, P, P>
    where
        Shp<'a, Self>: PadShape<P, P>,
    {
        <Shp<'a, Self> as PadShape<P, P>>::then(PaddedView::new(self.into_read(), value))
    }

    /// Padding by `Lo` before and `Hi` after each of the last `Lo::RANK`
    /// axes, with `value` (NumPy
    /// `np.pad(x, ((0, 0), (lo0, hi0), (lo1, hi1)), constant_values=value)`).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = tensor![1, 2];
    /// let p = x.pad_sides::<Shape![2], Shape![0]>(0);
    /// assert_eq!(p.to_tensor(), tensor![0, 0, 1, 2]);
    /// ```
    fn pad_sides<Lo: Shape, Hi: Shape>(
        self,
        value: Self::Elem,
    ) -> PadView<'a, Self::Elem, Self::Layout, Lo, Hi>
    where
        Shp<'a, Self>: PadShape<Lo, Hi>,
    {
        <Shp<'a, Self> as PadShape<Lo, Hi>>::then(PaddedView::new(self.into_read(), value))
    }
}

/// The receiver's buffer under the layout `L`, whose state is the
/// receiver's (one derived from it by an operation above).
#[inline(always)]
fn rewrap<'a, V: ViewOps<'a>, L: Layout<State = <V::Layout as Layout>::State>>(v: V) -> V::Out<L> {
    let (buffer, state) = v.into_buffer();
    V::rebuild::<L>(buffer, state, Token::NEW)
}

/// [`ViewOps::permute`]'s view under its own type, for the crate's generic
/// code (where `PermuteShape::Then` is not known to be that type).
pub(crate) fn permuted<'a, V: ViewOps<'a>, P: Axes>(v: V) -> V::Out<Permuted<V::Layout, P>>
where
    Shp<'a, V>: PermuteShape<P>,
{
    const {
        assert!(
            crate::layout::permute::is_permutation(P::PADDED, P::LEN),
            "permute: the axes repeat one"
        )
    };
    rewrap(v)
}

/// [`ViewOps::flip`]'s view under its own type, for the crate's generic
/// code.
pub(crate) fn flipped<'a, V: ViewOps<'a>, A: Axes>(v: V) -> V::Out<Flipped<V::Layout, A>>
where
    Shp<'a, V>: FlipShape<A>,
{
    rewrap(v)
}

/// [`ViewOps::__slice`]'s view under its own type, for the crate's generic
/// code: each run-time index checked against its axis.
#[track_caller]
pub(crate) fn sliced<'a, V: ViewOps<'a>, Spec: 'static, const K: usize>(
    v: V,
    dynamic: [usize; K],
) -> V::Out<Sliced<V::Layout, Spec, K>>
where
    Shp<'a, V>: AsList,
    <Shp<'a, V> as AsList>::List: SliceList<Spec>,
    <<Shp<'a, V> as AsList>::List as SliceList<Spec>>::Out: AsTuple,
{
    const { <<Shp<'a, V> as AsList>::List as SliceList<Spec>>::CHECK };
    expect_fits::<V::Layout, Spec, K>(&dynamic);
    let (buffer, state) = v.into_buffer();
    V::rebuild::<Sliced<V::Layout, Spec, K>>(buffer, (dynamic, state), Token::NEW)
}
