//! The owned tensor: inline, contiguous, row-major storage of a static shape.
//!
//! ```
//! use tensor_core::prelude::*;
//!
//! let a = tensor![[1.0f32, 2.0, 3.0], [4.0, 5.0, 6.0]];
//! let f = Tensor::<f32, Shape![2, 3]>::from_fn(|[i, j]| (i * 3 + j + 1) as f32);
//! assert_eq!(a, f);
//! assert_eq!(a.shape(), [2, 3]);
//! assert_eq!(a.iter().sum::<f32>(), 21.0);
//! ```

use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::{Index, IndexMut};

use crate::error::ShapeError;
use crate::index::{ravel, ravel_or_panic, unravel};
use crate::num::{One, Zero};
use crate::shape::Shape;
use crate::uninit::{const_fill, Contiguous};

/// An owned tensor of element type `T` and static shape `S`.
///
/// # Invariants
///
/// * The elements are stored inline in `S::Storage<T>`, nested arrays whose
///   flattening is exactly `S::SIZE` elements in row-major (C) order: the
///   element at multi-index `[i0, i1, ...]` is at flat position
///   `i0 * S::STRIDES[0] + i1 * S::STRIDES[1] + ...`.
/// * The shape lives only in the type: a `Tensor` is exactly as large as its
///   elements (`size_of::<Tensor<f32, Shape![2, 3]>>() == 24`), has no
///   heap allocation, and is `Copy` when `T` is.
/// * Every element is initialised; every constructor checks lengths (at
///   compile time for `tensor!`, at run time for [`Tensor::try_from_slice`]).
///
/// ```
/// use tensor_core::prelude::*;
/// static W: Tensor<f32, Shape![2, 2]> = tensor![[1.0, 0.0], [0.0, 1.0]];
/// const B: Tensor<i32, Shape![3]> = tensor![1, 2, 3];
/// assert_eq!(W[[1, 1]], 1.0);
/// assert_eq!(core::mem::size_of_val(&B), 12);
/// ```
#[repr(transparent)]
pub struct Tensor<T, S: Shape> {
    data: S::Storage<T>,
}

// SAFETY: a `Tensor<T, S>` is `repr(transparent)` over `S::Storage<T>`,
// nested arrays of `T` (the sealed `Shape`'s storage) holding exactly
// `S::SIZE` elements in row-major order, contiguous and unpadded, and any
// `S::SIZE` initialised elements are a tensor (the builders of `uninit/`
// also assert the size).
unsafe impl<T, S: Shape> Contiguous for Tensor<T, S> {
    type Elem = T;
    const LEN: usize = S::SIZE;
}

impl<T, S: Shape> Tensor<T, S> {
    /// A tensor holding the nested array `data` (`[[T; 3]; 2]` for `[2, 3]`).
    /// A `const fn`: this is what `tensor!` expands to.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// const T: Tensor<u8, Shape![2, 2]> = Tensor::from_array([[1, 2], [3, 4]]);
    /// assert_eq!(T[[1, 0]], 3);
    /// ```
    pub const fn from_array(data: S::Storage<T>) -> Self {
        Tensor { data }
    }

    /// The nested array holding the elements, borrowed. A `const fn`: a
    /// constant's elements can be read at compile time.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// const T: Tensor<i8, Shape![2, 2]> = Tensor::from_array([[1, 2], [3, 4]]);
    /// const CORNER: i8 = T.as_array()[1][0];
    /// assert_eq!(CORNER, 3);
    /// ```
    pub const fn as_array(&self) -> &S::Storage<T> {
        &self.data
    }

    /// The nested array holding the elements.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// assert_eq!(tensor![[1, 2], [3, 4]].into_array(), [[1, 2], [3, 4]]);
    /// ```
    pub fn into_array(self) -> S::Storage<T> {
        self.data
    }

    /// A tensor whose element at each multi-index `[i, j, ...]` is `f([i, j, ...])`,
    /// called in row-major order.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = Tensor::<usize, Shape![2, 3]>::from_fn(|[i, j]| 10 * i + j);
    /// assert_eq!(t, tensor![[0, 1, 2], [10, 11, 12]]);
    /// ```
    ///
    /// The index is `[usize; R]` with `R` tied to the shape's rank, rather
    /// than `S::Index`, so that the closure's pattern types it even when `S`
    /// comes from the expected type: `let t: Tensor<_, S> = Tensor::from_fn(|[i, j]| ..)`.
    pub fn from_fn<const R: usize>(mut f: impl FnMut([usize; R]) -> T) -> Self
    where
        S: Shape<Index = [usize; R]>,
    {
        Self::from_flat_fn(|flat| f(unravel::<S>(flat)))
    }

