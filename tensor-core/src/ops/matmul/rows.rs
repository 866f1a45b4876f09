//! The matmul kernel over a run-time number of rows: `[m, K] x [K, N]`
//! where only `m` is known at run time, for batches of items
//! (`crate::batch`): `n` items of shape `[M, K]` (or `[K]`, `M = 1`)
//! stacked are one `[n * M, K]` matrix, multiplied in one call of the
//! register-tiled kernel rather than `n` small products.
//!
//! ```
//! use tensor_core::prelude::*;
//! let xs = Batch::<i32, Shape![2]>::try_from_slice(&[1, 2, 3, 4, 5, 6])?;
//! let w = tensor![[1, 0, 1], [0, 1, 1]];
//! let mut buf = [0; 9];
//! BatchMut::<i32, Shape![3]>::try_from_slice_mut(&mut buf)?.assign_matmul(&xs, &w);
//! assert_eq!(buf, [1, 2, 3, 3, 4, 7, 5, 6, 11]);
//! # Ok::<(), BatchError>(())
//! ```

use super::operand::{DenseLhs, Dims};
use super::with_rhs;
use crate::layout::Layout;
use crate::num::{MulAccumulate, Zero};
use crate::uninit::Slots;
use crate::view::View;

/// `out = a @ b` for `a` holding `m` contiguous rows of `k` elements and
/// `b` a `[k, n]` view (its rows read as slices when contiguous, else
/// gathered): `out` holds the `m * n` results in row-major order.
pub(crate) fn rows_matmul<T, L>(
    a: &[T],
    b: &View<'_, T, L>,
    out: &mut Slots<T>,
    [m, k, n]: [usize; 3],
) where
    T: MulAccumulate,
    L: Layout,
{
    let (a, out) = (&a[..m * k], &mut out[..m * n]);
    if k == 0 {
        return out.fill(|_| T::narrow(Zero::ZERO));
    }
    let rows = DenseLhs {
        elems: a,
        k,
        stride: k,
    };
    with_rhs(&rows, b, 0, out, Dims { m, k, n });
}
