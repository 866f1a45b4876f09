//! Lazy elementwise expressions: `out.assign(a.lazy() + &b * 2.0)` reads
//! like the operators and writes each element of `out` once, with no
//! temporary tensor.
//!
//! `x.lazy()` wraps an operand (a tensor, a view, a reference to either) in
//! [`Lazy`]; `+ - * /` with another operand, another [`Lazy`] or a scalar
//! build a larger [`Lazy`] expression, with NumPy broadcasting whose result
//! shape is a type (shapes that do not broadcast are a compile error), and
//! nothing is computed until [`Tensor::assign`] (or [`ViewMut::assign`])
//! evaluates it into existing memory. [`Lazy::map`] applies a function to
//! each element (`x.lazy().map(Float::exp)`): the in-place form of `map`,
//! `clamp` and the float functions. The operators that return tensors are
//! unchanged; this is the form for an existing output, and for tensors too
//! large for the stack: `*out = &*w * 0.5` on a boxed `[784, 256]` builds
//! the 784 KiB result on the stack first, `out.assign(w.lazy() * 0.5)`
//! never does.
//!
//! The evaluation takes its path from the operands' walks
//! ([`crate::layout::walk`]): one flat loop when every operand is
//! contiguous and of the output's size (what LLVM vectorizes like a
//! hand-written loop), rows along the last axis otherwise.
//!
//! ```
//! use tensor_core::prelude::*;
//! let a = tensor![[1, 2, 3], [4, 5, 6]];
//! let b = tensor![10, 20, 30];
//! let mut out = Tensor::<i32, Shape![2, 3]>::zeros();
//! out.assign(a.lazy() + &b);                       // broadcast, no temporary
//! assert_eq!(out, &a + &b);
//! out.assign((a.lazy() - &a.flip::<Axes![1]>()) * 2 + 1);
//! assert_eq!(out, tensor![[-3, 1, 5], [-3, 1, 5]]);
//! ```

use core::ops::{Add, Div, Mul, Sub};

use super::elementwise::Broadcast;
use super::AsView;
use crate::constraint::BroadcastFrom;
use crate::layout::walk::{Row, Rows};
use crate::layout::{Expanded, Layout};
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::view::{View, ViewMut};

mod map;
pub use map::Map;

/// An elementwise expression evaluated only when assigned; see the module
/// documentation.
#[derive(Clone, Copy, Debug)]
#[must_use = "a lazy expression computes nothing until it is assigned"]
pub struct Lazy<E>(E);

/// A node of a [`Lazy`] expression: its element type, its shape, and how to
/// read it broadcast to an output shape. Sealed: only this module's nodes
/// ([`Leaf`], [`Scalar`], [`Zip`]) are expressions.
pub trait Expr: crate::seal::Expr {
    /// The element type of the result.
    type Elem: Copy;
    /// The shape of the result, before broadcasting to the output.
    type Shape: Shape;
    /// The reader of this expression broadcast to the output shape `O`.
    type Reader<O: Shape>: Reader<Elem = Self::Elem>;
    /// The reader for output shape `O`, which `Self::Shape` broadcasts to.
    /// Only this crate calls it (the token), after checking that it does.
    fn reader<O: Shape>(&self, token: Token) -> Self::Reader<O>;
}

/// Proof that the caller of [`Expr::reader`] is this module, which checks
/// that the expression broadcasts to the output shape: a reader for a shape
/// it does not broadcast to would read outside its views.
#[derive(Clone, Copy, Debug)]
pub struct Token(());

/// Reads an [`Expr`] broadcast to an output shape, flat or row by row.
pub trait Reader {
    /// The element type.
    type Elem;
    /// One row along the last axis of the output, ready to be read.
    type Row;
    /// Whether every operand is contiguous and as large as the output, so
    /// that [`Reader::flat`] is a plain index.
    fn is_flat(&self) -> bool;
    /// The element at flat row-major position `i` of the output.
    fn flat(&self, i: usize) -> Self::Elem;
    /// Row `r` of the output (rows are its last dimension long).
    fn row(&self, r: usize) -> Self::Row;
    /// Element `j` of `row`.
    fn at(&self, row: &Self::Row, j: usize) -> Self::Elem;
}

/// A tensor or view in an expression.
#[derive(Clone, Copy, Debug)]
pub struct Leaf<'a, T, L: Layout>(View<'a, T, L>);

