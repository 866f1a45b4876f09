//! Transposes of whole planes of 4-byte `Copy` elements in SIMD blocks,
//! chosen at run time (`crate::cpu`, so on the default target too): 8 × 8
//! AVX blocks when the CPU has AVX2, 16 × 16 AVX-512 blocks when it has
//! AVX-512F. This is the kernel of `copy_from`'s tiles (`copy.rs`) on such
//! CPUs; without AVX2 the tiles of `copy.rs` and `block.rs` run.
//!
//! A [`Plane`] is the part of a copy that is a plain matrix transpose: `xs`
//! input elements along the contiguous axis become `xs` output rows, read
//! from `js` input runs `step` apart. It is cut into tiles of [`TILE`]
//! output rows × [`RUN`] columns, each walked in bands of blocks. A 16 × 16
//! block reads and writes 16 whole 64-byte lines (16 loads, 64 shuffles, 16
//! stores), so no line is touched twice; an 8 × 8 block (8 loads and 8
//! stores of 32 bytes, 24 shuffles) fills half lines, completed by its
//! neighbour in the band.
//!
//! Measured on an AVX-512 machine (`bench/benches/copies.rs`, `f32`,
//! `copy_from`, default and native targets; `memcpy` of the same bytes
//! 2.0–2.3 µs and 17.7–18.8 µs):
//!
//! * the `[256, 256]` transpose: 3.5–3.7 µs in 16 × 16 blocks, 5.1–5.3 µs
//!   in 8 × 8 blocks (the 4 × 4 SSE blocks and generic tiles before:
//!   6.6–7.8 µs).
//! * the `(2, 0, 1)` permute of `[64, 64, 64]`, one plane of 64 × 4096 whose
//!   output rows are 16 KiB apart (all in the same L1 sets): 27.7–29.7 µs
//!   in 8 × 8 blocks with tiles of [`RUN_CROWDED`] columns (72 µs with
//!   [`RUN`]; staged 4 × 4 tiles before: 43–48 µs); 16 × 16 blocks take
//!   40 µs there, so such "crowded" planes stay on 8 × 8 blocks.
//!
//! Like `block.rs`, the blocks are inline assembly (`plane/blocks.rs`):
//! they move the elements' bytes as they are, so padded 4-byte types are
//! served too.
//!
//! ```
//! use tensor_core::prelude::*;
//! let t = Tensor::<f32, Shape![100, 70]>::from_flat_fn(|i| i as f32);
//! let mut out = Tensor::<f32, Shape![70, 100]>::zeros();
//! out.copy_from(&t.t()); // one plane of 70 × 100, blocks and edges
//! assert_eq!(out, t.t());
//! ```

use super::block::Bitwise;
use crate::cpu::Simd;
use crate::uninit::Slots;

#[cfg(target_arch = "x86_64")]
mod blocks;

/// The output rows of a tile.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const TILE: usize = 32;

/// The input runs (output columns) of a tile, when output rows are not a
/// multiple of 2 KiB apart: a tile reads and writes 32 × 128 bytes.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const RUN: usize = 32;

/// The input runs of a tile when output rows are a multiple of 2 KiB apart
/// and crowd into few L1 sets: longer runs of each row are written before
/// the walk moves on (on the permute: 28–30 µs, against 72 µs with [`RUN`]).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const RUN_CROWDED: usize = 128;

/// `out[origin + x · stride + j] = data[at + j · step + x]` for every
/// `x < xs` and `j < js`: the input's runs become the output's columns.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plane {
    /// The input position of element `(x, j) = (0, 0)`.
    pub(crate) at: isize,
    /// The input distance between consecutive runs (any sign, or 0).
    pub(crate) step: isize,
    /// The length of each run: the output rows.
    pub(crate) xs: usize,
    /// The number of runs: the output columns.
    pub(crate) js: usize,
    /// The output position of element `(0, 0)`.
    pub(crate) origin: usize,
    /// The distance between output rows, at least `js`.
    pub(crate) stride: usize,
}

