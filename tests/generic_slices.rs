//! `slice!` with literal bounds on axes whose size is a dimension variable,
//! in `#[shape]` items: trimmed ranges are `H - k`, indices and known-length
//! ranges are checked per instantiation. Each is checked at real sizes
//! (CIFAR's 3×32×32, a 784-token sequence) against plain index arithmetic.

use tensor_core::prelude::*;

/// The difference of neighbouring time steps: `x[1:] - x[:-1]`.
#[shape(T, D)]
fn steps(x: &Tensor<f32, Shape![T, D]>) -> Tensor<f32, Shape![T - 1, D]> {
    slice!(x, 1.., ..) - slice!(x, ..-1, ..)
}

/// The image without its one-pixel border, every channel.
#[shape(C, H, W)]
fn crop(x: &Tensor<f32, Shape![C, H, W]>) -> Tensor<f32, Shape![C, H - 2, W - 2]> {
    slice!(x, .., 1..-1, 1..-1).to_tensor()
}

/// The first token (a class token) and the last one, side by side.
#[shape(T, D)]
fn ends(x: &Tensor<f32, Shape![T, D]>) -> Tensor<f32, Shape![2, D]> {
    let first = slice!(x, 0, ..).to_tensor();
    let last = slice!(x, -1, ..).to_tensor();
    [first, last].stack::<Axis<0>>()
}

/// The first three rows.
#[shape(T, D)]
fn head(x: &Tensor<f32, Shape![T, D]>) -> Tensor<f32, Shape![3, D]> {
    slice!(x, ..3).to_tensor()
}

/// The last two rows.
#[shape(T, D)]
fn tail(x: &Tensor<f32, Shape![T, D]>) -> Tensor<f32, Shape![2, D]> {
    slice!(x, -2.., ..).to_tensor()
}

/// The rows reversed.
#[shape(T, D)]
fn reversed(x: &Tensor<f32, Shape![T, D]>) -> Tensor<f32, Shape![T, D]> {
    slice!(x, ..;-1, ..).to_tensor()
}

/// Rows `1..` walked backwards, and a window of 4 rows at a run-time start.
#[shape(T, D)]
fn backwards_and_window(
    x: &Tensor<f32, Shape![T, D]>,
    at: usize,
) -> (Tensor<f32, Shape![T - 1, D]>, Tensor<f32, Shape![4, D]>) {
    (
        slice!(x, 1..;-1, ..).to_tensor(),
        slice!(x, at..at + 4, ..).to_tensor(),
    )
}

/// Every second row, and every third row from the second one, backwards:
/// `ceil(T / 2)` and `ceil((T - 1) / 3)` rows.
#[shape(T, D)]
fn strided_rows(
    x: &Tensor<f32, Shape![T, D]>,
) -> (
    Tensor<f32, Shape![ceil(T / 2), D]>,
    Tensor<f32, Shape![ceil((T - 1) / 3), D]>,
) {
    (
        slice!(x, ..;2, ..).to_tensor(),
        slice!(x, 1..;-3, ..).to_tensor(),
    )
}

/// A generic caller: its own shapes spell `T - 1`, so `steps`'s bound holds.
#[shape(T, D)]
fn step_norms(x: &Tensor<f32, Shape![T, D]>) -> Tensor<f32, Shape![T - 1]> {
    let d = steps(x);
    (&d * &d).sum_axes::<Axes![1]>()
}

/// `try_slice!` too: a run-time index that does not fit is an error.
#[shape(T, D)]
fn try_row(x: &Tensor<f32, Shape![T, D]>, i: usize) -> Option<f32> {
    try_slice!(x, i, -1).ok().map(|v| v.to_tensor()[[]])
}

#[test]
fn trimmed_ranges_at_sequence_size() {
    let x = Tensor::<f32, Shape![784, 3]>::from_flat_fn(|i| (i * i % 1009) as f32);
    let d = steps(&x);
    assert_eq!(d.shape(), [783, 3]);
    for t in [0, 1, 400, 782] {
        for j in 0..3 {
            assert_eq!(d[[t, j]], x[[t + 1, j]] - x[[t, j]]);
        }
    }
    let n = step_norms(&x);
    assert_eq!(n.shape(), [783]);
    let want: f32 = (0..3).map(|j| d[[500, j]] * d[[500, j]]).sum();
    assert_eq!(n[[500]], want);
}

#[test]
fn cropped_at_cifar_size() {
    let x = Tensor::<f32, Shape![3, 32, 32]>::from_flat_fn(|i| i as f32);
    let c = crop(&x);
    assert_eq!(c.shape(), [3, 30, 30]);
    for (k, i, j) in [(0, 0, 0), (1, 15, 7), (2, 29, 29)] {
        assert_eq!(c[[k, i, j]], x[[k, i + 1, j + 1]]);
    }
}

#[test]
fn indices_and_known_lengths() {
    let x = Tensor::<f32, Shape![784, 3]>::from_flat_fn(|i| i as f32);
    let e = ends(&x);
    assert_eq!(e, tensor![[0.0, 1.0, 2.0], [2349.0, 2350.0, 2351.0]]);
    let (head, tail, rev) = (head(&x), tail(&x), reversed(&x));
    assert_eq!(head[[2, 1]], x[[2, 1]]);
    assert_eq!(tail[[0, 0]], x[[782, 0]]);
    assert_eq!(tail[[1, 2]], x[[783, 2]]);
    assert_eq!(rev[[0, 0]], x[[783, 0]]);
    assert_eq!(rev[[783, 2]], x[[0, 2]]);
    let (back, window) = backwards_and_window(&x, 100);
    assert_eq!(back.shape(), [783, 3]);
    assert_eq!((back[[0, 0]], back[[782, 1]]), (x[[783, 0]], x[[1, 1]]));
    assert_eq!(window[[3, 2]], x[[103, 2]]);
    assert_eq!(try_row(&x, 783), Some(x[[783, 2]]));
    assert_eq!(try_row(&x, 784), None);
}

#[test]
fn stepped_ranges_at_sequence_and_odd_sizes() {
    let x = Tensor::<f32, Shape![784, 3]>::from_flat_fn(|i| i as f32);
    let (even, back) = strided_rows(&x);
    assert_eq!((even.shape(), back.shape()), ([392, 3], [261, 3]));
    assert_eq!((even[[0, 1]], even[[391, 2]]), (x[[0, 1]], x[[782, 2]]));
    // `1..;-3` walks rows 783, 780, .., 3 (ndarray's rule: from the end).
    assert_eq!((back[[0, 0]], back[[260, 0]]), (x[[783, 0]], x[[3, 0]]));
    let odd = Tensor::<f32, Shape![27, 1]>::from_flat_fn(|i| i as f32);
    let (even, back) = strided_rows(&odd);
    assert_eq!((even.shape(), back.shape()), ([14, 1], [9, 1]));
    assert_eq!((even[[13, 0]], back[[8, 0]]), (26.0, 2.0));
}

#[test]
#[should_panic(expected = "slice!: range 781..781 + 4 is out of bounds for axis 0 of size 784")]
fn a_window_past_the_end_panics() {
    let x = Tensor::<f32, Shape![784, 3]>::zeros();
    let _ = backwards_and_window(&x, 781);
}