/// A scalar in an expression, the same for every element.
#[derive(Clone, Copy, Debug)]
pub struct Scalar<T>(T);

/// `Op` applied to the elements of `A` and `B`, broadcast together.
#[derive(Clone, Copy, Debug)]
pub struct Zip<A, B, Op> {
    /// The left operand.
    a: A,
    /// The right operand.
    b: B,
    /// The operation (a marker type).
    op: Op,
}

/// A binary operation on elements, the marker of a [`Zip`].
pub trait BinaryOp<T>: Copy {
    /// The operation applied to `x` and `y`.
    fn apply(x: T, y: T) -> T;
}

/// The reader of a [`Leaf`] broadcast to `O`.
pub struct LeafReader<'a, T, L: Layout, O: Shape> {
    /// Rows of the view expanded to `O`.
    rows: Rows<'a, T, Expanded<L, O>>,
    /// The elements, when contiguous and as many as `O` has.
    flat: Option<&'a [T]>,
}

impl<T, L: Layout> crate::seal::Expr for Leaf<'_, T, L> {}
impl<T> crate::seal::Expr for Scalar<T> {}
impl<A, B, Op> crate::seal::Expr for Zip<A, B, Op> {}

impl<'a, T: Copy, L: Layout> Expr for Leaf<'a, T, L> {
    type Elem = T;
    type Shape = L::Shape;
    type Reader<O: Shape> = LeafReader<'a, T, L, O>;
    #[inline(always)]
    fn reader<O: Shape>(&self, _: Token) -> LeafReader<'a, T, L, O> {
        let same_size = <L::Shape as Shape>::SIZE == O::SIZE;
        LeafReader {
            rows: Rows::new(&self.0.expand_unchecked::<O>()),
            flat: self.0.as_contiguous().filter(|_| same_size),
        }
    }
}

impl<'a, T: Copy, L: Layout, O: Shape> Reader for LeafReader<'a, T, L, O> {
    type Elem = T;
    type Row = Row<'a, T>;
    #[inline(always)]
    fn is_flat(&self) -> bool {
        self.flat.is_some()
    }
    #[inline(always)]
    fn flat(&self, i: usize) -> T {
        match self.flat {
            Some(elems) => elems[..O::SIZE][i],
            None => *self.rows.flat(i),
        }
    }
    #[inline(always)]
    fn row(&self, r: usize) -> Row<'a, T> {
        self.rows.row(r)
    }
    #[inline(always)]
    fn at(&self, row: &Row<'a, T>, j: usize) -> T {
        *self.rows.at(row, j)
    }
}

impl<T: Copy> Expr for Scalar<T> {
    type Elem = T;
    type Shape = crate::Shape![];
    type Reader<O: Shape> = Scalar<T>;
    #[inline(always)]
    fn reader<O: Shape>(&self, _: Token) -> Scalar<T> {
        *self
    }
}

impl<T: Copy> Reader for Scalar<T> {
    type Elem = T;
    type Row = ();
    #[inline(always)]
    fn is_flat(&self) -> bool {
        true
    }
    #[inline(always)]
    fn flat(&self, _: usize) -> T {
        self.0
    }
    #[inline(always)]
    fn row(&self, _: usize) {}
    #[inline(always)]
    fn at(&self, _: &(), _: usize) -> T {
        self.0
    }
}

impl<A, B, Op> Expr for Zip<A, B, Op>
where
    A: Expr,
    B: Expr<Elem = A::Elem>,
    Op: BinaryOp<A::Elem>,
    A::Shape: Broadcast<B::Shape>,
{
    type Elem = A::Elem;
    type Shape = <A::Shape as Broadcast<B::Shape>>::Out;
    type Reader<O: Shape> = Zip<A::Reader<O>, B::Reader<O>, Op>;
    #[inline(always)]
    fn reader<O: Shape>(&self, _: Token) -> Self::Reader<O> {
        Zip {
            a: self.a.reader::<O>(Token(())),
            b: self.b.reader::<O>(Token(())),
            op: self.op,
        }
    }
}

impl<A: Reader, B: Reader<Elem = A::Elem>, Op: BinaryOp<A::Elem>> Reader for Zip<A, B, Op> {
    type Elem = A::Elem;
    type Row = (A::Row, B::Row);
    #[inline(always)]
    fn is_flat(&self) -> bool {
        self.a.is_flat() && self.b.is_flat()
    }
    #[inline(always)]
    fn flat(&self, i: usize) -> A::Elem {
        Op::apply(self.a.flat(i), self.b.flat(i))
    }
    #[inline(always)]
    fn row(&self, r: usize) -> Self::Row {
        (self.a.row(r), self.b.row(r))
    }
    #[inline(always)]
    fn at(&self, (x, y): &Self::Row, j: usize) -> A::Elem {
        Op::apply(self.a.at(x, j), self.b.at(y, j))
    }
}

