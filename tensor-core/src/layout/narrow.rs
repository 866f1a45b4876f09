//! A run of indices along one axis: the part `split` takes of its operand
//! (`ops/split.rs`), a view rather than a map from flat positions.
//!
//! `Narrowed<L, S, C>` is `L` at indices `C::START..C::START + S[C::AXIS]`
//! of the axis `C::AXIS`, every other axis whole: the same strides, and the
//! offset of `C::START` along the axis, so a part of a layout with constant
//! strides has them too, and the walker (`walk.rs`) and the copies read it
//! by rows like any other view.

use core::marker::PhantomData;

use super::{Layout, Padded};
use crate::shape::{MultiIndex, Shape};

/// Where a [`Narrowed`] layout's run lies: the axis and the first index.
pub trait Narrow: 'static {
    /// The axis of the run.
    const AXIS: usize;
    /// Its first index along the axis.
    const START: usize;
}

/// `L` at the indices `C::START..` of the axis `C::AXIS`, of shape `S`
/// (`L`'s on every other axis). Built only by [`fits`]-checked constructors.
pub struct Narrowed<L, S, C>(PhantomData<(L, S, C)>);

impl<L, S, C> crate::seal::Layout for Narrowed<L, S, C> {}

impl<L: Layout, S: Shape, C: Narrow> Layout for Narrowed<L, S, C> {
    type Shape = S;
    type State = L::State;
    const STRIDES: Option<Padded<isize>> = L::STRIDES;
    const ROOT_SIZE: usize = L::ROOT_SIZE;

    #[inline(always)]
    fn offset(index: &S::Index, state: &L::State) -> usize {
        let mut inner = <L::Shape as Shape>::Index::ZERO;
        inner.as_mut().copy_from_slice(index.as_ref());
        inner.as_mut()[C::AXIS] += C::START;
        L::offset(&inner, state)
    }
}

/// Whether the run of `S` at `C` lies within `L`'s shape `outer`: one rank,
/// the same dimensions but on `C::AXIS`, and `C::START + S[C::AXIS]` at
/// most `outer[C::AXIS]`. The constructors assert it (the layout maps
/// in-range indices to in-range positions only then).
pub const fn fits<S: Shape, C: Narrow>(outer: Padded<usize>, rank: usize) -> bool {
    if S::RANK != rank || C::AXIS >= rank {
        return false;
    }
    let mut k = 0;
    while k < rank {
        let dim = S::PADDED[k];
        let ok = match k == C::AXIS {
            true => C::START <= outer[k] && dim <= outer[k] - C::START,
            false => dim == outer[k],
        };
        if !ok {
            return false;
        }
        k += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;

    struct Rows1To3;
    impl Narrow for Rows1To3 {
        const AXIS: usize = 1;
        const START: usize = 1;
    }

    #[test]
    fn a_run_keeps_the_strides_and_moves_the_offset() {
        type L = crate::layout::Permuted<crate::layout::RowMajor<Shape![4, 5]>, Axes![1, 0]>;
        type N = Narrowed<L, Shape![5, 2], Rows1To3>;
        assert_eq!(N::STRIDES, L::STRIDES);
        // [5, 4] transposed: index [i, j] of the run is [i, j + 1] of L,
        // the element (j + 1, i) of the [4, 5] tensor.
        assert_eq!(N::offset(&[3, 1], &()), 2 * 5 + 3);
        assert!(fits::<Shape![5, 2], Rows1To3>(<Shape![5, 4]>::PADDED, 2));
        assert!(fits::<Shape![5, 3], Rows1To3>(<Shape![5, 4]>::PADDED, 2));
        assert!(!fits::<Shape![5, 4], Rows1To3>(<Shape![5, 4]>::PADDED, 2));
        assert!(!fits::<Shape![4, 2], Rows1To3>(<Shape![5, 4]>::PADDED, 2));
        assert!(!fits::<Shape![5, 2, 1], Rows1To3>(
            <Shape![5, 4]>::PADDED,
            2
        ));
        // Rank 8: the loop stops at the last axis (the padded arrays end
        // there).
        type Eight = Shape![2, 5, 1, 1, 1, 1, 1, 3];
        assert!(fits::<Shape![2, 3, 1, 1, 1, 1, 1, 3], Rows1To3>(
            Eight::PADDED,
            8
        ));
        assert!(!fits::<Shape![2, 3, 1, 1, 1, 1, 1, 2], Rows1To3>(
            Eight::PADDED,
            8
        ));
    }
}
