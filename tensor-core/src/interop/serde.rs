//! `Serialize` and `Deserialize` as nested sequences (feature `serde`).
//!
//! A tensor of shape `[2, 3]` is a sequence of 2 sequences of 3 elements
//! (serde_json: `[[1,2,3],[4,5,6]]`), as NumPy's `tolist()` gives; a
//! rank-0 tensor is its bare element. Views serialize the same way.
//! Deserializing checks every sequence against its dimension, and an error
//! names the axis, the position of the sequence (the indices of the axes
//! before it) and the expected length: `invalid length 2, expected a
//! sequence of 3 elements for axis 1 at index [1] of shape [2, 3]`.
//! Nothing allocates: the elements are written in place into a tensor first
//! filled with `T::default()`, so deserializing needs `T: Default` (every
//! number type is).
//!
//! ```
//! use tensor_core::prelude::*;
//! let t = tensor![[1, 2, 3], [4, 5, 6]];
//! let json = serde_json::to_string(&t).unwrap();
//! assert_eq!(json, "[[1,2,3],[4,5,6]]");
//! assert_eq!(serde_json::from_str::<Tensor<i32, Shape![2, 3]>>(&json).unwrap(), t);
//! let err = serde_json::from_str::<Tensor<i32, Shape![2, 3]>>("[[1,2,3],[4,5]]").unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "invalid length 2, expected a sequence of 3 elements for axis 1 at index [1] of shape [2, 3] at line 1 column 14"
//! );
//! ```

use crate::shape::MAX_RANK;
use core::fmt;

use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, SeqAccess, Visitor};
use serde::ser::{SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};

use crate::layout::nest::Block;
use crate::layout::Layout;
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::view::{View, ViewMut};

/// Elements reachable by flat row-major position: a tensor or a view.
trait Elements {
    /// The element type.
    type Elem;
    /// The element at flat row-major position `flat`.
    fn at(&self, flat: usize) -> &Self::Elem;
}

impl<T, S: Shape> Elements for Tensor<T, S> {
    type Elem = T;
    fn at(&self, flat: usize) -> &T {
        &self.as_slice()[flat]
    }
}

impl<T, L: Layout> Elements for View<'_, T, L> {
    type Elem = T;
    fn at(&self, flat: usize) -> &T {
        self.at_flat(flat)
    }
}

/// A block of a tensor or view, serialized as nested sequences (its bare
/// element when the block has rank 0).
struct Nested<'a, E> {
    block: Block<'a>,
    elems: &'a E,
}

impl<E: Elements> Serialize for Nested<'_, E>
where
    E::Elem: Serialize,
{
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        let Some(len) = self.block.len() else {
            return self.elems.at(self.block.start).serialize(serializer);
        };
        let mut seq = serializer.serialize_seq(Some(len))?;
        for block in self.block.subs() {
            seq.serialize_element(&Nested {
                block,
                elems: self.elems,
            })?;
        }
        seq.end()
    }
}

/// Serializes `elems` of shape `dims` as nested sequences.
fn serialize_nested<E: Elements, Z: Serializer>(
    dims: &[usize],
    elems: &E,
    serializer: Z,
) -> Result<Z::Ok, Z::Error>
where
    E::Elem: Serialize,
{
    let block = Block::whole(dims);
    Nested { block, elems }.serialize(serializer)
}

/// Nested sequences: `[[1,2,3],[4,5,6]]` for shape `[2, 3]`; a rank-0
/// tensor is its element.
impl<T: Serialize, S: Shape> Serialize for Tensor<T, S> {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serialize_nested(S::DIMS.as_ref(), self, serializer)
    }
}

/// The logical elements as nested sequences, as for [`Tensor`].
impl<T: Serialize, L: Layout> Serialize for View<'_, T, L> {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serialize_nested(<L::Shape as Shape>::DIMS.as_ref(), self, serializer)
    }
}

/// As for [`View`].
impl<T: Serialize, L: Layout> Serialize for ViewMut<'_, T, L> {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        self.view().serialize(serializer)
    }
}

/// Nested sequences whose lengths are the shape's dims, checked at every
/// level (see the module documentation); a rank-0 tensor is its element.
impl<'de, T: Deserialize<'de> + Default, S: Shape> Deserialize<'de> for Tensor<T, S> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let mut tensor = Tensor::default();
        let dims = S::DIMS;
        if S::RANK == 0 {
            tensor.as_mut_slice()[0] = T::deserialize(deserializer)?;
            return Ok(tensor);
        }
        let level = Level {
            dims: dims.as_ref(),
            path: [0; MAX_RANK],
            axis: 0,
            out: tensor.as_mut_slice(),
        };
        level.deserialize(deserializer)?;
        Ok(tensor)
    }
}

/// The sequence for axis `axis` at index `path[..axis]`, whose elements go
/// to `out` (its block of the tensor, in row-major order).
struct Level<'a, T> {
    dims: &'a [usize],
    path: [usize; MAX_RANK],
    axis: usize,
    out: &'a mut [T],
}

impl<T> Level<'_, T> {
    /// The length this sequence must have.
    fn len(&self) -> usize {
        self.dims[self.axis]
    }
}

/// What is expected, for serde's errors (through `expecting`): `3 elements
/// for axis 1 at index [1] of shape [2, 3]`.
impl<T> fmt::Display for Level<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} elements for axis {}", self.len(), self.axis)?;
        if self.axis > 0 {
            write!(f, " at index {:?}", &self.path[..self.axis])?;
        }
        write!(f, " of shape {:?}", self.dims)
    }
}

impl<'de, T: Deserialize<'de>> DeserializeSeed<'de> for Level<'_, T> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de, T: Deserialize<'de>> Visitor<'de> for Level<'_, T> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a sequence of {self}")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let len = self.len();
        if let Some(announced) = seq.size_hint().filter(|&n| n != len) {
            return Err(serde::de::Error::invalid_length(announced, &self));
        }
        let inner = self.out.len().checked_div(len).unwrap_or(0);
        let last = self.axis + 1 == self.dims.len();
        for i in 0..len {
            let block = &mut self.out[i * inner..(i + 1) * inner];
            let found = match last {
                true => seq.next_element()?.map(|v| block[0] = v),
                false => {
                    let mut path = self.path;
                    path[self.axis] = i;
                    let (dims, axis) = (self.dims, self.axis + 1);
                    seq.next_element_seed(Level {
                        dims,
                        path,
                        axis,
                        out: block,
                    })?
                }
            };
            if found.is_none() {
                return Err(serde::de::Error::invalid_length(i, &self));
            }
        }
        // Count what is left, so the error says how long the sequence was.
        let mut extra = 0;
        while seq.next_element::<IgnoredAny>()?.is_some() {
            extra += 1;
        }
        match extra {
            0 => Ok(()),
            _ => Err(serde::de::Error::invalid_length(len + extra, &self)),
        }
    }
}
