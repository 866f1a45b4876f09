//! Compile-time-shaped tensors.
//!
//! A tensor is linear memory plus a layout. Here the layout is part of the
//! type: `Tensor<f32, Shape![2, 3]>` knows its dimensions, strides and size
//! at compile time, so a shape mistake is a compile error and an index is a
//! handful of constant multiply-adds. The crate is `#![no_std]` and needs no
//! allocator: tensors are stored inline and can live in `static` memory.
//!
//! ```
//! use tensor_core::prelude::*;
//!
//! type Img = Shape![3, 28, 28];
//! assert_eq!(Img::STRIDES, [784, 28, 1]);
//!
//! let t = tensor![[1, 2, 3], [4, 5, 6]];
//! assert_eq!(t[[1, 2]], 6);
//! assert_eq!(t.to_string(), "[[1 2 3]\n [4 5 6]]");
//!
//! #[shape(M, N)]
//! fn first_row(t: &Tensor<i32, Shape![M, N]>) -> i32 { t[[0, 0]] }
//! assert_eq!(first_row(&t), 1);
//! ```
//!
//! The language users write: [`Shape!`], [`Axes!`], [`tensor!`] and the
//! [`shape`](macro@shape) attribute. Everything else is reached through [`prelude`].
#![no_std]
#![warn(missing_docs)]
// On docs.rs (`--cfg docsrs`, see Cargo.toml): each feature-gated item is
// marked with the feature it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(any(test, feature = "std"))]
extern crate std;

// The macros expand to `::tensor_core::..` paths; this makes them resolve
// inside this crate too (its unit tests use the macros).
extern crate self as tensor_core;

pub mod axis;
pub mod batch;
#[cfg(feature = "alloc")]
mod boxed;
pub mod constraint;
mod consume;
pub mod cpu;
pub mod dim;
mod display;
pub mod error;
mod generated;
mod index;
pub mod interop;
pub mod layout;
mod list;
pub mod num;
pub mod ops;
pub mod quant;
mod seal;
pub mod shape;
#[cfg(doctest)]
pub mod soundness;
pub mod storage;
pub mod tensor;
mod uninit;
pub mod view;

pub use axis::{Axes, Axis};
#[cfg(feature = "alloc")]
pub use batch::BatchTensor;
pub use batch::{AsBatch, Batch, BatchError, BatchMut};
pub use dim::{BigDim, Dim, Dim1, Dimension};
pub use error::{ShapeError, SliceError};
pub use shape::{MultiIndex, Shape};
pub use tensor::Tensor;
pub use tensor_core_macros::einsum;
pub use tensor_core_macros::{include_tensor, shape, slice, tensor, try_slice, Axes, Dim, Shape};
pub use view::pad::PaddedView;
pub use view::{View, ViewMut};

/// Everything a user of the library needs: `use tensor_core::prelude::*;`.
pub mod prelude {
    pub use crate::axis::{Axes, Axis};
    #[cfg(feature = "alloc")]
    pub use crate::batch::BatchTensor;
    pub use crate::batch::{AsBatch, Batch, BatchError, BatchMut};
    pub use crate::constraint::ReshapesTo;
    pub use crate::dim::{BigDim, Dim, Dim1, Dimension};
    pub use crate::error::{ShapeError, SliceError};
    pub use crate::interop::file_error::{FileError, FileErrorKind};
    pub use crate::layout::RowMajor;
    pub use crate::num::{Float, FromCount, One, Zero};
    pub use crate::ops::arg::{ArgReduce, AssignArg};
    pub use crate::ops::concat::{AssignConcat, Concat};
    pub use crate::ops::conv::Conv;
    pub use crate::ops::conv_assign::{AssignConv, AssignConvSame};
    pub use crate::ops::conv_pad::ConvSame;
    pub use crate::ops::destination::Destination;
    pub use crate::ops::elementwise::Elementwise;
    pub use crate::ops::float::FloatOps;
    pub use crate::ops::lazy::IntoLazy;
    pub use crate::ops::matmul::Matmul;
    pub use crate::ops::moments::{AssignMoments, Moments};
    pub use crate::ops::pool::{AssignPool, Pool};
    pub use crate::ops::reduce::Reduce;
    pub use crate::ops::reduce_assign::AssignReduce;
    pub use crate::ops::softmax::{AssignSoftmax, Softmax};
    pub use crate::ops::split::Split;
    pub use crate::ops::stack::{AssignStack, Stack};
    pub use crate::ops::zip_assign::AssignZip;
    pub use crate::ops::AsView;
    pub use crate::quant::{QConv2d, QDense, QDenseWide, QParams, QuantError, Quantize, Requant};
    pub use crate::shape::{MultiIndex, Shape};
    pub use crate::tensor::Tensor;
    pub use crate::view::pad::PaddedView;
    pub use crate::view::{View, ViewMut, ViewOps};
    pub use tensor_core_macros::einsum;
    pub use tensor_core_macros::{
        include_tensor, shape, slice, tensor, try_slice, Axes, Dim, Shape,
    };