/// Writes the expression read by `reader` into `out`, `S::SIZE` elements of
/// shape `S`: one flat loop when the reader is flat, rows otherwise.
#[inline(always)]
fn evaluate<T, S: Shape, R: Reader<Elem = T>>(reader: R, out: &mut [T]) {
    let out = &mut out[..S::SIZE];
    let width = Rows::<T, crate::layout::RowMajor<S>>::WIDTH;
    if reader.is_flat() || S::RANK == 0 || width == 0 {
        for (i, o) in out.iter_mut().enumerate() {
            *o = reader.flat(i);
        }
        return;
    }
    for (r, chunk) in out.chunks_exact_mut(width).enumerate() {
        let row = reader.row(r);
        for (j, o) in chunk.iter_mut().enumerate() {
            *o = reader.at(&row, j);
        }
    }
}

impl<T: Copy, S: Shape> Tensor<T, S> {
    /// Evaluates a [`Lazy`] expression into this tensor, broadcast to its
    /// shape: each element written once, no temporary, so it serves boxed
    /// tensors of any size.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let a: Tensor<f32, Shape![2, 2]> = tensor![[1.0, 2.0], [3.0, 4.0]];
    /// let b: Tensor<f32, Shape![2]> = tensor![10.0, 20.0];
    /// let mut out = Tensor::<f32, Shape![2, 2]>::zeros();
    /// out.assign(a.lazy() * 2.0 + &b);
    /// assert_eq!(out, tensor![[12.0, 24.0], [16.0, 28.0]]);
    /// # #[cfg(feature = "alloc")] {
    /// // Boxed tensors too large for the stack (the `alloc` feature):
    /// let w = Tensor::<f32, Shape![784, 256]>::boxed_full(3.0);
    /// let mut out = Tensor::<f32, Shape![784, 256]>::boxed_zeros();
    /// out.assign(w.lazy() * 0.5 + 1.0);
    /// assert!(out.iter().all(|&x| x == 2.5));
    /// # }
    /// ```
    ///
    /// A plain operand is an expression too: `out.assign(&a.t())` copies a
    /// view in place (the in-place [`View::to_tensor`]), `out.assign(&b)`
    /// broadcasts a tensor, `out.assign(0.0)` fills.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let a = tensor![[1, 2, 3], [4, 5, 6]];
    /// let mut out = Tensor::<i32, Shape![3, 2]>::zeros();
    /// out.assign(&a.t());
    /// assert_eq!(out, a.t().to_tensor());
    /// out.assign(&tensor![7, 8]);
    /// assert_eq!(out, tensor![[7, 8], [7, 8], [7, 8]]);
    /// ```
    #[inline]
    pub fn assign<R: IntoExpr<T>>(&mut self, source: R)
    where
        S: BroadcastFrom<<R::Expr as Expr>::Shape>,
    {
        let expr = source.into_expr();
        evaluate::<T, S, _>(expr.reader::<S>(Token(())), self.as_mut_slice());
    }
}

impl<T: Copy, L: Layout> ViewMut<'_, T, L> {
    /// Evaluates a [`Lazy`] expression into the elements of this view,
    /// broadcast to its shape ([`Tensor::assign`] through a view; a
    /// non-contiguous view is written element by element).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let mut t = Tensor::<i32, Shape![2, 3]>::zeros();
    /// slice!(t.view_mut(), .., 1..).assign_lazy(tensor![1, 2].lazy() * 10);
    /// assert_eq!(t, tensor![[0, 10, 20], [0, 10, 20]]);
    /// ```
    pub fn assign_lazy<E: Expr<Elem = T>>(&mut self, expr: Lazy<E>)
    where
        L::Shape: BroadcastFrom<E::Shape>,
    {
        let reader = expr.0.reader::<L::Shape>(Token(()));
        self.for_each_indexed(|i, x| *x = reader.flat(i));
    }
}

