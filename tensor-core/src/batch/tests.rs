//! Batches against plain loops over the same slices.

use std::string::ToString;
use std::vec::Vec;

use crate::prelude::*;

/// `n * 7 % 11 - 5` for `n` in `0..len`: small, mixed signs, exact.
fn data(len: usize) -> Vec<f32> {
    (0..len).map(|n| (n * 7 % 11) as f32 - 5.0).collect()
}

#[test]
fn lengths_that_are_not_whole_items_are_errors_naming_them() {
    let v = data(10);
    let err = Batch::<f32, Shape![2, 2]>::try_from_slice(&v).unwrap_err();
    assert_eq!(
        (err.dims(), err.item_size(), err.found()),
        (&[2, 2][..], 4, 10)
    );
    assert_eq!(
        err.to_string(),
        "a batch of items of shape [2, 2] (4 elements each) needs a length that is a multiple of 4, found 10"
    );
    let mut m = data(7);
    assert!(BatchMut::<f32, Shape![2]>::try_from_slice_mut(&mut m).is_err());
    let empty = Batch::<f32, Shape![784]>::try_from_slice(&[]).unwrap();
    assert_eq!(
        (empty.len(), empty.is_empty(), empty.get(0)),
        (0, true, None)
    );
    assert_eq!(empty.iter().count(), 0);
}

#[test]
fn items_of_no_element_take_only_an_empty_slice() {
    let none = Batch::<f32, Shape![0, 3]>::try_from_slice(&[]).unwrap();
    assert_eq!((none.len(), none.iter().count()), (0, 0));
    let err = Batch::<f32, Shape![0, 3]>::try_from_slice(&[1.0, 2.0]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "items of shape [0, 3] have no elements, so only an empty slice is a batch of them, found a length of 2"
    );
}

#[test]
fn items_are_the_slice_in_place() {
    let v = data(12);
    let xs = Batch::<f32, Shape![2, 3]>::try_from_slice(&v).unwrap();
    assert_eq!(xs.len(), 2);
    let second = xs.get(1).unwrap();
    assert!(core::ptr::eq(&second[[0, 0]], &v[6]), "no copy");
    assert_eq!(second.as_slice(), &v[6..]);
    assert_eq!(xs.iter().next_back(), Some(second));
    let mut w = data(12);
    let mut m = BatchMut::<f32, Shape![3]>::try_from_slice_mut(&mut w).unwrap();
    m.iter_mut().for_each(|x| x[[2]] = 100.0);
    *m.get_mut(0).unwrap() += &tensor![1.0, 1.0, 1.0];
    assert!(m.get_mut(4).is_none());
    assert_eq!((w[0], w[2], w[5], w[11]), (v[0] + 1.0, 101.0, 100.0, 100.0));
}

/// `[n, K] x [K, N]` by its definition on flat slices.
fn naive(x: &[f32], w: &[f32], k: usize, n: usize) -> Vec<f32> {
    let rows = x.len() / k;
    (0..rows * n)
        .map(|o| (0..k).map(|kk| x[o / n * k + kk] * w[kk * n + o % n]).sum())
        .collect()
}

#[test]
#[cfg(feature = "alloc")]
fn matmul_of_vectors_and_matrices_is_the_stacked_product() {
    let (x, wv) = (data(37 * 784), data(784 * 20));
    let w = Tensor::<f32, Shape![784, 20]>::try_from_slice(&wv).unwrap();
    let xs = Batch::<f32, Shape![784]>::try_from_slice(&x).unwrap();
    let h = xs.matmul(&w);
    assert_eq!(h.len(), 37);
    assert_eq!(h.as_slice(), &naive(&x, &wv, 784, 20)[..]);
    for (item, x) in h.iter().zip(xs.iter()) {
        assert_eq!(
            item,
            &x.reshape::<Shape![1, 784]>().matmul(&w).into_reshape()
        );
    }
    let ms = Batch::<f32, Shape![3, 8]>::try_from_slice(&x[..5 * 24]).unwrap();
    let w8 = Tensor::<f32, Shape![8, 5]>::try_from_slice(&wv[..40]).unwrap();
    let p = ms.matmul(&w8);
    assert_eq!(p.as_slice(), &naive(&x[..120], &wv[..40], 8, 5)[..]);
    // A transposed right operand: its rows gathered.
    let wt = w8.t().to_tensor();
    assert_eq!(ms.matmul(&wt.t()), p);
    let none = Batch::<f32, Shape![784]>::try_from_slice(&[]).unwrap();
    assert!(none.matmul(&w).is_empty());
}

#[test]
#[cfg(feature = "alloc")]
#[cfg(target_pointer_width = "64")]
#[should_panic = "a batch of 16385 items of 1125899906842624 elements each holds more than usize::MAX elements"]
fn a_product_of_more_than_usize_max_elements_panics() {
    // 2^14 + 1 items of one element by a broadcast `[1, 2^50]` (no memory
    // behind it): 2^64 + 2^50 elements, which would wrap to 2^50.
    let x = std::vec![1.0f32; (1 << 14) + 1];
    let xs = Batch::<f32, Shape![1]>::try_from_slice(&x).unwrap();
    let one = Tensor::<f32, Shape![1, 1]>::ones();
    let _ = xs.matmul(&one.expand::<Shape![1, 1125899906842624]>());
}

