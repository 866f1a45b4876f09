//! Views: every operation of the API's view table, on tensors and views,
//! chained, read and written.

use tensor_core::prelude::*;

fn iota<S: Shape>() -> Tensor<i32, S> {
    Tensor::from_flat_fn(|i| i as i32)
}

#[test]
fn permute_reorders_axes_like_numpy_transpose() {
    let t = iota::<Shape![2, 3, 4]>();
    let p = t.permute::<Axes![2, 0, 1]>();
    assert_eq!(p.shape(), [4, 2, 3]);
    for (i, j, k) in (0..4).flat_map(|i| (0..2).flat_map(move |j| (0..3).map(move |k| (i, j, k)))) {
        assert_eq!(p[[i, j, k]], t[[j, k, i]]);
    }
}

#[test]
fn t_swaps_the_last_two_axes() {
    let t = iota::<Shape![2, 3, 4]>();
    let v = t.t();
    assert_eq!(v.shape(), [2, 4, 3]);
    assert_eq!(v[[1, 3, 2]], t[[1, 2, 3]]);
    assert_eq!(t.t().t(), t);
}

#[test]
fn reshape_of_a_contiguous_tensor_keeps_c_order() {
    let t = iota::<Shape![2, 3, 4]>();
    let r = t.reshape::<Shape![4, 6]>();
    assert_eq!(
        r.iter().copied().collect::<Vec<_>>(),
        (0..24).collect::<Vec<_>>()
    );
    assert_eq!(r[[3, 5]], 23);
}

#[test]
fn reshape_after_permute_composes_the_index_maps() {
    let t = iota::<Shape![2, 3]>();
    // NumPy: np.arange(6).reshape(2, 3).T.reshape(3, 2) == [[0, 3], [1, 4], [2, 5]]
    let r = t.t().reshape::<Shape![3, 2]>();
    assert_eq!(r, tensor![[0, 3], [1, 4], [2, 5]]);
    let flat = t.permute::<Axes![1, 0]>().reshape::<Shape![6]>();
    assert_eq!(flat, tensor![0, 3, 1, 4, 2, 5]);
}

#[test]
fn reshape_after_flip_after_step_after_expand() {
    let t = iota::<Shape![2, 3]>();
    assert_eq!(
        t.flip::<Axes![1]>().reshape::<Shape![6]>(),
        tensor![2, 1, 0, 5, 4, 3]
    );
    let u = iota::<Shape![4, 4]>();
    assert_eq!(
        slice!(u, .., ..;2).reshape::<Shape![8]>(),
        tensor![0, 2, 4, 6, 8, 10, 12, 14]
    );
    let row = tensor![1, 2];
    assert_eq!(
        row.expand::<Shape![2, 2]>().reshape::<Shape![4]>(),
        tensor![1, 2, 1, 2]
    );
}

#[test]
fn flip_reverses_along_axes() {
    let t = iota::<Shape![2, 3]>();
    assert_eq!(t.flip::<Axes![0]>(), tensor![[3, 4, 5], [0, 1, 2]]);
    assert_eq!(t.flip::<Axes![0, 1]>(), tensor![[5, 4, 3], [2, 1, 0]]);
}

#[test]
fn expand_broadcasts_with_stride_zero() {
    let col = tensor![[1], [2]];
    let e = col.expand::<Shape![3, 2, 4]>();
    assert_eq!(e.shape(), [3, 2, 4]);
    assert!(e.iter().take(4).all(|&x| x == 1));
    assert_eq!(e[[2, 1, 3]], 2);
}

