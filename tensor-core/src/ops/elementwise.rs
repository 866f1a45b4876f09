//! Elementwise operations: `map`, `zip_map`, `+ - * /` between tensors and
//! views of broadcast-compatible shapes (NumPy's rules, the result shape
//! computed in the type), with a scalar on either side, and `+= -= *= /=`.
//!
//! Operands whose layouts are contiguous are read as slices, so the loops
//! are plain `zip`s that LLVM vectorizes; other layouts (transposes,
//! broadcasts) are read through their constant-stride index maps.
//!
//! ```
//! use tensor_core::prelude::*;
//! let mut a = tensor![[1, 2, 3], [4, 5, 6]];
//! assert_eq!(&a * 2, tensor![[2, 4, 6], [8, 10, 12]]);
//! assert_eq!(10 - &a, tensor![[9, 8, 7], [6, 5, 4]]);
//! assert_eq!(&a + &tensor![[100], [200]], tensor![[101, 102, 103], [204, 205, 206]]);
//! a += &tensor![1, 1, 1];
//! assert_eq!(a.map(|x| x % 2), tensor![[0, 1, 0], [1, 0, 1]]); // x: &i32
//! ```

use core::ops::{Add, AddAssign, Div, DivAssign, Mul, MulAssign, Sub, SubAssign};

use super::{AsView, ShapeOf};
use crate::constraint::{BroadcastFrom, BroadcastShapes};
use crate::layout::Layout;
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::view::{View, ViewMut};

/// Two shapes that broadcast together, and to their result `Out`.
#[diagnostic::on_unimplemented(
    message = "shapes `{Self}` and `{B}` do not broadcast: aligned from the right, each pair of dimensions must be equal or contain a 1",
    label = "incompatible shapes"
)]
pub trait Broadcast<B: Shape>: Shape {
    /// The result shape, to which both shapes broadcast.
    type Out: Shape;
}

impl<A: Shape + BroadcastShapes<B>, B: Shape> Broadcast<B> for A {
    type Out = A::Output;
}

/// `f` of the elements of `a` and `b`, which have the same shape `O`.
#[inline]
fn zip_same<A, B, U, O: Shape>(
    a: View<'_, A, impl Layout<Shape = O>>,
    b: View<'_, B, impl Layout<Shape = O>>,
    mut f: impl FnMut(&A, &B) -> U,
) -> Tensor<U, O> {
    match (a.as_contiguous(), b.as_contiguous()) {
        (Some(a), Some(b)) => Tensor::from_flat_fn(|i| f(&a[i], &b[i])),
        _ => Tensor::from_flat_fn(|i| f(a.at_flat(i), b.at_flat(i))),
    }
}

/// `f` of the elements of `a` and `b` broadcast to their common shape.
#[inline]
pub(crate) fn zip<A, B, U>(
    a: &A,
    b: &B,
    f: impl FnMut(&A::Elem, &B::Elem) -> U,
) -> Tensor<U, <ShapeOf<A> as Broadcast<ShapeOf<B>>>::Out>
where
    A: AsView + ?Sized,
    B: AsView + ?Sized,
    ShapeOf<A>: Broadcast<ShapeOf<B>>,
{
    type Out<A, B> = <ShapeOf<A> as Broadcast<ShapeOf<B>>>::Out;
    // Both broadcast to the result: `Broadcast` has checked it.
    let a = a.as_view().expand_unchecked::<Out<A, B>>();
    let b = b.as_view().expand_unchecked::<Out<A, B>>();
    zip_same(a, b, f)
}

/// `f` of each element, in place, with the matching element of `b`
/// broadcast to the shape of `out`.
fn zip_assign<T, L: Layout, B: AsView + ?Sized>(
    out: &mut ViewMut<'_, T, L>,
    b: &B,
    mut f: impl FnMut(&mut T, &B::Elem),
) where
    L::Shape: BroadcastFrom<ShapeOf<B>>,
{
    let b = b.as_view().expand::<L::Shape>();
    out.for_each_indexed(|flat, x| f(x, b.at_flat(flat)));
}

/// Methods of every operand: `map` and `zip_map`.
pub trait Elementwise: AsView {
    /// `f` of each element, into a tensor of the same shape.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[1, 2], [3, 4]];
    /// assert_eq!(t.t().map(|&x| x * 10), tensor![[10, 30], [20, 40]]);
    /// ```
    fn map<U>(&self, mut f: impl FnMut(&Self::Elem) -> U) -> Tensor<U, ShapeOf<Self>> {
        let v = self.as_view();
        match v.as_contiguous() {
            Some(elems) => Tensor::from_flat_fn(|i| f(&elems[i])),
            None => Tensor::from_flat_fn(|i| f(v.at_flat(i))),
        }
    }

    /// `f` of the elements of `self` and `other`, broadcast together (NumPy
    /// rules); shapes that do not broadcast are a compile error.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let a = tensor![[1, 2], [3, 4]];
    /// let hyp = a.zip_map(&tensor![10, 20], |&x, &y| x * 100 + y);
    /// assert_eq!(hyp, tensor![[110, 220], [310, 420]]);
    /// ```
    fn zip_map<B: AsView, U>(
        &self,
        other: &B,
        f: impl FnMut(&Self::Elem, &B::Elem) -> U,
    ) -> Tensor<U, <ShapeOf<Self> as Broadcast<ShapeOf<B>>>::Out>
    where
        ShapeOf<Self>: Broadcast<ShapeOf<B>>,
    {
        zip(self, other, f)
    }
}

impl<A: AsView + ?Sized> Elementwise for A {}