#[test]
#[cfg(feature = "alloc")]
#[cfg(target_pointer_width = "64")]
#[should_panic = "a batch of 4611686018427387904 items of 4 elements each holds more than usize::MAX elements"]
fn full_of_more_than_usize_max_elements_panics() {
    let _ = BatchTensor::<u8, Shape![2, 2]>::full(1 << 62, 0);
}

#[test]
fn assign_matmul_writes_a_borrowed_destination() {
    let (x, wv) = (data(9 * 16), data(16 * 7));
    let xs = Batch::<f32, Shape![16]>::try_from_slice(&x).unwrap();
    let w = Tensor::<f32, Shape![16, 7]>::try_from_slice(&wv).unwrap();
    let mut buf = std::vec![9.0; 9 * 7];
    let mut out = BatchMut::<f32, Shape![7]>::try_from_slice_mut(&mut buf).unwrap();
    out.assign_matmul(&xs, &w);
    assert_eq!(buf, naive(&x, &wv, 16, 7));
}

#[test]
#[should_panic = "assign_matmul: the batch has 2 items, its destination 3"]
fn assign_matmul_into_another_length_panics() {
    let x = data(8);
    let xs = Batch::<f32, Shape![4]>::try_from_slice(&x).unwrap();
    let mut buf = [0.0; 6];
    let mut out = BatchMut::<f32, Shape![2]>::try_from_slice_mut(&mut buf).unwrap();
    out.assign_matmul(&xs, &Tensor::<f32, Shape![4, 2]>::ones());
}

#[test]
#[cfg(feature = "alloc")]
fn broadcast_map_and_per_item_ops() {
    let x = data(4 * 6);
    let xs = BatchTensor::<f32, Shape![2, 3]>::try_from_vec(x.clone()).unwrap();
    let b = tensor![1.0, 2.0, 3.0];
    let y = (xs.clone() + &b) * &tensor![[2.0], [3.0]];
    for (i, v) in y.as_slice().iter().enumerate() {
        let scale = [2.0, 3.0][i / 3 % 2];
        assert_eq!(*v, (x[i] + b[[i % 3]]) * scale);
    }
    let relu = xs.map(|v| v.max(0.0));
    assert_eq!(
        relu.into_vec(),
        x.iter().map(|v| v.max(0.0)).collect::<Vec<_>>()
    );
    let sums = xs.map_items(|t| t.sum_axes::<Axes![1]>());
    let want: Vec<f32> = x.chunks(3).map(|r| r.iter().sum()).collect();
    assert_eq!(sums.as_slice(), &want[..]);
}

#[test]
#[cfg(feature = "alloc")]
fn map_items_convolves_each_image() {
    let x = data(5 * 3 * 8 * 8);
    let imgs = Batch::<f32, Shape![3, 8, 8]>::try_from_slice(&x).unwrap();
    let k = Tensor::<f32, Shape![4, 3, 3, 3]>::from_flat_fn(|i| (i % 5) as f32 - 2.0);
    let feats = imgs.map_items(|img| img.conv2d(&k));
    assert_eq!(feats.len(), 5);
    for (f, img) in feats.iter().zip(imgs.iter()) {
        let want = Tensor::<f32, Shape![4, 6, 6]>::from_fn(|[o, i, j]| {
            let mut s = 0.0;
            for c in 0..3 {
                for di in 0..3 {
                    for dj in 0..3 {
                        s += img[[c, i + di, j + dj]] * k[[o, c, di, dj]];
                    }
                }
            }
            s
        });
        assert_eq!(f, &want);
    }
}

#[test]
fn sums_and_means_across_items() {
    let x = data(6 * 4);
    let xs = Batch::<f32, Shape![4]>::try_from_slice(&x).unwrap();
    let want = Tensor::<f32, Shape![4]>::from_fn(|[j]| (0..6).map(|i| x[i * 4 + j]).sum());
    assert_eq!(xs.sum_items(), want);
    assert_eq!(xs.mean_items(), &want / 6.0);
    let bytes: Vec<u8> = (0..300).map(|i| if i % 2 == 0 { 255 } else { 3 }).collect();
    let bs = Batch::<u8, Shape![2]>::try_from_slice(&bytes).unwrap();
    assert_eq!(bs.mean_items(), tensor![255u8, 3]);
    let none = Batch::<f32, Shape![2]>::try_from_slice(&[]).unwrap();
    assert_eq!(none.sum_items(), Tensor::zeros());
    assert!(none.mean_items().iter().all(|v| v.is_nan()));
}

#[test]
#[should_panic = "mean_items of an empty batch of items of shape [2]"]
fn an_integer_mean_of_no_item_panics() {
    Batch::<i32, Shape![2]>::try_from_slice(&[])
        .unwrap()
        .mean_items();
}
