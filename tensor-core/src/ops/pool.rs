//! Pooling: `max_pool2d::<Shape![KH, KW]>()` and `avg_pool2d` over the last
//! two axes, in pools of `KH × KW` that do not overlap (stride = pool
//! size, as PyTorch's default). The last two axes must be multiples of the
//! pool's sizes, checked by `cargo check` ([`PoolShape`]); the result
//! divides them.
//!
//! ```
//! use tensor_core::prelude::*;
//! let x = Tensor::<f32, Shape![1, 4, 4]>::from_flat_fn(|i| i as f32);
//! assert_eq!(x.max_pool2d::<Shape![2, 2]>(), tensor![[[5.0, 7.0], [13.0, 15.0]]]);
//! assert_eq!(x.avg_pool2d::<Shape![2, 2]>(), tensor![[[2.5, 4.5], [10.5, 12.5]]]);
//! ```

use super::destination::{build_by, write_each, Destination};
use super::elementwise::build;
use super::reduce::{larger, larger_of_ordered, none_flagged, ordered_with_itself};
use super::{AsView, ShapeOf};
use crate::dim::Agree;
use crate::layout::walk::Rows;
use crate::layout::Layout;
use crate::num::{Float, FromCount, Zero};
use crate::shape::Shape;
use crate::tensor::Tensor;

/// `max_pool2d::<Shape![KH, KW]>()` and `avg_pool2d` of a shape `Self`:
/// rank 2 or more, the last two axes multiples of `KH` and `KW`; the
/// result divides them (non-overlapping pools, stride = pool size).
///
/// `P` is the rule's proof parameter, `(Agree, Agree)` (as `SplitShape`'s
/// [`Agree`]), left to inference by the calls: each is the proof
/// parameter of one of the two divisions ([`DivDim`](crate::dim::DivDim)), fixed only once
/// that division is known exact. When one is not, its part of `P` stays
/// unknown, so rustc does not suggest restating the rule as a
/// where-clause, and the result's shape ([`Proof::Then`]) stays unknown
/// too, so a result stated as another shape is no second,
/// mismatched-types error (ui-tests: `generic/max_pool_result_misstated`).
#[diagnostic::on_unimplemented(
    message = "cannot pool shape `{Self}` by `{W}`: the pool takes 2 axes, and the last two axes must be multiples of its sizes",
    label = "pool does not divide this shape",
    note = "in generic code, write the pooled shape in the `#[shape]` item (for 2 x 2 pools, `Shape![C, H / 2, W / 2]`, as its return type or a `let` annotation): the attribute then checks that each call's sizes divide"
)]
pub trait PoolShape<W, P = Proven>: PoolDims<W> {}

/// The proof parameter of [`PoolShape`] once both divisions are known
/// exact.
pub type Proven = (Agree, Agree);

/// A rule's result under a proof parameter: `Then<X>` is `X` once the
/// parameter is known to be [`Agree`] (or a pair of them), and unknown
/// while it is not.
pub trait Proof: crate::seal::Proof {
    /// `X`, for `Agree`.
    type Then<X: Shape>: Shape;
}

impl Proof for Agree {
    type Then<X: Shape> = X;
}

// Sealed (`seal.rs`): `Agree` and its pairs, for which `Then<X>` is `X`
// (`max_pool2d` writes its result through that).
impl crate::seal::Proof for Agree {}
impl<A: crate::seal::Proof, B: crate::seal::Proof> crate::seal::Proof for (A, B) {}

/// Each half in turn: a pair whose halves are not both known is unknown.
impl<A: Proof, B: Proof> Proof for (A, B) {
    type Then<X: Shape> = A::Then<B::Then<X>>;
}

/// The shape of `A` pooled by `W`, under the proof `P`: checks nothing
/// (a shape the pool does not divide gets the rounded-down quotients, one
/// of rank below 2 stays itself); the pools check with [`PoolShape`].
pub type Pooled<A, W, P = Proven> = <P as Proof>::Then<<ShapeOf<A> as PoolDims<W>>::Output>;

