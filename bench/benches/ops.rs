//! Operations on `f32`: elementwise add, `sum_axes` and `matmul`, against a
//! hand-written loop over flat arrays (the baseline of every group),
//! ndarray and nalgebra, all in one run.
//!
//! Groups:
//!
//! * `add`: `[64, 64] + [64, 64]`;
//! * `broadcast_add`: `[256, 256] + [256]`, the vector added to every row;
//! * `sum_axis0`, `sum_axis1`: `sum_axes` of a `[256, 256]` tensor over
//!   axis 0 (column sums: whole rows added) and axis 1 (row sums: each
//!   contiguous row reduced);
//!
//! The matrix products are in `matmul.rs`.
//!
//! Contenders write into outputs allocated before timing, except ndarray's
//! operators and methods, which return a fresh array (that is their API):
//! its allocation and its free are timed. (Left to divan to drop after the
//! sample, the 256 KiB results of a sample were alive together, and each
//! was a fresh `mmap` with its page faults: 39 µs instead of 6.) `tensor` is
//! `*out = ...`: the result returned by value and stored into a
//! 64-byte-aligned box; `add` also has `tensor_local`, `let c = a + b`
//! kept by `black_box`; `add` and `broadcast_add` have `tensor_lazy`,
//! `out.assign(a.lazy() + b)`; the products `tensor_t`, `a.matmul(&bt.t())`.
//!
//! nalgebra is column-major. Its matrices hold the same bytes as ours (the
//! transpose of our logical matrix) wherever the memory pattern decides the
//! result: in `broadcast_add` (each column of its `256 × 256` matrix is one
//! of our rows, and the `[256]` vector is added to each column, nalgebra
//! having no row broadcast) and in the sums (`column_sum` adds whole
//! columns, our axis 0; `row_sum` reduces each contiguous column, our
//! axis 1). In `matmul` its matrices are logically ours (same arithmetic).
//!
//! Every operand the benchmark owns has its own 64-byte-aligned allocation;
//! ndarray's are where ndarray put them (printed at start).

// Operands by reference are what the contenders are about.
#![allow(clippy::op_ref)]

use divan::{black_box, Bencher};
use nalgebra::{SMatrix, SVector};
use ndarray::{Array1, Array2, Axis};
use tensor_bench::{alignment_of, value, Aligned};
use tensor_core::prelude::*;

/// The shape of `add`: 4096 `f32`, 16 KiB.
type Small = Shape![64, 64];
/// The shape of `broadcast_add` and of the sums: 65536 `f32`, 256 KiB.
type Square = Shape![256, 256];
/// The broadcast vector, and the result of the sums.
type Line = Shape![256];
/// The side of [`Small`].
const S: usize = Small::DIMS[0];
/// The side of [`Square`].
const N: usize = Square::DIMS[0];

/// The samples each benchmark takes.
const SAMPLES: u32 = 3000;

/// The runs timed together in one sample, per group: enough that one
/// sample (10 µs to 40 µs) is far above the 20 ns timer precision, fixed so
/// that every contender of a group is timed alike.
mod sample_size {
    /// `add`: 0.4 µs to 0.8 µs per run.
    pub const ADD: u32 = 64;
    /// `broadcast_add` and the sums: 3 µs to 60 µs per run.
    pub const BIG: u32 = 4;
}

/// A boxed, 64-byte-aligned tensor holding [`value`]`(n)` at flat `n`.
fn tensor<Sh: Shape>() -> Box<Aligned<Tensor<f32, Sh>>> {
    Aligned::boxed(Tensor::from_flat_fn(value))
}

/// A boxed, 64-byte-aligned tensor of zeros, an output.
fn zeros<Sh: Shape>() -> Box<Aligned<Tensor<f32, Sh>>> {
    Aligned::boxed(Tensor::zeros())
}

/// A boxed, 64-byte-aligned array holding [`value`]`(n)` at `n`.
fn flat<const LEN: usize>() -> Box<Aligned<[f32; LEN]>> {
    Aligned::boxed(core::array::from_fn(value))
}

