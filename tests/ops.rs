//! Operations: what the NumPy-generated cases (`generated/ops_cases.rs`, from
//! `scripts/gen_ops_cases.py`) do not express well: NaN, panics, element
//! type changes, every kind of operand, writes through a `ViewMut`, rank-0
//! results and zero-sized dimensions.

// Operands by reference are what some tests are about.
#![allow(clippy::op_ref)]

use tensor_core::prelude::*;

fn iota<S: Shape>() -> Tensor<i64, S> {
    Tensor::from_flat_fn(|i| i as i64)
}

fn fiota<S: Shape>() -> Tensor<f64, S> {
    Tensor::from_flat_fn(|i| i as f64)
}

// ------------------------------------------------------------------ NaN

#[test]
fn max_and_min_propagate_nan_wherever_it_is() {
    // NumPy: np.max / np.min return nan when any element is nan.
    for at in 0..5 {
        let mut t = tensor![3.0, -1.0, 7.0, 2.0, 5.0];
        t[[at]] = f64::NAN;
        assert!(t.max().is_nan(), "max with NaN at {at}");
        assert!(t.min().is_nan(), "min with NaN at {at}");
        // The same through a non-contiguous view.
        assert!(
            t.flip::<Axes![0]>().max().is_nan(),
            "flipped max, NaN at {at}"
        );
        assert!(
            slice!(t, ..;2).min().is_nan() == (at % 2 == 0),
            "stepped min, NaN at {at}"
        );
    }
    let t = tensor![[1.0f32, f32::NAN], [3.0, 4.0]];
    assert!(t.t().max().is_nan() && t.min().is_nan());
}

#[test]
fn max_axes_and_min_axes_propagate_nan_only_into_its_own_results() {
    // x = np.arange(12.).reshape(3, 4); x[1, 2] = nan
    let mut t = fiota::<Shape![3, 4]>();
    t[[1, 2]] = f64::NAN;
    let is_nan = |v: &[f64]| v.iter().map(|x| x.is_nan()).collect::<Vec<_>>();

    // np.max(x, axis=1) == [3, nan, 11]: trailing axis, contiguous runs.
    let rows = t.max_axes::<Axes![1]>();
    assert_eq!(is_nan(rows.as_slice()), [false, true, false]);
    assert_eq!((rows[[0]], rows[[2]]), (3.0, 11.0));
    // np.min(x, axis=0) == [0, 1, nan, 3]: leading axis, whole rows.
    let cols = t.min_axes::<Axes![0]>();
    assert_eq!(is_nan(cols.as_slice()), [false, false, true, false]);
    assert_eq!((cols[[0]], cols[[1]], cols[[3]]), (0.0, 1.0, 3.0));
    // The same through a transpose (general kernel): x.T.max(axis=0).
    let rows_t = t.t().max_axes::<Axes![0]>();
    assert_eq!(is_nan(rows_t.as_slice()), [false, true, false]);
    // NaN as the first element of the fold, and as the last.
    let mut u = fiota::<Shape![2, 3]>();
    u[[0, 0]] = f64::NAN;
    u[[1, 2]] = f64::NAN;
    let m = u.max_axes::<Axes![1]>();
    assert!(m[[0]].is_nan() && m[[1]].is_nan());
    let m = u.min_axes::<Axes![0]>();
    assert_eq!(is_nan(m.as_slice()), [true, false, true]);
    assert_eq!(m[[1]], 1.0);
    // Mixed axes of a rank-3 view: x = arange(24.).reshape(2, 3, 4),
    // x[1, 0, 3] = nan; np.max(x, axis=(0, 2)) == [nan, 19, 23].
    let mut v = fiota::<Shape![2, 3, 4]>();
    v[[1, 0, 3]] = f64::NAN;
    let m = v.max_axes::<Axes![2, 0]>();
    assert!(m[[0]].is_nan());
    assert_eq!((m[[1]], m[[2]]), (19.0, 23.0));
    // Everything reduced: rank 0.
    assert!(v.min_axes::<Axes![0, 1, 2]>()[[]].is_nan());
}

