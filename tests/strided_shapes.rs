//! Strided convolutions and windows in `#[shape]` items: their output,
//! `floor((H - K) / S) + 1`, is written with `floor` in `Shape!` (a SAME
//! convolution's, `ceil(H / S)`, with `ceil`), and
//! checked at CIFAR and MNIST sizes (odd sizes too, where the floor drops a
//! remainder) against plain loops.

use tensor_core::prelude::*;

/// A 3×3 convolution with stride 2, no padding.
#[shape(C, H, W, O)]
fn strided_conv(
    x: &Tensor<f32, Shape![C, H, W]>,
    w: &Tensor<f32, Shape![O, C, 3, 3]>,
) -> Tensor<f32, Shape![O, floor((H - 3) / 2) + 1, floor((W - 3) / 2) + 1]> {
    x.conv2d_step::<_, Shape![2, 2]>(w)
}

/// TensorFlow's `padding="SAME"` with stride 2: `ceil(H / 2)` rows.
#[shape(C, H, W, O)]
fn same_down(
    x: &Tensor<f32, Shape![C, H, W]>,
    w: &Tensor<f32, Shape![O, C, 3, 3]>,
) -> Tensor<f32, Shape![O, ceil(H / 2), ceil(W / 2)]> {
    x.conv2d_same_step::<_, Shape![2, 2]>(w)
}

/// Frames of 4 samples every 3 samples, per channel.
#[shape(D, T)]
fn frames(x: &Tensor<f32, Shape![D, T]>) -> Tensor<f32, Shape![D, floor((T - 4) / 3) + 1, 4]> {
    x.windows_step::<Shape![4], Shape![3]>().to_tensor()
}

/// A generic caller: its shape spells the callee's, so nothing is restated.
#[shape(C, H, W, O)]
fn strided_sum(
    x: &Tensor<f32, Shape![C, H, W]>,
    w: &Tensor<f32, Shape![O, C, 3, 3]>,
) -> Tensor<f32, Shape![O]> {
    let y: Tensor<f32, Shape![O, floor((H - 3) / 2) + 1, floor((W - 3) / 2) + 1]> =
        strided_conv(x, w);
    y.sum_axes::<Axes![1, 2]>()
}

/// The same convolution with its output written with exact division,
/// `(H - 3) / 2 + 1`: the type `floor((H - 3) / 2) + 1` writes (`A / B` is
/// named as the floor quotient), under a bound that the division is exact
/// at each call.
#[shape(C, H, W, O)]
fn strided_conv_exact(
    x: &Tensor<f32, Shape![C, H, W]>,
    w: &Tensor<f32, Shape![O, C, 3, 3]>,
) -> Tensor<f32, Shape![O, (H - 3) / 2 + 1, (W - 3) / 2 + 1]> {
    x.conv2d_step::<_, Shape![2, 2]>(w)
}

/// An item that spells `/` calls one that spells `floor` with no bound to
/// restate (the other way round, the caller would have to spell `/` too).
#[shape(C, H, W, O)]
fn exact_calls_floor(
    x: &Tensor<f32, Shape![C, H, W]>,
    w: &Tensor<f32, Shape![O, C, 3, 3]>,
) -> Tensor<f32, Shape![O, (H - 3) / 2 + 1, (W - 3) / 2 + 1]> {
    strided_conv(x, w)
}

/// The six loops of a 3×3 convolution with stride 2 over flat `[c, h, w]`
/// input and `[o, c, 3, 3]` weights, into `out = [oh, ow]` positions, the
/// input read `pad = [top, left]` positions early (zero outside it).
fn reference(
    x: &[f32],
    [c_n, h, w]: [usize; 3],
    k: &[f32],
    o_n: usize,
    [oh, ow]: [usize; 2],
    [ph, pw]: [usize; 2],
) -> Vec<f32> {
    let mut out = vec![0.0; o_n * oh * ow];
    for o in 0..o_n {
        for i in 0..oh {
            for j in 0..ow {
                let mut acc = 0.0;
                for c in 0..c_n {
                    for a in 0..3 {
                        for b in 0..3 {
                            let (r, q) =
                                ((2 * i + a).wrapping_sub(ph), (2 * j + b).wrapping_sub(pw));
                            if r < h && q < w {
                                acc += x[(c * h + r) * w + q] * k[((o * c_n + c) * 3 + a) * 3 + b];
                            }
                        }
                    }
                }
                out[(o * oh + i) * ow + j] = acc;
            }
        }
    }
    out
}

/// Without padding: `(size - 3) / 2 + 1` positions.
fn valid_reference(x: &[f32], [c_n, h, w]: [usize; 3], k: &[f32], o_n: usize) -> Vec<f32> {
    reference(
        x,
        [c_n, h, w],
        k,
        o_n,
        [(h - 3) / 2 + 1, (w - 3) / 2 + 1],
        [0, 0],
    )
}