/// A boxed, 64-byte-aligned nalgebra matrix whose column-major bytes are
/// [`value`]`(n)` at `n` (the transpose of our row-major tensor).
fn na_bytes<const R: usize, const C: usize>() -> Box<Aligned<SMatrix<f32, R, C>>> {
    Aligned::boxed(SMatrix::from_fn(|i, j| value(j * R + i)))
}

/// An ndarray array of `rows × cols` holding [`value`]`(n)` at flat `n`.
fn nd(rows: usize, cols: usize) -> Array2<f32> {
    Array2::from_shape_fn((rows, cols), |(i, j)| value(i * cols + j))
}

/// Panics unless `got` is `expected`, naming the contender.
fn verify(name: &str, got: &[f32], expected: &[f32]) {
    assert!(got == expected, "{name} computed wrongly");
}

/// Checks every contender, prints where operands live, runs the benches.
fn main() {
    check_add();
    check_broadcast();
    check_sums();
    let (t, a, m) = (tensor::<Square>(), nd(N, N), na_bytes::<N, N>());
    println!(
        "operand alignment (bytes): tensor {}, nalgebra {}, ndarray {}",
        alignment_of(&t.0),
        alignment_of(&m.0),
        alignment_of(&a.as_slice().unwrap()[0]),
    );
    divan::main();
}

// ---------------------------------------------------------------- add

/// `out = a + b` over flat arrays of `[64, 64]`.
#[inline(never)]
fn add_hand(a: &[f32], b: &[f32], out: &mut [f32]) {
    let (a, b, out) = (&a[..S * S], &b[..S * S], &mut out[..S * S]);
    for ((o, &x), &y) in out.iter_mut().zip(a).zip(b) {
        *o = x + y;
    }
}

/// `*out = a + b` on tensors.
#[inline(never)]
fn add_tensor(a: &Tensor<f32, Small>, b: &Tensor<f32, Small>, out: &mut Tensor<f32, Small>) {
    *out = a + b;
}

/// `out.assign_zip(a, b, +)`: the same loop, written into `out` directly.
#[inline(never)]
fn add_tensor_into(a: &Tensor<f32, Small>, b: &Tensor<f32, Small>, out: &mut Tensor<f32, Small>) {
    out.assign_zip(a, b, |&x, &y| x + y);
}

/// `out.assign(a.lazy() + b)`: the lazy form of the operator, evaluated
/// into `out`.
#[inline(never)]
fn add_tensor_lazy(a: &Tensor<f32, Small>, b: &Tensor<f32, Small>, out: &mut Tensor<f32, Small>) {
    out.assign(a.lazy() + b);
}

/// `let c = a + b` on tensors, into a local that `black_box` keeps: the
/// result where the operator puts it, with no copy into `out`.
#[inline(never)]
fn add_tensor_local(a: &Tensor<f32, Small>, b: &Tensor<f32, Small>) {
    let c = a + b;
    black_box(&c);
}

/// ndarray's `&a + &b`, a fresh array.
#[inline(never)]
fn add_ndarray(a: &Array2<f32>, b: &Array2<f32>) -> Array2<f32> {
    a + b
}

/// nalgebra's `a + b` on copies of the operands (by value).
#[inline(never)]
fn add_nalgebra(a: &SMatrix<f32, S, S>, b: &SMatrix<f32, S, S>, out: &mut SMatrix<f32, S, S>) {
    *out = *a + *b;
}

/// nalgebra's `&a + &b` (by reference).
#[inline(never)]
fn add_nalgebra_ref(a: &SMatrix<f32, S, S>, b: &SMatrix<f32, S, S>, out: &mut SMatrix<f32, S, S>) {
    *out = a + b;
}

/// nalgebra's `a.add_to(b, out)`.
#[inline(never)]
fn add_nalgebra_to(a: &SMatrix<f32, S, S>, b: &SMatrix<f32, S, S>, out: &mut SMatrix<f32, S, S>) {
    a.add_to(b, out);
}