/// A pool's result, of shape `Self` ([`Pooled`]), fits a destination of
/// shape `D`: the same shape. Stated on `Pooled`, which is known only once
/// the pool is known to apply, so that a pool that does not is one error,
/// not a second about its destination.
#[diagnostic::on_unimplemented(
    message = "the pooled shape `{Self}` is not the destination's shape `{D}`",
    label = "pooled from this, into a destination of another shape"
)]
pub trait PoolDestination<D> {}

impl<S> PoolDestination<S> for S {}

/// The shape of `Self` pooled by `W`, computed for every shape and window
/// and checking nothing ([`PoolShape`] checks): where no pool applies,
/// `Self` (so that a pool's result type is never an error of its own).
pub trait PoolDims<W> {
    /// The pooled shape.
    type Output: Shape;
}

/// Pooling of any operand of rank 2 or more (`P`: the rule's proof
/// parameter, always inferred; see [`PoolShape`]).
pub trait Pool<P = Proven>: AsView {
    /// The largest element of each `W` pool (`Shape![KH, KW]`) of the last
    /// two axes; NaN if the pool holds one.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = tensor![[1, 5, 2, 0, 3, 3], [4, 2, 8, 1, 3, 9]];
    /// assert_eq!(x.max_pool2d::<Shape![2, 3]>(), tensor![[8, 9]]);
    /// assert_eq!(x.t().max_pool2d::<Shape![3, 1]>(), tensor![[5, 8], [3, 9]]);
    /// ```
    fn max_pool2d<W: Shape>(&self) -> Tensor<Self::Elem, Pooled<Self, W, P>>
    where
        P: Proof,
        ShapeOf<Self>: PoolShape<W, P>,
        Self::Elem: Copy + PartialOrd,
    {
        if <ShapeOf<Self> as Shape>::SIZE == 0 {
            // No input element: no pool, so the result has no element either.
            return build(|_| unreachable!("a pool of an empty shape has no element"));
        }
        // Every element is written by `assign_max_pool2d`; the input's
        // first serves as the value they hold before.
        let first = *self.as_view().at_flat(0);
        // Written through `max_into`, which needs no type equality with the
        // result's shape: that shape is `Proof::Then` of the pooled one,
        // equal to it for every (sealed) proof, but not known so here.
        build_by(first, |out| max_into::<_, Self, W, P>(out, self))
    }

    /// The mean of each `W` pool of the last two axes.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = tensor![[1.0f32, 3.0, 0.0, 0.0], [5.0, 7.0, 1.0, 1.0]];
    /// assert_eq!(x.avg_pool2d::<Shape![2, 2]>(), tensor![[4.0, 0.5]]);
    /// ```
    fn avg_pool2d<W: Shape>(&self) -> Tensor<Self::Elem, Pooled<Self, W, P>>
    where
        P: Proof,
        ShapeOf<Self>: PoolShape<W, P>,
        Self::Elem: Float + FromCount,
    {
        build_by(Zero::ZERO, |out| avg_into::<_, Self, W, P>(out, self))
    }
}

impl<A: AsView + ?Sized, P> Pool<P> for A {}

/// Pooling written into a [`Destination`] (a tensor, a boxed one, a
/// mutable view) of the pooled shape: implemented for every destination
/// (`P`: the rule's proof parameter, always inferred; see [`PoolShape`]).
pub trait AssignPool<P = Proven>: Destination {
    /// Writes [`x.max_pool2d::<W>()`](Pool::max_pool2d) into this
    /// destination.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = Tensor::<f32, Shape![1, 4, 4]>::from_flat_fn(|i| i as f32);
    /// let mut out = Tensor::<f32, Shape![1, 2, 2]>::zeros();
    /// out.assign_max_pool2d::<Shape![2, 2], _>(&x);
    /// assert_eq!(out, x.max_pool2d::<Shape![2, 2]>());
    /// ```
    fn assign_max_pool2d<W: Shape, X>(&mut self, x: &X)
    where
        X: AsView<Elem = Self::Elem> + ?Sized,
        ShapeOf<X>: PoolShape<W, P>,
        P: Proof,
        Pooled<X, W, P>: PoolDestination<ShapeOf<Self>>,
        Self::Elem: Copy + PartialOrd,
    {
        max_into::<_, X, W, P>(self, x);
    }

