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

/// The value whose bytes are `bytes` read as little-endian elements `elem`
/// bytes wide, in order, in a `const` context: one copy on a little-endian
/// target (rustc's constant evaluator copies a 1 MiB tensor in
/// milliseconds; a byte loop costs it a step per byte), each element's bytes
/// reversed on a big-endian one. The decoder under
/// [`include_tensor!`](crate::include_tensor) and `tensor_from_le_bytes`.
///
/// # Panics
///
/// When `bytes.len()` is not `size_of::<X>()` (`what` names the caller in
/// the message); in a `const` or `static` initialiser that is a compile error.
///
/// # Safety
///
/// Every bit pattern of `X` is a valid `X` (nested arrays of a plain number
/// type `elem` bytes wide, without padding).
pub(crate) const unsafe fn from_le_bytes<X>(bytes: &[u8], elem: usize) -> X {
    assert!(
        bytes.len() == mem::size_of::<X>(),
        "the byte length is not the tensor's size in bytes"
    );
    let mut out = MaybeUninit::<X>::uninit();
    let first = out.as_mut_ptr().cast::<u8>();
    if cfg!(target_endian = "little") {
        // SAFETY: `bytes` and `out` are both `bytes.len()` bytes long
        // (asserted above) and do not overlap (`out` is a fresh local).
        unsafe { ptr::copy_nonoverlapping(bytes.as_ptr(), first, bytes.len()) };
    } else {
        let mut at = 0;
        while at < bytes.len() {
            // SAFETY: `at < bytes.len() == size_of::<X>()`, inside `out`.
            unsafe { first.add(at).write(bytes[mirrored(at, elem)]) };
            at += 1;
        }
    }
    // SAFETY: every byte of `out` was written above, and the caller promises
    // that any bytes are a valid `X`.
    unsafe { out.assume_init() }
}

/// The source byte that holds output byte `at` on a big-endian target: its
/// mirror within its element of `size` bytes.
const fn mirrored(at: usize, size: usize) -> usize {
    at - at % size + (size - 1 - at % size)
}

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
///
/// The result is written once and moved into the caller's slot once: the
/// calls down to here pass the caller's slot along (`_0 = callee(..)`),
/// and [`build_on_stack`] holds the only other copy, a stack slot of its
/// own that LLVM does not merge with the caller's (the writers take its
/// address). So with `alloc`, results larger than [`HEAP_BYTES`] are
/// built on the heap instead and moved into the caller's slot from
/// there: a `[512, 512]` `f32` result (1 MiB) then takes 1 MiB of a
/// 2 MiB test thread, not 2 (`tests/in_place.rs` checks it on cargo
/// test's threads, unoptimized and optimized). The price, above the
/// threshold only, is an allocation and a copy from it (cheap once the
/// allocator reuses the block: glibc raises its `mmap` threshold to a
/// freed block's size). Without `alloc`, or below the threshold, the
/// stack slot is used.
#[inline(always)]
pub(crate) fn build_with<T, S: Shape>(write: impl FnOnce(&mut [MaybeUninit<T>])) -> Tensor<T, S> {
    #[cfg(feature = "alloc")]
    if mem::size_of::<Tensor<T, S>>() > HEAP_BYTES {
        return *build_boxed_with(write);
    }
    build_on_stack(write)
}

/// The size in bytes above which a by-value result is built on the heap
/// ([`build_with`]): unoptimized builds keep a stack slot for each local
/// of each inlined call, so the threshold is low there (64 KiB); optimized
/// ones keep one copy, and a 256 KiB result on the stack is faster
/// than an allocation, so results of more than 512 KiB are built on the heap.
#[cfg(all(feature = "alloc", debug_assertions))]
const HEAP_BYTES: usize = 64 * 1024;

/// See the unoptimized build's [`HEAP_BYTES`].
#[cfg(all(feature = "alloc", not(debug_assertions)))]
const HEAP_BYTES: usize = 512 * 1024;