#[test]
fn sum_and_mean_carry_nan_and_infinity() {
    let t = tensor![[1.0, f64::INFINITY], [2.0, f64::NAN]];
    assert!(t.sum().is_nan());
    let s = t.sum_axes::<Axes![0]>();
    assert_eq!(s[[0]], 3.0);
    assert!(s[[1]].is_nan());
    let m = t.mean_axes::<Axes![1]>();
    assert_eq!(m[[0]], f64::INFINITY);
    assert!(m[[1]].is_nan());
}

// ------------------------------------------------------------------ panics

#[test]
#[should_panic(expected = "max of no element")]
fn max_of_no_element_panics() {
    let _ = Tensor::<f64, Shape![0]>::zeros().max();
}

#[test]
#[should_panic(expected = "min of no element")]
fn min_of_an_empty_view_panics() {
    let t = iota::<Shape![4, 3]>();
    let _ = slice!(t, 2..2, ..;-1).min();
}

#[test]
#[should_panic(expected = "max_axes of no element: a reduced axis has size 0")]
fn max_axes_over_an_empty_axis_panics() {
    // NumPy: np.max(np.zeros((2, 0)), axis=1) raises "zero-size array to
    // reduction operation maximum which has no identity".
    let _ = Tensor::<i64, Shape![2, 0]>::zeros().max_axes::<Axes![1]>();
}

#[test]
#[should_panic(expected = "min_axes of no element: a reduced axis has size 0")]
fn min_axes_over_an_empty_leading_axis_of_a_view_panics() {
    let t = Tensor::<f32, Shape![3, 0]>::zeros();
    let _ = t.t().min_axes::<Axes![0]>(); // t.T has shape [0, 3]
}

#[test]
fn empty_reductions_that_do_not_panic() {
    // np.sum of nothing is 0; np.max over a kept empty axis is empty.
    assert_eq!(Tensor::<i64, Shape![0, 3]>::zeros().sum(), 0);
    assert_eq!(
        Tensor::<i64, Shape![0, 3]>::zeros().sum_axes::<Axes![0]>(),
        tensor![0, 0, 0]
    );
    let e: Tensor<i64, Shape![0]> = Tensor::<i64, Shape![0, 3]>::zeros().max_axes::<Axes![1]>();
    assert_eq!(e.as_slice(), &[0i64; 0]);
    // np.mean over an empty axis is nan (NumPy also warns).
    let m = Tensor::<f64, Shape![3, 0]>::zeros().mean_axes::<Axes![1]>();
    assert!(m.iter().all(|x| x.is_nan()));
}

// ------------------------------------------------------------------ map, zip_map

#[test]
fn map_changes_the_element_type() {
    let t = iota::<Shape![2, 3]>();
    let halves: Tensor<f64, Shape![2, 3]> = t.map(|&x| x as f64 / 2.0);
    assert_eq!(halves, tensor![[0.0, 0.5, 1.0], [1.5, 2.0, 2.5]]);
    let odd: Tensor<bool, Shape![3, 2]> = t.t().map(|&x| x % 2 == 1);
    assert_eq!(odd, tensor![[false, true], [true, false], [false, true]]);
    let small: Tensor<u8, Shape![3]> = slice!(t, 1).map(|&x| x as u8);
    assert_eq!(small, tensor![3u8, 4, 5]);
    // Non-Copy results.
    let names = tensor![1, 2].map(|x| format!("#{x}"));
    assert_eq!(names.as_slice(), ["#1".to_string(), "#2".to_string()]);
}

