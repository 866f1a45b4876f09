//! [`Slots`]: the elements of a value being built, each to be written once,
//! and [`Buffer`]: a few such slots of a kernel's own, to stage values in.
//!
//! Every method is safe: a slot is only ever written (or moved, slot to
//! slot), never read as a value, so no call can read uninitialised memory.
//! What makes the result initialised is the writer's contract with the
//! builder ([`build_with`](super::build_with)): every slot written.

use core::mem::{self, MaybeUninit};
use core::ops::{Deref, DerefMut, Index, IndexMut, Range, RangeFrom, RangeTo};

/// Places for `T`s, uninitialised until written: the elements of a value
/// being built in place ([`build_with`](super::build_with)), or initialised
/// elements seen as slots ([`Slots::of_init`]).
///
/// Kernels take `&mut Slots<T>` and write every slot once: by position
/// ([`write`](Slots::write)), in order ([`fill`](Slots::fill), a
/// [`Filler`](super::Filler), both in `filler.rs`), from a slice
/// ([`write_clone_of_slice`](Slots::write_clone_of_slice)), by moving staged
/// slots in ([`move_from`](Slots::move_from)), or, in SIMD kernels, through
/// [`as_mut_ptr`](Slots::as_mut_ptr). Sub-ranges index as slots again.
#[repr(transparent)]
pub(crate) struct Slots<T>(pub(super) [MaybeUninit<T>]);

impl<T> Slots<T> {
    /// `slots` as [`Slots`].
    #[inline(always)]
    pub(crate) fn new(slots: &mut [MaybeUninit<T>]) -> &mut Slots<T> {
        // SAFETY: `Slots<T>` is `repr(transparent)` over
        // `[MaybeUninit<T>]`: the same layout and the same length; the
        // result borrows `slots` exclusively.
        unsafe { &mut *(slots as *mut [MaybeUninit<T>] as *mut Slots<T>) }
    }

    /// Initialised elements seen as slots, for writers that take slots:
    /// every method writes an initialised value into a slot or moves one in
    /// from other slots the writer initialised, so the elements stay
    /// initialised, and `T: Copy` drops nothing when overwritten.
    #[inline(always)]
    pub(crate) fn of_init(elems: &mut [T]) -> &mut Slots<T>
    where
        T: Copy,
    {
        Slots::of_init_without_drop(elems).expect("a `Copy` type has no drop glue")
    }

    /// [`of_init`](Slots::of_init) for any `T` without drop glue, `None`
    /// for one with: a value overwritten without being dropped loses
    /// nothing then.
    #[inline(always)]
    pub(crate) fn of_init_without_drop(elems: &mut [T]) -> Option<&mut Slots<T>> {
        if core::mem::needs_drop::<T>() {
            return None;
        }
        let len = elems.len();
        // SAFETY: `MaybeUninit<T>` has `T`'s layout, the slots are
        // initialised (and the writers of this crate only write initialised
        // values into them, so they stay so), and the result borrows
        // `elems` exclusively; `T` has no drop glue, so the values the
        // writers overwrite need no drop.
        let slots = unsafe { core::slice::from_raw_parts_mut(elems.as_mut_ptr().cast(), len) };
        Some(Slots::new(slots))
    }

    /// The number of slots.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }

    /// Writes `value` into slot `i` (a value there before is not dropped).
    ///
    /// # Panics
    ///
    /// When `i` is out of bounds.
    #[inline(always)]
    pub(crate) fn write(&mut self, i: usize, value: T) {
        self.0[i].write(value);
    }

    /// Clones `values` into the slots, as many; if a clone panics, the
    /// clones made are dropped.
    ///
    /// # Panics
    ///
    /// When the lengths differ.
    #[inline(always)]
    pub(crate) fn write_clone_of_slice(&mut self, values: &[T])
    where
        T: Clone,
    {
        self.0.write_clone_of_slice(values);
    }

    /// Moves the slots of `from` into these (as many), leaving `from`'s
    /// slots to be treated as unwritten: what was written there is
    /// written here now.
    ///
    /// # Panics
    ///
    /// When the lengths differ.
    #[inline(always)]
    pub(crate) fn move_from(&mut self, from: &mut Slots<T>) {
        assert_eq!(self.len(), from.len(), "move_from: lengths");
        for (slot, held) in self.0.iter_mut().zip(&mut from.0) {
            *slot = mem::replace(held, MaybeUninit::uninit());
        }
    }

    /// Moves the slots of `values` into the first `N` of these (zipped:
    /// the shorter decides).
    #[inline(always)]
    pub(crate) fn take<const N: usize>(&mut self, values: Buffer<T, N>) {
        for (slot, value) in self.0.iter_mut().zip(values.0) {
            *slot = value;
        }
    }

    /// Every slot set to `value`, as initialised elements: for kernels that
    /// accumulate into their output (or overwrite it) and want `&mut [T]`.
    #[inline(always)]
    pub(crate) fn init_with(&mut self, value: T) -> &mut [T]
    where
        T: Copy,
    {
        for slot in self.0.iter_mut() {
            slot.write(value);
        }
        let len = self.len();
        // SAFETY: every slot was just written, so the slots hold `len`
        // initialised `T`s; `MaybeUninit<T>` has `T`'s layout, and the
        // result borrows `self` exclusively for its lifetime. Writing a `T`
        // through it keeps the slot initialised.
        unsafe { core::slice::from_raw_parts_mut(self.0.as_mut_ptr().cast::<T>(), len) }
    }

