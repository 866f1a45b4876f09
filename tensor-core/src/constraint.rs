//! Shape compatibility as traits: what each view operation requires of its
//! shapes, and the compile error a user sees when a shape breaks the rule.
//!
//! Each rule is a trait implemented exactly for the shapes that follow it
//! (the per-rank impls are generated: `generated/shape_ops.rs`). A call that
//! breaks a rule fails `cargo check` at the call, with the headline of the
//! trait's `#[diagnostic::on_unimplemented]`, which names the operation and
//! the rule. Shapes print with decimal dimensions (`(Dim<2>, Dim<3>)`).
//!
//! Each rule is written beside its operation (the layout rules in
//! `layout/`, the operations' rules in `ops/`); this module gathers them
//! under one path.
//!
//! ```
//! use tensor_core::constraint::{AxisOf, PermuteShape};
//! use tensor_core::prelude::*;
//! type P = <Shape![2, 3, 4] as PermuteShape<Axes![2, 0, 1]>>::Output;
//! assert_eq!(P::DIMS, [4, 2, 3]);
//! ```

pub use crate::dim::{Agree, SameDim};
pub use crate::layout::expand::{
    BroadcastFrom, BroadcastOutput, BroadcastShapes, BroadcastTo, ExpandedShape,
};
pub use crate::layout::flip::FlipShape;
pub use crate::layout::permute::{PermuteShape, Transpose};
pub use crate::layout::reshape::{ElementCount, ReshapeFrom, ReshapesTo, SameCount};
pub use crate::layout::window::{StepWindowShape, WindowShape};
pub use crate::list::{AsList, AsTuple, Cons, Nil};
pub use crate::ops::concat::ConcatShape;
pub use crate::ops::conv_rule::{
    Conv2dSameStepWeights, Conv2dSameWeights, Conv2dStepWeights, Conv2dWeights,
};
pub use crate::ops::matmul::rule::{
    Append2, DotShapes, InnerDim, MatmulBatch, MatmulDims, MatmulRhs, MatmulShapes, MatrixAxes,
    SameLength,
};
pub use crate::ops::pool::PoolShape;
pub use crate::ops::reduce::rule::{
    AxesExist, Choose, DropFrom, KeepFrom, KeepShape, ListsAxis, ReduceShape, ReducedAxis,
};
pub use crate::ops::split::{SameShape, SplitShape};
pub use crate::ops::stack::StackShape;
pub use crate::shape::{AxisOf, DimThen, Resolve};
pub use crate::view::pad::PadShape;
