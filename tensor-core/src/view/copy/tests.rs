//! The copies' paths, each checked against the per-element map.

use core::fmt::Debug;
use std::boxed::Box;
use std::string::{String, ToString};

use super::*;
use crate::cpu::{simd, Simd};
use crate::layout::{Permuted, RowMajor};
use crate::prelude::*;

/// Checks that `view` takes `path` and that its copy equals the
/// per-element map ([`View::iter`] reads each element through
/// [`Layout::offset`]), on both the stack and, with `alloc`, the heap.
fn check<T: Clone + PartialEq + Debug, L: Layout>(view: View<'_, T, L>, path: Path) {
    assert_eq!(Plan::<T, L>::PATH, path);
    let copy = view.to_tensor();
    assert!(copy.iter().eq(view.iter()), "{copy:?} != {view:?}");
    #[cfg(feature = "alloc")]
    assert!(view.to_boxed_tensor().iter().eq(view.iter()));
}

/// [`Path::Tiles`] over `axis`, `direct` or staged.
fn tiles(axis: usize, direct: bool) -> Path {
    Path::Tiles { axis, direct }
}

/// A tensor holding `0, 1, 2, ...` in row-major order.
fn counting<S: Shape>() -> Tensor<i32, S> {
    Tensor::from_flat_fn(|i| i as i32)
}

/// [`check`], and `copy_from`, which moves full bands of 4-byte
/// elements by the blocks of `block.rs`, into a tensor of `fill`s.
fn check_copy<T: Copy + PartialEq + Debug, L: Layout>(view: View<'_, T, L>, path: Path, fill: T) {
    check(view, path);
    let mut out = Tensor::<T, L::Shape>::from_flat_fn(|_| fill);
    out.copy_from(&view);
    assert!(out.iter().eq(view.iter()), "{out:?} != {view:?}");
}

#[test]
fn copy_from_moves_blocks_on_the_direct_and_staged_paths() {
    check_copy(counting::<Shape![96, 64]>().t(), tiles(0, true), -1);
    check_copy(counting::<Shape![102, 45]>().t(), tiles(0, true), -1);
    check_copy(counting::<Shape![512, 45]>().t(), tiles(0, false), -1);
    let f = Tensor::<f32, Shape![16, 32, 64]>::from_flat_fn(|i| i as f32);
    check_copy(f.permute::<Axes![2, 0, 1]>(), tiles(0, false), -1.0);
    check_copy(
        slice!(f, 2.., ..;-1, ..).permute::<Axes![2, 0, 1]>(),
        tiles(0, true),
        -1.0,
    );
    let u = Tensor::<u8, Shape![64, 64]>::from_flat_fn(|i| i as u8);
    check_copy(u.t(), tiles(0, true), 0);
    let w = Tensor::<i64, Shape![128, 6, 32]>::from_flat_fn(|i| i as i64);
    check_copy(w.permute::<Axes![2, 0, 1]>(), tiles(0, false), -1);
}

/// [`write`] with a [`Bitwise`] of each level the CPU takes, so with
/// each kernel (the generic tiles or 4 × 4 blocks, the AVX planes),
/// equals the per-element map.
fn check_levels<T: Copy + PartialEq + Debug, L: Layout>(view: View<'_, T, L>, fill: T) {
    let levels = [Simd::Base, Simd::Avx2, Simd::Avx512];
    for level in levels.into_iter().filter(|&l| l <= simd()) {
        let mut out = std::vec![fill; <L::Shape as Shape>::SIZE];
        let bits = Some(Bitwise::at::<T>(level));
        write::<T, L>(view.data, &view.state, Slots::of_init(&mut out), bits);
        assert!(out.iter().eq(view.iter()), "{level:?}: {view:?}");
    }
}