/// TensorFlow's SAME: `ceil(size / 2)` positions, the padding
/// `max((out - 1) * 2 + 3 - size, 0)`, its smaller half before.
fn same_reference(x: &[f32], [c_n, h, w]: [usize; 3], k: &[f32], o_n: usize) -> Vec<f32> {
    let (oh, ow) = (h.div_ceil(2), w.div_ceil(2));
    let before = |out: usize, size: usize| ((out - 1) * 2 + 3).saturating_sub(size) / 2;
    reference(
        x,
        [c_n, h, w],
        k,
        o_n,
        [oh, ow],
        [before(oh, h), before(ow, w)],
    )
}

#[test]
fn strided_conv_at_cifar_and_odd_sizes() {
    let x = Tensor::<f32, Shape![3, 32, 32]>::from_flat_fn(|i| ((i * 7) % 13) as f32 - 6.0);
    let w = Tensor::<f32, Shape![4, 3, 3, 3]>::from_flat_fn(|i| ((i * 5) % 7) as f32 - 3.0);
    let want = valid_reference(x.as_slice(), [3, 32, 32], w.as_slice(), 4);
    let y = strided_conv(&x, &w);
    assert_eq!(y.shape(), [4, 15, 15]);
    assert_eq!(y.as_slice(), &want[..]);
    let sums = strided_sum(&x, &w);
    let want: f32 = want[15 * 15..2 * 15 * 15].iter().sum();
    assert_eq!(sums[[1]], want);

    let odd = Tensor::<f32, Shape![1, 28, 27]>::from_flat_fn(|i| (i % 11) as f32);
    let k = Tensor::<f32, Shape![2, 1, 3, 3]>::from_flat_fn(|i| i as f32 - 9.0);
    let y = strided_conv(&odd, &k);
    assert_eq!(y.shape(), [2, 13, 13]);
    assert_eq!(
        y.as_slice(),
        &valid_reference(odd.as_slice(), [1, 28, 27], k.as_slice(), 2)[..]
    );
}

#[test]
fn same_strided_conv_at_cifar_and_odd_sizes() {
    let x = Tensor::<f32, Shape![3, 32, 32]>::from_flat_fn(|i| ((i * 7) % 13) as f32 - 6.0);
    let w = Tensor::<f32, Shape![4, 3, 3, 3]>::from_flat_fn(|i| ((i * 5) % 7) as f32 - 3.0);
    let y = same_down(&x, &w);
    assert_eq!(y.shape(), [4, 16, 16]);
    assert_eq!(
        y.as_slice(),
        &same_reference(x.as_slice(), [3, 32, 32], w.as_slice(), 4)[..]
    );

    let odd = Tensor::<f32, Shape![1, 27, 28]>::from_flat_fn(|i| (i % 11) as f32);
    let k = Tensor::<f32, Shape![2, 1, 3, 3]>::from_flat_fn(|i| i as f32 - 9.0);
    let y = same_down(&odd, &k);
    assert_eq!(y.shape(), [2, 14, 14]);
    assert_eq!(
        y.as_slice(),
        &same_reference(odd.as_slice(), [1, 27, 28], k.as_slice(), 2)[..]
    );
}

#[test]
fn frames_at_sequence_size() {
    let x = Tensor::<f32, Shape![2, 784]>::from_flat_fn(|i| i as f32);
    let f = frames(&x);
    assert_eq!(f.shape(), [2, 261, 4]);
    for (d, n, k) in [(0, 0, 0), (1, 100, 3), (0, 260, 3)] {
        assert_eq!(f[[d, n, k]], x[[d, 3 * n + k]]);
    }
}

#[test]
fn floor_folds_literals() {
    assert_eq!(
        <Shape![floor((32 - 3) / 2) + 1, floor(7 / 7)]>::DIMS,
        [15, 1]
    );
    assert_eq!(<Dim![floor(784 / 3)]>::VALUE, 261);
    assert_eq!(
        <Shape![ceil(27 / 2), ceil(32 / 2), ceil(0 / 5)]>::DIMS,
        [14, 16, 0]
    );
}

#[test]
fn exact_division_is_the_floor_quotients_type() {
    let x = Tensor::<f32, Shape![2, 9, 13]>::ones();
    let w = Tensor::<f32, Shape![4, 2, 3, 3]>::ones();
    let y: Tensor<f32, Shape![4, 4, 6]> = strided_conv_exact(&x, &w);
    assert_eq!(y[[3, 3, 5]], 18.0);
    assert_eq!(exact_calls_floor(&x, &w), y);
}
