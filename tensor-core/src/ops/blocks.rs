//! Block copies: `concat`, `stack` and `split` of operands whose elements
//! are one row-major run.
//!
//! Each of these operations writes its result, in row-major order, as a
//! sequence of blocks: for each index of the axes before the joined (or
//! cut) axis, one block of each source in turn, the rest of that source
//! from the axis on. When every source is contiguous, block `o` of a
//! source is a slice at a constant stride ([`Blocks`]), and the result is
//! written a slice at a time (`memcpy` for `Copy` elements) instead of an
//! element at a time; other sources are read through their walkers (each
//! operation's own file).

use super::destination::Destination;
use crate::shape::Shape;
use crate::uninit::{Filler, Slots};

/// The blocks of one source: block `o` is `elems[start + o · stride..]`,
/// `width` elements.
#[derive(Clone, Copy, Debug)]
pub(super) struct Blocks<'a, T> {
    /// The source's elements, in row-major order.
    pub(super) elems: &'a [T],
    /// Where block 0 starts.
    pub(super) start: usize,
    /// The distance from one block to the next.
    pub(super) stride: usize,
    /// The length of a block.
    pub(super) width: usize,
}

impl<'a, T> Blocks<'a, T> {
    /// Whether the blocks are wide enough to copy as slices
    /// ([`MIN_WIDTH`]).
    pub(super) fn wide(&self) -> bool {
        self.width >= MIN_WIDTH
    }

    /// The blocks of a source cut into consecutive blocks of `width`.
    pub(super) fn of(elems: &'a [T], width: usize) -> Self {
        Blocks {
            elems,
            start: 0,
            stride: width,
            width,
        }
    }

    /// Block `o`.
    #[inline(always)]
    fn block(&self, o: usize) -> &'a [T] {
        &self.elems[self.start + o * self.stride..][..self.width]
    }
}