/// Checks every `add` contender against the hand-written loop.
fn check_add() {
    let (a, b) = (flat::<{ S * S }>(), flat::<{ S * S }>());
    let mut want = [0.0; S * S];
    add_hand(&a.0, &b.0, &mut want);
    let mut out = zeros::<Small>();
    add_tensor(&tensor().0, &tensor().0, &mut out.0);
    verify("tensor", out.0.as_slice(), &want);
    let mut out = zeros::<Small>();
    add_tensor_lazy(&tensor().0, &tensor().0, &mut out.0);
    verify("tensor_lazy", out.0.as_slice(), &want);
    verify(
        "ndarray",
        add_ndarray(&nd(S, S), &nd(S, S)).as_slice().unwrap(),
        &want,
    );
    let (na, mut no) = (na_bytes::<S, S>(), na_bytes::<S, S>());
    add_nalgebra(&na.0, &na.0, &mut no.0);
    verify("nalgebra", no.0.as_slice(), &want);
    add_nalgebra_ref(&na.0, &na.0, &mut no.0);
    verify("nalgebra_ref", no.0.as_slice(), &want);
    add_nalgebra_to(&na.0, &na.0, &mut no.0);
    verify("nalgebra_add_to", no.0.as_slice(), &want);
}

/// `[64, 64] + [64, 64]`, `f32`.
#[divan::bench_group(sample_count = SAMPLES, sample_size = sample_size::ADD)]
mod add {
    use super::*;

    /// Flat arrays, `out[i] = a[i] + b[i]`: the baseline.
    #[divan::bench]
    fn hand_written(bencher: Bencher) {
        let (a, b, mut out) = (
            flat::<{ S * S }>(),
            flat::<{ S * S }>(),
            flat::<{ S * S }>(),
        );
        bencher.bench_local(|| add_hand(black_box(&a.0), black_box(&b.0), &mut out.0));
    }

    /// `*out = &a + &b`.
    #[divan::bench]
    fn tensor(bencher: Bencher) {
        let (a, b, mut out) = (super::tensor(), super::tensor(), zeros());
        bencher.bench_local(|| add_tensor(black_box(&a.0), black_box(&b.0), &mut out.0));
    }

    /// `out.assign_zip(&a, &b, |x, y| x + y)`: into `out`, no temporary.
    #[divan::bench]
    fn tensor_into(bencher: Bencher) {
        let (a, b, mut out) = (super::tensor(), super::tensor(), zeros());
        bencher.bench_local(|| add_tensor_into(black_box(&a.0), black_box(&b.0), &mut out.0));
    }

    /// `out.assign(a.lazy() + &b)`: the lazy operator form, into `out`.
    #[divan::bench]
    fn tensor_lazy(bencher: Bencher) {
        let (a, b, mut out) = (super::tensor(), super::tensor(), zeros());
        bencher.bench_local(|| add_tensor_lazy(black_box(&a.0), black_box(&b.0), &mut out.0));
    }

    /// `let c = &a + &b`, left in a local.
    #[divan::bench]
    fn tensor_local(bencher: Bencher) {
        let (a, b) = (super::tensor(), super::tensor());
        bencher.bench_local(|| add_tensor_local(black_box(&a.0), black_box(&b.0)));
    }

    /// `&a + &b` on `Array2`, allocating the result.
    #[divan::bench]
    fn ndarray(bencher: Bencher) {
        let (a, b) = (nd(S, S), nd(S, S));
        bencher.bench_local(|| drop(add_ndarray(black_box(&a), black_box(&b))));
    }

    /// `*out = a + b` on `SMatrix<f32, 64, 64>`, operands by value.
    #[divan::bench]
    fn nalgebra(bencher: Bencher) {
        let (a, b, mut out) = (na_bytes(), na_bytes(), na_bytes());
        bencher.bench_local(|| add_nalgebra(black_box(&a.0), black_box(&b.0), &mut out.0));
    }

    /// `*out = &a + &b` on `SMatrix<f32, 64, 64>`.
    #[divan::bench]
    fn nalgebra_ref(bencher: Bencher) {
        let (a, b, mut out) = (na_bytes(), na_bytes(), na_bytes());
        bencher.bench_local(|| add_nalgebra_ref(black_box(&a.0), black_box(&b.0), &mut out.0));
    }

