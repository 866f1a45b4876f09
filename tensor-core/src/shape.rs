//! Shapes are types: a tuple of [`Dimension`]s, built by `Shape![...]`.
//!
//! `Shape![3, 28, 28]` is the type `(Dim<3>, Dim<28>, Dim<28>)`; `Shape![]` is
//! `()`, the shape of a scalar; `Shape![B, 3]` is `(B, Dim<3>)` for a dimension
//! parameter `B`. [`Shape`] gives every such tuple its rank, dimensions,
//! row-major strides and element count as constants, all computed at compile
//! time and usable in `const` items.
//!
//! # How a dimension is represented, and why
//!
//! Each dimension is a type of its own: `Dim<N>`, a const generic, for every
//! size in `0..=1024` except 1, which is `Dim1` (broadcasting treats it
//! apart); and `BigDim<Hi, Lo>` above, the size `Hi * 1024 + Lo` with `Hi`
//! a dimension itself and `Lo` a digit (`Dim![N]` names any of them). The
//! typenum of each is `<D as Dimension>::Num`, so generic code still does
//! type-level arithmetic. The const generic is chosen because it is what rustc prints: a
//! shape mismatch reads "expected `3`, found `4`" with notes such as
//! `Tensor<_, (Dim<3>, _)>`, where a bare typenum would print
//! `UInt<UInt<UTerm, B1>, B1>`. The storage is built from the const
//! parameter (`[T; N]`), not from typenum recursion. The alternatives and the
//! measurements behind the choice are in [`crate::dim`].
//!
//! ```
//! use tensor_core::prelude::*;
//!
//! type Img = Shape![3, 28, 28];
//! const _: () = assert!(Img::RANK == 3);
//! assert_eq!(Img::DIMS, [3, 28, 28]);
//! assert_eq!(Img::STRIDES, [784, 28, 1]);
//! assert_eq!(Img::SIZE, 2352);
//! ```

use core::fmt::Debug;
use core::hash::Hash;

use crate::dim::Dimension;
use crate::storage::Row;

pub(crate) mod message;

/// The dimension at axis `I`: `(D0, D1, ..)::Dim = DI`, for `I < RANK`.
#[diagnostic::on_unimplemented(
    message = "axis {I} is out of range for shape `{Self}`",
    label = "this shape has no axis {I}"
)]
pub trait AxisOf<const I: usize> {
    /// The dimension type at axis `I`.
    type Dim: Dimension;
}

/// `Then<X>` is `X` for every dimension. A rule whose result is a type
/// named through a dimension it computes or looks up
/// (`<<S as AxisOf<I>>::Dim as DimThen>::Then<X>`) has no result type when
/// that dimension has none, so a mistake is one error, the rule's, and
/// nothing is checked against the result: the reductions'
/// `AxesExist::Then`, and the `Then` of `PermuteShape`, `FlipShape`,
/// `WindowShape`, `StepWindowShape` and `slice!`'s entries.
pub trait DimThen {
    /// `X`.
    type Then<X>;
}

impl<D: Dimension> DimThen for D {
    type Then<X> = X;
}

/// The items every check trait of `slice!` declares: `Then<Y>`, the type an
/// entry's view is named through, and the hidden `then` that converts.
macro_rules! then_items {
    () => {
        /// `Y` when the check holds: an entry's view is named through it, so
        /// that a breach leaves the view without a type (one error, none for
        /// a method called on the view).
        type Then<Y>;
        /// `y` as [`Then<Y>`](Self::Then) (they are one type).
        #[doc(hidden)]
        fn then<Y>(y: Y) -> Self::Then<Y>;
    };
}

/// The `Then`/`then` of an impl whose check holds outright: `Y` itself.
macro_rules! then_is_y {
    () => {
        type Then<Y> = Y;
        #[inline(always)]
        fn then<Y>(y: Y) -> Y {
            y
        }
    };
}

/// The `Then`/`then` of an impl that holds when another check does
/// (`then_through!(Span as SpanFits<D>)`): that check's.
macro_rules! then_through {
    ($ty:ty as $check:path) => {
        type Then<Y> = <$ty as $check>::Then<Y>;
        #[inline(always)]
        fn then<Y>(y: Y) -> Self::Then<Y> {
            <$ty as $check>::then(y)
        }
    };
}

