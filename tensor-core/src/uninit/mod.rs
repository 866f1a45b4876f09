//! One home for uninitialised memory: values built in place, each element
//! written once, with a guard so that a panicking closure leaves nothing
//! half-initialised behind. No other module names `MaybeUninit`: the ops
//! write through the safe [`Slots`] API, and the builders here assume a
//! value initialised only once its writer has returned.
//!
//! A result (a tensor: any [`Contiguous`] value) is built as
//! `MaybeUninit<X>` (on the stack, or in a box for `alloc`'s
//! constructors), its elements seen as `X::LEN` [`Slots`], filled, and
//! only then assumed initialised ([`build_with`], [`build_boxed_with`],
//! [`build_pair_with`]). Writing into uninitialised memory rather than over
//! a first fill saves a pass (23% to 30% on the copies of `view/copy.rs`).
//!
//! The slots are filled in order through a [`Filler`] (or
//! [`Slots::fill`]), which counts what it has written: if a closure (or a
//! `clone`) panics midway, the filler's `Drop` drops the elements written
//! so far, and the value, never assumed initialised, is freed as raw
//! memory. For element types without drop glue (`!needs_drop::<T>()`:
//! plain numbers) there is nothing to drop, so the kernels write the slots
//! directly, in any order, and a panic merely abandons them.
//!
//! In unoptimized builds (the tests) the builders hand out slots holding a
//! poison byte pattern rather than whatever the stack or heap held: a
//! writer that misses a slot then leaves a value no test expects, not a
//! correct one an earlier build left in the same place.
//!
//! The files: `slots.rs` (the [`Slots`] of a value being built and the
//! [`Buffer`]s a kernel stages values in), `filler.rs` (the in-order
//! guard), `bytes.rs` (little-endian decoding into uninitialised memory)
//! and `const_fill.rs` (the `const fn` constructors' fill).
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

mod bytes;
mod const_fill;
mod filler;
mod slots;
#[cfg(test)]
mod tests;

pub(crate) use bytes::from_le_bytes;
pub(crate) use const_fill::const_fill;
pub(crate) use filler::Filler;
pub(crate) use slots::{as_slots, Buffer, Slots};

/// A value that is exactly [`LEN`](Contiguous::LEN) elements of type
/// [`Elem`](Contiguous::Elem) in a row and nothing else: what the builders
/// of this module write in place. `tensor.rs` implements it for `Tensor`
/// (this module stays below the tensor: it knows only this trait).
///
/// # Safety
///
/// `size_of::<Self>() == LEN * size_of::<Elem>()` (the builders also assert
/// it), element `i` starts at byte `i * size_of::<Elem>()`, and any `LEN`
/// initialised elements make a valid `Self`.
pub(crate) unsafe trait Contiguous {
    /// The element type.
    type Elem;
    /// The number of elements.
    const LEN: usize;
}

/// The elements of an uninitialised `X` as `X::LEN` slots, in order.
#[inline(always)]
fn slots<X: Contiguous>(value: &mut MaybeUninit<X>) -> &mut Slots<X::Elem> {
    const { assert!(mem::size_of::<X>() == X::LEN * mem::size_of::<X::Elem>()) };
    // One pointer for the poison and the slots: taking a second from
    // `value` would invalidate the first (Miri, Stacked Borrows).
    let first = value.as_mut_ptr().cast::<MaybeUninit<X::Elem>>();
    // In unoptimized builds (the tests) the slots start as a byte pattern,
    // so that a writer that misses a slot leaves garbage a test sees, not
    // the value an earlier build left in the same stack slot.
    #[cfg(debug_assertions)]
    // SAFETY: `first` points at `value`'s `size_of::<X>()` writable bytes,
    // and any bytes are a valid `MaybeUninit`.
    unsafe {
        core::ptr::write_bytes(first.cast::<u8>(), POISON, mem::size_of::<X>())
    };
    // SAFETY: `X` is `X::LEN` elements in a row from its first byte,
    // unpadded (`Contiguous`, and the size checked above). `MaybeUninit`
    // has its content's layout, any content is valid for it, and the slice
    // borrows `value` exclusively for its lifetime.
    Slots::new(unsafe { core::slice::from_raw_parts_mut(first, X::LEN) })
}

