//! One home for uninitialised memory: tensors built in place, each element
//! written once, with a guard so that a panicking closure leaves nothing
//! half-initialised behind.
//!
//! A result tensor is built as `MaybeUninit<Tensor<T, S>>` (on the stack,
//! or in a box for `alloc`'s constructors), its elements seen as `S::SIZE`
//! slots ([`slots`]), filled, and only then assumed initialised ([`build`],
//! [`build_boxed`]). Writing into uninitialised memory rather than over a
//! first fill saves a pass (23% to 30% on the copies of `view/copy.rs`).
//!
//! The slots are filled in order through a [`Filler`], which counts what
//! it has written: if a closure (or a `clone`) panics midway, the filler's
//! `Drop` drops the elements written so far, and the tensor, never assumed
//! initialised, is freed as raw memory. For element types without drop
//! glue (`!needs_drop::<T>()`: plain numbers) there is nothing to drop, so
//! the kernels write the slots directly, in any order, and a panic merely
//! abandons them.
//!
//! ```
//! use tensor_core::prelude::*;
//! use std::string::ToString;
//! let t = tensor![[1, 2], [3, 4]];
//! let s = t.t().map(|x| x.to_string()); // built in place, in order
//! assert_eq!(s[[0, 1]], "3");
//! let caught = std::panic::catch_unwind(|| t.map(|&x| if x < 3 { x.to_string() } else { panic!() }));
//! assert!(caught.is_err()); // "1" and "2" were dropped, nothing leaked
//! ```

#[cfg(feature = "alloc")]
extern crate alloc;

use core::mem::{self, MaybeUninit};
use core::ptr;

use crate::shape::Shape;
use crate::tensor::Tensor;

/// The elements of an uninitialised tensor as `S::SIZE` slots, row-major.
pub(crate) fn slots<T, S: Shape>(tensor: &mut MaybeUninit<Tensor<T, S>>) -> &mut [MaybeUninit<T>] {
    const { assert!(mem::size_of::<S::Storage<T>>() == S::SIZE * mem::size_of::<T>()) };
    let first = tensor.as_mut_ptr().cast::<MaybeUninit<T>>();
    // SAFETY: `Tensor` is `repr(transparent)` over `S::Storage<T>`: nested
    // arrays of exactly `S::SIZE` elements in row-major order, unpadded
    // (checked above; the `Shape` impls are the tuples of `shape.rs`).
    // `MaybeUninit<T>` has `T`'s layout, any content is valid for it, and
    // the slice borrows `tensor` exclusively for its lifetime.
    unsafe { core::slice::from_raw_parts_mut(first, S::SIZE) }
}

/// A tensor built in place by `write`, which must initialise every one of
/// the `S::SIZE` slots it is given, or panic having dropped (or, for types
/// without drop glue, abandoned) what it wrote: the contract of every
/// writer in this crate, each a [`Filler`] or a direct write of a
/// `!needs_drop` type.
#[inline(always)]
pub(crate) fn build_with<T, S: Shape>(write: impl FnOnce(&mut [MaybeUninit<T>])) -> Tensor<T, S> {
    let mut tensor = MaybeUninit::uninit();
    write(slots(&mut tensor));
    // SAFETY: `write` initialised every slot, and the slots are the
    // tensor's elements (all `S::SIZE` of them); a panic never gets here.
    unsafe { tensor.assume_init() }
}

/// A tensor whose element at flat row-major position `i` is `f(i)`, called
/// in order and written in place ([`fill`]).
#[inline(always)]
pub(crate) fn build<T, S: Shape>(f: impl FnMut(usize) -> T) -> Tensor<T, S> {
    build_with(|out| fill(out, f))
}

/// [`build_with`] in a box: the stack never holds the tensor.
#[cfg(feature = "alloc")]
#[inline(always)]
pub(crate) fn build_boxed_with<T, S: Shape>(
    write: impl FnOnce(&mut [MaybeUninit<T>]),
) -> alloc::boxed::Box<Tensor<T, S>> {
    let mut boxed = alloc::boxed::Box::<Tensor<T, S>>::new_uninit();
    write(slots(&mut boxed));
    // SAFETY: as in `build_with`: every element is initialised.
    unsafe { boxed.assume_init() }
}

/// Writes `f(i)` into every slot `i` of `out`, in order. If `f` panics, the
/// elements written so far are dropped.
#[inline(always)]
pub(crate) fn fill<T>(out: &mut [MaybeUninit<T>], mut f: impl FnMut(usize) -> T) {
    if !mem::needs_drop::<T>() {
        // Nothing to drop on a panic: the plain loop, which LLVM vectorises.
        for (i, slot) in out.iter_mut().enumerate() {
            slot.write(f(i));
        }
        return;
    }
    let mut filler = Filler::new(out);
    for i in 0..filler.slots.len() {
        filler.push(f(i));
    }
    filler.finish();
}

/// Fills slots in order and drops what it filled if it is dropped before
/// [`Filler::finish`] (by a panic): the guard of every in-order fill.
pub(crate) struct Filler<'a, T> {
    /// The slots, `slots[..written]` initialised.
    slots: &'a mut [MaybeUninit<T>],
    /// The number of slots written.
    written: usize,
}

impl<'a, T> Filler<'a, T> {
    /// A filler of `slots`, none written.
    #[inline(always)]
    pub(crate) fn new(slots: &'a mut [MaybeUninit<T>]) -> Self {
        Filler { slots, written: 0 }
    }

    /// Writes `value` into the next slot.
    ///
    /// # Panics
    ///
    /// When every slot is written.
    #[inline(always)]
    pub(crate) fn push(&mut self, value: T) {
        self.slots[self.written].write(value);
        self.written += 1;
    }

