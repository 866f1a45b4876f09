//! `windows::<Shape![KH, KW]>()`: every window of a fixed shape over the
//! trailing axes, as one read-only view with overlapping strides (NumPy
//! `np.lib.stride_tricks.sliding_window_view`).
//!
//! A view of shape `[.., H, W]` gives `[.., H - KH + 1, W - KW + 1, KH, KW]`:
//! index `[.., i, j, a, b]` is the input's `[.., i + a, j + b]`. The window
//! position and the offset inside it share the input's strides, so each
//! element appears in several windows and nothing is copied.
//! `windows_step::<W, St>()` moves the window by `St` instead of 1
//! (`(H - KH) / SH + 1` positions, rounded down): with `St = W` the windows
//! tile the input, as pooling does.
//!
//! ```
//! use tensor_core::prelude::*;
//! let img = Tensor::<i32, Shape![4, 5]>::from_flat_fn(|i| i as i32);
//! let w = img.windows::<Shape![3, 3]>(); // [2, 3, 3, 3]
//! assert_eq!(w.shape(), [2, 3, 3, 3]);
//! assert_eq!(w[[1, 2, 0, 1]], img[[1, 3]]);
//! assert_eq!(slice!(w, 0, 0), slice!(img, 0..3, 0..3));
//! ```

use core::marker::PhantomData;

use super::{Layout, Padded, MAX_RANK};
use crate::shape::{MultiIndex, Resolve, Shape};

// The seal of the window rules (`seal.rs`).
impl<S: Shape, W: Shape> crate::seal::ShapePair<W> for S {}

/// `windows::<W>()` of a shape `Self`: the window `W` (rank `K`) covers
/// the last `K` axes, each at least as large as the window's dimension;
/// the result keeps the leading axes, then has `D - W + 1` window
/// positions per covered axis, then the window's own axes (NumPy
/// `sliding_window_view`). At most 8 axes in all. Sealed (`seal.rs`): the
/// window layout trusts `Output`.
#[diagnostic::on_unimplemented(
    message = "cannot take windows `{W}` of shape `{Self}`: the window must not be larger than the trailing axes it covers, nor have more axes than the shape, and the result has at most 8 axes",
    label = "window does not fit this shape"
)]
pub trait WindowShape<W>: crate::seal::ShapePair<W> {
    /// The shape of the window view.
    type Output: Shape;
    /// `X`, named through each covered axis's count of positions
    /// ([`DimThen`](crate::shape::DimThen)): `windows`' result type, which
    /// has no type when the window does not fit, so that the mistake is
    /// one error and a method called on the result adds none.
    type Then<X>: Resolve<X>;
    /// `x` as [`Then<X>`](WindowShape::Then) (they are one type).
    #[doc(hidden)]
    fn then<X>(x: X) -> Self::Then<X>;
}

/// `windows_step::<W, St>()` of a shape `Self`: [`WindowShape`] with the
/// window moved by `St` (one step per window axis, each at least 1), so
/// `(D - W) / St + 1` positions per covered axis (rounded down, NumPy's
/// `sliding_window_view(x, W)[.., ::St]`). Sealed (`seal.rs`).
#[diagnostic::on_unimplemented(
    message = "cannot take windows `{W}` with steps `{St}` of shape `{Self}`: the window must not be larger than the trailing axes it covers, the steps must be one per window axis and not 0, and the result has at most 8 axes",
    label = "strided window does not fit this shape",
    note = "in a `#[shape]` item each covered axis `D` becomes `floor((D - W) / St) + 1`, written with `floor` (`/` alone is exact division)"
)]
pub trait StepWindowShape<W, St>: crate::seal::ShapePair<W> + crate::seal::ShapePair<St> {
    /// The shape of the window view.
    type Output: Shape;
    /// `X`, named through each covered axis's count of positions, as
    /// [`WindowShape::Then`].
    type Then<X>: Resolve<X>;
    /// `x` as [`Then<X>`](StepWindowShape::Then) (they are one type).
    #[doc(hidden)]
    fn then<X>(x: X) -> Self::Then<X>;
}

/// `L` seen through every window of shape `W` over its last `W::RANK` axes.
pub struct Windowed<L, W>(PhantomData<(L, W)>);

impl<L, W> crate::seal::Layout for Windowed<L, W> {}