#[test]
fn slice_ranges_steps_negative_bounds_and_indices() {
    let t = iota::<Shape![4, 5, 6]>();
    // NumPy: x[1:3, :, 2::2, ] -> shape (2, 5, 2)
    let s = slice!(t, 1..3, .., 2..;2);
    assert_eq!(s.shape(), [2, 5, 2]);
    assert_eq!(s[[1, 4, 1]], t[[2, 4, 4]]);
    // x[-1] drops the axis; x[:, -2:] keeps two.
    assert_eq!(slice!(t, -1).shape(), [5, 6]);
    assert_eq!(slice!(t, .., -2..).shape(), [4, 2, 6]);
    assert_eq!(slice!(t, 0, 0, ..-4), tensor![0, 1]);
    // Inclusive ranges.
    assert_eq!(slice!(t, 0, 0, 1..=3), tensor![1, 2, 3]);
    assert_eq!(slice!(t, 0, 0, -2..=-1), tensor![4, 5]);
}

#[test]
fn negative_steps_follow_ndarray() {
    let t = iota::<Shape![10]>();
    // ndarray s![1..8;-3]: take 1..8, walk it from its end: 7, 4, 1.
    assert_eq!(slice!(t, 1..8;-3), tensor![7, 4, 1]);
    assert_eq!(slice!(t, ..;-1), t.flip::<Axes![0]>());
    assert_eq!(slice!(t, ..;-4), tensor![9, 5, 1]);
}

#[test]
fn empty_slices_are_allowed() {
    let t = iota::<Shape![4]>();
    let e = slice!(t, 2..2);
    assert_eq!(e.shape(), [0]);
    assert_eq!(e.iter().count(), 0);
    assert_eq!(slice!(t, 3..3;-1).iter().count(), 0);
}

#[test]
fn runtime_indices_drop_their_axis() {
    let t = iota::<Shape![3, 4]>();
    for row in 0..3 {
        assert_eq!(
            slice!(t, row, 1..3),
            tensor![row as i32 * 4 + 1, row as i32 * 4 + 2]
        );
    }
    let (i, j) = (2, 3);
    assert_eq!(slice!(t, i, j)[[]], 11);
}

#[test]
#[should_panic(expected = "slice!: index 4 is out of bounds for axis 1 of size 4 in shape [3, 4]")]
fn runtime_index_out_of_range_panics_with_axis_index_and_dim() {
    let t = iota::<Shape![3, 4]>();
    let j = 4;
    let _ = slice!(t, .., j);
}

#[test]
fn views_chain_on_views() {
    let t = iota::<Shape![2, 3, 4]>();
    let v = slice!(t.permute::<Axes![2, 0, 1]>().flip::<Axes![1]>(), 1..3);
    assert_eq!(v.shape(), [2, 2, 3]);
    assert_eq!(v[[0, 0, 2]], t[[1, 2, 1]]);
    let w = slice!(v, .., 0).t();
    assert_eq!(w.shape(), [3, 2]);
    assert_eq!(w[[2, 1]], t[[1, 2, 2]]);
}

#[test]
fn writes_through_mutable_views() {
    let mut t = Tensor::<i32, Shape![3, 3]>::zeros();
    slice!(t.view_mut(), .., 1).fill(5);
    assert_eq!(t, tensor![[0, 5, 0], [0, 5, 0], [0, 5, 0]]);
    let mut p = t.view_mut().t().flip::<Axes![0]>();
    p[[0, 0]] = 9; // row 0 of the flipped transpose is column 2
    assert_eq!(t[[0, 2]], 9);
    let k = 2;
    slice!(t.view_mut(), k, ..).assign(&tensor![7, 8, 9].view());
    assert_eq!(slice!(t, 2), tensor![7, 8, 9]);
}