pub(crate) use {then_is_y, then_items, then_through};

/// A rule's result in generic code that states the rule as a bound: there
/// `permute`, `flip`, `windows`, `windows_step` and `pad*` return
/// `<S as Rule>::Then<View<..>>`, which rustc does not resolve to the view
/// without knowing the shape, and `.resolve()` gives it under its own type.
/// Code whose shapes are tuples of dimensions (every `#[shape]` item, every
/// concrete shape) never needs it.
///
/// ```
/// use tensor_core::constraint::{PermuteShape, Resolve};
/// use tensor_core::prelude::*;
///
/// // A helper generic over the shape and the axes, the rule as a bound.
/// fn permuted_copy<S: Shape + PermuteShape<P>, P: Axes>(t: &Tensor<f32, S>) -> Tensor<f32, S::Output> {
///     t.permute::<P>().resolve().to_tensor()
/// }
/// let t = tensor![[1.0f32, 2.0, 3.0], [4.0, 5.0, 6.0]];
/// assert_eq!(permuted_copy::<_, Axes![1, 0]>(&t), t.t().to_tensor());
/// ```
pub trait Resolve<X> {
    /// The value, as an `X`.
    fn resolve(self) -> X;
}

impl<X> Resolve<X> for X {
    #[inline(always)]
    fn resolve(self) -> X {
        self
    }
}

/// A multi-index `[usize; RANK]`: the index type of a shape of rank `RANK`.
///
/// Implemented for `[usize; 0]` to `[usize; 8]`.
pub trait MultiIndex: Copy + Debug + Eq + Hash + AsRef<[usize]> + AsMut<[usize]> + 'static {
    /// The all-zero index.
    const ZERO: Self;
}

impl<const R: usize> MultiIndex for [usize; R] {
    const ZERO: Self = [0; R];
}

mod sealed {
    /// Implemented for `()` and the tuples of dimensions only.
    pub trait Sealed {}
}

/// A tensor shape known at compile time.
///
/// Implemented for tuples of up to 8 [`Dimension`]s; write it with `Shape!`.
/// All constants are evaluated by the compiler. The trait is sealed: the
/// storage of every shape is the nested arrays of `storage.rs`, which the
/// copies into uninitialised tensors (`view/copy.rs`, `boxed.rs`) rely on.
///
/// ```
/// use tensor_core::prelude::*;
/// type S = Shape![2, 3, 4];
/// assert_eq!(S::STRIDES, [12, 4, 1]);
/// assert_eq!(<Shape![]>::SIZE, 1);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a shape",
    label = "not a shape",
    note = "a shape is a tuple of dimensions, written `Shape![..]`: `Shape![3072]` for a vector, `Shape![2, 3]` for a matrix, `Shape![]` for a scalar (`Dim![..]` names one dimension, not a shape); a type parameter that stands for a shape is declared `S: Shape`"
)]
pub trait Shape: sealed::Sealed + Copy + Default + Debug + 'static {
    /// The number of axes.
    const RANK: usize;
    /// `[usize; RANK]`: the type of a multi-index, of `DIMS` and of `STRIDES`.
    type Index: MultiIndex;
    /// The size of each axis.
    const DIMS: Self::Index;
    /// Row-major (C order) strides, in elements.
    const STRIDES: Self::Index;
    /// The number of elements: the product of `DIMS` (1 for rank 0).
    const SIZE: usize;
    /// `DIMS` padded with 1s to 8 axes, for `const fn`s that work on any rank.
    const PADDED: [usize; MAX_RANK];
    /// The inline storage of a tensor of this shape: nested arrays of `T`.
    type Storage<T>;

    /// The storage as a flat row-major slice of `SIZE` elements.
    fn flatten<T>(storage: &Self::Storage<T>) -> &[T];
    /// The storage as a flat row-major mutable slice.
    fn flatten_mut<T>(storage: &mut Self::Storage<T>) -> &mut [T];
    /// Builds storage whose element at flat index `i` is `f(i)`, in order.
    fn build<T>(f: impl FnMut(usize) -> T) -> Self::Storage<T>;
}