    /// A tensor whose element at flat row-major position `i` is `f(i)`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = Tensor::<usize, Shape![2, 2]>::from_flat_fn(|i| i * i);
    /// assert_eq!(t.as_slice(), &[0, 1, 4, 9]);
    /// ```
    pub fn from_flat_fn(f: impl FnMut(usize) -> T) -> Self {
        // Written in place (`uninit/`): nested `array::from_fn`s kept
        // three copies of a `[256, 256]` result on an unoptimized stack.
        crate::uninit::build(f)
    }

    /// A tensor with every element equal to `value`. For a `const` or a
    /// `static`, [`Tensor::splat`] does the same as a `const fn` when `T: Copy`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// assert_eq!(Tensor::<i8, Shape![2]>::full(-1), tensor![-1, -1]);
    /// ```
    pub fn full(value: T) -> Self
    where
        T: Clone,
    {
        Self::from_flat_fn(|_| value.clone())
    }

    /// A tensor of zeros. A `const fn`: it can initialise a `static`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// assert_eq!(Tensor::<f32, Shape![2, 3]>::zeros().iter().sum::<f32>(), 0.0);
    /// static ACC: Tensor<f32, Shape![4, 4]> = Tensor::zeros();
    /// ```
    pub const fn zeros() -> Self
    where
        T: Zero,
    {
        const_fill!(Self, T::ZERO)
    }

    /// A tensor of ones. A `const fn`, as [`Tensor::zeros`].
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// assert_eq!(Tensor::<u32, Shape![2, 3]>::ones().iter().sum::<u32>(), 6);
    /// ```
    pub const fn ones() -> Self
    where
        T: One,
    {
        const_fill!(Self, T::ONE)
    }

    /// A tensor with every element equal to `value`: [`Tensor::full`] as a
    /// `const fn`, for element types that are `Copy`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// static BIAS: Tensor<f32, Shape![8]> = Tensor::splat(0.125);
    /// assert_eq!(BIAS.iter().sum::<f32>(), 1.0);
    /// assert_eq!(Tensor::<i8, Shape![2]>::splat(-1), Tensor::full(-1));
    /// ```
    pub const fn splat(value: T) -> Self
    where
        T: Copy,
    {
        const_fill!(Self, value)
    }

    /// A tensor holding a copy of `data`, which is read in row-major order.
    ///
    /// # Errors
    ///
    /// [`ShapeError`] naming the shape, the expected and the found length when
    /// `data.len()` is not the shape's element count.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let v = [1, 2, 3, 4, 5, 6];
    /// let t = Tensor::<i32, Shape![2, 3]>::try_from_slice(&v)?;
    /// assert_eq!(t[[1, 0]], 4);
    /// assert!(Tensor::<i32, Shape![4, 2]>::try_from_slice(&v).is_err());
    /// # Ok::<(), tensor_core::ShapeError>(())
    /// ```
    pub fn try_from_slice(data: &[T]) -> Result<Self, ShapeError>
    where
        T: Clone,
    {
        if data.len() != S::SIZE {
            return Err(ShapeError::length(S::DIMS.as_ref(), data.len()));
        }
        Ok(Self::from_flat_fn(|i| data[i].clone()))
    }

    /// The dimensions, `[usize; RANK]`.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// assert_eq!(Tensor::<f32, Shape![2, 3]>::zeros().shape(), [2, 3]);
    /// ```
    pub const fn shape(&self) -> S::Index {
        S::DIMS
    }