#[test]
fn assign_of_a_view_writes_every_element_in_logical_order() {
    // [256, 256] f32, boxed (256 KiB): a transpose into a whole tensor's
    // mutable view (the SIMD copy), into a transposed one (element by
    // element), into a slice of rows (other element types: the unit test
    // in ops/view_assign.rs).
    let src = Tensor::<f32, Shape![256, 256]>::boxed_from_flat_fn(|i| i as f32);
    let mut out = Tensor::<f32, Shape![256, 256]>::boxed_zeros();
    out.view_mut().assign(&src.t());
    let mut want = Tensor::<f32, Shape![256, 256]>::boxed_zeros();
    want.copy_from(&src.t());
    assert_eq!(out, want);
    assert_eq!(out[[3, 200]], src[[200, 3]]);
    out.view_mut().t().assign(&src.flip::<Axes![1]>());
    assert_eq!(
        (out[[7, 250]], out[[250, 7]]),
        (src[[250, 255 - 7]], src[[7, 255 - 250]])
    );
    slice!(out.view_mut(), 10..12, ..).assign(&slice!(src.t(), 0..2, ..));
    assert_eq!(slice!(out, 10..12, ..), slice!(src.t(), 0..2, ..));
    assert_eq!(slice!(out, 12, ..), slice!(src, .., 255 - 12)); // row 12 of the flipped transpose
}

#[test]
fn to_tensor_copies_in_logical_order() {
    let t = iota::<Shape![2, 3]>();
    let c: Tensor<i32, Shape![3, 2]> = t.t().to_tensor();
    assert_eq!(c.as_slice(), &[0, 3, 1, 4, 2, 5]);
}

#[test]
fn outer_iter_yields_sub_views() {
    let t = iota::<Shape![3, 2, 2]>();
    let firsts: Vec<i32> = t.outer_iter().map(|m| m[[0, 0]]).collect();
    assert_eq!(firsts, [0, 4, 8]);
    let cols: Vec<Tensor<i32, Shape![2]>> = t
        .t()
        .outer_iter()
        .map(|m| slice!(m, 0).to_tensor())
        .collect();
    assert_eq!(cols[2], tensor![8, 10]);
    assert_eq!(t.outer_iter().len(), 3);
}

#[test]
fn views_print_and_compare() {
    let t = iota::<Shape![2, 3]>();
    assert_eq!(t.t().to_string(), "[[0 3]\n [1 4]\n [2 5]]");
    assert_eq!(
        format!("{:?}", t.t()),
        "View { shape: [3, 2], data: [0, 3, 1, 4, 2, 5] }"
    );
    assert!(t.t() == t.t().to_tensor().view());
    assert_ne!(t.flip::<Axes![1]>(), t);
}

#[test]
fn get_on_views_checks_each_axis() {
    let t = iota::<Shape![2, 3]>();
    assert_eq!(t.t().get([2, 1]), Some(&5));
    assert_eq!(t.t().get([1, 2]), None);
}

#[test]
#[should_panic(expected = "index [3, 0] is out of bounds for shape [3, 2]")]
fn out_of_range_view_index_panics_with_index_and_shape() {
    let t = iota::<Shape![2, 3]>();
    let _ = t.t()[[3, 0]];
}

#[test]
fn ranges_at_run_time_positions_have_static_lengths() {
    let t = iota::<Shape![5, 6]>();
    for i in 0..=2 {
        for j in 0..=3 {
            let w = slice!(t, i..i + 3, j..=j + 2); // [3, 3]
            assert_eq!(w.shape(), [3, 3]);
            let want = Tensor::<i32, Shape![3, 3]>::from_fn(|[a, b]| t[[i + a, j + b]]);
            assert_eq!(w, want);
            assert_eq!(w.to_tensor(), want);
        }
    }
    // Steps, reversed ranges, and mixed with every other entry kind.
    let i = 1;
    assert_eq!(slice!(t, 0, i..i + 5;2), tensor![1, 3, 5]);
    assert_eq!(slice!(t, -1, i..i + 4;-1), tensor![28, 27, 26, 25]);
    assert_eq!(slice!(t, i..i + 4;-3, ..;5), tensor![[24, 29], [6, 11]]);
    assert_eq!(slice!(t, i..(i + 2), i).shape(), [2]);
    let k = [0usize, 2];
    assert_eq!(slice!(t, k[1]..k[1] + 2, k[0]), tensor![12, 18]);
    // A view of a view, a zero-length range, and an end at the axis's end.
    let v = t.t(); // [6, 5]
    assert_eq!(slice!(v, 4..;1, i..i + 2), tensor![[10, 16], [11, 17]]);
    assert_eq!(slice!(t, i..i + 0).shape(), [0, 6]);
    let last = 3;
    assert_eq!(slice!(t, last..last + 2, 5), tensor![23, 29]);
}

