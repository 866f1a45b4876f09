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
//! the buffer. `BigDim`'s value is now checked against its parts:
//!
//! ```compile_fail,E0080
//! use tensor_core::prelude::*;
//! type Liar = BigDim<2, Dim<0>, 6>;
//! let t = Tensor::<u64, (Liar,)>::zeros();
//! let _ = t.reshape::<Shape![2, 3]>()[[1, 2]];
//! ```
//!
//! The same value, told truthfully, builds:
//!
//! ```
//! use tensor_core::prelude::*;
//! type Honest = BigDim<2054, Dim<2>, 6>;
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