    /// Writes [`x.avg_pool2d::<W>()`](Pool::avg_pool2d) into this
    /// destination.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = tensor![[1.0f32, 3.0, 0.0, 0.0], [5.0, 7.0, 1.0, 1.0]];
    /// let mut out = Tensor::<f32, Shape![2, 1]>::zeros();
    /// out.view_mut().t().assign_avg_pool2d::<Shape![2, 2], _>(&x);
    /// assert_eq!(out, tensor![[4.0], [0.5]]);
    /// ```
    fn assign_avg_pool2d<W: Shape, X>(&mut self, x: &X)
    where
        X: AsView<Elem = Self::Elem> + ?Sized,
        ShapeOf<X>: PoolShape<W, P>,
        P: Proof,
        Pooled<X, W, P>: PoolDestination<ShapeOf<Self>>,
        Self::Elem: Float + FromCount,
    {
        avg_into::<_, X, W, P>(self, x);
    }
}

impl<D: Destination + ?Sized, P> AssignPool<P> for D {}

/// The max pools of `x` written into `out`, which holds as many elements.
fn max_into<D, X, W, P>(out: &mut D, x: &X)
where
    D: Destination<Elem = X::Elem> + ?Sized,
    X: AsView + ?Sized,
    W: Shape,
    P: Proof,
    ShapeOf<X>: PoolShape<W, P>,
    X::Elem: Copy + PartialOrd,
{
    let fold = Fold {
        fast: larger_of_ordered,
        exact: larger,
        suspect: |e: &X::Elem| !ordered_with_itself(e),
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        kernel: pairs::max_kernel(W::DIMS.as_ref()[1]),
        #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
        kernel: None,
    };
    assign_pool::<_, X, W, P>(out, x, fold, |m| m);
}

/// The mean pools of `x` written into `out`, which holds as many elements.
fn avg_into<D, X, W, P>(out: &mut D, x: &X)
where
    D: Destination<Elem = X::Elem> + ?Sized,
    X: AsView + ?Sized,
    W: Shape,
    P: Proof,
    ShapeOf<X>: PoolShape<W, P>,
    X::Elem: Float + FromCount,
{
    let count = X::Elem::from_count(W::SIZE);
    let add = |a, b| a + b;
    let fold = Fold {
        fast: add,
        exact: add,
        suspect: |_: &X::Elem| false,
        kernel: None,
    };
    assign_pool::<_, X, W, P>(out, x, fold, |sum| sum / count);
}

/// How a pool folds its elements: by `exact`, the definition, or by `fast`
/// where it gives the same result, on pools none of whose elements
/// `suspect` flags.
///
/// The max pool's `exact` is [`larger`]; its `fast`,
/// [`larger_of_ordered`], is one compare and one select, which LLVM can
/// vectorise on every x86-64 target (it does for pools wider than two
/// columns; pools two columns wide read two interleaved streams, which it
/// kept scalar: hence the `kernel` below), where it keeps `larger`'s two
/// tests and a select scalar on the baseline target (SSE2, no
/// `blendvps`). The two agree whenever `a` is ordered with itself, as
/// every element of a pool is when none is suspect. The fast fold and the check together
/// were faster than the exact fold with AVX-512 too (bench/README.md,
/// "pool").
///
/// `kernel`, when there is one, folds a whole plane of pools and checks
/// its elements in the same pass ([`Plane`]); the max pools of `f32` two
/// columns wide have one on x86-64 (`pairs.rs`).
struct Fold<T, F, E, S> {
    fast: F,
    exact: E,
    suspect: S,
    kernel: Option<Plane<T>>,
}