/// Wraps an operand in a [`Lazy`] expression.
pub trait IntoLazy: AsView {
    /// This operand as the leaf of a lazy expression.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let a = tensor![1.0f32, 2.0];
    /// let mut out = Tensor::<f32, Shape![2]>::zeros();
    /// out.assign(a.lazy() * &a);
    /// assert_eq!(out, tensor![1.0, 4.0]);
    /// ```
    #[inline(always)]
    fn lazy(&self) -> Lazy<Leaf<'_, Self::Elem, Self::Layout>> {
        Lazy(Leaf(self.as_view()))
    }
}

impl<A: AsView + ?Sized> IntoLazy for A {}

/// An operand on the right of a lazy operator: a tensor or view by
/// reference, a view by value, or another lazy expression.
pub trait IntoExpr<T> {
    /// The expression node.
    type Expr: Expr<Elem = T>;
    /// The node.
    fn into_expr(self) -> Self::Expr;
}

impl<'a, T: Copy, S: Shape> IntoExpr<T> for &'a Tensor<T, S> {
    type Expr = Leaf<'a, T, crate::layout::RowMajor<S>>;
    #[inline(always)]
    fn into_expr(self) -> Self::Expr {
        Leaf(self.view())
    }
}

impl<'a, T: Copy, L: Layout> IntoExpr<T> for View<'a, T, L> {
    type Expr = Leaf<'a, T, L>;
    #[inline(always)]
    fn into_expr(self) -> Self::Expr {
        Leaf(self)
    }
}

impl<'a, T: Copy, L: Layout> IntoExpr<T> for &View<'a, T, L> {
    type Expr = Leaf<'a, T, L>;
    #[inline(always)]
    fn into_expr(self) -> Self::Expr {
        Leaf(*self)
    }
}

impl<T, E: Expr<Elem = T>> IntoExpr<T> for Lazy<E> {
    type Expr = E;
    #[inline(always)]
    fn into_expr(self) -> E {
        self.0
    }
}

/// Implements a lazy operator, its marker type, and the scalar forms.
macro_rules! lazy_operator {
    ($Op:ident, $op:ident, $Marker:ident, $sym:tt) => {
        #[doc = concat!("The marker of `", stringify!($sym), "` in a [`Zip`].")]
        #[derive(Clone, Copy, Debug)]
        pub struct $Marker;

        impl<T: $Op<Output = T>> BinaryOp<T> for $Marker {
            #[inline(always)]
            fn apply(x: T, y: T) -> T {
                x $sym y
            }
        }

        impl<E: Expr, R: IntoExpr<E::Elem>> $Op<R> for Lazy<E>
        where
            E::Elem: $Op<Output = E::Elem>,
            E::Shape: Broadcast<<R::Expr as Expr>::Shape>,
        {
            type Output = Lazy<Zip<E, R::Expr, $Marker>>;
            #[inline(always)]
            fn $op(self, rhs: R) -> Self::Output {
                Lazy(Zip { a: self.0, b: rhs.into_expr(), op: $Marker })
            }
        }
    };
}

lazy_operator!(Add, add, AddOp, +);
lazy_operator!(Sub, sub, SubOp, -);
lazy_operator!(Mul, mul, MulOp, *);
lazy_operator!(Div, div, DivOp, /);

/// Makes each primitive number a lazy operand ([`IntoExpr`], on the right)
/// and puts it on the left of a lazy expression.
macro_rules! lazy_scalars {
    ($($t:ty),+) => {$(
        impl IntoExpr<$t> for $t {
            type Expr = Scalar<$t>;
            #[inline(always)]
            fn into_expr(self) -> Scalar<$t> {
                Scalar(self)
            }
        }
        lazy_scalars!(@left $t, Add, add, AddOp);
        lazy_scalars!(@left $t, Sub, sub, SubOp);
        lazy_scalars!(@left $t, Mul, mul, MulOp);
        lazy_scalars!(@left $t, Div, div, DivOp);
    )+};
    (@left $t:ty, $Op:ident, $op:ident, $Marker:ident) => {
        impl<E: Expr<Elem = $t>> $Op<Lazy<E>> for $t
        where
            crate::Shape![]: Broadcast<E::Shape>,
        {
            type Output = Lazy<Zip<Scalar<$t>, E, $Marker>>;
            #[inline(always)]
            fn $op(self, rhs: Lazy<E>) -> Self::Output {
                Lazy(Zip { a: Scalar(self), b: rhs.0, op: $Marker })
            }
        }
    };
}

lazy_scalars!(f32, f64, i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);

#[cfg(test)]
mod tests;
