//! `a.lazy().map(f)`: a function of each element in a lazy expression,
//! the in-place form of [`map`](crate::ops::elementwise::Elementwise::map),
//! [`clamp`](crate::ops::elementwise::Elementwise::clamp) and the float
//! functions of [`FloatOps`](crate::ops::float::FloatOps):
//! `out.assign(a.lazy().map(Float::exp))` writes `a.exp()` into `out`
//! (a tensor, a boxed one; [`ViewMut::assign_lazy`](crate::view::ViewMut::assign_lazy)
//! for a view), each element once, with no temporary.
//!
//! ```
//! use tensor_core::prelude::*;
//! let a = tensor![[1.0f32, 4.0], [9.0, 16.0]];
//! let mut out = Tensor::<f32, Shape![2, 2]>::zeros();
//! out.assign(a.lazy().map(Float::sqrt));
//! assert_eq!(out, a.sqrt());
//! out.assign(a.t().lazy().map(Float::sqrt) * 2.0 + 1.0); // composes with the operators
//! assert_eq!(out, tensor![[3.0, 7.0], [5.0, 9.0]]);
//! let mut flags = Tensor::<bool, Shape![2, 2]>::default();
//! flags.assign(a.lazy().map(|x| x > 5.0)); // another element type
//! assert_eq!(flags, tensor![[false, false], [true, true]]);
//! ```

use super::{Expr, Lazy, Reader, Token};
use crate::shape::Shape;

/// `f` of each element of the expression `E` (or of its reader): the node
/// of [`Lazy::map`].
#[derive(Clone, Copy, Debug)]
pub struct Map<E, F> {
    /// The expression mapped.
    inner: E,
    /// The function.
    f: F,
}

impl<E> Lazy<E> {
    /// `f` of each element of this expression, still lazy: assigned with
    /// [`Tensor::assign`](crate::tensor::Tensor::assign) or
    /// [`ViewMut::assign_lazy`](crate::view::ViewMut::assign_lazy), it is
    /// the in-place form of `map`, `clamp`, `exp`, `ln`, `sqrt`, `tanh`, ...
    /// (`f` takes the element by value; the elements are `Copy`).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let x = Tensor::<f32, Shape![3, 32, 32]>::from_flat_fn(|i| i as f32 / 1024.0 - 1.5);
    /// let mut y = Tensor::<f32, Shape![3, 32, 32]>::zeros();
    /// y.assign(x.lazy().map(Float::tanh));
    /// assert_eq!(y, x.tanh());
    /// y.assign(x.lazy().map(|v| v.clamp(-1.0, 1.0)));
    /// assert_eq!(y, x.clamp(-1.0, 1.0));
    /// ```
    #[inline(always)]
    pub fn map<U, F>(self, f: F) -> Lazy<Map<E, F>>
    where
        E: Expr,
        U: Copy,
        F: Fn(E::Elem) -> U + Clone,
    {
        Lazy(Map { inner: self.0, f })
    }
}

impl<E, F> crate::seal::Expr for Map<E, F> {}

impl<E: Expr, F, U: Copy> Expr for Map<E, F>
where
    F: Fn(E::Elem) -> U + Clone,
{
    type Elem = U;
    type Shape = E::Shape;
    type Reader<O: Shape> = Map<E::Reader<O>, F>;
    #[inline(always)]
    fn reader<O: Shape>(&self, token: Token) -> Self::Reader<O> {
        Map {
            inner: self.inner.reader::<O>(token),
            f: self.f.clone(),
        }
    }
}

impl<R: Reader, F: Fn(R::Elem) -> U, U> Reader for Map<R, F> {
    type Elem = U;
    type Row = R::Row;
    #[inline(always)]
    fn is_flat(&self) -> bool {
        self.inner.is_flat()
    }
    #[inline(always)]
    fn flat(&self, i: usize) -> U {
        (self.f)(self.inner.flat(i))
    }
    #[inline(always)]
    fn row(&self, r: usize) -> R::Row {
        self.inner.row(r)
    }
    #[inline(always)]
    fn at(&self, row: &R::Row, j: usize) -> U {
        (self.f)(self.inner.at(row, j))
    }
}

#[cfg(test)]
mod tests {
    use crate::prelude::*;

    #[test]
    fn mapped_expressions_equal_the_returning_forms_on_every_walk() {
        let a = Tensor::<f32, Shape![24, 20]>::from_flat_fn(|i| i as f32 * 0.013 - 3.0);
        let mut out = Tensor::<f32, Shape![20, 24]>::full(9.0);
        out.assign(a.t().lazy().map(Float::exp)); // rows of a transpose
        assert_eq!(out, a.t().exp());
        let r = a.t().reshape::<Shape![24, 20]>(); // no constant strides
        let mut flat = Tensor::<f32, Shape![24, 20]>::zeros();
        flat.assign(r.lazy().map(Float::ln));
        assert!(flat
            .iter()
            .zip(r.ln().iter())
            .all(|(x, y)| x.to_bits() == y.to_bits()));
        flat.assign(a.lazy().map(|x| x * 2.0) - a.lazy().map(|x| x + 1.0));
        assert_eq!(flat, a.map(|&x| x - 1.0));
        let mut col = Tensor::<f32, Shape![24, 21]>::full(7.0);
        slice!(col.view_mut(), .., 1..).assign_lazy(a.lazy().map(Float::sigmoid));
        assert_eq!(slice!(col, .., 1..), a.sigmoid());
        assert!(slice!(col, .., 0).iter().all(|&x| x == 7.0));
    }
}
