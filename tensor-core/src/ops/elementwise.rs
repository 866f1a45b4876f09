//! Elementwise operations: `map`, `zip_map`, `+ - * /` between tensors and
//! views of broadcast-compatible shapes (NumPy's rules, the result shape
//! computed in the type), with a scalar on either side, `+= -= *= /=`, and
//! unary `-`.
//!
//! Results are written once, in place (`build`), never over a first fill.
//! Operands whose layouts are contiguous are read as slices, so the loops
//! are plain `zip`s that LLVM vectorizes; other affine layouts (broadcasts,
//! transposes, slices) are read row by row (`Rows`): the start of each row
//! from the layout's map, the elements along it by the last axis's constant
//! stride, so a broadcast row is a contiguous run (or one splatted value).
//! Layouts without constant strides are read element by element.
//!
//! ```
//! use tensor_core::prelude::*;
//! let mut a = tensor![[1, 2, 3], [4, 5, 6]];
//! assert_eq!(&a * 2, tensor![[2, 4, 6], [8, 10, 12]]);
//! assert_eq!(10 - &a, tensor![[9, 8, 7], [6, 5, 4]]);
//! assert_eq!(&a + &tensor![[100], [200]], tensor![[101, 102, 103], [204, 205, 206]]);
//! a += &tensor![1, 1, 1];
//! assert_eq!(a.map(|x| x % 2), tensor![[0, 1, 0], [1, 0, 1]]); // x: &i32
//! assert_eq!(-&a.t(), tensor![[-2, -5], [-3, -6], [-4, -7]]);
//! ```

use core::ops::{Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Sub, SubAssign};

use super::{AsView, ShapeOf};
use crate::constraint::{BroadcastFrom, BroadcastShapes};
use crate::layout::expand::BroadcastOutput;
use crate::layout::walk::Rows;
use crate::layout::{Expanded, Layout};
use crate::shape::Shape;
use crate::tensor::Tensor;
pub(crate) use crate::uninit::build;
use crate::uninit::{build_with, Slots};
use crate::view::{View, ViewMut, ViewOps};

/// Two shapes that broadcast together, and to their result `Out`.
#[diagnostic::on_unimplemented(
    message = "shapes `{Self}` and `{B}` do not broadcast: aligned from the right, each pair of dimensions must be equal or contain a 1",
    label = "incompatible shapes"
)]
pub trait Broadcast<B: Shape>: Shape {
    /// The result shape, to which both shapes broadcast.
    type Out: Shape;
}

/// The result `O` is [`BroadcastOutput`]'s, with an unknown dimension
/// (rustc gives a projection it cannot normalize a fresh variable) where a
/// pair does not broadcast: the error is then `BroadcastShapes<B, (.., _)>`,
/// with no where-clause suggested. Not `do_not_recommend`: that would
/// report `A: Broadcast<B>`, with the suggestion.
impl<A: Shape, B: Shape, O: Shape> Broadcast<B> for A
where
    A: BroadcastOutput<B, Output = O> + BroadcastShapes<B, O>,
{
    type Out = O;
}

/// A tensor built row by row: `row(r)` is called once per row of `width`
/// elements, then `elem(&row, j)` gives its element `j`
/// ([`Slots::fill_rows`]).
///
/// `width` must divide `S::SIZE` (it is the last dimension).
#[inline(always)]
fn build_rows<T, S: Shape, R>(
    width: usize,
    row: impl FnMut(usize) -> R,
    elem: impl FnMut(&R, usize) -> T,
) -> Tensor<T, S> {
    build_with(|out| out[..S::SIZE].fill_rows(width, row, elem))
}

/// `f` of the elements of `a` and `b`, which have the same shape `O`.
#[inline(always)]
fn zip_same<A, B, U, O: Shape, La, Lb>(
    a: View<'_, A, La>,
    b: View<'_, B, Lb>,
    f: impl FnMut(&A, &B) -> U,
) -> Tensor<U, O>
where
    La: Layout<Shape = O>,
    Lb: Layout<Shape = O>,
{
    // `zip_same_into` writes every one of the `O::SIZE` slots, each of its
    // paths a `Slots::fill` or `Slots::fill_rows` of all of them.
    build_with(|out| zip_same_into(a, b, f, out))
}

/// Writes `f` of the elements of `a` and `b` (shape `O`) into every one of
/// the `O::SIZE` slots of `out`: slices when both are contiguous, rows with
/// constant strides when both have them, element by element otherwise.
#[inline(always)]
pub(super) fn zip_same_into<A, B, U, O: Shape, La, Lb>(
    a: View<'_, A, La>,
    b: View<'_, B, Lb>,
    mut f: impl FnMut(&A, &B) -> U,
    out: &mut Slots<U>,
) where
    La: Layout<Shape = O>,
    Lb: Layout<Shape = O>,
{
    let out = &mut out[..O::SIZE];
    if let (Some(a), Some(b)) = (a.as_contiguous(), b.as_contiguous()) {
        return out.fill(|i| f(&a[i], &b[i]));
    }
    if const { Rows::<A, La>::STRIDED && Rows::<B, Lb>::STRIDED } {
        let (ra, rb) = (Rows::new(&a), Rows::new(&b));
        return out.fill_rows(
            Rows::<A, La>::WIDTH,
            |r| (ra.row(r), rb.row(r)),
            |(x, y), j| f(ra.at(x, j), rb.at(y, j)),
        );
    }
    out.fill(|i| f(a.at_flat(i), b.at_flat(i)))
}