impl<L: Layout, W: Shape> Layout for Windowed<L, W>
where
    L::Shape: WindowShape<W>,
{
    type Shape = <L::Shape as WindowShape<W>>::Output;
    type State = L::State;
    const STRIDES: Option<Padded<isize>> = match L::STRIDES {
        Some(strides) => Some(window_strides(strides, <L::Shape as Shape>::RANK, W::RANK)),
        None => None,
    };

    const ROOT_SIZE: usize = L::ROOT_SIZE;

    #[inline(always)]
    fn offset(index: &<Self::Shape as Shape>::Index, state: &L::State) -> usize {
        let rank = <L::Shape as Shape>::RANK;
        let mut inner = <L::Shape as Shape>::Index::ZERO;
        let (outer, index) = (inner.as_mut(), index.as_ref());
        outer.copy_from_slice(&index[..rank]);
        for (i, &a) in outer[rank - W::RANK..].iter_mut().zip(&index[rank..]) {
            *i += a;
        }
        L::offset(&inner, state)
    }
}

/// `L` seen through windows of shape `W` over its last `W::RANK` axes,
/// placed every `St` elements (`windows_step`): index `[.., i, a]` reads
/// `L`'s `[.., i * St + a]`.
pub struct SteppedWindows<L, W, St>(PhantomData<(L, W, St)>);

impl<L, W, St> crate::seal::Layout for SteppedWindows<L, W, St> {}

impl<L: Layout, W: Shape, St: Shape> Layout for SteppedWindows<L, W, St>
where
    L::Shape: StepWindowShape<W, St>,
{
    type Shape = <L::Shape as StepWindowShape<W, St>>::Output;
    type State = L::State;
    const STRIDES: Option<Padded<isize>> = match L::STRIDES {
        Some(strides) => Some(step_strides(
            window_strides(strides, <L::Shape as Shape>::RANK, W::RANK),
            <L::Shape as Shape>::RANK,
            St::PADDED,
            St::RANK,
        )),
        None => None,
    };

    const ROOT_SIZE: usize = L::ROOT_SIZE;

    #[inline(always)]
    fn offset(index: &<Self::Shape as Shape>::Index, state: &L::State) -> usize {
        let rank = <L::Shape as Shape>::RANK;
        let (mut inner, steps) = (<L::Shape as Shape>::Index::ZERO, St::DIMS);
        let (outer, index) = (inner.as_mut(), index.as_ref());
        outer.copy_from_slice(&index[..rank]);
        let covered = outer[rank - W::RANK..].iter_mut().zip(steps.as_ref());
        for ((i, &s), &a) in covered.zip(&index[rank..]) {
            *i = *i * s + a;
        }
        L::offset(&inner, state)
    }
}

/// `strides` (of a window view of a rank-`rank` input) with the strides of
/// the `k` window positions multiplied by their steps.
pub const fn step_strides(
    strides: Padded<isize>,
    rank: usize,
    steps: Padded<usize>,
    k: usize,
) -> Padded<isize> {
    let mut out = strides;
    let mut j = 0;
    while j < k {
        out[rank - k + j] = strides[rank - k + j] * steps[j] as isize;
        j += 1;
    }
    out
}

/// The strides of a window view: the input's `rank` strides, then again
/// those of its last `k` axes (the offset inside the window).
pub const fn window_strides(strides: Padded<isize>, rank: usize, k: usize) -> Padded<isize> {
    let mut out = strides;
    let mut j = 0;
    while j < k {
        out[rank + j] = strides[rank - k + j];
        j += 1;
    }
    out
}

/// Whether `out` is the window shape of `dims` (rank `rank`) under a window
/// `win` (rank `k`): the leading axes kept, `d - w + 1` positions on each
/// covered axis, then the window. [`WindowShape`] is sealed and generated
/// to say so; `windows` asserts it too, as every in-range index of the
/// view then reads inside the input (`i + a <= (d - w) + (w - 1)`).
pub const fn is_window_shape(
    dims: Padded<usize>,
    rank: usize,
    win: Padded<usize>,
    k: usize,
    out: Padded<usize>,
) -> bool {
    is_step_window_shape(dims, rank, win, k, [1; MAX_RANK], out)
}