/// Writes, for each `o` below `outer`, block `o` of each source in turn
/// into `slots`, which they must fill.
///
/// # Panics
///
/// When the blocks do not fill the slots exactly (the slots written are
/// dropped).
pub(super) fn fill_blocks<T: Clone>(slots: &mut Slots<T>, sources: &[Blocks<'_, T>], outer: usize) {
    let mut filler = Filler::new(slots);
    each_block(sources, outer).for_each(|block| filler.extend_from_slice(block));
    filler.finish();
}

/// [`fill_blocks`] into a destination, when its elements are one run;
/// returns whether it wrote them.
///
/// # Panics
///
/// When the blocks do not cover the destination exactly.
pub(super) fn assign_blocks<D>(out: &mut D, sources: &[Blocks<'_, D::Elem>], outer: usize) -> bool
where
    D: Destination + ?Sized,
    D::Elem: Clone,
{
    let Some(out) = out.as_contiguous_mut() else {
        return false;
    };
    let mut rest = out;
    for block in each_block(sources, outer) {
        let (head, tail) = rest.split_at_mut(block.len());
        head.clone_from_slice(block);
        rest = tail;
    }
    assert!(rest.is_empty(), "the blocks do not cover the destination");
    true
}

/// For each `o` below `outer`, block `o` of each source in turn: the
/// result's elements in row-major order.
fn each_block<'s, 'a: 's, T>(
    sources: &'s [Blocks<'a, T>],
    outer: usize,
) -> impl Iterator<Item = &'a [T]> + 's {
    (0..outer).flat_map(move |o| sources.iter().map(move |source| source.block(o)))
}

/// The narrowest blocks copied as slices: below, a copy per block costs
/// more than the element walk it replaces (`stack` of three `[32, 32]`
/// channels on a last axis, blocks of 1: 8.9 µs as slices, 3.2 µs by
/// elements; bench `views`, `split_stack`).
const MIN_WIDTH: usize = 8;

/// The number of blocks of each source of shape `S`: the product of the
/// dimensions before `axis`.
pub(super) fn outer<S: Shape>(axis: usize) -> usize {
    S::DIMS.as_ref()[..axis].iter().product()
}

/// The number of elements from `axis` to the last axis of `S`: the width
/// of its blocks.
pub(super) fn block<S: Shape>(axis: usize) -> usize {
    S::DIMS.as_ref()[axis..].iter().product()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;
    use crate::uninit::build_with;

    #[test]
    fn blocks_interleave_into_slots_and_destinations() {
        let (a, b) = ([1, 2, 3, 4], [10, 20, 30, 40, 50, 60]);
        let sources = [Blocks::of(&a[..], 2), Blocks::of(&b[..], 3)];
        let want = tensor![1, 2, 10, 20, 30, 3, 4, 40, 50, 60];
        let t: Tensor<i32, Shape![10]> = build_with(|s| fill_blocks(s, &sources, 2));
        assert_eq!(t, want);
        let mut out = Tensor::<i32, Shape![10]>::zeros();
        assert!(assign_blocks(&mut out, &sources, 2));
        assert_eq!(out, want);
        // Not one run: left to the caller, nothing written.
        let mut wide = Tensor::<i32, Shape![10, 2]>::zeros();
        assert!(!assign_blocks(
            &mut slice!(wide.view_mut(), .., 0),
            &sources,
            2
        ));
        assert_eq!(wide, Tensor::zeros());
        // A source read at a stride: the middle of each block of 5.
        let middle = Blocks {
            elems: &b[..],
            start: 1,
            stride: 3,
            width: 2,
        };
        let t: Tensor<i32, Shape![4]> = build_with(|s| fill_blocks(s, &[middle], 2));
        assert_eq!(t, tensor![20, 30, 50, 60]);
        assert_eq!(
            (outer::<Shape![3, 4, 5]>(0), outer::<Shape![3, 4, 5]>(2)),
            (1, 12)
        );
        assert_eq!(
            (block::<Shape![3, 4, 5]>(0), block::<Shape![3, 4, 5]>(2)),
            (60, 5)
        );
        // Which path an operation takes (the results are the same either
        // way): blocks of `MIN_WIDTH` elements or more are copied as slices.
        let wide = |width| Blocks::of(&b[..], width).wide();
        assert_eq!(
            [wide(MIN_WIDTH - 1), wide(MIN_WIDTH), wide(MIN_WIDTH + 1)],
            [false, true, true]
        );
    }

    /// `split`, `concat` and `stack` of a CIFAR image take the block copies
    /// (every block at least [`MIN_WIDTH`] wide) by value and into
    /// contiguous destinations, the element walks into strided ones and
    /// from strided operands; all agree with the definition by index.
    #[test]
    fn images_are_cut_and_joined_in_blocks() {
        use std::boxed::Box;
        type Half = Shape![3, 16, 32];
        let x = Tensor::<i32, Shape![3, 32, 32]>::from_flat_fn(|i| i as i32 * 7 - 5000);
        let (top, bottom) = x.split::<Axis<1>, Half, Half>();
        assert!(top.iter().eq(slice!(x, .., ..16, ..).iter()));
        assert!(bottom.iter().eq(slice!(x, .., 16.., ..).iter()));
        // From a strided operand (the element walk), the same parts.
        let (ft, fb) = x.flip::<Axes![0]>().split::<Axis<1>, Half, Half>();
        assert_eq!(ft.flip::<Axes![0]>().to_tensor(), top);
        assert_eq!(fb.flip::<Axes![0]>().to_tensor(), bottom);
        // Into a box (one run) and a strided view (element by element).
        let (mut a, mut b) = (
            Box::new(Tensor::<i32, Half>::zeros()),
            Tensor::<i32, Shape![16, 32, 3]>::zeros(),
        );
        x.assign_split::<Axis<1>, _, _>(&mut *a, &mut b.view_mut().permute::<Axes![2, 0, 1]>());
        assert_eq!(*a, top);
        assert_eq!(b.permute::<Axes![2, 0, 1]>(), bottom);

        assert_eq!(top.concat::<Axis<1>>(&bottom), x);
        let mut joined = Tensor::<i32, Shape![32, 32, 3]>::zeros();
        joined
            .view_mut()
            .permute::<Axes![2, 0, 1]>()
            .assign_concat::<Axis<1>, _, _>(&top, &bottom);
        assert_eq!(joined.permute::<Axes![2, 0, 1]>(), x);
        let mut boxed = Box::new(Tensor::<i32, Shape![3, 32, 32]>::zeros());
        boxed.assign_concat::<Axis<1>, _, _>(&top, &bottom);
        assert_eq!(*boxed, x);

        let ch = [0, 1, 2].map(|c| slice!(x, c, .., ..).to_tensor());
        let chans = [&ch[0], &ch[1], &ch[2]];
        assert_eq!(chans.stack::<Axis<0>>(), x);
        let rows = chans.stack::<Axis<1>>(); // [32, 3, 32]: blocks of a row
        assert_eq!(rows.permute::<Axes![1, 0, 2]>(), x);
        let mut out = Tensor::<i32, Shape![32, 3, 32]>::zeros();
        out.assign_stack::<Axis<1>, _, 3>(&chans);
        assert_eq!(out, rows);
        let mut strided = Tensor::<i32, Shape![32, 32, 3]>::zeros();
        strided
            .view_mut()
            .permute::<Axes![2, 0, 1]>()
            .assign_stack::<Axis<0>, _, 3>(&chans);
        assert_eq!(strided.permute::<Axes![2, 0, 1]>(), x);
    }

    #[test]
    #[should_panic(expected = "slots left unwritten")]
    fn blocks_short_of_the_slots_panic() {
        let a = [1, 2, 3];
        let _: Tensor<i32, Shape![4]> = build_with(|s| fill_blocks(s, &[Blocks::of(&a[..], 3)], 1));
    }

    #[test]
    #[should_panic(expected = "the blocks do not cover the destination")]
    fn blocks_short_of_the_destination_panic() {
        let a = [1, 2, 3];
        let mut out = Tensor::<i32, Shape![4]>::zeros();
        assign_blocks(&mut out, &[Blocks::of(&a[..], 3)], 1);
    }
}