    /// `a.add_to(&b, &mut out)` on `SMatrix<f32, 64, 64>`.
    #[divan::bench]
    fn nalgebra_add_to(bencher: Bencher) {
        let (a, b, mut out) = (na_bytes(), na_bytes(), na_bytes());
        bencher.bench_local(|| add_nalgebra_to(black_box(&a.0), black_box(&b.0), &mut out.0));
    }
}

// ------------------------------------------------------- broadcast add

/// `out[i][j] = a[i][j] + b[j]` over flat arrays of `[256, 256]`.
#[inline(never)]
fn broadcast_hand(a: &[f32], b: &[f32], out: &mut [f32]) {
    let (a, b, out) = (&a[..N * N], &b[..N], &mut out[..N * N]);
    for (o_row, a_row) in out.chunks_exact_mut(N).zip(a.chunks_exact(N)) {
        for ((o, &x), &y) in o_row.iter_mut().zip(a_row).zip(b) {
            *o = x + y;
        }
    }
}

/// `*out = a + b` on tensors, `b` broadcast over the rows.
#[inline(never)]
fn broadcast_tensor(a: &Tensor<f32, Square>, b: &Tensor<f32, Line>, out: &mut Tensor<f32, Square>) {
    *out = a + b;
}

/// `out.assign_zip(a, b, +)`: the same loop, written into `out` directly.
#[inline(never)]
fn broadcast_tensor_into(
    a: &Tensor<f32, Square>,
    b: &Tensor<f32, Line>,
    out: &mut Tensor<f32, Square>,
) {
    out.assign_zip(a, b, |&x, &y| x + y);
}

/// `out.assign(a.lazy() + b)`, `b` broadcast over the rows.
#[inline(never)]
fn broadcast_tensor_lazy(
    a: &Tensor<f32, Square>,
    b: &Tensor<f32, Line>,
    out: &mut Tensor<f32, Square>,
) {
    out.assign(a.lazy() + b);
}

/// ndarray's `&a + &b`, `Array2 + Array1`, a fresh array.
#[inline(never)]
fn broadcast_ndarray(a: &Array2<f32>, b: &Array1<f32>) -> Array2<f32> {
    a + b
}

/// nalgebra, column by column: `b` added to each column of `a` (our rows)
/// by `add_to` into the matching column of `out`.
#[inline(never)]
fn broadcast_nalgebra(a: &SMatrix<f32, N, N>, b: &SVector<f32, N>, out: &mut SMatrix<f32, N, N>) {
    for (mut o, c) in out.column_iter_mut().zip(a.column_iter()) {
        c.add_to(b, &mut o);
    }
}

/// Checks every `broadcast_add` contender against the hand-written loop.
fn check_broadcast() {
    let (a, b) = (flat::<{ N * N }>(), flat::<N>());
    let mut want = vec![0.0; N * N];
    broadcast_hand(&a.0, &b.0, &mut want);
    let mut out = zeros::<Square>();
    broadcast_tensor(&tensor().0, &tensor().0, &mut out.0);
    verify("tensor", out.0.as_slice(), &want);
    let mut out = zeros::<Square>();
    broadcast_tensor_lazy(&tensor().0, &tensor().0, &mut out.0);
    verify("tensor_lazy", out.0.as_slice(), &want);
    let nd_b = Array1::from_shape_fn(N, value);
    verify(
        "ndarray",
        broadcast_ndarray(&nd(N, N), &nd_b).as_slice().unwrap(),
        &want,
    );
    let (na, nb, mut no) = (na_bytes::<N, N>(), na_bytes::<N, 1>(), na_bytes::<N, N>());
    broadcast_nalgebra(&na.0, &nb.0, &mut no.0);
    verify("nalgebra", no.0.as_slice(), &want);
}

/// `[256, 256] + [256]`, `f32`: the vector added to every row.
#[divan::bench_group(sample_count = SAMPLES, sample_size = sample_size::BIG)]
mod broadcast_add {
    use super::*;

    /// Flat arrays, row by row: the baseline.
    #[divan::bench]
    fn hand_written(bencher: Bencher) {
        let (a, b, mut out) = (flat::<{ N * N }>(), flat::<N>(), flat::<{ N * N }>());
        bencher.bench_local(|| broadcast_hand(black_box(&a.0), black_box(&b.0), &mut out.0));
    }

