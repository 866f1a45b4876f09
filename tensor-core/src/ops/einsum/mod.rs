//! `einsum!`, NumPy's `einsum` with one or two operands, checked at
//! compile time and lowered to the matmul kernel.
//!
//! The macro (in `tensor-core-macros`) reads the spec, reports its own
//! mistakes at the string, and expands to calls of this module: the label
//! checks of [`check`], the result's shape built from the operands' axes,
//! and [`einsum1`] or [`einsum2`] with the spec as constants. Those
//! compute the lowering at compile time ([`plan`]): labels in both
//! operands and the result are batch axes, labels of one operand and the
//! result are rows or columns, labels of both operands only are
//! contracted, labels of one operand only are summed first, and a repeated
//! label of one operand is its diagonal. The product is then one batched
//! `[B, M, K] x [B, K, N]` product of the matmul kernel.
//!
//! ```
//! use tensor_core::prelude::*;
//! let a = tensor![[1, 2], [3, 4]];
//! assert_eq!(einsum!("ii->", &a)[[]], 5);
//! assert_eq!(einsum!("ij->ji", &a), tensor![[1, 3], [2, 4]]);
//! assert_eq!(einsum!("ij,jk->ik", &a, &a), a.matmul(&a));
//! ```

pub mod check;
mod gather;
pub mod plan;
mod run;

pub use run::{einsum1, einsum2, EinsumSpec};
