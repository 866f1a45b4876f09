//! Inline storage: a tensor's elements as nested arrays, `[[T; 3]; 2]`.
//!
//! A shape `(A, B, C)` stores its elements as `A::Array<B::Array<C::Array<T>>>`,
//! which for concrete sizes is the plain nested array `[[[T; c]; b]; a]`. Nested
//! arrays are contiguous and unpadded, so the storage is also the row-major
//! flat sequence of the elements: [`Row`] exposes it as a slice without unsafe
//! code (`<[[T; N]]>::as_flattened`). No heap is involved, so tensors live on
//! the stack, in `static`s and in flash, and `tensor!` builds them in `const`
//! items by writing the nested array literal.
//!
//! ```
//! use tensor_core::storage::Row;
//! let rows = [[1, 2, 3], [4, 5, 6]];
//! assert_eq!(<[i32; 3]>::flatten(&rows), &[1, 2, 3, 4, 5, 6]);
//! ```

/// A fixed-length array of `E`, as used for one axis of a tensor's storage.
///
/// Implemented for `[E; N]` only (sealed). Its functions see a slice of rows
/// as one flat slice, and build a row element by element.
pub trait Row<E>: Sized + sealed::Sealed {
    /// The number of elements in one row.
    const LEN: usize;
    /// A slice of rows seen as the flat slice of their elements, in order.
    fn flatten(rows: &[Self]) -> &[E];
    /// The mutable form of [`Row::flatten`].
    fn flatten_mut(rows: &mut [Self]) -> &mut [E];
    /// Builds a row whose element `i` is `f(i)`, in increasing `i`.
    fn build(f: impl FnMut(usize) -> E) -> Self;
}

mod sealed {
    pub trait Sealed {}
    impl<E, const N: usize> Sealed for [E; N] {}
}

impl<E, const N: usize> Row<E> for [E; N] {
    const LEN: usize = N;

    fn flatten(rows: &[Self]) -> &[E] {
        rows.as_flattened()
    }

    fn flatten_mut(rows: &mut [Self]) -> &mut [E] {
        rows.as_flattened_mut()
    }

    fn build(f: impl FnMut(usize) -> E) -> Self {
        core::array::from_fn(f)
    }
}