/// [`build_with`] in a stack slot of its own, moved to the caller's slot
/// by one copy (`ptr::read`, which writes its destination directly).
/// Never inlined in an unoptimized build, where an inlined callee's slots
/// stay in the caller's frame whether its branch runs or not.
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
fn build_on_stack<T, S: Shape>(write: impl FnOnce(&mut [MaybeUninit<T>])) -> Tensor<T, S> {
    let mut tensor = MaybeUninit::uninit();
    write(slots(&mut tensor));
    // SAFETY: `write` initialised every slot, and the slots are the
    // tensor's elements (all `S::SIZE` of them); a panic never gets here.
    // The read moves the value out of `tensor`, which is never used again
    // (a `MaybeUninit` drops nothing).
    unsafe { tensor.as_ptr().read() }
}

/// The slots of `out`, every one set to `value`, as initialised elements:
/// for kernels that accumulate into their output (or overwrite it) and
/// want `&mut [T]` rather than slots.
#[inline(always)]
pub(crate) fn init_with<T: Copy>(out: &mut [MaybeUninit<T>], value: T) -> &mut [T] {
    for slot in out.iter_mut() {
        slot.write(value);
    }
    let len = out.len();
    // SAFETY: every slot was just written, so the slots hold `len`
    // initialised `T`s; `MaybeUninit<T>` has `T`'s layout, and the result
    // borrows `out` exclusively for its lifetime. Writing a `T` through it
    // keeps the slot initialised.
    unsafe { core::slice::from_raw_parts_mut(out.as_mut_ptr().cast::<T>(), len) }
}

/// A tensor whose element at flat row-major position `i` is `f(i)`, called
/// in order and written in place ([`fill`]).
#[inline(always)]
pub(crate) fn build<T, S: Shape>(f: impl FnMut(usize) -> T) -> Tensor<T, S> {
    build_with(|out| fill(out, f))
}

/// [`build_with`] in a box: the stack never holds the tensor.
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn build_boxed_with<T, S: Shape>(
    write: impl FnOnce(&mut [MaybeUninit<T>]),
) -> alloc::boxed::Box<Tensor<T, S>> {
    let mut boxed = alloc::boxed::Box::<Tensor<T, S>>::new_uninit();
    write(slots(&mut boxed));
    // SAFETY: as in `build_with`: every element is initialised.
    unsafe { boxed.assume_init() }
}

/// A pair of tensors of shapes `A` and `B`.
type Pair<T, A, B> = (Tensor<T, A>, Tensor<T, B>);

/// Two tensors built in place as a pair, `write_a` writing the first and
/// `write_b` the second (each with the contract of [`build_with`]'s
/// writer): a pair result, written once where it will live, as
/// [`build_with`] does for one tensor (on the heap above [`HEAP_BYTES`]).
/// If `write_b` panics, the first tensor's elements are dropped.
#[inline(always)]
pub(crate) fn build_pair_with<T, A: Shape, B: Shape>(
    write_a: impl FnOnce(&mut [MaybeUninit<T>]),
    write_b: impl FnOnce(&mut [MaybeUninit<T>]),
) -> (Tensor<T, A>, Tensor<T, B>) {
    #[cfg(feature = "alloc")]
    if mem::size_of::<Pair<T, A, B>>() > HEAP_BYTES {
        let mut boxed = alloc::boxed::Box::<Pair<T, A, B>>::new_uninit();
        write_pair(&mut boxed, write_a, write_b);
        // SAFETY: `write_pair` initialised both tensors (a panic never
        // gets here).
        return *unsafe { boxed.assume_init() };
    }
    pair_on_stack(write_a, write_b)
}

/// [`build_pair_with`] in a stack slot of its own, as [`build_on_stack`].
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
fn pair_on_stack<T, A: Shape, B: Shape>(
    write_a: impl FnOnce(&mut [MaybeUninit<T>]),
    write_b: impl FnOnce(&mut [MaybeUninit<T>]),
) -> (Tensor<T, A>, Tensor<T, B>) {
    let mut pair = MaybeUninit::uninit();
    write_pair(&mut pair, write_a, write_b);
    // SAFETY: as in `build_on_stack`: both tensors are initialised, and
    // the read moves the pair out of a `MaybeUninit`, never used again.
    unsafe { pair.as_ptr().read() }
}

