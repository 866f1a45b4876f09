//! The batch axes of a batched product (`[.., M, K] x [.., K, N]`): which
//! matrix of each operand an output matrix reads, batch axes broadcast as
//! in NumPy `matmul`.
//!
//! ```
//! use tensor_core::prelude::*;
//! let a = Tensor::<i32, Shape![2, 1, 2, 2]>::from_flat_fn(|i| i as i32);
//! let b = Tensor::<i32, Shape![3, 2, 2]>::from_flat_fn(|i| (i % 2) as i32);
//! let c = a.matmul(&b); // [2, 3, 2, 2]: a's item 1 by b's item 2
//! assert_eq!(slice!(c, 1, 2), slice!(a, 1, 0).matmul(&slice!(b, 2)));
//! ```

/// The batch axes of a shape: all but the last two.
pub(super) fn batch_dims(dims: &[usize]) -> &[usize] {
    &dims[..dims.len() - 2]
}

/// The flat batch index, in an operand with batch axes `from`, of the output
/// batch `flat` (over the output's batch axes `to`): aligned from the
/// right, an operand axis of size 1 is broadcast and reads index 0.
pub(super) fn source_batch(mut flat: usize, to: &[usize], from: &[usize]) -> usize {
    let (mut index, mut stride) = (0, 1);
    for (k, &d) in to.iter().enumerate().rev() {
        let i = flat % d;
        flat /= d;
        let Some(&f) = (k + from.len())
            .checked_sub(to.len())
            .and_then(|j| from.get(j))
        else {
            continue;
        };
        index += if f == 1 { 0 } else { i * stride };
        stride *= f;
    }
    index
}
