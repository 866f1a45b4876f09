//! Corpus: valid 2-D convolution (cross-correlation, as in CNNs) of an
//! [H, W] image by a [K, K] kernel into [H - K + 1, W - K + 1], generic, no
//! where-clause; checked against plain loops.
use tensor_core::prelude::*;

#[shape(H, W, K)]
fn conv2d_valid(
    img: &Tensor<f32, Shape![H, W]>,
    kernel: &Tensor<f32, Shape![K, K]>,
) -> Tensor<f32, Shape![H - K + 1, W - K + 1]> {
    Tensor::from_fn(|[i, j]| {
        let mut acc = 0.0;
        for a in 0..K::VALUE {
            for b in 0..K::VALUE {
                acc += img[[i + a, j + b]] * kernel[[a, b]];
            }
        }
        acc
    })
}

fn conv_loops(img: &[f32], h: usize, w: usize, k: &[f32], n: usize) -> Vec<f32> {
    let (oh, ow) = (h - n + 1, w - n + 1);
    let mut out = vec![0.0; oh * ow];
    for i in 0..oh {
        for j in 0..ow {
            for a in 0..n {
                for b in 0..n {
                    out[i * ow + j] += img[(i + a) * w + j + b] * k[a * n + b];
                }
            }
        }
    }
    out
}

fn main() {
    let img = Tensor::<f32, Shape![28, 28]>::from_flat_fn(|i| (i % 17) as f32 - 8.0);
    let k = tensor![[1.0f32, 0.0, -1.0], [2.0, 0.0, -2.0], [1.0, 0.0, -1.0]];
    let out: Tensor<f32, Shape![26, 26]> = conv2d_valid(&img, &k);
    assert_eq!(out.as_slice(), conv_loops(img.as_slice(), 28, 28, k.as_slice(), 3).as_slice());

    // A kernel as large as the image gives a 1x1 output; a 1x1 kernel, the image.
    let whole: Tensor<f32, Shape![1, 1]> = conv2d_valid(&k, &k);
    assert_eq!(whole[[0, 0]], k.as_slice().iter().map(|x| x * x).sum::<f32>());
    assert_eq!(conv2d_valid(&img, &tensor![[1.0f32]]), img);
}
