//! A row-major array as nested blocks: the walk behind the printers and
//! serializers (`Display`, `defmt`, `serde`), which visit a tensor or a view
//! block by block in logical order and read each element by its flat
//! row-major position (a view maps that position to its buffer with the
//! walker's `at_flat`).
//!
//! One place computes where a sub-block starts, so the three nested walks
//! do no index arithmetic of their own.

/// A block of a row-major array: its dimensions, outermost first, and the
/// flat row-major position of its first element. A block of rank 0 is one
/// element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Block<'d> {
    /// The block's dimensions, outermost first.
    pub(crate) dims: &'d [usize],
    /// The flat row-major position of its first element.
    pub(crate) start: usize,
}

impl<'d> Block<'d> {
    /// The whole array of shape `dims`.
    pub(crate) fn whole(dims: &'d [usize]) -> Self {
        Block { dims, start: 0 }
    }

    /// The number of sub-blocks along the outermost axis, or `None` for a
    /// block of rank 0 (an element, at position [`Block::start`]).
    pub(crate) fn len(&self) -> Option<usize> {
        self.dims.first().copied()
    }

    /// The sub-block at index `i` of the outermost axis (`i` below
    /// [`Block::len`]); a block of rank 0 has none.
    pub(crate) fn sub(&self, i: usize) -> Block<'d> {
        let inner = self.dims.get(1..).unwrap_or(&[]);
        let stride: usize = inner.iter().product();
        Block {
            dims: inner,
            start: self.start + i * stride,
        }
    }

    /// The sub-blocks along the outermost axis, in order (none for a block
    /// of rank 0). The serializers walk every sub-block; `Display`, which
    /// skips the middle of long axes, picks them by [`Block::sub`].
    #[cfg(any(test, feature = "serde", feature = "defmt"))]
    pub(crate) fn subs(self) -> impl ExactSizeIterator<Item = Block<'d>> {
        (0..self.len().unwrap_or(0)).map(move |i| self.sub(i))
    }
}

#[cfg(test)]
mod tests {
    use super::Block;

    /// Every element of `block`, depth first: its flat positions.
    fn elements(block: Block<'_>, out: &mut [usize], n: &mut usize) {
        match block.len() {
            None => {
                out[*n] = block.start;
                *n += 1;
            }
            Some(_) => block.subs().for_each(|b| elements(b, out, n)),
        }
    }

    #[test]
    fn depth_first_elements_are_the_row_major_positions_in_order() {
        // A CIFAR image's shape, and shapes of rank 1 and 4.
        for dims in [&[3, 32, 32][..], &[784], &[2, 3, 4, 5]] {
            let size: usize = dims.iter().product();
            let mut seen = [usize::MAX; 3072];
            let mut n = 0;
            elements(Block::whole(dims), &mut seen, &mut n);
            assert_eq!(n, size, "{dims:?}");
            assert!(
                seen[..n].iter().enumerate().all(|(i, &p)| p == i),
                "{dims:?}"
            );
        }
    }

    #[test]
    fn a_sub_block_starts_at_its_index_times_the_inner_size() {
        let dims = [3, 32, 32];
        let image = Block::whole(&dims);
        assert_eq!(image.len(), Some(3));
        let plane = image.sub(2);
        assert_eq!((plane.dims, plane.start), (&dims[1..], 2 * 1024));
        let row = plane.sub(5);
        assert_eq!((row.dims, row.start), (&dims[2..], 2 * 1024 + 5 * 32));
        let element = row.sub(7);
        assert_eq!(element.dims.len(), 0);
        assert_eq!(element.start, 2 * 1024 + 5 * 32 + 7);
        assert_eq!(element.len(), None);
        assert_eq!(element.subs().len(), 0);
        assert_eq!(image.subs().len(), 3);
    }

    #[test]
    fn a_zero_dimension_has_empty_sub_blocks() {
        let dims = [2, 0, 3];
        let block = Block::whole(&dims);
        assert_eq!(block.subs().len(), 2);
        assert!(block.subs().all(|b| b.start == 0 && b.subs().len() == 0));
    }
}