    /// Clones `values` into the next `values.len()` slots; if a clone
    /// panics, the clones made are dropped (`write_clone_of_slice`'s own
    /// guard) and so, later, is everything written before.
    ///
    /// # Panics
    ///
    /// When fewer slots are left.
    #[inline(always)]
    pub(crate) fn extend_from_slice(&mut self, values: &[T])
    where
        T: Clone,
    {
        let end = self.written + values.len();
        self.slots[self.written..end].write_clone_of_slice(values);
        self.written = end;
    }

    /// Consumes the filler, which must have written every slot; the slots
    /// stay initialised and are now the caller's.
    ///
    /// # Panics
    ///
    /// When a slot is left unwritten (the slots written are dropped).
    #[inline(always)]
    pub(crate) fn finish(self) {
        assert!(self.written == self.slots.len(), "slots left unwritten");
        mem::forget(self);
    }
}

impl<T> Drop for Filler<'_, T> {
    fn drop(&mut self) {
        let written: *mut [MaybeUninit<T>] = &mut self.slots[..self.written];
        // SAFETY: the first `written` slots were initialised by `push` or
        // `extend_from_slice` and nothing else reads them: the tensor they
        // belong to is never assumed initialised once a filler is dropped
        // unfinished (`build_with`'s writers panic through here).
        unsafe { ptr::drop_in_place(written as *mut [T]) };
    }
}

#[cfg(test)]
mod tests {
    use core::cell::Cell;
    use std::panic::{catch_unwind, AssertUnwindSafe};

    use super::*;
    use crate::prelude::*;

    std::thread_local! {
        /// The [`Counted`] values alive on this thread.
        static ALIVE: Cell<isize> = const { Cell::new(0) };
    }

    /// A value that counts how many of its kind are alive, and whose
    /// `clone` panics when its value is 13.
    #[derive(Debug, PartialEq)]
    struct Counted(usize);

    impl Counted {
        fn new(n: usize) -> Self {
            ALIVE.with(|a| a.set(a.get() + 1));
            Counted(n)
        }
    }

    impl Clone for Counted {
        fn clone(&self) -> Self {
            assert!(self.0 != 13, "clone of 13");
            Counted::new(self.0)
        }
    }

    impl Drop for Counted {
        fn drop(&mut self) {
            ALIVE.with(|a| a.set(a.get() - 1));
        }
    }

    fn alive() -> isize {
        ALIVE.with(|a| a.get())
    }

    /// Runs `f`, which must panic, and checks that it leaves the count of
    /// live values as it found it.
    fn panics_without_leaking(f: impl FnOnce()) {
        let before = alive();
        assert!(catch_unwind(AssertUnwindSafe(f)).is_err());
        assert_eq!(alive(), before, "values leaked or dropped twice");
    }

    /// A tensor counting `0, 1, 2, ..`.
    fn counted<S: Shape>() -> Tensor<Counted, S> {
        Tensor::from_flat_fn(Counted::new)
    }

    #[test]
    fn a_panicking_closure_drops_what_was_built() {
        panics_without_leaking(|| {
            build::<Counted, Shape![4, 5]>(|i| match i {
                17 => panic!("stop"),
                _ => Counted::new(i),
            });
        });
        let t = counted::<Shape![4, 8]>();
        panics_without_leaking(|| {
            t.t().map(|c| match c.0 {
                13 => panic!("stop"),
                n => Counted::new(n),
            });
        });
        panics_without_leaking(|| {
            t.zip_map(&t.flip::<Axes![1]>(), |a, b| match a.0 {
                20 => panic!("stop"),
                n => Counted::new(n + b.0),
            });
        });
        drop(t);
        assert_eq!(alive(), 0);
    }

    #[test]
    fn a_panicking_clone_drops_what_was_copied() {
        let t = counted::<Shape![64, 48]>();
        panics_without_leaking(|| drop(t.view().to_tensor()));
        panics_without_leaking(|| drop(t.t().to_tensor()));
        panics_without_leaking(|| drop(t.flip::<Axes![1]>().to_tensor()));
        panics_without_leaking(|| drop(slice!(t, ..;2, 1..;3).to_tensor()));
        panics_without_leaking(|| drop(t.t().reshape::<Shape![3072]>().to_tensor()));
        #[cfg(feature = "alloc")]
        panics_without_leaking(|| drop(t.t().to_boxed_tensor()));
        #[cfg(feature = "alloc")]
        panics_without_leaking(|| {
            drop(Tensor::<Counted, Shape![8, 8]>::boxed_from_flat_fn(|i| {
                assert!(i != 40);
                Counted::new(i)
            }))
        });
        drop(t);
        assert_eq!(alive(), 0);
    }

    #[test]
    fn finished_fills_keep_every_value() {
        let t = Tensor::<Counted, Shape![40, 40]>::from_flat_fn(|i| Counted::new(i + 100));
        let copies = (
            t.t().to_tensor(),
            t.map(|c| c.clone()),
            t.flip::<Axes![0]>().to_tensor(),
        );
        assert_eq!(alive(), 4 * 1600);
        assert!(copies.0.iter().zip(t.t().iter()).all(|(a, b)| a == b));
        drop((t, copies));
        assert_eq!(alive(), 0);
    }

    #[test]
    #[should_panic = "slots left unwritten"]
    fn an_unfinished_fill_is_refused() {
        let mut slots = [const { MaybeUninit::<Counted>::uninit() }; 3];
        let mut filler = Filler::new(&mut slots);
        filler.push(Counted::new(1));
        filler.finish();
    }
}
