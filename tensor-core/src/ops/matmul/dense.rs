//! The matmul kernel on contiguous slices with run-time sizes: the
//! batched product `einsum!` lowers its contractions to.
//!
//! ```
//! use tensor_core::prelude::*;
//! let a = Tensor::<i32, Shape![2, 2, 3]>::from_flat_fn(|i| i as i32);
//! let b = Tensor::<i32, Shape![2, 3, 2]>::from_flat_fn(|i| 1 - i as i32 % 3);
//! assert_eq!(einsum!("bij,bjk->bik", &a, &b), a.matmul(&b));
//! ```

use super::dot_run;
use super::kernel::product;
use super::operand::{Dense, DenseLhs, Dims};
use crate::num::{MulAccumulate, Zero};
use crate::uninit::Slots;

/// `out = a @ b` for contiguous row-major operands `[batch, m, k]` and
/// `[batch, k, n]` (`sizes`), `out` being `[batch, m, n]`: the matmul
/// kernel with run-time sizes (constants where inlined), for `einsum!`.
/// Products of one element each (`m = n = 1`) are dot products.
#[inline(always)]
pub(crate) fn dense_batched<T: MulAccumulate>(
    a: &[T],
    b: &[T],
    out: &mut Slots<T>,
    sizes: [usize; 4],
) {
    let [batch, m, k, n] = sizes;
    // Every slot is written: `out` may be the slots of a result being
    // built (`einsum2`, whose output shape is a type parameter).
    assert!(
        out.len() == batch * m * n,
        "einsum: the output has {} elements, the contraction {}",
        out.len(),
        batch * m * n
    );
    if out.is_empty() {
        return;
    }
    if k == 0 {
        return out.fill(|_| T::narrow(Zero::ZERO));
    }
    let (a, b) = (&a[..batch * m * k], &b[..batch * k * n]);
    if m == 1 && n == 1 {
        for ((o, x), y) in out.iter_mut().zip(a.chunks_exact(k)).zip(b.chunks_exact(k)) {
            o.write(dot_run(x, y));
        }
        return;
    }
    let d = Dims { m, k, n };
    for ((o, x), y) in out
        .chunks_exact_mut(m * n)
        .zip(a.chunks_exact(m * k))
        .zip(b.chunks_exact(k * n))
    {
        let lhs = DenseLhs {
            elems: x,
            k,
            stride: k,
        };
        product(
            &lhs,
            &Dense {
                elems: y,
                stride: n,
            },
            Slots::new(o),
            d,
        );
    }
}