/// `f` of the elements of `a` and `b` broadcast to their common shape.
#[inline(always)]
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
/// broadcast to the shape of `out`: row by row when `out` is contiguous
/// and `b` has constant strides, else element by element.
#[inline]
pub(crate) fn zip_assign<T, L: Layout, B: AsView + ?Sized>(
    out: &mut ViewMut<'_, T, L>,
    b: &B,
    mut f: impl FnMut(&mut T, &B::Elem),
) where
    L::Shape: BroadcastFrom<ShapeOf<B>>,
{
    type Rb<'a, B, S> = Rows<'a, <B as AsView>::Elem, Expanded<<B as AsView>::Layout, S>>;
    let b = b.as_view().expand::<L::Shape>();
    if const { Rb::<B, L::Shape>::STRIDED } && out.view().as_contiguous().is_some() {
        let (data, start) = out.contiguous_mut();
        update_rows(&mut data[start..][..<L::Shape as Shape>::SIZE], &b, f);
        return;
    }
    out.for_each_indexed(|flat, x| f(x, b.at_flat(flat)));
}

/// `f` of each of `elems`, a row-major run of `b`'s shape, with the
/// matching element of `b`, row by row through the layout's row reader
/// (for a `b` with constant strides, `Rows::STRIDED`; no unravel per
/// element).
#[inline(always)]
pub(crate) fn update_rows<T, U, Lb: Layout>(
    elems: &mut [T],
    b: &View<'_, U, Lb>,
    mut f: impl FnMut(&mut T, &U),
) {
    let rows = Rows::new(b);
    let width = Rows::<U, Lb>::WIDTH.max(1);
    for (r, chunk) in elems.chunks_exact_mut(width).enumerate() {
        let row = rows.row(r);
        for (j, x) in chunk.iter_mut().enumerate() {
            f(x, rows.at(&row, j));
        }
    }
}

/// Methods of every operand: `map` and `zip_map`.
pub trait Elementwise: AsView {
    /// `f` of each element, into a tensor of the same shape.
    ///
    /// In place, into a tensor, a box or a view the caller owns (elements
    /// `Copy`, `f` taking them by value): `out.assign(x.lazy().map(f))`
    /// ([`Lazy::map`](crate::ops::lazy::Lazy::map)).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[1, 2], [3, 4]];
    /// assert_eq!(t.t().map(|&x| x * 10), tensor![[10, 30], [20, 40]]);
    /// ```
    #[inline(always)]
    fn map<U>(&self, f: impl FnMut(&Self::Elem) -> U) -> Tensor<U, ShapeOf<Self>> {
        map_view(self.as_view(), f)
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
    #[inline(always)]
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

    /// Each element limited to `lo..=hi` (NumPy `np.clip(x, lo, hi)`):
    /// `lo` below it, `hi` above it. NaN stays NaN; as in NumPy, `lo > hi`
    /// gives `hi` everywhere.
    ///
    /// In place, into a tensor, a box or a view:
    /// `out.assign(x.lazy().map(|v| v.clamp(lo, hi)))` for floats (or any
    /// closure of the two comparisons above); see
    /// [`Lazy::map`](crate::ops::lazy::Lazy::map).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[-2.0f32, 0.5], [3.0, f32::NAN]];
    /// let c = t.clamp(0.0, 1.0);
    /// assert_eq!(slice!(c, 0), tensor![0.0, 0.5]);
    /// assert!(c[[1, 0]] == 1.0 && c[[1, 1]].is_nan());
    /// assert_eq!(tensor![[1, 9, 5]].t().clamp(2, 6), tensor![[2], [6], [5]]);
    /// ```
    #[inline(always)]
    fn clamp(&self, lo: Self::Elem, hi: Self::Elem) -> Tensor<Self::Elem, ShapeOf<Self>>
    where
        Self::Elem: Copy + PartialOrd,
    {
        self.map(|&x| {
            let x = if x < lo { lo } else { x };
            if x > hi {
                hi
            } else {
                x
            }
        })
    }
}

impl<A: AsView + ?Sized> Elementwise for A {}

/// `f` of each element of `v`: as a slice when contiguous, row by row when
/// the layout has constant strides, else element by element.
#[inline(always)]
fn map_view<T, U, L: Layout>(v: View<'_, T, L>, mut f: impl FnMut(&T) -> U) -> Tensor<U, L::Shape> {
    if let Some(elems) = v.as_contiguous() {
        return build(|i| f(&elems[i]));
    }
    if const { Rows::<T, L>::STRIDED } {
        let rows = Rows::new(&v);
        return build_rows(
            Rows::<T, L>::WIDTH,
            |r| rows.row(r),
            |x, j| f(rows.at(x, j)),
        );
    }
    build(|i| f(v.at_flat(i)))
}

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
        for (flat, at) in self.positions().enumerate() {
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
            #[inline(always)]
            fn $op(self, rhs: B) -> Self::Output {
                zip(&self, &rhs, |&x, &y| x $sym y)
            }
        }
    };
}