#[test]
fn every_vector_width_copies_the_same() {
    check_levels(counting::<Shape![96, 64]>().t(), -1);
    check_levels(counting::<Shape![102, 45]>().t(), -1);
    check_levels(counting::<Shape![512, 45]>().t(), -1);
    check_levels(counting::<Shape![96, 64]>().t().flip::<Axes![1]>(), -1);
    let u = counting::<Shape![192, 64]>();
    check_levels(slice!(u.t(), .., 1..;3), -1);
    check_levels(slice!(u.t(), 3..60, ..;-2), -1);
    let f = Tensor::<f32, Shape![16, 32, 64]>::from_flat_fn(|i| i as f32);
    check_levels(f.permute::<Axes![2, 0, 1]>(), -1.0);
    check_levels(slice!(f, 2.., ..;-1, ..).permute::<Axes![2, 0, 1]>(), -1.0);
    check_levels(
        slice!(f, 1..15, 3..30, 5..).permute::<Axes![2, 0, 1]>(),
        -1.0,
    );
    let r4 = counting::<Shape![2, 40, 3, 34]>();
    check_levels(r4.permute::<Axes![0, 3, 2, 1]>(), -1);
    check_levels(counting::<Shape![64, 1]>().expand::<Shape![64, 80]>(), -1);
    let t = counting::<Shape![3, 96, 64]>();
    for i in 0..3 {
        check_levels(slice!(t, i).t(), -1);
    }
    // Padded 4-byte elements are moved whole; 1- and 8-byte ones take
    // the generic tiles at every level.
    #[derive(Clone, Copy, PartialEq, Debug)]
    #[repr(C)]
    struct Padded(u8, u16);
    let p = Tensor::<Padded, Shape![70, 50]>::from_flat_fn(|i| Padded(i as u8, i as u16));
    check_levels(p.t(), Padded(0, 0));
    check_levels(
        Tensor::<u8, Shape![64, 64]>::from_flat_fn(|i| i as u8).t(),
        0,
    );
    let w = Tensor::<i64, Shape![128, 6, 32]>::from_flat_fn(|i| i as i64);
    check_levels(w.permute::<Axes![2, 0, 1]>(), -1);
}

/// The trailing run of `view`'s copy: first axis, length, step.
fn run_of<T, L: Layout>(_: &View<'_, T, L>) -> (usize, usize, isize) {
    Plan::<T, L>::RUN
}

#[test]
fn trailing_axes_that_read_as_one_run_merge() {
    let f = Tensor::<f32, Shape![16, 32, 64]>::from_flat_fn(|i| i as f32);
    assert_eq!(run_of(&f.permute::<Axes![2, 0, 1]>()), (1, 16 * 32, 64));
    // Reversed rows break the run: axis 1 is walked, runs of 32.
    let back = slice!(f, .., ..;-1, ..).permute::<Axes![2, 0, 1]>();
    assert_eq!(run_of(&back), (2, 32, -64));
    // The axis before the tiled one is never merged.
    let r4 = counting::<Shape![2, 40, 3, 34]>();
    assert_eq!(run_of(&r4.permute::<Axes![0, 3, 2, 1]>()), (3, 40, 34 * 3));
    assert_eq!(run_of(&counting::<Shape![96, 64]>().t()), (1, 96, 64));
}

#[test]
fn transposes_take_tiles_once_large_enough() {
    check(counting::<Shape![96, 64]>().t(), tiles(0, true));
    // A partial band (45 = 32 + 13) and a partial group (102 = 4 · 25 + 2).
    check(counting::<Shape![102, 45]>().t(), tiles(0, true));
    // Output rows 2 KiB apart go through the stage.
    check(counting::<Shape![512, 32]>().t(), tiles(0, false));
    check(counting::<Shape![512, 45]>().t(), tiles(0, false));
    check(counting::<Shape![3, 2]>().t(), Path::Rows);
    check(counting::<Shape![20, 40]>().t(), Path::Rows);
}

#[test]
fn permutes_of_rank_3_and_4() {
    let t = counting::<Shape![40, 6, 36]>();
    check(t.permute::<Axes![2, 0, 1]>(), tiles(0, true));
    check(t.permute::<Axes![1, 0, 2]>(), Path::Rows);
    let u = counting::<Shape![2, 40, 3, 34]>();
    check(u.permute::<Axes![0, 3, 2, 1]>(), tiles(1, true));
    // The last axis (3) is too short for a group of 4: rows.
    check(u.permute::<Axes![1, 3, 0, 2]>(), Path::Rows);
    check(u.permute::<Axes![2, 0, 1, 3]>(), Path::Rows);
    // Staged, with 2 columns left over after the groups of 4 in each
    // run of 6, so that runs straddle the stage's end.
    let w = Tensor::<i64, Shape![128, 6, 32]>::from_flat_fn(|i| i as i64);
    check(w.permute::<Axes![2, 0, 1]>(), tiles(0, false));
    check(
        counting::<Shape![16, 32, 64]>().permute::<Axes![2, 0, 1]>(),
        tiles(0, false),
    );
}

#[test]
fn flipped_views() {
    let t = counting::<Shape![96, 64]>();
    check(t.flip::<Axes![1]>(), Path::Rows);
    check(t.flip::<Axes![0]>(), Path::Rows);
    // Flipping the contiguous axis leaves no stride of +1: rows.
    check(t.t().flip::<Axes![0]>(), Path::Rows);
    // Flipping the last axis of a transpose: tiles reading backwards.
    check(t.t().flip::<Axes![1]>(), tiles(0, true));
}