/// Whether [`transpose`] serves elements of type `T` at `bits`'s level: 4
/// bytes, on x86-64, at level AVX2 or above.
#[inline(always)]
pub(crate) fn fits<T>(bits: Bitwise) -> bool {
    cfg!(target_arch = "x86_64") && size_of::<T>() == 4 && bits.level() >= Simd::Avx2
}

/// Writes `plane` of `data` into `out`; every slot of the plane is
/// initialised afterwards.
///
/// # Panics
///
/// Unless [`fits`], or when the plane reads outside `data`, writes outside
/// `out`, or its output rows overlap (`stride < js`).
#[inline]
pub(crate) fn transpose<T>(bits: Bitwise, data: &[T], plane: Plane, out: &mut Slots<T>) {
    assert!(fits::<T>(bits));
    let Plane { xs, js, .. } = plane;
    if xs == 0 || js == 0 {
        return;
    }
    assert!(plane.stride >= js && reads(plane).is_some_and(|r| r.end <= data.len()));
    assert!(writes(plane).is_some_and(|end| end <= out.len()));
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (data, out); // unreachable: `fits` is false off x86-64
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `fits`: the CPU has AVX2 (a `Bitwise` carries a level no
    // higher than the CPU's) and `T` is 4 bytes and `Copy` (the
    // `Bitwise`). Every input position the plane reads is inside `data`
    // (`reads`, checked), every output position inside `out` (`writes`,
    // checked), and `out` is borrowed exclusively, so the two do not
    // overlap. The parts of `aligned_parts` are the plane's columns cut in
    // two, so they read and write only positions of the plane.
    unsafe {
        let out = out.as_mut_ptr();
        // Which blocks run is a matter of speed: both write the same
        // elements (the tests hold each level to the plain loop), so the
        // mutants of this test survive the tests; `bench/benches/copies.rs`
        // is what tells them apart.
        let wide = bits.level() >= Simd::Avx512 && !crowded(plane);
        let block_bytes = if wide { 64 } else { 32 };
        for part in aligned_parts(plane, out as usize, block_bytes) {
            match wide {
                true => walk::avx512(data.as_ptr(), part, out),
                false => walk::avx(data.as_ptr(), part, out),
            }
        }
    }
}

/// `plane` as two planes of its columns, so that the blocks of the second
/// store whole aligned vectors of `block_bytes`: its first output column
/// starts at a multiple of `block_bytes` from `out` (the address of output
/// position 0) in every row. The first plane, the columns before, is
/// narrower than a block, so the edges write it. (A box from the allocator
/// is 16-byte aligned: stores of 32 or 64 bytes that cross a cache line
/// took the `[256, 256]` transpose from 14 µs to 22–29 µs; 16–18 µs now.
/// One unaligned block over the first columns instead of the edges, its
/// columns then written again by the aligned blocks, measured no faster:
/// 16–20 µs.) When the rows are not a multiple of `block_bytes` apart,
/// each row is aligned differently, and `plane` stays whole (the first
/// part empty).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
fn aligned_parts(plane: Plane, out: usize, block_bytes: usize) -> [Plane; 2] {
    let bytes = 4; // the elements' size (`fits`)
    let first = out.wrapping_add(plane.origin * bytes);
    let lead = match (plane.stride * bytes).is_multiple_of(block_bytes) {
        true => first.wrapping_neg() % block_bytes / bytes,
        false => 0,
    };
    let lead = lead.min(plane.js);
    let head = Plane { js: lead, ..plane };
    let rest = Plane {
        at: plane.at + lead as isize * plane.step,
        js: plane.js - lead,
        origin: plane.origin + lead,
        ..plane
    };
    [head, rest]
}

/// Whether the plane's output rows are a multiple of 2 KiB apart: they
/// crowd into few L1 sets, and take longer runs ([`RUN_CROWDED`]) in 8 × 8
/// blocks (16 × 16 blocks measured 40 µs on the permute, against 28–30).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
fn crowded(plane: Plane) -> bool {
    (plane.stride * 4).is_multiple_of(2048)
}

/// The end of the output positions `plane` writes (`None` on overflow):
/// its last is `origin + (xs - 1) · stride + js - 1`.
fn writes(plane: Plane) -> Option<usize> {
    let last_row = (plane.xs - 1).checked_mul(plane.stride)?;
    plane.origin.checked_add(last_row)?.checked_add(plane.js)
}

/// The input positions `plane` reads, `None` if they leave `isize`
/// or start below 0.
fn reads(plane: Plane) -> Option<core::ops::Range<usize>> {
    let last_run = plane.step.checked_mul(plane.js as isize - 1)?;
    let low = plane.at.checked_add(last_run.min(0))?;
    let high = plane.at.checked_add(last_run.max(0))?;
    let end = high.checked_add(plane.xs as isize)?;
    Some(usize::try_from(low).ok()?..usize::try_from(end).ok()?)
}

#[cfg(target_arch = "x86_64")]
mod walk {
    use super::blocks::{block16, block8, edge};
    use super::{Plane, RUN, RUN_CROWDED, TILE};

    /// [`transpose`](super::transpose) of `plane` in 8 × 8 AVX blocks.
    ///
    /// # Safety
    ///
    /// The CPU has AVX; `T` is 4 bytes and `Copy`; every position the plane
    /// reads is valid for reads from `data`, every position it writes valid
    /// for writes from `out`, and the two do not overlap.
    #[target_feature(enable = "avx")]
    pub(super) unsafe fn avx<T>(data: *const T, p: Plane, out: *mut T) {
        // SAFETY: the caller's; the CPU has AVX.
        unsafe {
            tiles::<T, 8>(data, p, out, |src, dst| block8(src, p.step, dst, p.stride));
            core::arch::asm!("vzeroupper", options(nomem, nostack, preserves_flags));
        }
    }

    /// [`transpose`](super::transpose) of `plane` in 16 × 16 AVX-512
    /// blocks, their edges in 8 × 8 AVX ones.
    ///
    /// # Safety
    ///
    /// As [`avx`], and the CPU has AVX-512F.
    #[target_feature(enable = "avx512f")]
    pub(super) unsafe fn avx512<T>(data: *const T, p: Plane, out: *mut T) {
        // SAFETY: the caller's; the CPU has AVX-512F. `vzeroupper` clears
        // the upper halves of the vector registers (no memory, no other
        // register), so that SSE code after this runs without a transition
        // penalty.
        unsafe {
            tiles::<T, 16>(data, p, out, |src, dst| block16(src, p.step, dst, p.stride));
            core::arch::asm!("vzeroupper", options(nomem, nostack, preserves_flags));
        }
    }

    /// The plane tile by tile: tiles of [`TILE`] output rows × [`RUN`] (or,
    /// rows a multiple of 2 KiB apart, [`RUN_CROWDED`]) columns, each in
    /// bands of `B` rows of `B × B` blocks (`block(src, dst)`), partial
    /// blocks by [`edge`].
    ///
    /// # Safety
    ///
    /// As [`avx`]; `block` may be called for any whole block of the plane.
    #[inline(always)]
    unsafe fn tiles<T, const B: usize>(
        data: *const T,
        p: Plane,
        out: *mut T,
        mut block: impl FnMut(*const T, *mut T),
    ) {
        let run = match super::crowded(p) {
            true => RUN_CROWDED,
            false => RUN,
        };
        for x0 in (0..p.xs).step_by(TILE) {
            let x_end = p.xs.min(x0 + TILE);
            for j0 in (0..p.js).step_by(run) {
                let j_end = p.js.min(j0 + run);
                for x in (x0..x_end).step_by(B) {
                    for j in (j0..j_end).step_by(B) {
                        let mut sides = (B.min(x_end - x), B.min(j_end - j));
                        let (mut x, mut j) = (x, j);
                        if sides != (B, B) && p.xs >= B && p.js >= B {
                            // A partial block is the plane's last in its
                            // rows or columns (`TILE` and the runs are
                            // multiples of `B`): moved back to end at the
                            // plane's edge, it is whole, and writes some
                            // elements a second time, with the same bytes
                            // (the `[256, 256]` transpose into a 16-byte
                            // aligned box: the 4 columns after the last
                            // whole block, 4 × 256 elements copied one by
                            // one before).
                            (x, j, sides) = (x.min(p.xs - B), j.min(p.js - B), (B, B));
                        }
                        let src = p.at + j as isize * p.step + x as isize;
                        // SAFETY: `(x, j)` is in the plane, and so is the
                        // block from it (`sides` is cut to the plane, or
                        // the block moved back into it): the caller's
                        // guarantees cover it.
                        unsafe {
                            let (src, dst) =
                                (data.offset(src), out.add(p.origin + x * p.stride + j));
                            match sides == (B, B) {
                                true => block(src, dst),
                                false => edge(src, p.step, (dst, p.stride), sides),
                            }
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::vec::Vec;

    use super::*;
    use crate::cpu::{simd, Simd};

    /// Transposes `plane` of `data` (of `n` slots, `fill` elsewhere) at
    /// every level the CPU takes, and checks every slot.
    fn check<T: Copy + PartialEq + core::fmt::Debug>(data: &[T], plane: Plane, n: usize, fill: T) {
        for level in [Simd::Avx2, Simd::Avx512]
            .into_iter()
            .filter(|&l| l <= simd())
        {
            let bits = Bitwise::at::<T>(level);
            let mut out = std::vec![fill; n];
            transpose(bits, data, plane, Slots::of_init(&mut out));
            for (i, &got) in out.iter().enumerate() {
                let (x, j) = (
                    (i.wrapping_sub(plane.origin)) / plane.stride,
                    (i.wrapping_sub(plane.origin)) % plane.stride,
                );
                let want = match i >= plane.origin && x < plane.xs && j < plane.js {
                    true => data[(plane.at + j as isize * plane.step + x as isize) as usize],
                    false => fill,
                };
                assert_eq!(got, want, "{level:?} {plane:?} slot {i}");
            }
        }
    }

    /// A plane of `xs × js` at `origin` in rows `stride` apart, reading
    /// runs `step` apart from `at`.
    fn plane(
        at: isize,
        step: isize,
        (xs, js): (usize, usize),
        (origin, stride): (usize, usize),
    ) -> Plane {
        Plane {
            at,
            step,
            xs,
            js,
            origin,
            stride,
        }
    }

    #[test]
    fn blocks_and_edges_of_every_size() {
        let data: Vec<u32> = (0..20_000).collect();
        for xs in [1, 7, 8, 9, 16, 31, 33, 40, 70] {
            for js in [1, 5, 8, 13, 32, 35, 130] {
                let step = xs as isize + 3;
                check(
                    &data,
                    plane(2, step, (xs, js), (5, js + 1)),
                    5 + xs * (js + 1),
                    u32::MAX,
                );
            }
        }
    }

    #[test]
    fn runs_backwards_or_broadcast() {
        let data: Vec<f32> = (0..20_000).map(|i| i as f32 - 0.5).collect();
        let back = plane(40 * 50 + 3, -50, (40, 41), (0, 41));
        check(&data, back, 40 * 41, -1.0);
        check(&data, plane(7, 0, (33, 17), (3, 20)), 3 + 33 * 20, -1.0);
    }

    #[test]
    fn crowded_rows_take_longer_runs() {
        // Rows 2 KiB apart (512 elements): tiles of `RUN_CROWDED` runs.
        let data: Vec<i32> = (0..40 * 300).collect();
        check(&data, plane(0, 40, (40, 300), (1, 512)), 1 + 40 * 512, -1);
    }

    /// Output rows a multiple of 64 bytes apart, starting at every 4-byte
    /// offset within a line: each is cut into a narrow first part (its
    /// edges) and aligned blocks, and every slot is written once.
    #[test]
    fn outputs_at_every_alignment() {
        let data: Vec<u32> = (0..42 * 100).collect();
        for origin in 0..17 {
            for (xs, js) in [(40, 100), (33, 20), (16, 3), (9, 16)] {
                check(
                    &data,
                    plane(2, 40, (xs, js), (origin, 112)),
                    origin + xs * 112,
                    u32::MAX,
                );
            }
        }
    }

    /// A plane without rows or without columns writes nothing (and its
    /// last row, `xs - 1`, is never computed).
    #[test]
    fn empty_planes_write_nothing() {
        let data: Vec<u32> = (0..100).collect();
        check(&data, plane(0, 10, (0, 5), (0, 8)), 40, 7);
        check(&data, plane(0, 10, (5, 0), (0, 8)), 40, 7);
    }

    #[test]
    fn aligned_parts_start_the_blocks_on_a_boundary() {
        let p = plane(10, 7, (8, 50), (3, 64));
        for (out, block_bytes) in [(0usize, 64usize), (16, 64), (48, 32), (4, 64), (60, 32)] {
            let [head, rest] = aligned_parts(p, out, block_bytes);
            assert_eq!(
                (out + rest.origin * 4) % block_bytes,
                0,
                "{out} {block_bytes}"
            );
            let lead = rest.origin - p.origin;
            assert!(lead < block_bytes / 4);
            assert_eq!((head.js, lead + rest.js), (lead, p.js));
            assert_eq!((head.origin, head.at), (p.origin, p.at));
            assert_eq!(rest.at, p.at + lead as isize * p.step);
            assert_eq!((rest.xs, rest.step, rest.stride), (p.xs, p.step, p.stride));
        }
        // Rows not a multiple of the block apart: one part.
        let [head, rest] = aligned_parts(plane(0, 7, (8, 50), (3, 70)), 16, 64);
        assert_eq!((head.js, rest.js, rest.origin), (0, 50, 3));
        // Narrower than the lead: all in the first part.
        let [head, rest] = aligned_parts(plane(0, 7, (8, 2), (1, 64)), 0, 64);
        assert_eq!((head.js, rest.js), (2, 0));
    }

    #[test]
    fn padded_four_byte_types_are_copied_whole() {
        #[derive(Clone, Copy, PartialEq, Debug)]
        #[repr(C)]
        struct Padded(u8, u16);
        let data: Vec<Padded> = (0..4096).map(|i| Padded(i as u8, i as u16)).collect();
        check(
            &data,
            plane(1, 20, (17, 19), (0, 19)),
            17 * 19,
            Padded(0, 0),
        );
    }

    #[test]
    #[should_panic]
    fn reading_past_the_input_panics() {
        let data = [0u32; 100];
        let mut out = [0u32; 100];
        // The last run, 9 · 10 = 90 on, is 11 long: it ends at 101.
        let bits = Bitwise::at::<u32>(Simd::Avx2);
        transpose(
            bits,
            &data,
            plane(0, 10, (11, 10), (0, 10)),
            Slots::of_init(&mut out),
        );
    }

    #[test]
    #[should_panic]
    fn writing_past_the_output_panics() {
        let data = [0u32; 100];
        let mut out = [0u32; 99];
        let bits = Bitwise::at::<u32>(Simd::Avx2);
        transpose(
            bits,
            &data,
            plane(0, 10, (10, 10), (0, 10)),
            Slots::of_init(&mut out),
        );
    }
}
