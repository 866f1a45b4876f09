//! The programs that must not build: each would make a view read or write
//! outside its buffer, or reach one element through two indices of a
//! mutable view. Their errors are found when the constants are evaluated,
//! which `cargo check` does not do, so they are `compile_fail` doc-tests
//! here (rustdoc builds them) rather than trybuild cases (checked only; the
//! traits whose impls could lie are sealed, and those cases are in
//! `ui-tests/tests/ui/soundness/`).
//!
//! Issue 9, program 1: a `BigDim` whose value disagrees with its parts
//! stored 2 elements where its typenum said 6, and this read 24 bytes past
//! the buffer. A `BigDim` now has no value of its own: its value, its
//! typenum and its storage are all computed from its parts
//! (`BigDim<Hi, Lo>` is `Hi` rows of 1024 then `Lo`), so it cannot lie. A
//! part that is not a digit does not build:
//!
//! ```compile_fail,E0277
//! use tensor_core::prelude::*;
//! type Liar = BigDim<Dim<2>, Dim<1024>>;
//! let t = Tensor::<u64, (Liar,)>::zeros();
//! ```
//!
//! and a well-formed one reads what it stores:
//!
//! ```
//! use tensor_core::prelude::*;
//! type Honest = BigDim<Dim<2>, Dim<6>>;
//! let t = Tensor::<u8, (Honest,)>::zeros();
//! assert_eq!(t.reshape::<Shape![2, 1027]>()[[1, 1026]], 0);
//! ```
//!
//! A permutation written as a tuple with a repeated axis (`Axes!` rejects
//! the repeat; the tuple type does not) would give a mutable view two
//! indices per element:
//!
//! ```compile_fail,E0080
//! use tensor_core::prelude::*;
//! let mut t = Tensor::<i32, Shape![2, 2]>::zeros();
//! let mut p = t.view_mut().permute::<(Axis<0>, Axis<0>)>();
//! p[[0, 1]] = 1;
//! ```