#[test]
fn zip_map_mixes_element_types_and_broadcasts() {
    let ints = iota::<Shape![2, 3]>();
    let scales = tensor![[0.5f32], [2.0]]; // [2, 1]
    let scaled: Tensor<f32, Shape![2, 3]> = ints.zip_map(&scales, |&i, &s| i as f32 * s);
    assert_eq!(scaled, tensor![[0.0, 0.5, 1.0], [6.0, 8.0, 10.0]]);
    // [3] against [2, 3] through a view, to bool.
    let row = tensor![1i64, 10, 3];
    let gt: Tensor<bool, Shape![2, 3]> = row.zip_map(&ints, |&r, &x| r > x);
    assert_eq!(gt, tensor![[true, true, true], [false, true, false]]);
    // [3, 1] (a transpose) against [4]: np.add.outer-like pairs.
    let col = tensor![[7u8, 8, 9]];
    let pairs = col
        .t()
        .zip_map(&tensor!['a', 'b', 'c', 'd'], |&n, &c| (n, c));
    assert_eq!(pairs.shape(), [3, 4]);
    assert_eq!(pairs[[2, 1]], (9, 'b'));
    // A rank-0 operand.
    let z = Tensor::<f64, Shape![]>::full(0.25);
    assert_eq!(z.zip_map(&ints, |&a, &b| a * b as f64)[[1, 2]], 1.25);
}

// ------------------------------------------------------------------ operand kinds

#[test]
fn operands_mix_tensors_views_mutable_views_and_references() {
    let a = iota::<Shape![2, 3]>(); // [[0, 1, 2], [3, 4, 5]]
    let bt = tensor![[10, 40], [20, 50], [30, 60]]; // .t() is [[10, 20, 30], [40, 50, 60]]
    let want = tensor![[10, 21, 32], [43, 54, 65]];
    let mut m = bt.t().to_tensor();

    // Tensor, &Tensor, View, &View on the left; everything on the right.
    assert_eq!(a + bt.t(), want);
    assert_eq!(&a + &bt.t(), want);
    assert_eq!(a.view() + &m, want);
    assert_eq!(&a.view() + m, want);
    assert_eq!(bt.t() + &a, want);
    assert_eq!(bt.t() + a.view(), want);
    assert_eq!(&bt.t() + &a.view(), want);
    assert_eq!(a + m.view_mut(), want);
    assert_eq!(a.view() + &m.view_mut(), want);
    assert_eq!(&a + &mut m, want);
    // &ViewMut on the left.
    {
        let vm = m.view_mut();
        assert_eq!(&vm + &a, want);
        assert_eq!(&vm - bt.t(), tensor![[0, 0, 0], [0, 0, 0]]);
    }
    // Every operator, on a mix of kinds, with broadcasting.
    let row = tensor![1, 2, 4];
    assert_eq!(&m - &row, tensor![[9, 18, 26], [39, 48, 56]]);
    assert_eq!(
        m.view() * row.view(),
        tensor![[10, 40, 120], [40, 100, 240]]
    );
    assert_eq!(
        &m.view_mut() / row.flip::<Axes![0]>(),
        tensor![[2, 10, 30], [10, 25, 60]]
    );
    // Scalars on either side of Tensor, &Tensor, View, &View.
    assert_eq!(a * 2, tensor![[0, 2, 4], [6, 8, 10]]);
    assert_eq!(10 - &a, tensor![[10, 9, 8], [7, 6, 5]]);
    assert_eq!(bt.t() / 10, tensor![[1, 2, 3], [4, 5, 6]]);
    assert_eq!(100 + &bt.t(), tensor![[110, 120, 130], [140, 150, 160]]);
    assert_eq!(1.0 / tensor![2.0, 4.0].view(), tensor![0.5, 0.25]);
}

#[test]
fn integer_division_truncates_toward_zero_as_rust_does() {
    // NumPy's `//` floors (-7 // 2 == -4); Rust's `/`, and so this
    // library's, truncates (-7 / 2 == -3).
    let a = tensor![-7i64, 7, -7, 7];
    let b = tensor![2i64, -2, -2, 2];
    assert_eq!(a / b, tensor![-3, -3, 3, 3]);
    assert_eq!(a / 2, tensor![-3, 3, -3, 3]);
    assert_eq!(-9 / tensor![4i64, -4], tensor![-2, 2]);
}

