//! The padded convolutions against a naive reference: the padded input
//! built element by element, then the textbook loops.

use crate::prelude::*;

fn value(n: usize) -> f32 {
    ((n * 7919) % 23) as f32 / 7.0 - 1.5
}

/// The naive reference: the padded input built element by element,
/// then the textbook loops of a valid, strided convolution.
#[allow(clippy::too_many_arguments)]
fn reference(
    x: &[f32],
    [c, h, wd]: [usize; 3],
    w: &[f32],
    [o, kh, kw]: [usize; 3],
    [lh, hh, lw, hw]: [usize; 4],
    [sh, sw]: [usize; 2],
    pad: f32,
) -> std::vec::Vec<f32> {
    let (ph, pw) = (h + lh + hh, wd + lw + hw);
    let at = |ci: usize, y: usize, xx: usize| {
        if y < lh || y >= lh + h || xx < lw || xx >= lw + wd {
            pad
        } else {
            x[(ci * h + y - lh) * wd + xx - lw]
        }
    };
    let (oh, ow) = ((ph - kh) / sh + 1, (pw - kw) / sw + 1);
    let mut out = std::vec![0.0; o * oh * ow];
    for oc in 0..o {
        for i in 0..oh {
            for j in 0..ow {
                let mut acc = 0.0;
                for ci in 0..c {
                    for a in 0..kh {
                        for b in 0..kw {
                            acc += w[((oc * c + ci) * kh + a) * kw + b]
                                * at(ci, i * sh + a, j * sw + b);
                        }
                    }
                }
                out[(oc * oh + i) * ow + j] = acc;
            }
        }
    }
    out
}

#[test]
fn same_conv2d_matches_the_reference_bit_for_bit() {
    let x = Tensor::<f32, Shape![1, 28, 28]>::from_flat_fn(value);
    let w = Tensor::<f32, Shape![8, 1, 3, 3]>::from_flat_fn(|n| value(n * 3));
    let want = reference(
        x.as_slice(),
        [1, 28, 28],
        w.as_slice(),
        [8, 3, 3],
        [1, 1, 1, 1],
        [1, 1],
        0.0,
    );
    assert_eq!(x.conv2d_same(&w).as_slice(), want);
    assert_eq!(x.pad::<Shape![1, 1]>().conv2d(&w).as_slice(), want);
    let mut out = Tensor::<f32, Shape![8, 28, 28]>::full(f32::NAN);
    out.assign_conv2d_same(&x, &w);
    assert_eq!(out.as_slice(), want);
    // Even kernels pad the odd row after; several channels; a kernel
    // larger than the image.
    let x = Tensor::<f32, Shape![3, 5, 7]>::from_flat_fn(|n| value(n + 2));
    let w = Tensor::<f32, Shape![2, 3, 4, 2]>::from_flat_fn(|n| value(n + 9));
    let want = reference(
        x.as_slice(),
        [3, 5, 7],
        w.as_slice(),
        [2, 4, 2],
        [1, 2, 0, 1],
        [1, 1],
        0.0,
    );
    assert_eq!(x.conv2d_same(&w).as_slice(), want);
    let w = Tensor::<f32, Shape![1, 3, 7, 9]>::from_flat_fn(value);
    let want = reference(
        x.as_slice(),
        [3, 5, 7],
        w.as_slice(),
        [1, 7, 9],
        [3, 3, 4, 4],
        [1, 1],
        0.0,
    );
    assert_eq!(x.conv2d_same(&w).as_slice(), want);
}

