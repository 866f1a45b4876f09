//! Corpus: flatten [C, H, W] into [C * H * W], concatenation along an axis
//! into [M + K, N], and a generic head calling the generic flatten; no
//! where-clause; checked against plain loops.
use tensor_core::prelude::*;

#[shape(C, H, W)]
fn flatten(x: Tensor<f32, Shape![C, H, W]>) -> Tensor<f32, Shape![C * H * W]> {
    x.into_reshape()
}

#[shape(M, K, N)]
fn stack_rows(
    a: &Tensor<f32, Shape![M, N]>,
    b: &Tensor<f32, Shape![K, N]>,
) -> Tensor<f32, Shape![M + K, N]> {
    a.concat::<Axis<0>>(b)
}

#[shape(C, H, W, O)]
fn head(x: Tensor<f32, Shape![C, H, W]>, w: &Tensor<f32, Shape![C * H * W, O]>) -> Tensor<f32, Shape![1, O]> {
    let flat: Tensor<f32, Shape![C * H * W]> = flatten(x);
    flat.into_reshape::<Shape![1, C * H * W]>().matmul(w)
}

/// Indexing a computed shape after a reshape between two written shapes.
#[shape(C, H, W)]
fn last(x: Tensor<f32, Shape![C, H, W]>) -> f32 {
    let flat: Tensor<f32, Shape![C * H * W]> = flatten(x);
    flat[[C::VALUE * H::VALUE * W::VALUE - 1]]
}

/// Pooling by two along both axes: `N / 2` in a shape.
#[shape(N)]
fn pool2(x: &Tensor<f32, Shape![N, N]>) -> Tensor<f32, Shape![N / 2, N / 2]> {
    Tensor::from_fn(|[i, j]| {
        let v = |a, b| x[[2 * i + a, 2 * j + b]];
        v(0, 0).max(v(0, 1)).max(v(1, 0)).max(v(1, 1))
    })
}

fn main() {
    let x = Tensor::<f32, Shape![2, 3, 4]>::from_flat_fn(|i| i as f32);
    let flat: Tensor<f32, Shape![24]> = flatten(x);
    assert_eq!(flat.as_slice(), x.as_slice());
    assert_eq!(last(x), 23.0);

    let a = Tensor::<f32, Shape![2, 3]>::from_flat_fn(|i| i as f32);
    let b = Tensor::<f32, Shape![1, 3]>::from_flat_fn(|i| 10.0 + i as f32);
    let both: Tensor<f32, Shape![3, 3]> = stack_rows(&a, &b);
    let want: Vec<f32> = a.iter().chain(b.iter()).cloned().collect();
    assert_eq!(both.as_slice(), want.as_slice());

    let w = Tensor::<f32, Shape![24, 2]>::from_flat_fn(|i| (i % 5) as f32);
    let y = head(x, &w);
    for o in 0..2 {
        let want: f32 = (0..24).map(|i| x.as_slice()[i] * w[[i, o]]).sum();
        assert_eq!(y[[0, o]], want);
    }

    let img = Tensor::<f32, Shape![4, 4]>::from_flat_fn(|i| ((i * 7) % 11) as f32);
    let p: Tensor<f32, Shape![2, 2]> = pool2(&img);
    for (i, j) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
        let m = (0..2)
            .flat_map(|a| (0..2).map(move |b| (a, b)))
            .map(|(a, b)| img[[2 * i + a, 2 * j + b]])
            .fold(f32::MIN, f32::max);
        assert_eq!(p[[i, j]], m);
    }
}