/// A kernel that writes the pools of one plane of the input (its second
/// argument, rows of the third's elements, pools of the fourth's rows)
/// into the first and returns whether the plane holds a suspect element,
/// in which case it must be folded again, exactly.
type Plane<T> = fn(&mut [T], &[T], usize, usize) -> bool;

/// Writes into `out` each pool of `W` of `x` folded (in row-major order,
/// each pool's first row left to right, then the next) and mapped by
/// `finish`.
///
/// The input is read through the layout's row reader (`Rows`): output row
/// `r` (counted across the leading axes) pools the `KH` input rows from
/// `r / PH · H + r % PH · KH`. A destination that is one run is written
/// plane by plane and pool row by pool row, with no division (which kept
/// LLVM from vectorising the row's loop). When the input is one run too
/// and no element of an output row's band of input rows is suspect, the
/// row is folded over the band by `fold.fast` ([`dense_line`]); with a
/// `fold.kernel`, each plane is folded and checked by the kernel first,
/// and only a plane it flags goes band by band. Any other row, input or
/// destination by `fold.exact`, through the row reader.
fn assign_pool<D, X, W, P>(
    out: &mut D,
    x: &X,
    fold: Fold<
        X::Elem,
        impl Fn(X::Elem, X::Elem) -> X::Elem,
        impl Fn(X::Elem, X::Elem) -> X::Elem,
        impl Fn(&X::Elem) -> bool,
    >,
    finish: impl Fn(X::Elem) -> X::Elem,
) where
    D: Destination<Elem = X::Elem> + ?Sized,
    X: AsView + ?Sized,
    W: Shape,
    // A sealed proof: `PoolShape` then holds only for exact divisions.
    P: Proof,
    ShapeOf<X>: PoolShape<W, P>,
    X::Elem: Copy,
{
    let (dims, rank) = (<ShapeOf<X> as Shape>::DIMS, <ShapeOf<X> as Shape>::RANK);
    let (h, w) = (dims.as_ref()[rank - 2], dims.as_ref()[rank - 1]);
    // `PoolShape` divides the axes by `KH` and `KW`, so neither is 0.
    let [kh, kw] = [W::DIMS.as_ref()[0], W::DIMS.as_ref()[1]];
    let (ph, pw) = (h / kh, w / kw);
    let v = x.as_view();
    let rows = Rows::new(&v);
    let k = [kh, kw];
    let Some(elems) = out.as_contiguous_mut() else {
        let first_row = |r: usize| r / ph * h + r % ph * kh;
        write_each(out, |o| {
            pool_at(&rows, first_row(o / pw), o % pw, k, &fold.exact, &finish)
        });
        return;
    };
    let clear = |run: &[X::Elem]| none_flagged(run, &fold.suspect);
    let exact = |line: &mut [X::Elem], first: usize| {
        for (j, y) in line.iter_mut().enumerate() {
            *y = pool_at(&rows, first, j, k, &fold.exact, &finish);
        }
    };
    // The input when it is one run.
    let dense = v.as_contiguous();
    for n in 0..elems.len().checked_div(ph * pw).unwrap_or(0) {
        let outs = &mut elems[n * ph * pw..][..ph * pw];
        // Output row `i` of the plane and its first input row.
        let first = |i: usize| n * h + i * kh;
        // Its plane `n`, when the input is one run.
        let Some(plane) = dense.map(|input| &input[n * h * w..][..h * w]) else {
            // Through the row reader. On x86-64 without AVX (no
            // `blendvps`), where the exact fold is scalar selects, each
            // output row is folded fast and checked in the same pass, and
            // folded again exactly if it holds a suspect element; built for
            // AVX, the exact fold is vectorised and faster at LeNet's sizes
            // (bench/README.md, "pool").
            for i in 0..ph {
                let line = &mut outs[i * pw..][..pw];
                if !(CHECK_STRIDED && checked_line(line, &rows, first(i), k, &fold, &finish)) {
                    exact(line, first(i));
                }
            }
            continue;
        };
        // Checked a plane at a time, while it is in the cache the pools
        // then read (by the kernel as it folds, when there is one); if it
        // holds a suspect element, band by band. (The kernel's guard as
        // `false` survives mutation testing: a plane the kernel pooled is
        // then pooled again band by band, with the same results.)
        let plane_clear = match fold.kernel {
            Some(kernel) if !kernel(outs, plane, w, kh) => continue,
            Some(_) => false,
            None => clear(plane),
        };
        for i in 0..ph {
            let (line, band) = (&mut outs[i * pw..][..pw], &plane[i * kh * w..][..kh * w]);
            if plane_clear || clear(band) {
                dense_line(line, band, w, k, &fold.fast, &finish);
            } else {
                exact(line, first(i));
            }
        }
    }
}

