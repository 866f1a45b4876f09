//! [`Filler`]: the guard of every in-order fill, and the in-order fills
//! of [`Slots`] it guards.

use core::mem;
use core::ptr;

use super::Slots;

/// Fills slots in order and drops what it filled if it is dropped before
/// [`Filler::finish`] (by a panic): the guard of every in-order fill.
pub(crate) struct Filler<'a, T> {
    /// The slots, `slots[..written]` initialised.
    slots: &'a mut Slots<T>,
    /// The number of slots written.
    written: usize,
}

impl<'a, T> Filler<'a, T> {
    /// A filler of `slots`, none written.
    #[inline(always)]
    pub(crate) fn new(slots: &'a mut Slots<T>) -> Self {
        Filler { slots, written: 0 }
    }

    /// A guard of `slots`, every one of which the caller has written: it
    /// drops them all unless forgotten (`build_pair_with`'s first value).
    #[inline(always)]
    pub(super) fn written(slots: &'a mut Slots<T>) -> Self {
        let written = slots.len();
        Filler { slots, written }
    }

    /// The number of slots, written or not.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.slots.len()
    }

    /// Writes `value` into the next slot.
    ///
    /// # Panics
    ///
    /// When every slot is written.
    #[inline(always)]
    pub(crate) fn push(&mut self, value: T) {
        self.slots.write(self.written, value);
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

impl<T> Slots<T> {
    /// Writes `f(i)` into every slot `i`, in order. If `f` panics, the
    /// elements written so far are dropped.
    #[inline(always)]
    pub(crate) fn fill(&mut self, mut f: impl FnMut(usize) -> T) {
        if !mem::needs_drop::<T>() {
            // Nothing to drop on a panic: the plain loop, which LLVM vectorises.
            for (i, slot) in self.0.iter_mut().enumerate() {
                slot.write(f(i));
            }
            return;
        }
        let mut filler = Filler::new(self);
        for i in 0..filler.len() {
            filler.push(f(i));
        }
        filler.finish();
    }

    /// Writes every slot row by row: `row(r)` is called once per row of
    /// `width` slots, then `elem(&row, j)` gives its element `j`; in order,
    /// dropping what was written if a call panics (as [`fill`](Slots::fill)).
    ///
    /// # Panics
    ///
    /// When `width` does not divide the number of slots (or is 0 while there
    /// are slots).
    #[inline(always)]
    pub(crate) fn fill_rows<R>(
        &mut self,
        width: usize,
        mut row: impl FnMut(usize) -> R,
        mut elem: impl FnMut(&R, usize) -> T,
    ) {
        let len = self.len();
        // (`is_multiple_of(0)` holds only for 0 slots.)
        assert!(len.is_multiple_of(width), "rows do not tile the slots");
        // Indexed by row rather than `chunks_exact_mut`, so that LLVM bounds
        // `r` by a constant (once `len` is one, inlined) and drops the checks
        // of the rows `row` slices. The rows `0..len / width` cover every slot.
        let rows = len.checked_div(width).unwrap_or(0);
        if !mem::needs_drop::<T>() {
            for r in 0..rows {
                let row = row(r);
                for (j, slot) in self.0[r * width..][..width].iter_mut().enumerate() {
                    slot.write(elem(&row, j));
                }
            }
            return;
        }
        let mut filler = Filler::new(self);
        for r in 0..rows {
            let row = row(r);
            (0..width).for_each(|j| filler.push(elem(&row, j)));
        }
        filler.finish();
    }
}

impl<T> Drop for Filler<'_, T> {
    fn drop(&mut self) {
        let written = &mut self.slots.0[..self.written];
        let written =
            ptr::slice_from_raw_parts_mut(written.as_mut_ptr().cast::<T>(), written.len());
        // SAFETY: the first `written` slots were initialised by `push` or
        // `extend_from_slice` (or by the caller of `Filler::written`) and
        // nothing else reads them: the value they belong to is never
        // assumed initialised once a filler is dropped unfinished
        // (`build_with`'s writers panic through here).
        unsafe { ptr::drop_in_place(written) };
    }
}