    /// `*out = &a + &b`.
    #[divan::bench]
    fn tensor(bencher: Bencher) {
        let (a, b, mut out) = (super::tensor(), super::tensor(), zeros());
        bencher.bench_local(|| broadcast_tensor(black_box(&a.0), black_box(&b.0), &mut out.0));
    }

    /// `out.assign_zip(&a, &b, |x, y| x + y)`: into `out`, no temporary.
    #[divan::bench]
    fn tensor_into(bencher: Bencher) {
        let (a, b, mut out) = (super::tensor(), super::tensor(), zeros());
        bencher.bench_local(|| broadcast_tensor_into(black_box(&a.0), black_box(&b.0), &mut out.0));
    }

    /// `out.assign(a.lazy() + &b)`: the lazy operator form, into `out`.
    #[divan::bench]
    fn tensor_lazy(bencher: Bencher) {
        let (a, b, mut out) = (super::tensor(), super::tensor(), zeros());
        bencher.bench_local(|| broadcast_tensor_lazy(black_box(&a.0), black_box(&b.0), &mut out.0));
    }

    /// `&a + &b` on `Array2 + Array1`, allocating the result.
    #[divan::bench]
    fn ndarray(bencher: Bencher) {
        let (a, b) = (nd(N, N), Array1::from_shape_fn(N, value));
        bencher.bench_local(|| drop(broadcast_ndarray(black_box(&a), black_box(&b))));
    }

    /// `SMatrix<f32, 256, 256>`: `add_to` of the vector per column.
    #[divan::bench]
    fn nalgebra(bencher: Bencher) {
        let (a, b, mut out) = (na_bytes(), na_bytes(), na_bytes());
        bencher.bench_local(|| broadcast_nalgebra(black_box(&a.0), black_box(&b.0), &mut out.0));
    }
}

// ---------------------------------------------------------------- sums

/// Column sums of a flat `[256, 256]`: the first row copied, every other
/// row added into it.
#[inline(never)]
fn sum0_hand(a: &[f32], out: &mut [f32]) {
    let (a, out) = (&a[..N * N], &mut out[..N]);
    out.copy_from_slice(&a[..N]);
    for row in a[N..].chunks_exact(N) {
        for (o, &x) in out.iter_mut().zip(row) {
            *o += x;
        }
    }
}

/// Row sums of a flat `[256, 256]`, each in 8 independent accumulators.
#[inline(never)]
fn sum1_hand(a: &[f32], out: &mut [f32]) {
    let (a, out) = (&a[..N * N], &mut out[..N]);
    for (o, row) in out.iter_mut().zip(a.chunks_exact(N)) {
        let mut acc = [0.0f32; 8];
        for chunk in row.chunks_exact(8) {
            for (s, &x) in acc.iter_mut().zip(chunk) {
                *s += x;
            }
        }
        *o = acc.iter().sum();
    }
}

/// `*out = a.sum_axes::<Axes![0]>()`.
#[inline(never)]
fn sum0_tensor(a: &Tensor<f32, Square>, out: &mut Tensor<f32, Line>) {
    *out = a.sum_axes::<Axes![0]>();
}

/// `*out = a.sum_axes::<Axes![1]>()`.
#[inline(never)]
fn sum1_tensor(a: &Tensor<f32, Square>, out: &mut Tensor<f32, Line>) {
    *out = a.sum_axes::<Axes![1]>();
}

/// ndarray's `a.sum_axis(Axis(k))`, a fresh array.
#[inline(never)]
fn sum_ndarray(a: &Array2<f32>, k: usize) -> Array1<f32> {
    a.sum_axis(Axis(k))
}

/// nalgebra's `column_sum` (whole columns added: our axis 0).
#[inline(never)]
fn sum0_nalgebra(a: &SMatrix<f32, N, N>, out: &mut SVector<f32, N>) {
    *out = a.column_sum();
}

/// nalgebra's `row_sum` (each column reduced: our axis 1).
#[inline(never)]
fn sum1_nalgebra(a: &SMatrix<f32, N, N>, out: &mut SMatrix<f32, 1, N>) {
    *out = a.row_sum();
}

