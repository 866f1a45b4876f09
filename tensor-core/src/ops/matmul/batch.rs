//! The batch axes of a batched product (`[.., M, K] x [.., K, N]`): which
//! matrix of each operand an output matrix reads, batch axes broadcast as
//! in NumPy `matmul`.
//!
//! An operand's matrices are a layout over the product's batch axes: its
//! row-major strides, broadcast to the product's batch axes
//! ([`layout::expand::broadcast`](crate::layout::expand::broadcast): stride
//! 0 along an axis of size 1 or one it lacks). The layout module walks
//! them ([`odometer`]); nothing here divides an index.
//!
//! ```
//! use tensor_core::prelude::*;
//! let a = Tensor::<i32, Shape![2, 1, 2, 2]>::from_flat_fn(|i| i as i32);
//! let b = Tensor::<i32, Shape![3, 2, 2]>::from_flat_fn(|i| (i % 2) as i32);
//! let c = a.matmul(&b); // [2, 3, 2, 2]: a's item 1 by b's item 2
//! assert_eq!(slice!(c, 1, 2), slice!(a, 1, 0).matmul(&slice!(b, 2)));
//! ```

use crate::index::unravel;
use crate::layout::expand::broadcast;
use crate::layout::walk::odometer;
use crate::layout::{row_major, Padded};
use crate::shape::Shape;

/// Where the matrices of the operands `A` and `B` of a product of shape
/// `P` sit: for each batch axis of `P`, the distance (in logical elements
/// of the operand, row-major) between consecutive matrices along it.
pub(super) struct Batches<P, A, B>(core::marker::PhantomData<(P, A, B)>);

impl<P: Shape, A: Shape, B: Shape> Batches<P, A, B> {
    /// The product's batch axes: all but the last two.
    const AXES: usize = P::RANK - 2;
    /// `A`'s matrices along the product's batch axes.
    const A: Padded<isize> = of::<A>(Self::AXES);
    /// `B`'s matrices along the product's batch axes.
    const B: Padded<isize> = of::<B>(Self::AXES);

    /// Calls `f((a, b))` for each output matrix, in order, with the first
    /// logical elements of the matrices of `A` and `B` it multiplies.
    #[inline(always)]
    pub(super) fn each(mut f: impl FnMut((usize, usize))) {
        let b = Self::B.map(|s| s as usize);
        odometer(0..Self::AXES, (&P::PADDED, &Self::A, &b), (0, 0), |a, b| {
            f((a as usize, b))
        });
    }

    /// The first logical elements of the matrices of `A` and `B` that the
    /// output's element `flat` (row-major over `P`) reads.
    #[inline(always)]
    pub(super) fn starts(flat: usize) -> (usize, usize) {
        let index = unravel::<P>(flat);
        let at = |strides: &Padded<isize>| {
            let pairs = index.as_ref().iter().zip(&strides[..Self::AXES]);
            pairs.map(|(&i, &s)| i * s as usize).sum()
        };
        (at(&Self::A), at(&Self::B))
    }

    /// [`Self::starts`] of output matrix `o` (for the threads of
    /// `parallel.rs`, which take matrices in any order).
    #[cfg(any(feature = "rayon", test))]
    #[inline(always)]
    pub(super) fn of_matrix(o: usize) -> (usize, usize) {
        let matrix = P::PADDED[Self::AXES] * P::PADDED[Self::AXES + 1];
        Self::starts(o * matrix)
    }
}

/// An operand's matrices along `axes` batch axes of the product: its
/// row-major strides over its own batch axes (all but its last two),
/// broadcast.
const fn of<S: Shape>(axes: usize) -> Padded<isize> {
    broadcast(S::PADDED, S::RANK - 2, row_major(S::PADDED, S::RANK), axes)
}

#[cfg(test)]
mod tests {
    use super::Batches;
    use crate::prelude::*;

    /// The first element of operand matrix for output batch `index` (over
    /// the product's batch axes `to`), by NumPy's rule: the operand's batch
    /// axes `from` aligned right, an axis of size 1 read at 0, the batch
    /// index raveled and scaled by the matrix's size `matrix`.
    fn numpy(index: &[usize], to: &[usize], from: &[usize], matrix: usize) -> usize {
        let lead = to.len() - from.len();
        let pairs = from.iter().zip(&index[lead..]);
        let raveled = pairs.fold(0, |acc, (&f, &i)| acc * f + if f == 1 { 0 } else { i });
        raveled * matrix
    }

    /// Every output matrix's pair of starts, walked and computed, against
    /// [`numpy`], for `P = [4, 3, 2, M, N]` from `A = [3, 1, M, K]` and
    /// `B = [4, 1, 2, K, N]`: axes missing, of size 1 on either side.
    #[test]
    fn each_output_matrix_reads_its_broadcast_operands() {
        type P = Shape![4, 3, 2, 5, 6];
        type A = Shape![3, 1, 5, 7];
        type B = Shape![4, 1, 2, 7, 6];
        let (to, from_a, from_b) = ([4, 3, 2], [3, 1], [4, 1, 2]);
        let mut walked = [(0, 0); 24];
        let mut o = 0;
        Batches::<P, A, B>::each(|starts| {
            walked[o] = starts;
            o += 1;
        });
        assert_eq!(o, 24);
        for (o, &starts) in walked.iter().enumerate() {
            let index = [o / 6, o / 2 % 3, o % 2];
            let want = (
                numpy(&index, &to, &from_a, 35),
                numpy(&index, &to, &from_b, 42),
            );
            assert_eq!(starts, want, "output matrix {o} ({index:?})");
            assert_eq!(Batches::<P, A, B>::of_matrix(o), want);
            // Any element of the matrix reads the same operand matrices.
            assert_eq!(Batches::<P, A, B>::starts(o * 30 + 29), want);
        }
    }

    /// A batch axis of size 0: the product has no element, and the result
    /// is built without reading a matrix.
    #[test]
    fn an_empty_batch_has_no_matrix() {
        let a = Tensor::<f32, Shape![0, 4, 3]>::from_flat_fn(|_| 1.0);
        let b = Tensor::<f32, Shape![2, 1, 3, 5]>::from_flat_fn(|_| 1.0);
        let c: Tensor<f32, Shape![2, 0, 4, 5]> = a.matmul(&b);
        assert!(c.as_slice().is_empty());
    }

    /// At a real size, the batched and broadcast product of attention's
    /// scores `[8, 64, 16] x [1, 16, 64]` (one key matrix shared by 8
    /// heads), against each head's own product.
    #[test]
    fn heads_share_one_broadcast_matrix() {
        let q = Tensor::<f32, Shape![8, 64, 16]>::from_flat_fn(|i| (i % 13) as f32 - 6.0);
        let k = Tensor::<f32, Shape![1, 16, 64]>::from_flat_fn(|i| (i % 7) as f32 - 3.0);
        let scores = q.matmul(&k);
        for h in 0..8 {
            assert_eq!(slice!(scores, h), slice!(q, h).matmul(&slice!(k, 0)));
        }
    }
}