#[test]
fn ranges_at_run_time_positions_write_through_mutable_views() {
    let mut t = Tensor::<i32, Shape![4, 4]>::zeros();
    for i in 0..4 {
        slice!(t.view_mut(), i, i..i + 1).fill(1);
    }
    let p = 1;
    slice!(t.view_mut(), p..p + 2, p..p + 2;-1)[[0, 0]] = 7; // [1, 2]
    assert_eq!(t[[1, 2]], 7);
    assert_eq!(t.sum(), 4 + 7);
}

#[test]
#[should_panic(
    expected = "slice!: range 3..3 + 3 is out of bounds for axis 0 of size 5 in shape [5, 6]"
)]
fn range_at_run_time_position_out_of_range_panics_with_index_length_and_shape() {
    let t = iota::<Shape![5, 6]>();
    let i = 3;
    let _ = slice!(t, i..i + 3);
}

#[test]
#[should_panic(expected = "slice!: range 18446744073709551615..18446744073709551615 + 2")]
fn range_at_run_time_position_cannot_wrap_into_range() {
    let t = iota::<Shape![5, 6]>();
    let i = usize::MAX;
    let _ = slice!(t, .., i..i + 2);
}

#[test]
fn try_slice_returns_the_view_or_the_entry_that_does_not_fit() {
    let t = iota::<Shape![5, 6]>();
    // Every position of a [2, 3] window: Ok exactly where it fits.
    for i in 0..8 {
        for j in 0..9 {
            let got = try_slice!(t, i..i + 2, j..j + 3;-1);
            if i + 2 <= 5 && j + 3 <= 6 {
                assert_eq!(got.unwrap(), slice!(t, i..i + 2, j..j + 3;-1));
            } else {
                let err = got.unwrap_err();
                let (axis, start, len) = if i + 2 > 5 { (0, i, 2) } else { (1, j, 3) };
                assert_eq!(
                    (err.axis(), err.start(), err.window_len(), err.dims()),
                    (axis, start, Some(len), &[5, 6][..])
                );
            }
        }
    }
    // Indices, on a view and a mutable view; the first entry that fails.
    let v = t.t(); // [6, 5]
    assert_eq!(try_slice!(v, 5, ..2).unwrap(), tensor![5, 11]);
    let six = 6;
    let err = try_slice!(v, six, ..).unwrap_err();
    assert_eq!((err.axis(), err.start(), err.window_len()), (0, 6, None));
    assert_eq!(
        err.to_string(),
        "index 6 is out of bounds for axis 0 of size 6 in shape [6, 5]"
    );
    let (big, bigger) = (9, 10);
    assert_eq!(try_slice!(t, big, bigger).unwrap_err().start(), 9);
    let mut m = iota::<Shape![3, 3]>();
    let (one, three) = (1, 3);
    *try_slice!(m.view_mut(), one, one..one + 1)
        .unwrap()
        .get_mut([0])
        .unwrap() = -1;
    assert_eq!(m[[1, 1]], -1);
    assert!(try_slice!(m.view_mut(), three, ..).is_err());
    // No run-time entry: always Ok; a window past usize::MAX does not wrap.
    assert_eq!(try_slice!(t, 1..3, 0).unwrap(), tensor![6, 12]);
    let huge = usize::MAX;
    let err = try_slice!(t, .., huge..huge + 2).unwrap_err();
    assert_eq!((err.axis(), err.start()), (1, usize::MAX));
}