// ------------------------------------------------------------------ compound assignment

#[test]
fn compound_assignment_through_a_view_mut_of_a_slice() {
    let mut m = Tensor::<i64, Shape![3, 4]>::zeros();
    {
        // m[1:, ::2] += [10, 20]
        let mut v = slice!(m.view_mut(), 1.., ..;2);
        v += &tensor![10, 20];
        v *= 3; // a scalar, through the view
    }
    assert_eq!(m, tensor![[0, 0, 0, 0], [30, 0, 60, 0], [30, 0, 60, 0]]);
    {
        // m[:, 1] -= [1, 2, 3]; the right side is a transposed view's column.
        let src = tensor![[1, 2, 3]];
        let mut col = slice!(m.view_mut(), .., 1);
        col -= slice!(src.t(), .., 0);
    }
    assert_eq!(m, tensor![[0, -1, 0, 0], [30, -2, 60, 0], [30, -3, 60, 0]]);
    {
        // A broadcast right side written through a transposed mutable view:
        // m.T[:, :] /= [[1], [-1], [2], [1]] (shape [4, 1] against [4, 3]).
        let mut t = m.view_mut().t();
        t /= tensor![[1], [-1], [2], [1]];
    }
    assert_eq!(m, tensor![[0, 1, 0, 0], [30, 2, 30, 0], [30, 3, 30, 0]]);
    // Rows 0 and 2 untouched by a write to row 1 only.
    {
        let mut row = slice!(m.view_mut(), 1);
        row += 100;
    }
    assert_eq!(
        m,
        tensor![[0, 1, 0, 0], [130, 102, 130, 100], [30, 3, 30, 0]]
    );
}

#[test]
fn compound_assignment_on_tensors_with_every_right_side() {
    let mut t = fiota::<Shape![2, 3]>(); // [[0, 1, 2], [3, 4, 5]]
    t += tensor![1.0, 1.0, 1.0]; // Tensor, [3]
    t -= &tensor![[0.5], [1.5]]; // &Tensor, [2, 1]
    assert_eq!(t, tensor![[0.5, 1.5, 2.5], [2.5, 3.5, 4.5]]);
    t *= tensor![[2.0, 4.0]].t(); // View, [2, 1]
    assert_eq!(t, tensor![[1.0, 3.0, 5.0], [10.0, 14.0, 18.0]]);
    let mut d = tensor![1.0, 2.0, 4.0];
    t /= d.view_mut(); // ViewMut, [3]
    assert_eq!(t, tensor![[1.0, 1.5, 1.25], [10.0, 7.0, 4.5]]);
    let s = tensor![[9.0, 0.0], [8.0, 0.0]];
    t -= &slice!(s, 0, ..1); // &View, [1]
    assert_eq!(t, tensor![[-8.0, -7.5, -7.75], [1.0, -2.0, -4.5]]);
    t += Tensor::<f64, Shape![]>::full(8.0); // rank 0
    t *= 2.0; // scalar
    assert_eq!(t, tensor![[0.0, 1.0, 0.5], [18.0, 12.0, 7.0]]);
}

// ------------------------------------------------------------------ rank 0

#[test]
fn reducing_every_axis_gives_a_rank_0_tensor() {
    let t = iota::<Shape![2, 3, 4]>();
    let s: Tensor<i64, Shape![]> = t.sum_axes::<Axes![0, 1, 2]>();
    assert_eq!(s[[]], 276); // np.arange(24).sum()
    assert_eq!(s.shape(), [0usize; 0]);
    // Axes in any order, and through a view.
    let s: Tensor<i64, Shape![]> = t.permute::<Axes![2, 0, 1]>().sum_axes::<Axes![2, 0, 1]>();
    assert_eq!(s.as_slice(), &[276]);
    assert_eq!(t.max_axes::<Axes![1, 2, 0]>()[[]], 23);
    assert_eq!(t.t().min_axes::<Axes![0, 1, 2]>()[[]], 0);
    assert_eq!(
        fiota::<Shape![2, 3, 4]>().mean_axes::<Axes![0, 1, 2]>()[[]],
        11.5
    );
    // A rank-0 result broadcasts back against the input.
    let centred = fiota::<Shape![2, 2]>() - fiota::<Shape![2, 2]>().mean_axes::<Axes![0, 1]>();
    assert_eq!(centred, tensor![[-1.5, -0.5], [0.5, 1.5]]);
    // Rank-0 tensors themselves.
    let z = Tensor::<i64, Shape![]>::full(7);
    assert_eq!((z.sum(), z.max(), z.min()), (7, 7, 7));
    assert_eq!((z * 2)[[]], 14);
}

