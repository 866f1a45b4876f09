//! The kernels behind `einsum!`: strided walks that gather, take diagonals
//! and sum (`plan.rs` computes them), and the matmul kernel for the
//! contraction itself.
//!
//! A walk that reads a contiguous operand in order is no walk at all: the
//! operand's slice goes to the matmul kernel as it is (`bij,bjk->bik` and
//! `ij,jk->ik` copy nothing). Otherwise the operand is walked into a
//! scratch tensor of its own shape (the walk never holds more elements than
//! the operand). A layout whose strides do not merge (a reshape of a
//! permuted view) is copied to a contiguous tensor first.
//!
//! ```
//! use tensor_core::prelude::*;
//! let q = Tensor::<f32, Shape![2, 3, 4]>::from_flat_fn(|i| i as f32);
//! let k = Tensor::<f32, Shape![2, 5, 4]>::from_flat_fn(|i| (i % 3) as f32);
//! assert_eq!(einsum!("bqd,bkd->bqk", &q, &k), q.matmul(&k.permute::<Axes![0, 2, 1]>()));
//! ```

use core::marker::PhantomData;

use super::gather::gather;
use super::plan::{contraction, walk, Contraction, Spec, Walk};
use crate::layout::{row_major, Layout, Padded, RowMajor};
use crate::num::{Accumulate, MulAccumulate, Zero};
use crate::ops::matmul::dense_batched;
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::uninit::{build_scratch, build_with};
use crate::view::{first_position, View};

/// A spec, as a type: `einsum!` implements it for a local type per call.
pub trait EinsumSpec {
    /// The labels of each operand and of the result.
    const SPEC: Spec;
}

/// The dims and strides of layout `L` (row-major when it has no strides:
/// its operand is then copied first).
const fn geometry<L: Layout>() -> (Padded<usize>, Padded<isize>) {
    let dims = <L::Shape as Shape>::PADDED;
    match L::STRIDES {
        Some(strides) => (dims, strides),
        None => (dims, row_major(dims, <L::Shape as Shape>::RANK)),
    }
}

/// `einsum!` of one operand: the result is one walk of it.
#[inline]
pub fn einsum1<E, T, L, O>(a: &View<'_, T, L>, _: PhantomData<O>) -> Tensor<T, O>
where
    E: EinsumSpec,
    T: Accumulate,
    L: Layout,
    O: Shape,
{
    if const { L::STRIDES.is_none() } {
        let mut copy = Default::default();
        let a = a.row_major_in(&mut copy);
        return einsum1::<E, T, RowMajor<L::Shape>, O>(&a, PhantomData);
    }
    let w = const {
        let (dims, strides) = geometry::<L>();
        walk(E::SPEC.a, dims, strides, E::SPEC.out)
    };
    build_with(|slots| {
        let out = slots.init_with(T::narrow(Zero::ZERO));
        let (data, state) = a.parts();
        gather(data, first_position::<L>(&state), &w, out);
    })
}

/// `einsum!` of two operands: each walked into matmul order (or read in
/// place), one batched product, and the product walked into the result's
/// order unless it already is in it.
#[inline]
pub fn einsum2<E, T, La, Lb, O>(
    a: &View<'_, T, La>,
    b: &View<'_, T, Lb>,
    _: PhantomData<O>,
) -> Tensor<T, O>
where
    E: EinsumSpec,
    T: MulAccumulate,
    La: Layout,
    Lb: Layout,
    O: Shape,
{
    if const { La::STRIDES.is_none() } {
        let mut copy = Default::default();
        let a = a.row_major_in(&mut copy);
        return einsum2::<E, T, RowMajor<La::Shape>, Lb, O>(&a, b, PhantomData);
    }
    if const { Lb::STRIDES.is_none() } {
        let mut copy = Default::default();
        let b = b.row_major_in(&mut copy);
        return einsum2::<E, T, La, RowMajor<Lb::Shape>, O>(a, &b, PhantomData);
    }
    let plan: Contraction = const { contraction(E::SPEC, geometry::<La>(), geometry::<Lb>()) };
    build_with(|slots| {
        operand(a, &plan.a, |pa| {
            operand(b, &plan.b, |pb| match plan.c.identity {
                true => dense_batched(pa, pb, slots, plan.sizes),
                false => {
                    let out = slots.init_with(T::narrow(Zero::ZERO));
                    reordered::<T, O>(pa, pb, out, &plan)
                }
            })
        })
    })
}

/// The product into a scratch tensor, then walked into `out`.
#[inline(never)]
fn reordered<T: MulAccumulate, O: Shape>(pa: &[T], pb: &[T], out: &mut [T], plan: &Contraction) {
    // On the heap with `alloc`: the product may be larger than the stack.
    let c = build_scratch::<Tensor<T, O>>(|slots| dense_batched(pa, pb, slots, plan.sizes));
    gather(c.as_slice(), 0, &plan.c, out);
}

/// `f` of the operand `v` walked by `w`: its own elements when the walk is
/// the identity on a contiguous layout, else a walked copy.
#[inline(always)]
fn operand<T: Accumulate, L: Layout, R>(
    v: &View<'_, T, L>,
    w: &Walk,
    f: impl FnOnce(&[T]) -> R,
) -> R {
    if w.identity {
        if let Some(elems) = v.as_contiguous() {
            return f(elems);
        }
    }
    walked(v, w, f)
}

/// `f` of the operand `v` walked by `w` into a scratch tensor of its shape.
#[inline(never)]
fn walked<T: Accumulate, L: Layout, R>(
    v: &View<'_, T, L>,
    w: &Walk,
    f: impl FnOnce(&[T]) -> R,
) -> R {
    // On the heap with `alloc`: the operand may be larger than the stack.
    let scratch = build_scratch::<Tensor<T, L::Shape>>(|slots| {
        let buf = slots.init_with(T::narrow(Zero::ZERO));
        let (data, state) = v.parts();
        gather(data, first_position::<L>(&state), w, &mut buf[..w.len]);
    });
    f(&scratch.as_slice()[..w.len])
}
