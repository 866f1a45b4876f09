//! The reshapes that `#[shape]` writes for its generic items: the same
//! operations as `reshape` and `into_reshape`, with the element counts
//! checked when the item is instantiated instead of by a trait bound.
//!
//! In generic code the compiler cannot see that `[T, H * D]` and
//! `[T, H, D]` hold as many elements for every `H` and `D`: the product
//! `H * D` is a projection it does not open again (`docs/generic.md`). A
//! bound stating it would have to be proved again by every generic caller.
//! So in a `#[shape]` item that writes a product of variables (or two
//! shapes of one count the compiler sees as different), the attribute turns
//! each `.reshape()` and `.into_reshape()` call into the method of the same
//! name with `_at_build` (`Tensor::into_reshape_at_build` is in `consume.rs`),
//! which asserts the counts in a `const` block:
//! evaluated for each instantiation, by `cargo build` (not by
//! `cargo check`), it stops the build when the counts differ. Every other
//! reshape keeps its `ReshapesTo` bound, checked by `cargo check`.
//!
//! ```
//! use tensor_core::prelude::*;
//!
//! #[shape(T, H, D)]
//! fn split_heads(x: &Tensor<f32, Shape![T, H * D]>) -> Tensor<f32, Shape![H, T, D]> {
//!     let r: Tensor<f32, Shape![T, H, D]> = x.clone().into_reshape();
//!     r.permute::<Axes![1, 0, 2]>().to_tensor()
//! }
//!
//! #[shape(T, H, D)]
//! fn first_head(x: &Tensor<f32, Shape![T, H * D]>) -> f32 {
//!     // a generic caller: no bound to restate
//!     split_heads::<T, H, D>(x)[[0, 0, 0]]
//! }
//!
//! let x = Tensor::<f32, Shape![10, 4 * 16]>::from_flat_fn(|i| i as f32 + 1.0);
//! assert_eq!(first_head::<Dim![10], Dim![4], Dim![16]>(&x), 1.0);
//! ```

use crate::shape::message::counts_differ;
use crate::shape::Shape;

/// Stops the build, naming both shapes, unless `A` and `B` hold as many
/// elements: asserted in a `const` block by `reshape_at_build`
/// (`ViewOps`, `view/ops.rs`) and `Tensor::into_reshape_at_build`
/// (`consume.rs`), so evaluated for each instantiation.
pub(crate) const fn assert_counts_agree<A: Shape, B: Shape>(op: &str) {
    if A::SIZE != B::SIZE {
        panic!("{}", counts_differ::<A, B>(op).as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::assert_counts_agree;
    use crate::prelude::*;

    #[test]
    fn equal_counts_pass() {
        assert_counts_agree::<Shape![3, 4], Shape![12]>("reshape");
        assert_counts_agree::<Shape![2, 3, 4], Shape![4, 6]>("reshape");
    }

    #[test]
    #[should_panic(
        expected = "reshape: the element counts differ: [3, 4] (12 elements) into [9] (9 elements)"
    )]
    fn differing_counts_stop_with_both_shapes() {
        assert_counts_agree::<Shape![3, 4], Shape![9]>("reshape");
    }
}
