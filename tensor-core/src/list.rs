//! Type-level lists: [`Nil`], [`Cons`], and the conversions between shape
//! tuples and lists ([`AsList`], [`AsTuple`]) through which the shape rules
//! of `constraint.rs` and the slice layouts of `layout/slice.rs` walk the
//! axes one at a time. Its own module, so that neither depends on the other
//! for them (typenum keeps its `array.rs` apart the same way).
//!
//! ```
//! use tensor_core::constraint::{AsList, AsTuple, Cons, Nil};
//! use tensor_core::prelude::*;
//! fn same<A, B: Is<A>>() {}
//! trait Is<A> {}
//! impl<A> Is<A> for A {}
//! type L = <Shape![2, 3] as AsList>::List;
//! same::<L, Cons<Dim<2>, Cons<Dim<3>, Nil>>>();
//! same::<<L as AsTuple>::Tuple, Shape![2, 3]>();
//! ```

use crate::shape::Shape;

/// The empty type-level list.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nil;

/// A type-level list: `H` followed by the list `T`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cons<H, T>(core::marker::PhantomData<(H, T)>);

/// A shape tuple as a type-level list of dimensions.
pub trait AsList {
    /// `Cons<D0, Cons<D1, .. Nil>>`.
    type List;
}

/// A type-level list of dimensions as a shape tuple.
#[diagnostic::on_unimplemented(
    message = "the result would have more than 8 axes",
    label = "too many axes"
)]
pub trait AsTuple {
    /// `(D0, D1, ..)`.
    type Tuple: Shape;
}
