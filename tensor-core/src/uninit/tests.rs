//! The builders' and the [`Slots`] API's tests: panics drop what was
//! written and nothing else, counts are checked, real sizes build on the
//! default test-thread stack.

use core::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The big-endian path's byte order (this host runs the other path).
#[test]
fn big_endian_reads_each_element_mirrored() {
    let order: std::vec::Vec<usize> = (0..8).map(|at| super::bytes::mirrored(at, 4)).collect();
    assert_eq!(order, [3, 2, 1, 0, 7, 6, 5, 4]);
    let file = 0x0102_0304u32.to_le_bytes();
    let big: [u8; 4] = core::array::from_fn(|at| file[super::bytes::mirrored(at, 4)]);
    assert_eq!(big, 0x0102_0304u32.to_be_bytes());
    assert_eq!(
        (0..2)
            .map(|at| super::bytes::mirrored(at, 1))
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
        let _: Tensor<Counted, Shape![4, 5]> = build(|i| match i {
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
    let (a, b) = build_pair_with::<Tensor<Counted, Shape![2, 3]>, Tensor<Counted, Shape![4]>>(
        |out| out.fill(Counted::new),
        |out| out.fill(|i| Counted::new(10 + i)),
    );
    assert_eq!(alive(), before + 10);
    assert_eq!((a[[1, 2]].0, b[[3]].0), (5, 13));
    drop((a, b));
    panics_without_leaking(|| {
        build_pair_with::<Tensor<Counted, Shape![3, 4]>, Tensor<Counted, Shape![5]>>(
            |out| out.fill(Counted::new),
            |out| {
                out.fill(|i| {
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
        build_pair_with::<Tensor<Counted, Shape![2]>, Tensor<Counted, Shape![64, 1024]>>(
            |out| out.fill(Counted::new),
            |out| {
                out.fill(|i| {
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
    let mut buffer = Buffer::<Counted, 3>::UNINIT;
    let mut filler = Filler::new(buffer.slots());
    filler.push(Counted::new(1));
    filler.finish();
}

#[test]
#[should_panic = "slots left unwritten"]
fn an_unfinished_fill_of_real_size_is_refused() {
    let mut out = std::vec![0u8; 3 * 32 * 32];
    let mut filler = Filler::new(Slots::of_init(&mut out));
    (0..3 * 32 * 32 - 1).for_each(|i| filler.push(i as u8));
    filler.finish();
}

#[test]
#[should_panic = "index out of bounds"]
fn a_fill_past_the_end_is_refused() {
    let mut out = [0u16; 4];
    let mut filler = Filler::new(Slots::of_init(&mut out));
    (0..5).for_each(|i| filler.push(i));
}

#[test]
#[should_panic = "move_from: lengths"]
fn moves_between_slots_of_other_lengths_are_refused() {
    let mut staged = Buffer::<u32, 8>::from_fn(|i| i as u32);
    let mut out = [0u32; 7];
    Slots::of_init(&mut out).move_from(staged.slots());
}

#[test]
#[should_panic = "rows do not tile the slots"]
fn rows_that_do_not_tile_the_slots_are_refused() {
    let mut out = [0i32; 10];
    Slots::of_init(&mut out).fill_rows(3, |r| r, |&r, j| (r + j) as i32);
}

#[test]
#[should_panic = "write_le_bytes: lengths"]
fn bytes_of_another_length_are_refused() {
    let mut out = [0u16; 3];
    // SAFETY: every bit pattern is a `u16`.
    unsafe { Slots::of_init(&mut out).write_le_bytes(&[1, 2, 3, 4, 5]) };
}

/// Every way of writing slots, at real sizes (3x32x32 and 512x512 tensors
/// on the default test-thread stack), against plain loops.
#[test]
fn every_writer_writes_each_slot_once_at_real_sizes() {
    type Image = Shape![3, 32, 32];
    let t: Tensor<u32, Image> = build(|i| i as u32 * 7);
    assert!(t
        .as_slice()
        .iter()
        .enumerate()
        .all(|(i, &x)| x == i as u32 * 7));
    let rows: Tensor<u32, Image> =
        build_with(|out| out.fill_rows(32, |r| r * 1000, |&base, j| (base + j) as u32));
    for (i, &x) in rows.as_slice().iter().enumerate() {
        assert_eq!(x, ((i / 32) * 1000 + i % 32) as u32);
    }
    // 1 MiB: built in a box, as `boxed_*` constructors do (on the stack,
    // the slots and the returned tensor alone would fill the test thread's
    // 2 MiB in a debug build).
    #[cfg(feature = "alloc")]
    let big: alloc::boxed::Box<Tensor<f32, Shape![512, 512]>> = build_boxed_with(|out| {
        let half = 512 * 256;
        let first: std::vec::Vec<f32> = (0..half).map(|i| i as f32).collect();
        out[..half].write_clone_of_slice(&first);
        for i in half..out.len() {
            out.write(i, -(i as f32));
        }
    });
    #[cfg(feature = "alloc")]
    for (i, &x) in big.as_slice().iter().enumerate() {
        assert_eq!(x, if i < 512 * 256 { i as f32 } else { -(i as f32) });
    }
    let staged: Tensor<u16, Shape![64, 8]> = build_with(|out| {
        for r in 0..64 {
            let mut row = Buffer::<u16, 8>::from_fn(|j| (r * 8 + j) as u16);
            match r % 2 {
                0 => out[r * 8..].take(row),
                _ => out[r * 8..r * 8 + 8].move_from(row.slots()),
            }
        }
    });
    assert!(staged
        .as_slice()
        .iter()
        .enumerate()
        .all(|(i, &x)| x == i as u16));
    let summed: Tensor<i64, Shape![3072]> = build_with(|out| {
        let acc = out.init_with(1);
        (0..3072).for_each(|i| acc[i] += i as i64);
    });
    assert!(summed
        .as_slice()
        .iter()
        .enumerate()
        .all(|(i, &x)| x == i as i64 + 1));
}

#[test]
fn initialised_elements_seen_as_slots_keep_what_is_not_written() {
    let mut elems = [9u8; 784];
    let slots = Slots::of_init(&mut elems);
    assert_eq!(slots.len(), 784);
    slots[100..200].write_clone_of_slice(&[1; 100]);
    let firsts = slots.init_from(&[5, 6]);
    assert_eq!(firsts, [5, 6]);
    for (i, &x) in elems.iter().enumerate() {
        assert_eq!(
            x,
            [5, 6]
                .get(i)
                .copied()
                .unwrap_or(if (100..200).contains(&i) { 1 } else { 9 })
        );
    }
}

#[test]
fn little_endian_bytes_decode_into_slots() {
    let bytes: std::vec::Vec<u8> = (0..3 * 32 * 32 * 4).map(|i| (i * 37 + 11) as u8).collect();
    let t: Tensor<u32, Shape![3, 32, 32]> = build_with(|out| {
        // SAFETY: every bit pattern is a `u32`.
        unsafe { out.write_le_bytes(&bytes) }
    });
    for (k, &x) in t.as_slice().iter().enumerate() {
        let b = &bytes[4 * k..4 * k + 4];
        assert_eq!(x, u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
    }
}

#[test]
fn a_panicking_row_drops_what_was_written() {
    panics_without_leaking(|| {
        let _: Tensor<Counted, Shape![6, 5]> = build_with(|out| {
            out.fill_rows(
                5,
                |r| r,
                |&r, j| match r * 5 + j {
                    17 => panic!("stop"),
                    n => Counted::new(n),
                },
            )
        });
    });
    let t: Tensor<Counted, Shape![6, 5]> =
        build_with(|out| out.fill_rows(5, |r| r * 5, |&r, j| Counted::new(r + j)));
    assert!(t.as_slice().iter().enumerate().all(|(i, c)| c.0 == i));
    drop(t);
    assert_eq!(alive(), 0);
}

static Z: Tensor<f64, Shape![3, 5]> = Tensor::zeros();
static O: Tensor<i16, Shape![2, 2, 2]> = Tensor::ones();
static S: Tensor<u8, Shape![4, 3]> = Tensor::splat(7);
static SCALAR: Tensor<u32, Shape![]> = Tensor::splat(9);
static EMPTY: Tensor<u32, Shape![0, 3]> = Tensor::splat(9);
const STRINGS: Tensor<Option<&str>, Shape![2]> = Tensor::splat(None);

#[test]
fn const_fills_hold_the_values() {
    assert_eq!(Z, Tensor::from_flat_fn(|_| 0.0));
    assert_eq!(O.as_slice(), &[1; 8]);
    assert_eq!(S, Tensor::full(7));
    assert_eq!(SCALAR[[]], 9);
    assert!(EMPTY.as_slice().is_empty());
    assert_eq!(STRINGS.as_slice(), &[None, None]);
}

/// `zeros` and `ones` need `Zero`/`One` only, not `Copy`: each element
/// is a fresh use of the constant.
#[test]
fn const_zeros_of_a_type_that_is_not_copy() {
    #[derive(Debug, PartialEq)]
    struct Counter(u32);
    impl crate::num::Zero for Counter {
        const ZERO: Self = Counter(0);
    }
    static C: Tensor<Counter, Shape![2, 2]> = Tensor::zeros();
    assert!(C.iter().all(|c| *c == Counter(0)));
}

/// Slots are slots of another type only when it is their own: the packed
/// `f32` products take a generic product's output this way, so a wrong
/// answer either way would send other types to the `f32` kernels or keep
/// `f32` from them.
#[test]
fn slots_are_seen_as_slots_of_their_own_type_only() {
    let (mut ints, mut floats) = ([1i32, 2], [1.0f32, 2.0]);
    assert!(as_slots(&mut ints).as_slots_of::<f32>().is_none());
    assert!(as_slots(&mut floats).as_slots_of::<f64>().is_none());
    let seen = as_slots(&mut floats).as_slots_of::<f32>();
    seen.expect("f32 slots are f32 slots").write(1, 5.0);
    assert_eq!(floats, [1.0, 5.0]);
}

/// In unoptimized builds the builders hand out slots holding [`POISON`]
/// bytes, not whatever the stack held: a writer that misses a slot shows.
#[cfg(debug_assertions)]
#[test]
fn unwritten_slots_start_poisoned() {
    let t: Tensor<u8, Shape![4]> = build_with(|slots: &mut Slots<u8>| {
        // Reading a slot is never valid in the crate; here the bytes are
        // `u8`s, each initialised by the poison write, and only compared.
        let seen: [u8; 4] = core::array::from_fn(|i| {
            // SAFETY: `slots` points at 4 bytes the poison wrote.
            unsafe { slots.as_mut_ptr().add(i).read() }
        });
        assert_eq!(seen, [POISON; 4]);
        slots.fill(|i| i as u8);
    });
    assert_eq!(t, tensor![0, 1, 2, 3]);
}

/// A 1 MiB result on cargo test's 2 MiB thread: above `HEAP_BYTES` it is
/// built in a box and moved into the caller's slot, so it takes 1 MiB of
/// the stack, not 2 (built on the stack, `build_on_stack`'s slot and the
/// caller's would overflow this thread in an unoptimized build).
#[cfg(feature = "alloc")]
#[test]
fn results_above_the_threshold_take_one_slot_of_the_stack() {
    let t: Tensor<f32, Shape![512, 512]> = build_with(|out| out.fill(|i| i as f32));
    assert_eq!((t[[0, 1]], t[[511, 511]]), (1.0, 262_143.0));
}

/// [`results_above_the_threshold_take_one_slot_of_the_stack`] for a pair
/// (a test of its own: unoptimized, every local keeps its slot).
#[cfg(feature = "alloc")]
#[test]
fn pairs_above_the_threshold_take_one_slot_of_the_stack() {
    // Kept whole: `let (a, b) = ..` would move the parts into two more
    // slots in an unoptimized build.
    type Half = Tensor<f32, Shape![256, 512]>;
    let pair: (Half, Half) = build_pair_with(
        |out| out.fill(|i| i as f32),
        |out| out.fill(|i| -(i as f32)),
    );
    assert_eq!((pair.0[[255, 511]], pair.1[[0, 3]]), (131_071.0, -3.0));
}

/// A scratch slot drops what it built, once: when built again, and when
/// dropped; a panicking writer leaves it empty (and drops what it wrote).
#[test]
fn a_scratch_slot_drops_what_it_built() {
    let before = alive();
    let mut slot = Scratch::<Tensor<Counted, Shape![3, 4]>>::default();
    let built = slot.build_with(|out| out.fill(Counted::new));
    assert_eq!(built[[2, 3]].0, 11);
    assert_eq!(alive(), before + 12);
    let again = slot.build_with(|out| out.fill(|i| Counted::new(i + 100)));
    assert_eq!(again[[0, 1]].0, 101);
    assert_eq!(alive(), before + 12);
    // The value built before is dropped first, then the writer panics
    // having dropped what it wrote: nothing is left alive.
    let failed = catch_unwind(AssertUnwindSafe(|| {
        slot.build_with(|out| {
            out.fill(|i| {
                if i == 5 {
                    panic!("stop")
                } else {
                    Counted::new(i)
                }
            })
        });
    }));
    assert!(failed.is_err());
    assert_eq!(alive(), before);
    drop(slot);
    assert_eq!(alive(), before);
    let mut full = Scratch::<Tensor<Counted, Shape![2]>>::default();
    full.build_with(|out| out.fill(Counted::new));
    assert_eq!(alive(), before + 2);
    drop(full);
    assert_eq!(alive(), before);
}