#[test]
fn stepped_slices() {
    let t = counting::<Shape![96, 64]>();
    check(slice!(t, .., ..;2), Path::Rows);
    check(slice!(t, ..;-3, 1..;-5), Path::Rows);
    let u = counting::<Shape![192, 64]>();
    check(slice!(u.t(), .., 1..;3), tiles(0, true));
    check(slice!(u.t(), 3..60, ..;-2), tiles(0, true));
}

#[test]
fn expanded_views() {
    check(counting::<Shape![4]>().expand::<Shape![5, 4]>(), Path::Rows);
    check(
        counting::<Shape![5, 1]>().expand::<Shape![5, 4]>(),
        Path::Rows,
    );
    check(
        counting::<Shape![64, 1]>().expand::<Shape![64, 80]>(),
        tiles(0, true),
    );
}

#[test]
fn composed_reshapes_go_element_by_element() {
    let t = counting::<Shape![96, 64]>();
    check(t.t().reshape::<Shape![6144]>(), Path::PerElement);
    check(t.t().reshape::<Shape![32, 3, 64]>(), Path::PerElement);
    // A reshape whose strides merge keeps its faster path.
    check(t.t().reshape::<Shape![2, 32, 96]>(), tiles(1, true));
}

#[test]
fn empty_and_rank_0() {
    let t = counting::<Shape![4, 5]>();
    check(slice!(t, 2..2), Path::PerElement);
    check(slice!(t, 1, 2), Path::PerElement);
    check(t.view().reshape::<Shape![20, 1]>().t().t(), Path::Rows);
}

#[test]
fn run_time_indices_move_the_base() {
    let t = counting::<Shape![3, 96, 64]>();
    for i in 0..3 {
        check(slice!(t, i).t(), tiles(0, true));
        check(slice!(t.flip::<Axes![0]>(), i, ..;-1), Path::Rows);
    }
}

#[test]
fn elements_that_own_memory_are_cloned_once_each() {
    let t = Tensor::<Box<i32>, Shape![96, 64]>::from_flat_fn(|i| Box::new(i as i32));
    // Tiles write out of order: elements with drop glue go by rows.
    check(t.t(), Path::Rows);
    let u = Tensor::<Box<i32>, Shape![256, 40]>::from_flat_fn(|i| Box::new(i as i32));
    check(u.t(), Path::Rows);
    let s = Tensor::<String, Shape![40, 3]>::from_flat_fn(|i| i.to_string());
    check(s.t(), Path::Rows);
    check(s.t().reshape::<Shape![120]>(), Path::PerElement);
}

/// A 4-byte element whose `clone` counts its calls: not a primitive, so
/// its copies must call `clone` once per element, never move its bytes.
#[derive(Debug, PartialEq)]
struct Counted(u32);

static CLONES: core::sync::atomic::AtomicUsize = core::sync::atomic::AtomicUsize::new(0);

impl Clone for Counted {
    fn clone(&self) -> Self {
        CLONES.fetch_add(1, core::sync::atomic::Ordering::Relaxed);
        Counted(self.0)
    }
}

#[test]
fn primitives_move_bytes_and_other_clones_are_called() {
    assert!(Bitwise::of_primitive::<f32>().is_some());
    assert!(Bitwise::of_primitive::<i32>().is_some());
    assert!(Bitwise::of_primitive::<Counted>().is_none());
    assert!(Bitwise::of_primitive::<[u8; 4]>().is_none());
    // Only the tiles path asks: rows and single elements never move bytes.
    type Transposed = Permuted<RowMajor<Shape![96, 64]>, Axes![1, 0]>;
    assert!(clone_bits::<f32, Transposed>().is_some());
    assert!(clone_bits::<Counted, Transposed>().is_none());
    assert!(clone_bits::<f32, RowMajor<Shape![96, 64]>>().is_none());
    let t = Tensor::<Counted, Shape![96, 64]>::from_flat_fn(|i| Counted(i as u32));
    let before = CLONES.load(core::sync::atomic::Ordering::Relaxed);
    check(t.t(), tiles(0, true));
    let calls = CLONES.load(core::sync::atomic::Ordering::Relaxed) - before;
    // `check` copies twice with `alloc` (stack and box), reads by `iter`.
    let copies = if cfg!(feature = "alloc") { 2 } else { 1 };
    assert_eq!(calls, copies * 96 * 64);
    // A primitive takes the same tiles, moved as bytes: the transpose of
    // a dense layer's `[64, 784]` weights (MNIST's 784 inputs).
    let f = Tensor::<f32, Shape![64, 784]>::from_flat_fn(|i| i as f32);
    check(f.t(), tiles(0, true));
}