impl<T, L: Layout> ViewMut<'_, T, L> {
    /// Calls `f` with each flat logical index and its element, in order.
    pub(crate) fn for_each_indexed(&mut self, mut f: impl FnMut(usize, &mut T)) {
        let contiguous = self.view().as_contiguous().map(|s| s.len());
        if contiguous.is_some() {
            let (data, start) = self.contiguous_mut();
            data[start..start + <L::Shape as Shape>::SIZE]
                .iter_mut()
                .enumerate()
                .for_each(|(i, x)| f(i, x));
            return;
        }
        for flat in 0..<L::Shape as Shape>::SIZE {
            let at = self.position_of_flat(flat);
            f(flat, self.element_mut(at));
        }
    }
}

/// Implements an operator and its compound assignment for every operand kind.
macro_rules! operator {
    ($Op:ident, $op:ident, $OpAssign:ident, $op_assign:ident, $sym:tt) => {
        operator!(@binary $Op, $op, $sym, [T, S: Shape], Tensor<T, S>);
        operator!(@binary $Op, $op, $sym, ['a, T, S: Shape], &'a Tensor<T, S>);
        operator!(@binary $Op, $op, $sym, ['a, T, L: Layout], View<'a, T, L>);
        operator!(@binary $Op, $op, $sym, ['a, 'b, T, L: Layout], &'b View<'a, T, L>);
        operator!(@binary $Op, $op, $sym, ['a, T, L: Layout], ViewMut<'a, T, L>);
        operator!(@binary $Op, $op, $sym, ['a, 'b, T, L: Layout], &'b ViewMut<'a, T, L>);

        impl<T, S: Shape, B> $OpAssign<B> for Tensor<T, S>
        where
            B: AsView<Elem = T>,
            T: Copy + $Op<Output = T>,
            S: BroadcastFrom<ShapeOf<B>>,
        {
            fn $op_assign(&mut self, rhs: B) {
                zip_assign(&mut self.view_mut(), &rhs, |x, &y| *x = *x $sym y);
            }
        }

        impl<T, L: Layout, B> $OpAssign<B> for ViewMut<'_, T, L>
        where
            B: AsView<Elem = T>,
            T: Copy + $Op<Output = T>,
            L::Shape: BroadcastFrom<ShapeOf<B>>,
        {
            fn $op_assign(&mut self, rhs: B) {
                zip_assign(self, &rhs, |x, &y| *x = *x $sym y);
            }
        }
    };
    (@binary $Op:ident, $op:ident, $sym:tt, [$($gen:tt)*], $lhs:ty) => {
        impl<$($gen)*, B> $Op<B> for $lhs
        where
            B: AsView<Elem = T>,
            T: Copy + $Op<Output = T>,
            ShapeOf<Self>: Broadcast<ShapeOf<B>>,
        {
            type Output = Tensor<T, <ShapeOf<Self> as Broadcast<ShapeOf<B>>>::Out>;
            fn $op(self, rhs: B) -> Self::Output {
                zip(&self, &rhs, |&x, &y| x $sym y)
            }
        }
    };
}

operator!(Add, add, AddAssign, add_assign, +);
operator!(Sub, sub, SubAssign, sub_assign, -);
operator!(Mul, mul, MulAssign, mul_assign, *);
operator!(Div, div, DivAssign, div_assign, /);

/// Implements `tensor op scalar`, `scalar op tensor` and `tensor op= scalar`
/// for each primitive number type.
macro_rules! scalar_operators {
    ($($t:ty),+) => {$(
        scalar_operators!(@one $t, Add, add, AddAssign, add_assign, +);
        scalar_operators!(@one $t, Sub, sub, SubAssign, sub_assign, -);
        scalar_operators!(@one $t, Mul, mul, MulAssign, mul_assign, *);
        scalar_operators!(@one $t, Div, div, DivAssign, div_assign, /);
    )+};
    (@one $t:ty, $Op:ident, $op:ident, $OpAssign:ident, $op_assign:ident, $sym:tt) => {
        scalar_operators!(@sides $t, $Op, $op, $sym, [S: Shape], Tensor<$t, S>);
        scalar_operators!(@sides $t, $Op, $op, $sym, ['a, S: Shape], &'a Tensor<$t, S>);
        scalar_operators!(@sides $t, $Op, $op, $sym, ['a, L: Layout], View<'a, $t, L>);
        scalar_operators!(@sides $t, $Op, $op, $sym, ['a, 'b, L: Layout], &'b View<'a, $t, L>);
        scalar_operators!(@sides $t, $Op, $op, $sym, ['a, L: Layout], ViewMut<'a, $t, L>);
        scalar_operators!(@sides $t, $Op, $op, $sym, ['a, 'b, L: Layout], &'b ViewMut<'a, $t, L>);

        impl<S: Shape> $OpAssign<$t> for Tensor<$t, S> {
            fn $op_assign(&mut self, rhs: $t) {
                self.iter_mut().for_each(|x| *x = *x $sym rhs);
            }
        }

        impl<L: Layout> $OpAssign<$t> for ViewMut<'_, $t, L> {
            fn $op_assign(&mut self, rhs: $t) {
                self.for_each_indexed(|_, x| *x = *x $sym rhs);
            }
        }
    };
    (@sides $t:ty, $Op:ident, $op:ident, $sym:tt, [$($gen:tt)*], $operand:ty) => {
        impl<$($gen)*> $Op<$t> for $operand {
            type Output = Tensor<$t, ShapeOf<Self>>;
            fn $op(self, rhs: $t) -> Self::Output {
                self.map(|&x| x $sym rhs)
            }
        }

        impl<$($gen)*> $Op<$operand> for $t {
            type Output = Tensor<$t, ShapeOf<$operand>>;
            fn $op(self, rhs: $operand) -> Self::Output {
                rhs.map(|&x| self $sym x)
            }
        }
    };
}

scalar_operators!(f32, f64, i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);
