//! Operands larger than cargo test's 2 MiB thread stack, on the heap, in
//! unoptimized builds too: a convolution reads its operands where they are,
//! and copies one that is not contiguous (a permuted input) on the heap, so
//! no frame holds room for a copy of an operand (found by a user probe: a
//! `[512, 256, 3, 3]` kernel, 4.5 MiB, overflowed the stack even when boxed
//! and contiguous). Each result is checked against a plain loop at a few
//! positions.

use tensor_core::prelude::*;

/// Small integers, exact in `f32` sums.
fn pattern(k: usize) -> f32 {
    ((k * 7 + 3) % 11) as f32 - 5.0
}

/// `[O, C, 3, 3]` weights, 4.5 MiB at 512 × 256.
type Kernel = Shape![512, 256, 3, 3];

fn kernel() -> Box<Tensor<f32, Kernel>> {
    Tensor::boxed_from_flat_fn(pattern)
}

fn input() -> Box<Tensor<f32, Shape![256, 8, 8]>> {
    Tensor::boxed_from_flat_fn(|k| pattern(k * 5 + 1))
}

/// `sum_c sum_a sum_b x(c, i + a - pad, j + b - pad) * w[o, c, a, b]`, zero
/// outside `x`.
fn reference(
    x: impl Fn(usize, usize, usize) -> f32,
    [c, h, w]: [usize; 3],
    weights: &[f32],
    [o, i, j]: [usize; 3],
    pad: usize,
) -> f32 {
    let mut acc = 0.0;
    for ch in 0..c {
        for a in 0..3 {
            for b in 0..3 {
                let (y, z) = ((i + a).wrapping_sub(pad), (j + b).wrapping_sub(pad));
                if y < h && z < w {
                    acc += x(ch, y, z) * weights[((o * c + ch) * 3 + a) * 3 + b];
                }
            }
        }
    }
    acc
}

const SPOTS: [[usize; 3]; 4] = [[0, 0, 0], [511, 5, 5], [200, 1, 4], [37, 3, 0]];

#[test]
fn assign_conv2d_with_a_kernel_of_4_5_mib() {
    let (x, w) = (input(), kernel());
    let mut y = Tensor::<f32, Shape![512, 6, 6]>::boxed_zeros();
    y.assign_conv2d(&*x, &*w);
    for s in SPOTS {
        let want = reference(|c, i, j| x[[c, i, j]], [256, 8, 8], w.as_slice(), s, 0);
        assert_eq!(y[s], want, "at {s:?}");
    }
}

#[test]
fn conv2d_and_conv2d_same_by_value_with_a_kernel_of_4_5_mib() {
    let (x, w) = (input(), kernel());
    let valid = x.conv2d(&*w); // [512, 6, 6]: 72 KiB
    let same = x.conv2d_same(&*w); // [512, 8, 8]: 128 KiB
    for s in SPOTS {
        let want = reference(|c, i, j| x[[c, i, j]], [256, 8, 8], w.as_slice(), s, 0);
        assert_eq!(valid[s], want, "valid at {s:?}");
        let want = reference(|c, i, j| x[[c, i, j]], [256, 8, 8], w.as_slice(), s, 1);
        assert_eq!(same[s], want, "same at {s:?}");
    }
}

/// A channels-last image of 2.25 MiB read as channels-first through a
/// permuted view: the convolution copies it, on the heap.
#[test]
fn conv2d_of_a_permuted_input_of_2_25_mib() {
    let hwc = Tensor::<f32, Shape![96, 96, 64]>::boxed_from_flat_fn(pattern);
    let w = Tensor::<f32, Shape![8, 64, 3, 3]>::from_flat_fn(|k| pattern(k + 2));
    let chw = hwc.permute::<Axes![2, 0, 1]>(); // [64, 96, 96], not contiguous
    let mut y = Tensor::<f32, Shape![8, 94, 94]>::boxed_zeros();
    y.assign_conv2d(&chw, &w);
    let same = chw.conv2d_same(&w); // [8, 96, 96]: 288 KiB
    let padded = chw.pad::<Shape![1, 1]>().conv2d(&w);
    for s in [[0, 0, 0], [7, 93, 93], [3, 40, 17]] {
        let x = |c: usize, i: usize, j: usize| hwc[[i, j, c]];
        assert_eq!(y[s], reference(x, [64, 96, 96], w.as_slice(), s, 0));
        let want = reference(x, [64, 96, 96], w.as_slice(), s, 1);
        assert_eq!((same[s], padded[s]), (want, want), "at {s:?}");
    }
}

/// `einsum!` walks an operand that it cannot read in place (`ji` read as
/// `ij`) into a scratch copy, and a product whose axes it must reorder into
/// a scratch product: both on the heap, so a 2.25 MiB operand runs on a
/// 2 MiB thread (found by review: the walk was on the stack).
#[test]
fn einsum_of_an_operand_of_2_25_mib_walked() {
    let a = Tensor::<f32, Shape![1024, 576]>::boxed_from_flat_fn(pattern);
    let v = Tensor::<f32, Shape![1024]>::from_flat_fn(|k| pattern(k + 3));
    let y = einsum!("ji,j->i", &*a, &v); // [576]
    for i in [0, 300, 575] {
        let want: f32 = (0..1024).map(|j| a[[j, i]] * v[[j]]).sum();
        assert_eq!(y[[i]], want, "at {i}");
    }
    // The product [576, 1024] x [1024, 576] reordered (`ki` out): its
    // 1.27 MiB scratch on the heap, the result boxed by the caller.
    let at = a.t().to_boxed_tensor(); // [576, 1024]
    let mut r = Tensor::<f32, Shape![576, 576]>::boxed_zeros();
    r.assign(einsum!("ij,jk->ki", &*at, &*a).view());
    for (k, i) in [(0, 0), (575, 3), (17, 400)] {
        let want: f32 = (0..1024).map(|j| at[[i, j]] * a[[j, k]]).sum();
        assert_eq!(r[[k, i]], want, "at [{k}, {i}]");
    }
}
