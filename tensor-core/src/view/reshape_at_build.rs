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

use super::{View, ViewMut};
use crate::layout::{Layout, Reshaped, RowMajor};
use crate::shape::message::counts_differ;
use crate::shape::Shape;
use crate::tensor::Tensor;

/// The counts of `A` and `B` agree; evaluated per instantiation.
const fn counts_agree<A: Shape, B: Shape>() -> bool {
    A::SIZE == B::SIZE
}

impl<'a, T, L: Layout> View<'a, T, L> {
    /// [`View::reshape`], with the element counts checked when the calling
    /// item is instantiated (see the [module](self)); written by `#[shape]`.
    #[doc(hidden)]
    pub fn reshape_at_build<S: Shape>(self) -> View<'a, T, Reshaped<L, S>> {
        const {
            if !counts_agree::<L::Shape, S>() {
                panic!("{}", counts_differ::<L::Shape, S>("reshape").as_str())
            }
        };
        let (data, state) = self.parts();
        View::new(data, state)
    }
}

impl<'a, T, L: Layout> ViewMut<'a, T, L> {
    /// [`ViewMut::reshape`], with the element counts checked when the
    /// calling item is instantiated (see the [module](self)).
    #[doc(hidden)]
    pub fn reshape_at_build<S: Shape>(self) -> ViewMut<'a, T, Reshaped<L, S>> {
        const {
            if !counts_agree::<L::Shape, S>() {
                panic!("{}", counts_differ::<L::Shape, S>("reshape").as_str())
            }
        };
        let (data, state) = self.into_parts();
        ViewMut::new(data, state)
    }
}

impl<T, S: Shape> Tensor<T, S> {
    /// [`Tensor::reshape`], with the element counts checked when the calling
    /// item is instantiated (see the [module](self)).
    #[doc(hidden)]
    pub fn reshape_at_build<S2: Shape>(&self) -> View<'_, T, Reshaped<RowMajor<S>, S2>> {
        // Asserted here, not through `View::reshape_at_build`, so that the
        // one error names the caller's line.
        const {
            if !counts_agree::<S, S2>() {
                panic!("{}", counts_differ::<S, S2>("reshape").as_str())
            }
        };
        let (data, state) = self.view().parts();
        View::new(data, state)
    }
}
