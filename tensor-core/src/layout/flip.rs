//! `flip::<Axes![..]>()`: reverse the order along axes, move nothing.
//!
//! ```
//! use tensor_core::prelude::*;
//! let t = tensor![[1, 2, 3], [4, 5, 6]];
//! assert_eq!(t.flip::<Axes![1]>(), tensor![[3, 2, 1], [6, 5, 4]]);
//! ```

use core::marker::PhantomData;

use super::{Layout, Padded, MAX_RANK};
use crate::axis::Axes;
use crate::shape::{Resolve, Shape};

/// `flip::<A>()`: every axis listed in `A` exists. Sealed (`seal.rs`).
#[diagnostic::on_unimplemented(
    message = "cannot flip shape `{Self}` along `{A}`: an axis is out of range",
    label = "axis out of range"
)]
pub trait FlipShape<A>: crate::seal::ShapeAxes<A> {
    /// `X`, named through the dimension at each axis of `A`
    /// ([`DimThen`](crate::shape::DimThen)): `flip`'s result type, which
    /// has no type when an axis is out of range, so that the mistake is
    /// one error and a method called on the result adds none.
    type Then<X>: Resolve<X>;
    /// `x` as [`Then<X>`](FlipShape::Then) (they are one type).
    #[doc(hidden)]
    fn then<X>(x: X) -> Self::Then<X>;
}

/// `L` read backwards along the axes `A`: index `i` of a flipped axis of
/// size `d` is `L`'s index `d - 1 - i`.
pub struct Flipped<L, A>(PhantomData<(L, A)>);

impl<L, A> crate::seal::Layout for Flipped<L, A> {}

impl<L: Layout, A: Axes> Layout for Flipped<L, A>
where
    L::Shape: FlipShape<A>,
{
    type Shape = L::Shape;
    type State = L::State;
    const STRIDES: Option<Padded<isize>> = match L::STRIDES {
        Some(strides) => Some(negate(strides, A::PADDED, A::LEN)),
        None => None,
    };

    const ROOT_SIZE: usize = L::ROOT_SIZE;

    #[inline(always)]
    fn offset(index: &<L::Shape as Shape>::Index, state: &L::State) -> usize {
        let (mut inner, dims) = (*index, <L::Shape as Shape>::DIMS);
        for &axis in A::AXES.as_ref() {
            inner.as_mut()[axis] = dims.as_ref()[axis] - 1 - index.as_ref()[axis];
        }
        L::offset(&inner, state)
    }
}

/// `strides` with the entries at the first `len` of `axes` negated, each
/// once however often it is listed: [`Flipped`]'s `offset` flips a listed
/// axis once too, so the two agree even for a repeated axis.
pub const fn negate(strides: Padded<isize>, axes: Padded<usize>, len: usize) -> Padded<isize> {
    let mut flipped = [false; MAX_RANK];
    let mut k = 0;
    while k < len {
        flipped[axes[k]] = true;
        k += 1;
    }
    let mut out = strides;
    let mut axis = 0;
    while axis < MAX_RANK {
        if flipped[axis] {
            out[axis] = -strides[axis];
        }
        axis += 1;
    }
    out
}