// ------------------------------------------------------------------ zero-sized dims in matmul

#[test]
fn matmul_with_k_0_gives_zeros() {
    // np.zeros((3, 0)) @ np.zeros((0, 2)) == np.zeros((3, 2))
    let a = Tensor::<i64, Shape![3, 0]>::zeros();
    let b = Tensor::<i64, Shape![0, 2]>::zeros();
    let c: Tensor<i64, Shape![3, 2]> = a.matmul(&b);
    assert_eq!(c, Tensor::zeros());
    // Also when the result memory held something else before: a fresh
    // result each time, and through views.
    let f = Tensor::<f64, Shape![0, 4]>::zeros();
    let p: Tensor<f64, Shape![4, 4]> = f.t().matmul(&f);
    assert_eq!(p, Tensor::<f64, Shape![4, 4]>::zeros());
    // Batched, with broadcasting: [2, 1, 3, 0] @ [5, 0, 2] -> [2, 5, 3, 2].
    let a = Tensor::<f32, Shape![2, 1, 3, 0]>::zeros();
    let b = Tensor::<f32, Shape![5, 0, 2]>::zeros();
    let c: Tensor<f32, Shape![2, 5, 3, 2]> = a.matmul(&b);
    assert!(c.iter().all(|&x| x == 0.0));
}

#[test]
fn matmul_with_m_n_or_a_batch_of_0_is_empty() {
    let a = Tensor::<i64, Shape![0, 3]>::zeros();
    let c: Tensor<i64, Shape![0, 2]> = a.matmul(&iota::<Shape![3, 2]>());
    assert_eq!(c.as_slice(), &[0i64; 0]);
    let c: Tensor<i64, Shape![2, 0]> =
        iota::<Shape![2, 3]>().matmul(&Tensor::<i64, Shape![3, 0]>::zeros());
    assert_eq!(c.shape(), [2, 0]);
    let c: Tensor<i64, Shape![0, 2, 2]> =
        Tensor::<i64, Shape![0, 2, 3]>::zeros().matmul(&iota::<Shape![3, 2]>());
    assert_eq!(c.shape(), [0, 2, 2]);
}

#[test]
fn dot_of_empty_vectors_is_0() {
    let e = Tensor::<f64, Shape![0]>::zeros();
    assert_eq!(e.dot(&e), 0.0);
    let t = iota::<Shape![3]>();
    assert_eq!(slice!(t, 1..1).dot(&slice!(t, 2..2)), 0);
}

#[test]
#[should_panic(expected = "max_axes of no element: a reduced axis has size 0")]
fn max_over_an_empty_axis_panics_even_when_the_result_is_empty() {
    let _ = Tensor::<f64, Shape![0, 0]>::zeros().max_axes::<Axes![0]>();
}

#[test]
fn view_mut_operands_by_value_and_with_scalars() {
    let a = tensor![[1, 2], [3, 4]];
    let mut m = tensor![[10, 20], [30, 40]];
    assert_eq!(m.view_mut() + &a, tensor![[11, 22], [33, 44]]);
    assert_eq!(&m.view_mut() * 2, tensor![[20, 40], [60, 80]]);
    assert_eq!(1 + m.view_mut().t(), tensor![[11, 31], [21, 41]]);
}