/// The most axes a shape has: ranks 0 to `MAX_RANK`. Per-axis constants of
/// layouts are padded to it, and the per-rank impls (`shape.rs`,
/// `axis.rs`, `generated/`, written for ranks up to it by
/// `scripts/gen_shape_ops.py`, which reads it here) stop at it. The macros
/// crate checks the same limit (`tensor-macros/src/valid/mod.rs`; a test in
/// `tests/shapes.rs` keeps the two equal), and the trait diagnostics, which
/// must be literals, spell it out (a test below keeps them equal to it).
pub const MAX_RANK: usize = 8;

/// Row-major strides of `dims`: each stride is the product of the dims after
/// it. A shape with no element may have dims whose product overflows (as in
/// `Shape![0, 1 << 63, 4]`); no index reaches its elements, and a stride
/// that overflows is 0 there.
pub(crate) const fn row_major<const R: usize>(dims: [usize; R]) -> [usize; R] {
    let padded = row_major_padded(pad(dims, 1), R);
    let mut strides = [0; R];
    let mut k = 0;
    while k < R {
        strides[k] = padded[k];
        k += 1;
    }
    strides
}

/// [`row_major`] of the first `rank` of `dims`, padded (0 past `rank`): the
/// one row-major helper, which the layouts use as well.
pub(crate) const fn row_major_padded(dims: [usize; MAX_RANK], rank: usize) -> [usize; MAX_RANK] {
    let mut strides = [0; MAX_RANK];
    let (mut stride, mut k) = (1usize, rank);
    while k > 0 {
        k -= 1;
        strides[k] = stride;
        stride = match stride.checked_mul(dims[k]) {
            Some(s) => s,
            None if count_padded(dims, rank) == 0 => 0,
            None => panic!("shape has more elements than usize can count"),
        };
    }
    strides
}

/// `values` padded with `fill` to [`MAX_RANK`] entries.
pub(crate) const fn pad<const R: usize>(values: [usize; R], fill: usize) -> [usize; MAX_RANK] {
    let mut padded = [fill; MAX_RANK];
    let mut k = 0;
    while k < R {
        padded[k] = values[k];
        k += 1;
    }
    padded
}

/// The number of elements of a shape with these dims.
pub(crate) const fn element_count<const R: usize>(dims: [usize; R]) -> usize {
    count_padded(pad(dims, 1), R)
}

/// The number of elements of the first `rank` of `dims`.
pub(crate) const fn count_padded(dims: [usize; MAX_RANK], rank: usize) -> usize {
    let mut k = 0;
    while k < rank {
        if dims[k] == 0 {
            return 0;
        }
        k += 1;
    }
    let (mut n, mut k) = (1usize, 0);
    while k < rank {
        n = match n.checked_mul(dims[k]) {
            Some(n) => n,
            None => panic!("shape has more elements than usize can count"),
        };
        k += 1;
    }
    n
}

/// The number of elements of a shape with these dims, or `usize::MAX` when
/// it does not fit.
pub(crate) const fn saturating_count<const R: usize>(dims: [usize; R]) -> usize {
    let mut size = 1usize;
    let mut k = 0;
    while k < R {
        size = size.saturating_mul(dims[k]);
        k += 1;
    }
    size
}

impl sealed::Sealed for () {}

impl Shape for () {
    const RANK: usize = 0;
    type Index = [usize; 0];
    const DIMS: [usize; 0] = [];
    const STRIDES: [usize; 0] = [];
    const SIZE: usize = 1;
    const PADDED: [usize; MAX_RANK] = [1; MAX_RANK];
    type Storage<T> = [T; 1];

    fn flatten<T>(storage: &[T; 1]) -> &[T] {
        storage
    }
    fn flatten_mut<T>(storage: &mut [T; 1]) -> &mut [T] {
        storage
    }
    fn build<T>(f: impl FnMut(usize) -> T) -> [T; 1] {
        core::array::from_fn(f)
    }
}

/// The storage type of dims `D0, D1, ...` holding `T`: `D0::Array<D1::Array<...<T>>>`.
macro_rules! nested {
    ($t:ty; $d:ident) => { $d::Array<$t> };
    ($t:ty; $d:ident, $($rest:ident),+) => { $d::Array<nested!($t; $($rest),+)> };
}