/// Initialises both tensors of `pair` by their writers, the first
/// dropped again if the second writer panics.
#[inline(always)]
fn write_pair<T, A: Shape, B: Shape>(
    pair: &mut MaybeUninit<Pair<T, A, B>>,
    write_a: impl FnOnce(&mut [MaybeUninit<T>]),
    write_b: impl FnOnce(&mut [MaybeUninit<T>]),
) {
    let p = pair.as_mut_ptr();
    // SAFETY: `p` points to the pair (valid for writes, uninitialised);
    // `&raw mut` takes each field's address without reading it, and a
    // `MaybeUninit<Tensor>` has the tensor's layout. The two fields are
    // disjoint, so the two exclusive borrows do not overlap, and neither
    // outlives `pair`'s borrow.
    let (a, b) = unsafe {
        (
            &mut *(&raw mut (*p).0).cast::<MaybeUninit<Tensor<T, A>>>(),
            &mut *(&raw mut (*p).1).cast::<MaybeUninit<Tensor<T, B>>>(),
        )
    };
    let a = slots(a);
    write_a(a);
    // A guard of the first tensor's elements, now all written: dropped
    // (so dropping them) only if `write_b` panics.
    let mut first = Filler::new(a);
    first.written = first.slots.len();
    write_b(slots(b));
    mem::forget(first);
}

/// The slots of `out`, the first `values.len()` set to copies of
/// `values`, as initialised elements (`out` must be that long).
#[inline(always)]
pub(crate) fn init_from<'o, T: Copy>(out: &'o mut [MaybeUninit<T>], values: &[T]) -> &'o mut [T] {
    let out = &mut out[..values.len()];
    out.write_copy_of_slice(values);
    // SAFETY: every slot was just written (`write_copy_of_slice` writes
    // all of `out`, as long as `values`), as in `init_with`.
    unsafe { core::slice::from_raw_parts_mut(out.as_mut_ptr().cast::<T>(), values.len()) }
}

/// Initialised elements seen as slots, for writers that take slots: they
/// write an initialised value into every slot they are given and nothing
/// else, so the elements stay initialised, and `T: Copy` drops nothing
/// when overwritten.
#[inline(always)]
pub(crate) fn as_slots<T: Copy>(elems: &mut [T]) -> &mut [MaybeUninit<T>] {
    let len = elems.len();
    // SAFETY: `MaybeUninit<T>` has `T`'s layout, the slots are initialised
    // (and the writers of this crate only write initialised values into
    // them), and the result borrows `elems` exclusively.
    unsafe { core::slice::from_raw_parts_mut(elems.as_mut_ptr().cast::<MaybeUninit<T>>(), len) }
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

    /// The big-endian path's byte order (this host runs the other path).
    #[test]
    fn big_endian_reads_each_element_mirrored() {
        let order: std::vec::Vec<usize> = (0..8).map(|at| super::mirrored(at, 4)).collect();
        assert_eq!(order, [3, 2, 1, 0, 7, 6, 5, 4]);
        let file = 0x0102_0304u32.to_le_bytes();
        let big: [u8; 4] = core::array::from_fn(|at| file[super::mirrored(at, 4)]);
        assert_eq!(big, 0x0102_0304u32.to_be_bytes());
        assert_eq!(
            (0..2)
                .map(|at| super::mirrored(at, 1))
                .collect::<std::vec::Vec<_>>(),
            [0, 1]
        );
    }

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
    fn a_pair_is_built_whole_or_dropped_whole() {
        let before = alive();
        let (a, b) = build_pair_with::<Counted, Shape![2, 3], Shape![4]>(
            |out| fill(out, Counted::new),
            |out| fill(out, |i| Counted::new(10 + i)),
        );
        assert_eq!(alive(), before + 10);
        assert_eq!((a[[1, 2]].0, b[[3]].0), (5, 13));
        drop((a, b));
        panics_without_leaking(|| {
            build_pair_with::<Counted, Shape![3, 4], Shape![5]>(
                |out| fill(out, Counted::new),
                |out| {
                    fill(out, |i| {
                        if i == 3 {
                            panic!("stop")
                        } else {
                            Counted::new(i)
                        }
                    })
                },
            );
        });
        #[cfg(feature = "alloc")] // above the heap threshold: built in a box
        panics_without_leaking(|| {
            build_pair_with::<Counted, Shape![2], Shape![64, 1024]>(
                |out| fill(out, Counted::new),
                |out| {
                    fill(out, |i| {
                        if i == 999 {
                            panic!("stop")
                        } else {
                            Counted::new(i)
                        }
                    })
                },
            );
        });
        assert_eq!(alive(), before);
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