#[test]
fn assign_zip_writes_broadcast_results_in_place() {
    let a = Tensor::<f64, Shape![2, 3]>::from_flat_fn(|i| i as f64);
    let mut out = Tensor::<f64, Shape![3, 2]>::zeros();
    // A transposed view and a broadcast column, into an existing tensor.
    out.assign_zip(&a.t(), &tensor![[10.0], [20.0], [30.0]], |&x, &y| x * y);
    assert_eq!(out, tensor![[0.0, 30.0], [20.0, 80.0], [60.0, 150.0]]);
}

/// The model operations in generic code: no where-clause for a softmax,
/// a log-softmax, an argmax or a variance along a named axis.
#[test]
fn model_operations_need_no_bound_in_generic_code() {
    #[shape(M, N)]
    fn probabilities(logits: &Tensor<f32, Shape![M, N]>) -> Tensor<f32, Shape![M, N]> {
        logits.softmax::<Axis<1>>()
    }
    #[shape(M, N)]
    fn classify(logits: &Tensor<f32, Shape![M, N]>) -> Tensor<usize, Shape![M]> {
        logits.argmax_axes::<Axes![1]>()
    }
    #[shape(M, N)]
    fn spread(x: &Tensor<f32, Shape![M, N]>) -> Tensor<f32, Shape![N]> {
        let _ = x.log_softmax::<Axis<0>>();
        x.std_axes::<Axes![0]>()
    }
    let logits = tensor![[1.0f32, 3.0, 2.0], [0.5, 0.0, -1.0]];
    let (p, best) = (probabilities(&logits), classify(&logits));
    assert_eq!(best, tensor![1usize, 0]);
    assert_eq!(p.argmax_axes::<Axes![1]>(), best);
    assert_eq!(spread(&logits), tensor![0.25, 1.5, 1.5]);
}

/// A boxed operand (the way large weights are held) is an operand as it
/// is: `x.matmul(&w)` for `w: Box<Tensor<..>>`, no `&*w` needed.
#[test]
fn boxed_operands_need_no_reborrow() {
    let w = Tensor::<f32, Shape![784, 10]>::boxed_from_flat_fn(|i| (i % 10) as f32);
    let x = Tensor::<f32, Shape![1, 784]>::ones();
    let y = x.matmul(&w);
    for j in 0..10 {
        assert_eq!(y[[0, j]], 784.0 * j as f32, "column {j}");
    }
    assert_eq!(y, x.matmul(&*w));
    let b = Tensor::<f32, Shape![10]>::boxed_full(1.0);
    assert_eq!(b.view().dot(&b), 10.0);
}

/// A model's own layers named as the prelude's traits: the user's names
/// shadow the prelude's, and the methods still resolve.
mod layers_named_as_traits {
    use tensor_core::prelude::*;

    struct Conv {
        w: Tensor<f32, Shape![6, 3, 5, 5]>,
    }
    struct Pool;
    struct Softmax;
    struct Matmul;
    struct Concat;
    struct Split;
    struct Reduce;

    #[test]
    fn methods_resolve_beside_the_users_names() {
        let _ = (Pool, Softmax, Matmul, Concat, Split, Reduce);
        let layer = Conv { w: Tensor::ones() };
        let x = Tensor::<f32, Shape![3, 32, 32]>::ones();
        let y = x.conv2d(&layer.w).max_pool2d::<Shape![2, 2]>();
        assert_eq!(y[[5, 13, 13]], 75.0);
        let p = y.reshape::<Shape![6, 196]>().softmax::<Axis<1>>();
        assert!((p.sum() - 6.0).abs() < 1e-4);
        let m = p.matmul(&Tensor::<f32, Shape![196, 2]>::ones());
        let (a, b) = m
            .concat::<Axis<0>>(&m)
            .split::<Axis<0>, Shape![6, 2], Shape![6, 2]>();
        assert_eq!(a, b);
        assert!((a.sum() - 12.0).abs() < 1e-4);
    }
}
