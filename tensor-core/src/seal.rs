//! Private supertraits that close the traits the unchecked paths trust.
//!
//! Indexing a view skips the buffer's bounds check (`view/mod.rs`), and the
//! copies write into uninitialised slots (`view/copy.rs`): both trust what
//! the layout types and the shape and axis traits say. Every trait whose
//! answers they read has one of these as a supertrait. The module is
//! private, so no other crate can name them, hence none can implement the
//! traits they seal: a hand-written `Axes` whose `AXES` and `PADDED`
//! disagree, a `PermuteShape` whose `Output` is not a permutation of its
//! input, or an `AxisSpec` that reads out of its axis does not compile.
//!
//! The sealed traits and what each seal admits:
//!
//! * [`crate::layout::Layout`]: the layout types of this crate ([`Layout`]);
//! * [`crate::axis::Axes`]: `()` and tuples of [`crate::axis::Axis`]
//!   ([`AxisList`]);
//! * [`crate::constraint::PermuteShape`], [`crate::constraint::FlipShape`]:
//!   a [`crate::shape::Shape`] with an [`crate::axis::Axes`], both sealed
//!   ([`ShapeAxes`]);
//! * [`crate::constraint::WindowShape`], [`crate::constraint::StepWindowShape`]:
//!   pairs of sealed shapes
//!   ([`ShapePair`]);
//! * [`crate::layout::slice::AxisSpec`], [`crate::layout::slice::Bound`],
//!   [`crate::layout::slice::RangeLen`] and
//!   [`crate::layout::slice::SliceList`]: the `slice!` entry types
//!   ([`SliceItem`]);
//! * [`crate::ops::lazy::Expr`]: the nodes of `ops/lazy.rs` ([`Expr`]);
//! * [`crate::view::ViewOps`]: `View`, `ViewMut` and `&Tensor`
//!   ([`ViewOps`]);
//! * [`crate::ops::destination::Destination`]: `Tensor` and `ViewMut`
//!   ([`Destination`]);
//! * [`crate::ops::pool::Proof`]: [`crate::dim::Agree`] and its pairs
//!   ([`Proof`]);
//! * [`crate::dim::arith::Exact`]: typenum's `U0` with `Agree` ([`Exact`]).
//!
//! [`crate::shape::Shape`] and [`crate::dim::Dimension`] have seals of their
//! own, next to them.

/// Implemented by the layout types of `layout/`.
pub trait Layout {}

/// Implemented by `View`, `ViewMut` and `&Tensor` (`view/ops.rs`): the
/// receivers of the view operations, whose buffers the views index.
pub trait ViewOps {}

/// The token of the methods only this crate may call (`ViewOps::rebuild`):
/// a value of a type no other crate can name or build.
pub struct Token(());

impl Token {
    /// The token.
    pub(crate) const NEW: Token = Token(());
}

/// Implemented by `Tensor` and `ViewMut` (`ops/destination.rs`): the
/// `assign_*` kernels write a destination's elements as one run of
/// `SIZE` when it says it has one, so no other type may say so.
pub trait Destination {}

/// Implemented by the nodes of a lazy expression (`ops/lazy.rs`): an
/// `Expr` of another crate could hand its reader token to a leaf with an
/// output shape the leaf does not broadcast to.
pub trait Expr {}

/// Implemented by `Agree` and its pairs (`ops/pool.rs`): `max_pool2d`
/// writes its result, of shape `Proof::Then<X>`, as the pooled shape `X`,
/// which it is for these proofs only.
pub trait Proof {}

/// Implemented by typenum's `U0` with `Agree` (`dim/arith.rs`): another
/// crate's `Exact<Local>` for `U1` would make an inexact `DivDim<B, Local>`
/// hold, and one for `U0` would leave every concrete pool's proof
/// ambiguous.
pub trait Exact<P> {}

/// Implemented by `()` and the tuples of `Axis<N>` (`axis.rs`).
pub trait AxisList {}

/// Implemented for every sealed shape `S` and sealed axis list `A` (the
/// blanket impl is in `layout/permute.rs`, beside the traits it seals, so
/// that this module imports nothing).
pub trait ShapeAxes<A> {}

/// Implemented for every pair of sealed shapes (impl in `layout/window.rs`).
pub trait ShapePair<W> {}

/// Implemented by the types `slice!` expands to, and by the type-level
/// lists of them (`layout/slice.rs`).
pub trait SliceItem {}

/// Implemented for every list of dimensions `Self` and list of `slice!`
/// entries `Spec`, both made of [`SliceItem`]s.
pub trait SliceWith<Spec> {}

impl<L: SliceItem, Spec: SliceItem> SliceWith<Spec> for L {}