    /// The first `values.len()` slots set to copies of `values`, as
    /// initialised elements.
    ///
    /// # Panics
    ///
    /// When there are fewer slots than values.
    #[inline(always)]
    pub(crate) fn init_from(&mut self, values: &[T]) -> &mut [T]
    where
        T: Copy,
    {
        let out = &mut self.0[..values.len()];
        out.write_copy_of_slice(values);
        // SAFETY: every slot of `out` was just written
        // (`write_copy_of_slice` writes all of it), as in `init_with`.
        unsafe { core::slice::from_raw_parts_mut(out.as_mut_ptr().cast::<T>(), values.len()) }
    }

    /// These slots as slots of `U`, when `T` is `U` (`None` otherwise):
    /// lets a generic kernel hand its output to a kernel of one element
    /// type (the packed `f32` products of `ops/matmul/block.rs`).
    // Only the x86-64 kernels (SIMD products and pools) take it.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    #[inline(always)]
    pub(crate) fn as_slots_of<U: 'static>(&mut self) -> Option<&mut Slots<U>> {
        crate::num::type_of::slice_as_mut::<MaybeUninit<T>, MaybeUninit<U>>(&mut self.0)
            .map(Slots::new)
    }

    /// A pointer to slot 0, for SIMD kernels that store whole blocks: valid
    /// for writes of `len()` elements while `self` is borrowed. Writing
    /// through it is the kernel's `unsafe` (in bounds, an initialised `T`);
    /// reading a slot before it is written is never valid.
    #[inline(always)]
    pub(crate) fn as_mut_ptr(&mut self) -> *mut T {
        self.0.as_mut_ptr().cast::<T>()
    }
}

/// Slots `range` as slots.
macro_rules! index_by {
    ($($range:ty),*) => {$(
        impl<T> Index<$range> for Slots<T> {
            type Output = Slots<T>;
            #[inline(always)]
            fn index(&self, range: $range) -> &Slots<T> {
                let slots = &self.0[range];
                // SAFETY: as in `Slots::new`, shared.
                unsafe { &*(slots as *const [MaybeUninit<T>] as *const Slots<T>) }
            }
        }

        impl<T> IndexMut<$range> for Slots<T> {
            #[inline(always)]
            fn index_mut(&mut self, range: $range) -> &mut Slots<T> {
                Slots::new(&mut self.0[range])
            }
        }
    )*};
}

index_by!(Range<usize>, RangeFrom<usize>, RangeTo<usize>);

/// One raw slot, for the kernels (conv) that write `slots[k]` directly: a
/// `MaybeUninit` may be written safely.
impl<T> Index<usize> for Slots<T> {
    type Output = MaybeUninit<T>;
    #[inline(always)]
    fn index(&self, i: usize) -> &MaybeUninit<T> {
        &self.0[i]
    }
}

impl<T> IndexMut<usize> for Slots<T> {
    #[inline(always)]
    fn index_mut(&mut self, i: usize) -> &mut MaybeUninit<T> {
        &mut self.0[i]
    }
}

/// The raw slots, for the kernels (matmul, reductions, conv) that still
/// take `&mut [MaybeUninit<T>]`: a `MaybeUninit` may be written safely.
impl<T> Deref for Slots<T> {
    type Target = [MaybeUninit<T>];
    #[inline(always)]
    fn deref(&self) -> &[MaybeUninit<T>] {
        &self.0
    }
}

impl<T> DerefMut for Slots<T> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [MaybeUninit<T>] {
        &mut self.0
    }
}

/// `N` slots of a kernel's own (a tile of values, a stage of output runs),
/// moved into a value's [`Slots`] once written ([`Slots::take`],
/// [`Slots::move_from`]). A value written here is dropped only by being
/// moved out: a buffer dropped holding values leaks them, so buffers hold
/// only elements without drop glue.
#[repr(transparent)]
pub(crate) struct Buffer<T, const N: usize>([MaybeUninit<T>; N]);

impl<T, const N: usize> Buffer<T, N> {
    /// A buffer of unwritten slots.
    pub(crate) const UNINIT: Self = Buffer([const { MaybeUninit::uninit() }; N]);

    /// A buffer whose slot `i` holds `f(i)`.
    #[inline(always)]
    pub(crate) fn from_fn(mut f: impl FnMut(usize) -> T) -> Self {
        Buffer(core::array::from_fn(|i| MaybeUninit::new(f(i))))
    }

    /// The buffer's slots.
    #[inline(always)]
    pub(crate) fn slots(&mut self) -> &mut Slots<T> {
        Slots::new(&mut self.0)
    }
}

/// [`Slots::of_init`].
#[inline(always)]
pub(crate) fn as_slots<T: Copy>(elems: &mut [T]) -> &mut Slots<T> {
    Slots::of_init(elems)
}