#[test]
fn strided_same_conv2d_matches_the_reference() {
    let x = Tensor::<f32, Shape![2, 7, 8]>::from_flat_fn(value);
    let w = Tensor::<f32, Shape![3, 2, 3, 3]>::from_flat_fn(|n| value(n + 4));
    let y = x.conv2d_same_step::<_, Shape![2, 3]>(&w);
    assert_eq!(y.shape(), [3, 4, 3]); // ceil(7 / 2), ceil(8 / 3)
                                      // Rows: (4 - 1) * 2 + 3 - 7 = 2, 1 before; columns: (3 - 1) * 3 + 3 - 8 = 1, 0 before.
    let want = reference(
        x.as_slice(),
        [2, 7, 8],
        w.as_slice(),
        [3, 3, 3],
        [1, 1, 0, 1],
        [2, 3],
        0.0,
    );
    assert_eq!(y.as_slice(), want);
    assert_eq!(x.conv2d_same_step::<_, Shape![1, 1]>(&w), x.conv2d_same(&w));
    // No interior row, the first output clamped: an image smaller than
    // the kernel (rows: 1 + 4 padded, 2 before; columns: 5 + 3, 1 before).
    let x = Tensor::<f32, Shape![2, 1, 5]>::from_flat_fn(value);
    let w = Tensor::<f32, Shape![3, 2, 5, 4]>::from_flat_fn(|n| value(n + 3));
    let want = reference(
        x.as_slice(),
        [2, 1, 5],
        w.as_slice(),
        [3, 5, 4],
        [2, 2, 1, 2],
        [1, 1],
        0.0,
    );
    assert_eq!(x.conv2d_same(&w).as_slice(), want);
    let x = Tensor::<f32, Shape![1, 3, 5]>::from_flat_fn(value);
    let w = Tensor::<f32, Shape![1, 1, 2, 2]>::from_flat_fn(|n| value(n + 3));
    let y = x.conv2d_same_step::<_, Shape![3, 1]>(&w); // rows: 1 output, no padding
    let want = reference(
        x.as_slice(),
        [1, 3, 5],
        w.as_slice(),
        [1, 2, 2],
        [0, 0, 0, 1],
        [3, 1],
        0.0,
    );
    assert_eq!(y.as_slice(), want);
}

#[test]
fn padded_views_convolve_as_their_copies() {
    let x = Tensor::<f32, Shape![2, 6, 5]>::from_flat_fn(value);
    let w = Tensor::<f32, Shape![3, 2, 2, 3]>::from_flat_fn(|n| value(n + 1));
    let p = x.pad_sides::<Shape![2, 0], Shape![1, 3]>(0.75);
    let want = reference(
        x.as_slice(),
        [2, 6, 5],
        w.as_slice(),
        [3, 2, 3],
        [2, 1, 0, 3],
        [1, 1],
        0.75,
    );
    assert_eq!(p.conv2d(&w).as_slice(), want);
    assert_eq!(p.conv2d(&w), p.to_tensor().conv2d(&w));
    let s = p.conv2d_step::<_, Shape![3, 2]>(&w);
    assert_eq!(s, p.to_tensor().conv2d_step::<_, Shape![3, 2]>(&w));
    // A permuted (non-contiguous) source, integer elements, a wide pad.
    let xi = Tensor::<i32, Shape![4, 3, 2]>::from_flat_fn(|n| n as i32 - 7);
    let wi = Tensor::<i32, Shape![2, 2, 3, 3]>::from_flat_fn(|n| (n % 5) as i32 - 2);
    let v = xi.permute::<Axes![2, 0, 1]>(); // [2, 4, 3]
    let pv = v.pad_with::<Shape![3, 2]>(-1);
    assert_eq!(pv.conv2d(&wi), pv.to_tensor().conv2d(&wi));
    assert_eq!(
        v.conv2d_same(&wi),
        v.pad::<Shape![1, 1]>().to_tensor().conv2d(&wi)
    );
}

#[test]
fn wide_border_rows_run_in_lanes_as_the_reference() {
    // Rows of 21 and more: the border rows' interior columns go by
    // groups of `LANES`, with a pad value, steps, several channels.
    let x = Tensor::<f32, Shape![2, 5, 21]>::from_flat_fn(value);
    let w = Tensor::<f32, Shape![3, 2, 3, 3]>::from_flat_fn(|n| value(n + 6));
    let p = x.pad_sides::<Shape![2, 1], Shape![1, 3]>(0.5);
    let want = |st: [usize; 2]| {
        reference(
            x.as_slice(),
            [2, 5, 21],
            w.as_slice(),
            [3, 3, 3],
            [2, 1, 1, 3],
            st,
            0.5,
        )
    };
    assert_eq!(p.conv2d(&w).as_slice(), want([1, 1]));
    assert_eq!(
        p.conv2d_step::<_, Shape![1, 2]>(&w).as_slice(),
        want([1, 2])
    );
    assert_eq!(
        p.conv2d_step::<_, Shape![2, 1]>(&w).as_slice(),
        want([2, 1])
    );
    let x = Tensor::<f32, Shape![1, 4, 40]>::from_flat_fn(|n| value(n + 1));
    let want = reference(
        x.as_slice(),
        [1, 4, 40],
        w.as_slice()[..27].as_ref(),
        [3, 3, 3],
        [1, 1, 1, 1],
        [1, 1],
        0.0,
    );
    let w1 = Tensor::<f32, Shape![3, 1, 3, 3]>::from_flat_fn(|n| w.as_slice()[n]);
    assert_eq!(x.conv2d_same(&w1).as_slice(), want);
}