/// Flattens storage of dims `D0, D1, ...` by flattening one level at a time.
macro_rules! flatten_levels {
    ($s:expr, $f:ident; $d:ident) => { $d::Array::$f($s) };
    ($s:expr, $f:ident; $d:ident, $($rest:ident),+) => {
        flatten_levels!($d::Array::$f($s), $f; $($rest),+)
    };
}

/// Implements `Shape` for the tuple of the given dimension parameters.
macro_rules! impl_shape {
    ($rank:literal; $($d:ident),+) => {
        // No bounds here: the `Dimension` bounds of the `Shape` impl are the
        // ones a mistake should be reported against. Tuples are foreign to
        // every other crate, so nobody else can implement `Shape` for them.
        impl<$($d),+> sealed::Sealed for ($($d,)+) {}

        impl<$($d: Dimension),+> Shape for ($($d,)+) {
            const RANK: usize = $rank;
            type Index = [usize; $rank];
            const DIMS: [usize; $rank] = [$($d::VALUE),+];
            const STRIDES: [usize; $rank] = row_major(Self::DIMS);
            const SIZE: usize = element_count(Self::DIMS);
            const PADDED: [usize; MAX_RANK] = pad(Self::DIMS, 1);
            type Storage<T> = nested!(T; $($d),+);

            fn flatten<T>(storage: &Self::Storage<T>) -> &[T] {
                flatten_levels!(core::slice::from_ref(storage), flatten; $($d),+)
            }
            fn flatten_mut<T>(storage: &mut Self::Storage<T>) -> &mut [T] {
                flatten_levels!(core::slice::from_mut(storage), flatten_mut; $($d),+)
            }
            fn build<T>(f: impl FnMut(usize) -> T) -> Self::Storage<T> {
                build_levels!(f; $($d),+)
            }
        }
    };
}

/// Builds nested storage from a flat-index function, one axis at a time: the
/// outer index `i` of a level with inner size `n` covers `i*n .. i*n + n`.
macro_rules! build_levels {
    ($f:expr; $d:ident) => {{
        let mut f = $f;
        <$d::Array<_> as Row<_>>::build(|i| f(i))
    }};
    ($f:expr; $d:ident, $($rest:ident),+) => {{
        let mut f = $f;
        // Not `SIZE`: the rows of a shape with no element may hold more
        // than `usize` counts (`Shape![0, 1 << 63, 4]`); none is built then.
        let inner = saturating_count(<($($rest,)+) as Shape>::DIMS);
        <$d::Array<_> as Row<_>>::build(|i| {
            let base = i * inner;
            build_levels!(|j| f(base + j); $($rest),+)
        })
    }};
}

crate::generated::for_each_rank!(impl_shape, D);

#[cfg(test)]
mod tests {
    use super::MAX_RANK;

    /// The `#[diagnostic::on_unimplemented]` messages must be literals, so
    /// they spell the rank limit out: every "at most N axes" / "more than N
    /// axes" in the sources that hold them must say `MAX_RANK`.
    #[test]
    fn diagnostics_state_the_rank_limit() {
        let sources = [
            ("layout/window.rs", include_str!("layout/window.rs")),
            ("ops/stack.rs", include_str!("ops/stack.rs")),
            ("list.rs", include_str!("list.rs")),
        ];
        let mut seen = 0;
        for (file, text) in sources {
            for phrase in ["at most ", "more than "] {
                for (at, _) in text.match_indices(phrase) {
                    let rest = &text[at + phrase.len()..];
                    let len = rest.bytes().take_while(u8::is_ascii_digit).count();
                    let digits = &rest[..len];
                    if digits.is_empty() || !rest[digits.len()..].starts_with(" axes") {
                        continue;
                    }
                    assert_eq!(
                        digits.parse(),
                        Ok(MAX_RANK),
                        "{file}: {phrase}{digits} axes"
                    );
                    seen += 1;
                }
            }
        }
        // stack.rs: stack; window.rs: windows (message and doc), strided windows;
        // list.rs: the concatenated axis lists.
        assert!(seen >= 5, "found only {seen} rank limits");
    }
}