/// Implements unary `-` for each operand kind: a new tensor of the
/// operand's shape.
macro_rules! negation {
    ($([$($gen:tt)*] $operand:ty),+) => {$(
        impl<$($gen)*> Neg for $operand
        where
            T: Copy + Neg<Output = T>,
        {
            type Output = Tensor<T, ShapeOf<Self>>;
            #[inline(always)]
            fn neg(self) -> Self::Output {
                map_view(self.as_view(), |&x| -x)
            }
        }
    )+};
}

negation!(
    [T, S: Shape] Tensor<T, S>,
    ['a, T, S: Shape] &'a Tensor<T, S>,
    ['a, T, L: Layout] View<'a, T, L>,
    ['a, 'b, T, L: Layout] &'b View<'a, T, L>,
    ['a, T, L: Layout] ViewMut<'a, T, L>,
    ['a, 'b, T, L: Layout] &'b ViewMut<'a, T, L>
);

operator!(Add, add, AddAssign, add_assign, +);
operator!(Sub, sub, SubAssign, sub_assign, -);
operator!(Mul, mul, MulAssign, mul_assign, *);
operator!(Div, div, DivAssign, div_assign, /);

/// `$check` for division only: a zero integer divisor is explained (see
/// `divisor.rs`).
macro_rules! if_div {
    (Div, $check:expr) => {
        $check
    };
    ($other:ident, $check:expr) => {};
}

/// `op(x, s)` of each element `x` of `v`: one body for every `tensor op
/// scalar` impl below, so each impl type-checks a call, not a closure.
#[inline(always)]
fn scalar_rhs<V: AsView<Elem = T>, T: Copy>(
    v: &V,
    s: T,
    op: impl Fn(T, T) -> T,
) -> Tensor<T, ShapeOf<V>> {
    map_view(v.as_view(), |&x| op(x, s))
}

/// `op(s, x)` of each element `x` of `v` (`scalar op tensor`).
#[inline(always)]
fn scalar_lhs<V: AsView<Elem = T>, T: Copy>(
    s: T,
    v: &V,
    op: impl Fn(T, T) -> T,
) -> Tensor<T, ShapeOf<V>> {
    map_view(v.as_view(), |&x| op(s, x))
}

/// `*x = op(*x, s)` for each `x` (`tensor op= scalar`).
#[inline(always)]
fn scalar_assign<'x, T: Copy + 'x>(
    xs: impl Iterator<Item = &'x mut T>,
    s: T,
    op: impl Fn(T, T) -> T,
) {
    xs.for_each(|x| *x = op(*x, s));
}

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
            #[track_caller]
            fn $op_assign(&mut self, rhs: $t) {
                if_div!($Op, super::divisor::check_scalar::<$t, S>(rhs));
                scalar_assign(self.iter_mut(), rhs, <$t as $Op>::$op);
            }
        }

        impl<L: Layout> $OpAssign<$t> for ViewMut<'_, $t, L> {
            #[track_caller]
            fn $op_assign(&mut self, rhs: $t) {
                if_div!($Op, super::divisor::check_scalar::<$t, L::Shape>(rhs));
                self.for_each_indexed(|_, x| *x = <$t as $Op>::$op(*x, rhs));
            }
        }
    };
    (@sides $t:ty, $Op:ident, $op:ident, $sym:tt, [$($gen:tt)*], $operand:ty) => {
        impl<$($gen)*> $Op<$t> for $operand {
            type Output = Tensor<$t, ShapeOf<Self>>;
            #[inline(always)]
            #[track_caller]
            fn $op(self, rhs: $t) -> Self::Output {
                if_div!($Op, super::divisor::check_scalar::<$t, ShapeOf<Self>>(rhs));
                scalar_rhs(&self, rhs, <$t as $Op>::$op)
            }
        }

        impl<$($gen)*> $Op<$operand> for $t {
            type Output = Tensor<$t, ShapeOf<$operand>>;
            #[inline(always)]
            #[track_caller]
            fn $op(self, rhs: $operand) -> Self::Output {
                if_div!($Op, super::divisor::check_elements(&rhs.as_view()));
                scalar_lhs(self, &rhs, <$t as $Op>::$op)
            }
        }
    };
}

scalar_operators!(f32, f64, i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);

#[cfg(test)]
// Operands by reference are what these tests are about.
#[allow(clippy::op_ref)]
mod tests;