/// [`is_window_shape`] with the window moved by `steps` (each at least 1):
/// `(d - w) / s + 1` positions per covered axis, so that the last position
/// `p` read, `p * s + (w - 1)`, is at most `d - 1`.
pub const fn is_step_window_shape(
    dims: Padded<usize>,
    rank: usize,
    win: Padded<usize>,
    k: usize,
    steps: Padded<usize>,
    out: Padded<usize>,
) -> bool {
    if k > rank || rank + k > MAX_RANK {
        return false;
    }
    let mut j = 0;
    while j < rank {
        let want = if j < rank - k {
            dims[j]
        } else {
            let (d, w, s) = (dims[j], win[j - (rank - k)], steps[j - (rank - k)]);
            if w > d || s == 0 {
                return false;
            }
            (d - w) / s + 1
        };
        if out[j] != want {
            return false;
        }
        j += 1;
    }
    let mut j = 0;
    while j < k {
        if out[rank + j] != win[j] {
            return false;
        }
        j += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::is_window_shape;
    use crate::prelude::*;

    /// Checks every index of `$x.windows::<$w>()` (rank-2 input, rank-2
    /// window) against the input read at `[i + a, j + b]`, and every index
    /// one past an axis for `None`; and the copy (`to_tensor`, whose fast
    /// paths read the strides) against the same reference.
    macro_rules! check_2d {
        ($x:expr, $w:ty) => {{
            let x = $x;
            let w = x.windows::<$w>();
            let [p, q, kh, kw] = w.shape();
            let [h, wd] = x.shape();
            assert_eq!([p, q], [h - kh + 1, wd - kw + 1]);
            let copy = w.to_tensor();
            let mut seen = 0;
            for i in 0..p {
                for j in 0..q {
                    for a in 0..kh {
                        for b in 0..kw {
                            let want = x[[i + a, j + b]];
                            assert_eq!((w[[i, j, a, b]], copy[[i, j, a, b]]), (want, want));
                            seen += 1;
                        }
                        assert_eq!(w.get([i, j, a, kw]), None);
                    }
                    assert_eq!(w.get([i, j, kh, 0]), None);
                }
            }
            assert_eq!((w.get([p, 0, 0, 0]), w.get([0, q, 0, 0])), (None, None));
            assert_eq!(seen, w.iter().count());
            assert!(w.iter().eq(copy.iter()));
        }};
    }

    #[test]
    fn every_window_index_reads_the_input_at_the_sum() {
        let t = Tensor::<i32, Shape![6, 7]>::from_flat_fn(|i| i as i32 * 3 + 1);
        check_2d!(t.view(), Shape![3, 3]);
        check_2d!(t.view(), Shape![1, 7]);
        check_2d!(t.view(), Shape![6, 1]);
        check_2d!(t.view(), Shape![6, 7]);
        check_2d!(t.view(), Shape![2, 5]);
        check_2d!(t.t(), Shape![3, 2]);
        check_2d!(t.flip::<Axes![1]>(), Shape![4, 4]);
        check_2d!(slice!(t, 1..;2, ..;-3), Shape![2, 2]);
        check_2d!(t.reshape::<Shape![3, 14]>(), Shape![2, 5]);
        check_2d!(
            t.permute::<Axes![1, 0]>().reshape::<Shape![14, 3]>(),
            Shape![4, 3]
        );
    }

    #[test]
    fn leading_axes_are_kept_and_windows_chain() {
        let t = Tensor::<i32, Shape![2, 3, 4, 5]>::from_flat_fn(|i| i as i32);
        let w = t.windows::<Shape![2, 3]>();
        assert_eq!(w.shape(), [2, 3, 3, 3, 2, 3]);
        let copy = w.to_tensor();
        for (flat, &x) in copy.iter().enumerate() {
            let [n, c, i, j, a, b] = crate::index::unravel::<Shape![2, 3, 3, 3, 2, 3]>(flat);
            assert_eq!(x, t[[n, c, i + a, j + b]]);
        }
        // One axis, then windows of the windows' positions.
        let w1 = t.windows::<Shape![4]>();
        assert_eq!(w1.shape(), [2, 3, 4, 2, 4]);
        assert_eq!(w1[[1, 2, 3, 1, 2]], t[[1, 2, 3, 3]]);
        let ww = t
            .view()
            .windows::<Shape![2]>()
            .permute::<Axes![0, 1, 2, 4, 3]>();
        let www = ww.windows::<Shape![3]>(); // over the 4 window positions
        assert_eq!(www.shape(), [2, 3, 4, 2, 2, 3]);
        assert_eq!(www[[0, 1, 2, 1, 1, 2]], t[[0, 1, 2, 1 + 1 + 2]]);
    }

    #[test]
    fn zero_sized_windows_and_inputs_have_no_element() {
        let t = Tensor::<u8, Shape![3, 4]>::zeros();
        let w = t.windows::<Shape![0, 2]>();
        assert_eq!((w.shape(), w.iter().count()), ([4, 3, 0, 2], 0));
        let e = Tensor::<u8, Shape![0, 4]>::zeros();
        assert_eq!(e.windows::<Shape![0, 4]>().shape(), [1, 1, 0, 4]);
    }

    #[test]
    fn mutable_views_give_read_only_windows() {
        let mut t = tensor![[1, 2, 3], [4, 5, 6]];
        let w = t.view_mut().windows::<Shape![2, 2]>();
        assert_eq!(w.sum_axes::<Axes![2, 3]>(), tensor![[12, 16]]);
    }

    #[test]
    fn stepped_windows_read_the_input_at_position_times_step_plus_offset() {
        let t = Tensor::<i32, Shape![2, 7, 9]>::from_flat_fn(|i| i as i32 * 7 - 50);
        let w = t.windows_step::<Shape![3, 2], Shape![2, 3]>();
        assert_eq!(w.shape(), [2, 3, 3, 3, 2]); // (7 - 3) / 2 + 1, (9 - 2) / 3 + 1
        let copy = w.to_tensor();
        let mut seen = 0;
        for n in 0..2 {
            for i in 0..3 {
                for j in 0..3 {
                    for a in 0..3 {
                        for b in 0..2 {
                            let want = t[[n, i * 2 + a, j * 3 + b]];
                            assert_eq!((w[[n, i, j, a, b]], copy[[n, i, j, a, b]]), (want, want));
                            seen += 1;
                        }
                        assert_eq!(w.get([n, i, j, a, 2]), None);
                    }
                    assert_eq!(w.get([n, i, j, 3, 0]), None);
                }
                assert_eq!(w.get([n, i, 3, 0, 0]), None);
            }
            assert_eq!(w.get([n, 3, 0, 0, 0]), None);
        }
        assert_eq!(seen, w.iter().count());
        // Steps on views, and non-overlapping windows (step = window).
        let f = t.flip::<Axes![2]>();
        let s = f.windows_step::<Shape![2], Shape![4]>(); // (9 - 2) / 4 + 1 = 2
        assert_eq!(s.shape(), [2, 7, 2, 2]);
        assert_eq!(s[[1, 6, 1, 1]], f[[1, 6, 5]]);
        let pools = t
            .windows_step::<Shape![3, 3], Shape![3, 3]>()
            .max_axes::<Axes![3, 4]>();
        assert_eq!(
            pools[[1, 1, 2]],
            (3..6)
                .flat_map(|a| (6..9).map(move |b| t[[1, a, b]]))
                .max()
                .unwrap()
        );
        // A step of 1 is `windows`.
        assert_eq!(
            t.windows_step::<Shape![2, 2], Shape![1, 1]>(),
            t.windows::<Shape![2, 2]>()
        );
    }

    #[test]
    fn the_shape_rule() {
        let pad = |xs: &[usize]| {
            let mut p = [1; crate::shape::MAX_RANK];
            p[..xs.len()].copy_from_slice(xs);
            p
        };
        let ok = |d: &[usize], w: &[usize], o: &[usize]| {
            is_window_shape(pad(d), d.len(), pad(w), w.len(), pad(o))
        };
        assert!(ok(&[5, 6], &[3, 3], &[3, 4, 3, 3]));
        assert!(ok(&[2, 5, 6], &[3], &[2, 5, 4, 3]));
        assert!(!ok(&[5, 6], &[3, 3], &[3, 5, 3, 3]));
        assert!(!ok(&[5, 6], &[3, 7], &[3, 0, 3, 7]));
        assert!(!ok(&[5], &[3, 3], &[3, 3, 3]));
        assert!(!ok(&[5, 6], &[3, 3], &[3, 4, 3, 2]));
        let stepped = |d: &[usize], w: &[usize], st: &[usize], o: &[usize]| {
            super::is_step_window_shape(pad(d), d.len(), pad(w), w.len(), pad(st), pad(o))
        };
        assert!(stepped(&[7, 9], &[3, 2], &[2, 3], &[3, 3, 3, 2]));
        assert!(!stepped(&[7, 9], &[3, 2], &[2, 3], &[3, 4, 3, 2]));
        assert!(!stepped(&[7, 9], &[3, 2], &[0, 3], &[3, 3, 3, 2]));
    }
}