/// Checks every sum contender against the hand-written loops.
fn check_sums() {
    let a = flat::<{ N * N }>();
    let (mut want0, mut want1) = ([0.0; N], [0.0; N]);
    sum0_hand(&a.0, &mut want0);
    sum1_hand(&a.0, &mut want1);
    let (t, mut out) = (tensor::<Square>(), zeros::<Line>());
    sum0_tensor(&t.0, &mut out.0);
    verify("tensor axis 0", out.0.as_slice(), &want0);
    sum1_tensor(&t.0, &mut out.0);
    verify("tensor axis 1", out.0.as_slice(), &want1);
    let a = nd(N, N);
    verify(
        "ndarray axis 0",
        sum_ndarray(&a, 0).as_slice().unwrap(),
        &want0,
    );
    verify(
        "ndarray axis 1",
        sum_ndarray(&a, 1).as_slice().unwrap(),
        &want1,
    );
    let (m, mut o0, mut o1) = (na_bytes::<N, N>(), na_bytes::<N, 1>(), na_bytes::<1, N>());
    sum0_nalgebra(&m.0, &mut o0.0);
    verify("nalgebra column_sum", o0.0.as_slice(), &want0);
    sum1_nalgebra(&m.0, &mut o1.0);
    verify("nalgebra row_sum", o1.0.as_slice(), &want1);
}

/// `sum_axes` over axis 0 of `[256, 256]` `f32`: column sums.
#[divan::bench_group(sample_count = SAMPLES, sample_size = sample_size::BIG)]
mod sum_axis0 {
    use super::*;

    /// Flat array, rows added into the output: the baseline.
    #[divan::bench]
    fn hand_written(bencher: Bencher) {
        let (a, mut out) = (flat::<{ N * N }>(), flat::<N>());
        bencher.bench_local(|| sum0_hand(black_box(&a.0), &mut out.0));
    }

    /// `*out = a.sum_axes::<Axes![0]>()`.
    #[divan::bench]
    fn tensor(bencher: Bencher) {
        let (a, mut out) = (super::tensor(), zeros());
        bencher.bench_local(|| sum0_tensor(black_box(&a.0), &mut out.0));
    }

    /// `a.sum_axis(Axis(0))`, allocating the result.
    #[divan::bench]
    fn ndarray(bencher: Bencher) {
        let a = nd(N, N);
        bencher.bench_local(|| drop(sum_ndarray(black_box(&a), 0)));
    }

    /// `column_sum` of the same bytes as a column-major `SMatrix`.
    #[divan::bench]
    fn nalgebra(bencher: Bencher) {
        let (a, mut out) = (na_bytes(), na_bytes());
        bencher.bench_local(|| sum0_nalgebra(black_box(&a.0), &mut out.0));
    }
}

/// `sum_axes` over axis 1 of `[256, 256]` `f32`: row sums.
#[divan::bench_group(sample_count = SAMPLES, sample_size = sample_size::BIG)]
mod sum_axis1 {
    use super::*;

    /// Flat array, each row in 8 accumulators: the baseline.
    #[divan::bench]
    fn hand_written(bencher: Bencher) {
        let (a, mut out) = (flat::<{ N * N }>(), flat::<N>());
        bencher.bench_local(|| sum1_hand(black_box(&a.0), &mut out.0));
    }

    /// `*out = a.sum_axes::<Axes![1]>()`.
    #[divan::bench]
    fn tensor(bencher: Bencher) {
        let (a, mut out) = (super::tensor(), zeros());
        bencher.bench_local(|| sum1_tensor(black_box(&a.0), &mut out.0));
    }

    /// `a.sum_axis(Axis(1))`, allocating the result.
    #[divan::bench]
    fn ndarray(bencher: Bencher) {
        let a = nd(N, N);
        bencher.bench_local(|| drop(sum_ndarray(black_box(&a), 1)));
    }

    /// `row_sum` of the same bytes as a column-major `SMatrix`.
    #[divan::bench]
    fn nalgebra(bencher: Bencher) {
        let (a, mut out) = (na_bytes(), na_bytes());
        bencher.bench_local(|| sum1_nalgebra(black_box(&a.0), &mut out.0));
    }
}