    /// The elements as a flat row-major slice.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// assert_eq!(tensor![[1, 2], [3, 4]].as_slice(), &[1, 2, 3, 4]);
    /// ```
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        S::flatten(&self.data)
    }

    /// The elements as a flat row-major mutable slice.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let mut t = tensor![1, 2, 3];
    /// t.as_mut_slice().reverse();
    /// assert_eq!(t, tensor![3, 2, 1]);
    /// ```
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        S::flatten_mut(&mut self.data)
    }

    /// The elements in row-major order.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[1, 2], [3, 4]];
    /// assert_eq!(t.iter().copied().max(), Some(4));
    /// ```
    pub fn iter(&self) -> core::slice::Iter<'_, T> {
        self.as_slice().iter()
    }

    /// The elements in row-major order, mutably.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let mut t = tensor![1, 2, 3];
    /// t.iter_mut().for_each(|x| *x *= 2);
    /// assert_eq!(t, tensor![2, 4, 6]);
    /// ```
    pub fn iter_mut(&mut self) -> core::slice::IterMut<'_, T> {
        self.as_mut_slice().iter_mut()
    }

    /// A copy of the tensor, as `clone()` makes: the same call as a view's
    /// [`View::to_tensor`](crate::View::to_tensor), so a chain that ends
    /// in `.to_tensor()` reads the same after `into_permute` or
    /// `into_reshape` as after `permute` or `reshape`. (A large tensor is
    /// copied on the stack, as `clone()` copies it: use
    /// `to_boxed_tensor()` for one.)
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[1, 2], [3, 4]];
    /// assert_eq!(t.into_t().to_tensor(), t.t().to_tensor());
    /// ```
    pub fn to_tensor(&self) -> Self
    where
        T: Clone,
    {
        self.clone()
    }
}

impl<'a, T, S: Shape> IntoIterator for &'a Tensor<T, S> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, T, S: Shape> IntoIterator for &'a mut Tensor<T, S> {
    type Item = &'a mut T;
    type IntoIter = core::slice::IterMut<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl<T: Clone, S: Shape> Clone for Tensor<T, S> {
    /// A copy, built in place (with `alloc`, a large tensor on the heap
    /// first, as every by-value result). Cloning a
    /// `Box<Tensor>` goes through std's `Box::clone`, which holds the
    /// clone on the stack: for large boxed tensors use
    /// `to_boxed_tensor()` (feature `alloc`).
    fn clone(&self) -> Self {
        let elems = self.as_slice();
        Self::from_flat_fn(|i| elems[i].clone())
    }
}

impl<T: Copy, S: Shape> Copy for Tensor<T, S> where S::Storage<T>: Copy {}

impl<T: PartialEq, S: Shape> PartialEq for Tensor<T, S> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Eq, S: Shape> Eq for Tensor<T, S> {}

impl<T: Hash, S: Shape> Hash for Tensor<T, S> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl<T: Default, S: Shape> Default for Tensor<T, S> {
    fn default() -> Self {
        Self::from_flat_fn(|_| T::default())
    }
}

/// `Tensor { shape: [2, 3], data: [1, 2, 3, 4, 5, 6] }`: the shape and the
/// flat row-major elements.
impl<T: fmt::Debug, S: Shape> fmt::Debug for Tensor<T, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tensor")
            .field("shape", &S::DIMS)
            .field("data", &self.as_slice())
            .finish()
    }
}

impl<T, S: Shape> Tensor<T, S> {
    /// The element at `index`, or `None` if any axis is out of range.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let t = tensor![[1, 2], [3, 4]];
    /// assert_eq!(t.get([1, 0]), Some(&3));
    /// assert_eq!(t.get([0, 2]), None);
    /// ```
    #[inline]
    pub fn get(&self, index: S::Index) -> Option<&T> {
        ravel::<S>(&index).map(|flat| &self.as_slice()[flat])
    }

    /// The element at `index`, mutably, or `None` if out of range.
    ///
    /// ```
    /// use tensor_core::prelude::*;
    /// let mut t = tensor![[1, 2], [3, 4]];
    /// *t.get_mut([0, 1]).unwrap() = 20;
    /// assert_eq!(t, tensor![[1, 20], [3, 4]]);
    /// ```
    #[inline]
    pub fn get_mut(&mut self, index: S::Index) -> Option<&mut T> {
        ravel::<S>(&index).map(|flat| &mut self.as_mut_slice()[flat])
    }
}

impl<T, S: Shape> Index<S::Index> for Tensor<T, S> {
    type Output = T;

    #[inline]
    #[track_caller]
    fn index(&self, index: S::Index) -> &T {
        &self.as_slice()[ravel_or_panic::<S>(&index)]
    }
}

impl<T, S: Shape> IndexMut<S::Index> for Tensor<T, S> {
    #[inline]
    #[track_caller]
    fn index_mut(&mut self, index: S::Index) -> &mut T {
        let flat = ravel_or_panic::<S>(&index);
        &mut self.as_mut_slice()[flat]
    }
}
