//! `permute::<Axes![..]>()` and `.t()`: reorder axes, move nothing.
//!
//! ```
//! use tensor_core::prelude::*;
//! let t = tensor![[1, 2, 3], [4, 5, 6]];
//! let p = t.t();
//! assert_eq!(p.shape(), [3, 2]);
//! assert_eq!(p[[2, 1]], 6);
//! ```

use core::marker::PhantomData;

use super::{Layout, Padded, MAX_RANK};
use crate::axis::Axes;
use crate::shape::{MultiIndex, Resolve, Shape};

// The seal of the axis-list rules, `PermuteShape` and `FlipShape` (`seal.rs`).
impl<S: Shape, A: Axes> crate::seal::ShapeAxes<A> for S {}

/// `permute::<P>()`: output axis `k` is input axis `P[k]`. Implemented when
/// `P` lists `RANK` axes, each below `RANK`; `Axes!` rejects repeats, so that
/// makes `P` a permutation of `0..RANK`. Sealed (`seal.rs`): the views
/// trust `Output` to be the input's dimensions reordered.
#[diagnostic::on_unimplemented(
    message = "cannot permute shape `{Self}` by `{P}`: the axes must be a permutation of 0..RANK",
    label = "not a permutation of this shape's axes"
)]
pub trait PermuteShape<P>: crate::seal::ShapeAxes<P> {
    /// The permuted shape.
    type Output: Shape;
    /// `X`, named through the dimension at each axis of `P`
    /// ([`DimThen`](crate::shape::DimThen)): `permute`'s result type, which
    /// has no type when an axis is out of range, so that the mistake is
    /// one error and a method called on the result adds none.
    type Then<X>: Resolve<X>;
    /// `x` as [`Then<X>`](PermuteShape::Then) (they are one type).
    #[doc(hidden)]
    fn then<X>(x: X) -> Self::Then<X>;
}

/// `.t()`: the axes that swap the last two; implemented for rank 2 and more.
#[diagnostic::on_unimplemented(
    message = "cannot transpose shape `{Self}`: `.t()` swaps the last two axes and needs at least 2",
    label = "fewer than 2 axes"
)]
pub trait Transpose {
    /// `Axes![0, 1, .., R - 1, R - 2]`.
    type Axes: Axes;
}

/// `L` with its axes reordered by `P`: output axis `k` is `L`'s axis `P[k]`.
pub struct Permuted<L, P>(PhantomData<(L, P)>);

impl<L, P> crate::seal::Layout for Permuted<L, P> {}

impl<L: Layout, P: Axes> Layout for Permuted<L, P>
where
    L::Shape: PermuteShape<P>,
{
    type Shape = <L::Shape as PermuteShape<P>>::Output;
    type State = L::State;
    const STRIDES: Option<Padded<isize>> = match L::STRIDES {
        Some(strides) => Some(permute(strides, P::PADDED, P::LEN)),
        None => None,
    };

    const ROOT_SIZE: usize = L::ROOT_SIZE;

    #[inline(always)]
    fn offset(index: &<Self::Shape as Shape>::Index, state: &L::State) -> usize {
        let mut inner = <L::Shape as Shape>::Index::ZERO;
        for (&i, &axis) in index.as_ref().iter().zip(P::AXES.as_ref()) {
            inner.as_mut()[axis] = i;
        }
        L::offset(&inner, state)
    }
}

/// Whether the first `len` of `axes` are `0..len` in some order. `Axes!`
/// rejects repeated axes and `PermuteShape` out-of-range ones; this also
/// holds a hand-written axis tuple to the rule, which the views' unchecked
/// reads rely on.
pub const fn is_permutation(axes: Padded<usize>, len: usize) -> bool {
    let mut seen = [false; MAX_RANK];
    let mut k = 0;
    while k < len {
        if axes[k] >= len || seen[axes[k]] {
            return false;
        }
        seen[axes[k]] = true;
        k += 1;
    }
    true
}

/// `values` reordered so that entry `k` is `values[axes[k]]`, for `k < len`.
pub const fn permute(values: Padded<isize>, axes: Padded<usize>, len: usize) -> Padded<isize> {
    let mut out = [0; MAX_RANK];
    let mut k = 0;
    while k < len {
        out[k] = values[axes[k]];
        k += 1;
    }
    out
}