/// Output row `line` of the pools of `KH` × `KW` (`k`) of `band`, the
/// `KH` input rows (of `width` elements each) they cover, in one run.
/// Indexed in the band, cut once outside the loop: a row cut per pool
/// inside it (as `pool_at` does) kept LLVM from vectorising the max pool.
#[inline(always)]
fn dense_line<T: Copy>(
    line: &mut [T],
    band: &[T],
    width: usize,
    [kh, kw]: [usize; 2],
    combine: &impl Fn(T, T) -> T,
    finish: &impl Fn(T) -> T,
) {
    let band = &band[..kh * width];
    for (j, y) in line.iter_mut().enumerate() {
        let at = |a: usize, b: usize| band[a * width + j * kw + b];
        let acc = (1..kw).fold(at(0, 0), |acc, b| combine(acc, at(0, b)));
        let acc = (1..kh).fold(acc, |acc, a| {
            (0..kw).fold(acc, |acc, b| combine(acc, at(a, b)))
        });
        *y = finish(acc);
    }
}

/// The pool at column `j` (of `KW` columns) whose first row is input row
/// `first` (of `KH` rows), folded by `combine` and mapped by `finish`.
#[inline(always)]
fn pool_at<T: Copy, L: Layout>(
    rows: &Rows<'_, T, L>,
    first: usize,
    j: usize,
    [kh, kw]: [usize; 2],
    combine: &impl Fn(T, T) -> T,
    finish: &impl Fn(T) -> T,
) -> T {
    let fold_row = |acc, a: usize, from: usize| {
        let row = rows.row(first + a);
        (from..kw).fold(acc, |acc, b| combine(acc, *rows.at(&row, j * kw + b)))
    };
    let row = rows.row(first);
    let acc = fold_row(*rows.at(&row, j * kw), 0, 1);
    finish((1..kh).fold(acc, |acc, a| fold_row(acc, a, 0)))
}

/// Whether pools of a strided input are folded fast and checked before
/// the exact fold ([`checked_line`]): on x86-64 without AVX.
const CHECK_STRIDED: bool = cfg!(all(target_arch = "x86_64", not(target_feature = "avx")));

/// Writes into `line` the pools whose first row is input row `first` (as
/// [`pool_at`]) folded by `fold.fast` and mapped by `finish`; returns
/// whether none of their elements is suspect (else the line is not the
/// definition's, and must be written again).
#[inline(always)]
fn checked_line<T: Copy, L: Layout, F, E, S>(
    line: &mut [T],
    rows: &Rows<'_, T, L>,
    first: usize,
    [kh, kw]: [usize; 2],
    fold: &Fold<T, F, E, S>,
    finish: &impl Fn(T) -> T,
) -> bool
where
    F: Fn(T, T) -> T,
    S: Fn(&T) -> bool,
{
    let mut suspect = false;
    for (j, y) in line.iter_mut().enumerate() {
        let row = rows.row(first);
        let mut acc = *rows.at(&row, j * kw);
        suspect |= (fold.suspect)(&acc);
        for a in 0..kh {
            let row = rows.row(first + a);
            for b in usize::from(a == 0)..kw {
                let x = *rows.at(&row, j * kw + b);
                suspect |= (fold.suspect)(&x);
                acc = (fold.fast)(acc, x);
            }
        }
        *y = finish(acc);
    }
    !suspect
}

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod pairs;
#[cfg(test)]
mod tests;