/// The byte unwritten slots hold in unoptimized builds ([`slots`]): as an
/// `f32` about `-2.9e-16`, as an `i32` `-1515870811`.
#[cfg(debug_assertions)]
const POISON: u8 = 0xA5;

/// A value built in place by `write`, which must initialise every one of
/// the `X::LEN` slots it is given, or panic having dropped (or, for types
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
pub(crate) fn build_with<X: Contiguous>(write: impl FnOnce(&mut Slots<X::Elem>)) -> X {
    // A `const` condition: rustc does not lower the arm not taken, so
    // `write` has one call site in the code LLVM sees.
    #[cfg(feature = "alloc")]
    if const { mem::size_of::<X>() > HEAP_BYTES } {
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
fn build_on_stack<X: Contiguous>(write: impl FnOnce(&mut Slots<X::Elem>)) -> X {
    let mut value = MaybeUninit::<X>::uninit();
    write(slots(&mut value));
    // SAFETY: `write` initialised every slot, and the slots are all of the
    // value's elements (`Contiguous`); a panic never gets here. The read
    // moves the value out of `value`, which is never used again (a
    // `MaybeUninit` drops nothing).
    unsafe { value.as_ptr().read() }
}

/// A slot of the caller's for a value built in place on demand
/// ([`Scratch::build_with`]): a scratch copy that takes the stack only
/// where the caller declares it, written once, with no temporary of its
/// size (unoptimized builds keep one for each by-value step, as
/// `*slot = Some(build_with(..))` would take). Drops the value, if built.
/// Used without `alloc` (`view/contiguous.rs`; with it copies are boxed),
/// tested with and without.
#[cfg_attr(feature = "alloc", allow(dead_code))]
pub(crate) struct Scratch<X> {
    value: MaybeUninit<X>,
    built: bool,
}

impl<X> Default for Scratch<X> {
    #[inline(always)]
    fn default() -> Self {
        Scratch {
            // A constant: an unoptimized build then keeps no temporary of
            // the value's size for it.
            value: const { MaybeUninit::uninit() },
            built: false,
        }
    }
}

#[cfg_attr(feature = "alloc", allow(dead_code))]
impl<X: Contiguous> Scratch<X> {
    /// The value built by `write` in this slot, which must initialise every
    /// one of the `X::LEN` slots it is given, as [`build_with`]'s writer
    /// (or panic, leaving the slot empty). A value built before is
    /// dropped first.
    pub(crate) fn build_with(&mut self, write: impl FnOnce(&mut Slots<X::Elem>)) -> &X {
        self.clear();
        write(slots(&mut self.value));
        self.built = true;
        // SAFETY: `write` initialised every slot of the value (its
        // contract; a panic never gets here), and the slots are all of
        // the value's elements (`Contiguous`).
        unsafe { self.value.assume_init_ref() }
    }
}

impl<X> Scratch<X> {
    /// Drops the value, if built, leaving the slot empty.
    fn clear(&mut self) {
        if self.built {
            self.built = false;
            // SAFETY: `built` says the value is initialised; it is marked
            // empty first, so a panicking drop cannot drop it again.
            unsafe { self.value.assume_init_drop() }
        }
    }
}

impl<X> Drop for Scratch<X> {
    fn drop(&mut self) {
        self.clear();
    }
}

/// A value whose element at position `i` is `f(i)`, called in order and
/// written in place ([`Slots::fill`]).
#[inline(always)]
pub(crate) fn build<X: Contiguous>(f: impl FnMut(usize) -> X::Elem) -> X {
    build_with(|out| out.fill(f))
}

/// [`build_with`] in a box: the stack never holds the value.
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn build_boxed_with<X: Contiguous>(
    write: impl FnOnce(&mut Slots<X::Elem>),
) -> alloc::boxed::Box<X> {
    let mut boxed = alloc::boxed::Box::<X>::new_uninit();
    write(slots(&mut boxed));
    // SAFETY: as in `build_with`: every element is initialised.
    unsafe { boxed.assume_init() }
}

/// A scratch value built in place by `write` (the contract of
/// [`build_with`]'s writer), for a kernel's own use: in a box with `alloc`,
/// so that the stack never holds it (`einsum!`'s walked operands, at any
/// size), else by value.
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn build_scratch<X: Contiguous>(
    write: impl FnOnce(&mut Slots<X::Elem>),
) -> alloc::boxed::Box<X> {
    build_boxed_with(write)
}

/// [`build_scratch`] without `alloc`: the value itself.
#[cfg(not(feature = "alloc"))]
#[inline]
pub(crate) fn build_scratch<X: Contiguous>(write: impl FnOnce(&mut Slots<X::Elem>)) -> X {
    build_with(write)
}

/// A vector of `len` elements built in place by `write`, with the
/// contract of [`build_with`]'s writer (every slot written): a run-time
/// count of elements, on the heap, never staged on the stack.
#[cfg(feature = "alloc")]
pub(crate) fn build_vec_with<T>(
    len: usize,
    write: impl FnOnce(&mut Slots<T>),
) -> alloc::vec::Vec<T> {
    let mut vec = alloc::vec::Vec::with_capacity(len);
    let spare = &mut vec.spare_capacity_mut()[..len];
    // As in `slots`: unwritten slots hold a pattern a test sees.
    #[cfg(debug_assertions)]
    // SAFETY: `spare` is `len` elements of writable memory, and any bytes
    // are a valid `MaybeUninit`.
    unsafe {
        core::ptr::write_bytes(
            spare.as_mut_ptr().cast::<u8>(),
            POISON,
            mem::size_of_val(spare),
        )
    };
    write(Slots::new(spare));
    // SAFETY: `write` initialised the first `len` elements (its contract;
    // a panic never gets here), within the capacity reserved above.
    unsafe { vec.set_len(len) };
    vec
}

/// Two values built in place as a pair, `write_a` writing the first and
/// `write_b` the second (each with the contract of [`build_with`]'s
/// writer): a pair result, written once where it will live, as
/// [`build_with`] does for one value (on the heap above [`HEAP_BYTES`]).
/// If `write_b` panics, the first value's elements are dropped.
#[inline(always)]
pub(crate) fn build_pair_with<A: Contiguous, B: Contiguous<Elem = A::Elem>>(
    write_a: impl FnOnce(&mut Slots<A::Elem>),
    write_b: impl FnOnce(&mut Slots<A::Elem>),
) -> (A, B) {
    #[cfg(feature = "alloc")]
    if const { mem::size_of::<(A, B)>() > HEAP_BYTES } {
        let mut boxed = alloc::boxed::Box::<(A, B)>::new_uninit();
        write_pair(&mut boxed, write_a, write_b);
        // SAFETY: `write_pair` initialised both values (a panic never
        // gets here).
        return *unsafe { boxed.assume_init() };
    }
    pair_on_stack(write_a, write_b)
}

/// [`build_pair_with`] in a stack slot of its own, as [`build_on_stack`].
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
fn pair_on_stack<A: Contiguous, B: Contiguous<Elem = A::Elem>>(
    write_a: impl FnOnce(&mut Slots<A::Elem>),
    write_b: impl FnOnce(&mut Slots<A::Elem>),
) -> (A, B) {
    let mut pair = MaybeUninit::<(A, B)>::uninit();
    write_pair(&mut pair, write_a, write_b);
    // SAFETY: as in `build_on_stack`: both values are initialised, and
    // the read moves the pair out of a `MaybeUninit`, never used again.
    unsafe { pair.as_ptr().read() }
}

/// Initialises both values of `pair` by their writers, the first
/// dropped again if the second writer panics.
#[inline(always)]
fn write_pair<A: Contiguous, B: Contiguous<Elem = A::Elem>>(
    pair: &mut MaybeUninit<(A, B)>,
    write_a: impl FnOnce(&mut Slots<A::Elem>),
    write_b: impl FnOnce(&mut Slots<A::Elem>),
) {
    let p = pair.as_mut_ptr();
    // SAFETY: `p` points to the pair (valid for writes, uninitialised);
    // `&raw mut` takes each field's address without reading it, and a
    // `MaybeUninit<A>` has `A`'s layout. The two fields are disjoint, so
    // the two exclusive borrows do not overlap, and neither outlives
    // `pair`'s borrow.
    let (a, b) = unsafe {
        (
            &mut *(&raw mut (*p).0).cast::<MaybeUninit<A>>(),
            &mut *(&raw mut (*p).1).cast::<MaybeUninit<B>>(),
        )
    };
    let a = slots(a);
    write_a(a);
    // A guard of the first value's elements, now all written: dropped
    // (so dropping them) only if `write_b` panics.
    let first = Filler::written(a);
    write_b(slots(b));
    mem::forget(first);
}