    // The operation traits again, unnamed: a user's own item of the same
    // name (a layer `struct Conv`, `struct Softmax`) shadows the named
    // import, and these keep the methods in scope (`x.conv2d(&w)` still
    // resolves). Tested in tests/ops.rs.
    pub use crate::ops::arg::{ArgReduce as _, AssignArg as _};
    pub use crate::ops::concat::{AssignConcat as _, Concat as _};
    pub use crate::ops::conv::Conv as _;
    pub use crate::ops::conv_assign::{AssignConv as _, AssignConvSame as _};
    pub use crate::ops::conv_pad::ConvSame as _;
    pub use crate::ops::elementwise::Elementwise as _;
    pub use crate::ops::float::FloatOps as _;
    pub use crate::ops::lazy::IntoLazy as _;
    pub use crate::ops::matmul::Matmul as _;
    pub use crate::ops::moments::{AssignMoments as _, Moments as _};
    pub use crate::ops::pool::{AssignPool as _, Pool as _};
    pub use crate::ops::reduce::Reduce as _;
    pub use crate::ops::reduce_assign::AssignReduce as _;
    pub use crate::ops::softmax::{AssignSoftmax as _, Softmax as _};
    pub use crate::ops::split::Split as _;
    pub use crate::ops::stack::{AssignStack as _, Stack as _};
    pub use crate::ops::zip_assign::AssignZip as _;
    pub use crate::quant::Quantize as _;
    pub use crate::view::ViewOps as _;
}

/// This crate's README (its crates.io page), compiled and run as doc-tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadmeDoctests;

// The repository's README and `docs/generic.md` are read through the
// symlinks in `repo-docs/`, which `cargo package` stores as the files they
// point to: the doc-tests run from the published package too.

/// The repository README's examples, compiled and run as doc-tests so they
/// stay true.
#[cfg(doctest)]
#[doc = include_str!("../repo-docs/README.md")]
pub struct ReadmeDoctests;

/// `docs/generic.md`'s examples, compiled and run as doc-tests.
#[cfg(doctest)]
#[doc = include_str!("../repo-docs/generic.md")]
pub struct GenericDocDoctests;

/// `include_tensor!` of an `f16` or `bf16` file: nothing with the feature
/// `half`, the error `$msg` without it.
#[doc(hidden)]
#[cfg(feature = "half")]
#[macro_export]
macro_rules! __require_half {
    ($msg:literal) => {};
}

/// `include_tensor!` of an `f16` or `bf16` file: nothing with the feature
/// `half`, the error `$msg` without it.
#[doc(hidden)]
#[cfg(not(feature = "half"))]
#[macro_export]
macro_rules! __require_half {
    ($msg:literal) => {
        ::core::compile_error!($msg);
    };
}

/// Items the macros expand to; not part of the public API.
#[doc(hidden)]
pub mod __private {
    pub use crate::layout::slice::{
        AtBuild, Computed, DynIndex, DynRange, FromEnd, FromStart, Full, Index, Known, Open, Range,
        Trim, TrimStep, Whole, WholeStep,
    };
    pub use crate::list::{Cons, Nil};
    #[cfg(feature = "half")]
    pub use half::{bf16, f16};
    pub use tensor_core_macros::{slice_at_build, try_slice_at_build};
    pub use typenum;

    /// What `einsum!` expands to.
    pub mod einsum {
        pub use crate::ops::einsum::check::{same_label, shape_of, Pick};
        pub use crate::ops::einsum::plan::Spec;
        pub use crate::ops::einsum::{einsum1, einsum2, EinsumSpec};
    }

    /// `n`: the macros write a dimension too large for a 16-bit `usize` as
    /// `{ usize_value(n) }`, so that the literal is typed `usize` and rustc
    /// rejects it where it does not fit (a bare literal in a const argument
    /// would be truncated silently).
    pub const fn usize_value(n: usize) -> usize {
        n
    }
}
