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
/// Implemented for `[E; N]` and [`BigArray`] (sealed). Its functions see a slice of rows
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
    impl<H, L> Sealed for super::BigArray<H, L> {}
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

/// The storage of a dimension above 1024, `BigDim<Hi, Lo>`: `hi` is `Hi`
/// rows of 1024 elements, `lo` the last `Lo` elements, in that order.
///
/// `repr(C)` keeps the fields in order; both are arrays of `E` (nested
/// arrays are unpadded), so `hi` ends on an `E` boundary, `lo` starts right
/// after it, and the whole is `LEN` contiguous `E`s with `E`'s alignment:
/// the same bytes as `[E; LEN]`. [`Row::flatten`] checks this for every
/// instantiation.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct BigArray<H, L> {
    hi: H,
    lo: L,
}

impl<H, L> BigArray<H, L> {
    /// The storage of `1024 * rows + rest` elements from its two parts, in
    /// `const` items too (what `tensor!` writes for an axis above 1024).
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// use tensor_core::storage::BigArray;
    /// const T: Tensor<u8, Shape![1025]> = Tensor::from_array(BigArray::new([[0; 1024]], [7]));
    /// assert_eq!((T[[1023]], T[[1024]]), (0, 7));
    /// ```
    pub const fn new(hi: H, lo: L) -> Self {
        BigArray { hi, lo }
    }
}

impl<E, H: Row<[E; 1024]>, L: Row<E>> Row<E> for BigArray<H, L> {
    const LEN: usize = H::LEN * 1024 + L::LEN;

    fn flatten(rows: &[Self]) -> &[E] {
        const { assert!(is_flat::<Self, E>(Self::LEN)) };
        // SAFETY: `Self` is `LEN` contiguous `E`s with `E`'s alignment
        // (`is_flat`, checked at compile time above), so `rows` is
        // `rows.len() * LEN` initialised `E`s, borrowed for as long as `rows`.
        unsafe { core::slice::from_raw_parts(rows.as_ptr().cast::<E>(), rows.len() * Self::LEN) }
    }

    fn flatten_mut(rows: &mut [Self]) -> &mut [E] {
        const { assert!(is_flat::<Self, E>(Self::LEN)) };
        // SAFETY: as in `flatten`, and the borrow of `rows` is exclusive.
        unsafe {
            core::slice::from_raw_parts_mut(rows.as_mut_ptr().cast::<E>(), rows.len() * Self::LEN)
        }
    }

    fn build(mut f: impl FnMut(usize) -> E) -> Self {
        let hi = H::build(|j| core::array::from_fn(|k| f(j * 1024 + k)));
        let base = H::LEN * 1024;
        BigArray {
            hi,
            lo: L::build(|k| f(base + k)),
        }
    }
}

/// `A` has exactly the size and alignment of `[E; len]`.
const fn is_flat<A, E>(len: usize) -> bool {
    core::mem::size_of::<A>() == len * core::mem::size_of::<E>()
        && core::mem::align_of::<A>() == core::mem::align_of::<E>()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2 rows of 1024 then 3: 2051 elements, as `BigDim<Dim<2>, Dim<3>>` stores them.
    type Big = BigArray<[[u16; 1024]; 2], [u16; 3]>;

    #[test]
    fn a_big_array_is_its_elements_in_order() {
        assert_eq!(<Big as Row<u16>>::LEN, 2051);
        let rows = [Big::build(|i| i as u16), Big::build(|i| 5000 + i as u16)];
        let flat = Big::flatten(&rows);
        assert_eq!(flat.len(), 2 * 2051);
        assert!(flat[..2051].iter().enumerate().all(|(i, &v)| v == i as u16));
        assert_eq!((flat[2051], flat[4101]), (5000, 5000 + 2050));
        assert_eq!(core::mem::size_of::<Big>(), 2051 * 2);
    }

    #[test]
    fn flat_means_the_size_and_the_alignment_of_the_elements() {
        assert!(is_flat::<Big, u16>(2051));
        assert!(!is_flat::<Big, u16>(2050));
        assert!(!is_flat::<[u16; 1], u8>(2)); // same size, wider alignment
    }

    #[test]
    fn a_big_array_is_written_in_place() {
        let mut two = [Big::build(|_| 0), Big::build(|_| 0)];
        assert_eq!(Big::flatten_mut(&mut two).len(), 2 * 2051);
        let mut rows = [Big::build(|_| 0)];
        Big::flatten_mut(&mut rows)[2050] = 7;
        Big::flatten_mut(&mut rows)[1023] = 9;
        assert_eq!(rows[0].lo, [0, 0, 7]);
        assert_eq!(rows[0].hi[0][1023], 9);
    }
}
