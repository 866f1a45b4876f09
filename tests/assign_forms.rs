//! Every `assign_*` form against its returning operation, at real sizes
//! (`[3, 32, 32]`, `[784]`, `[512, 512]` operands), into each kind of
//! destination: a `Tensor`, a `Box<Tensor>`, and a strided `ViewMut` of a
//! bigger tensor whose other elements must stay untouched.

use tensor_core::prelude::*;

/// What a destination holds before it is written: never a result below.
const SENTINEL: f32 = -999.0;

/// Equal, or within 1e-5 relative: a float sum into a strided view folds
/// in another order than the returning form's kernel.
fn close(a: f32, b: f32) -> bool {
    a == b || (a - b).abs() <= 1e-5 * b.abs().max(1.0)
}

fn all_close<'a>(got: impl Iterator<Item = &'a f32>, want: impl Iterator<Item = &'a f32>) -> bool {
    let (got, want): (Vec<f32>, Vec<f32>) = (got.copied().collect(), want.copied().collect());
    got.len() == want.len() && got.iter().zip(&want).all(|(&g, &w)| close(g, w))
}

/// `(n * 37 % 23) - 11` scaled by 0.25 at flat position `n`: exact in
/// `f32`, mixed signs, no two neighbours alike.
fn data<S: Shape>() -> Box<Tensor<f32, S>> {
    Tensor::boxed_from_flat_fn(|n| ((n * 37 % 23) as f32 - 11.0) * 0.25)
}

/// Writes with `$assign` (naming the destination `$out`) into a tensor of
/// shape `$S`, a box of one, and the view `$view` of a boxed `$Big` (named
/// `$big`), and checks each against `$want` and that the view wrote only
/// its own elements.
macro_rules! check_all {
    ($want:expr, $S:ty, $Big:ty, |$big:ident| $view:expr, |$out:ident| $assign:expr) => {{
        let want = $want;
        {
            let mut $out = Tensor::<f32, $S>::full(SENTINEL);
            $assign;
            assert!(all_close($out.iter(), want.iter()), "into a Tensor");
        }
        {
            let mut $out = Tensor::<f32, $S>::boxed_full(SENTINEL);
            $assign;
            assert!(all_close($out.iter(), want.iter()), "into a Box<Tensor>");
        }
        let mut $big = Tensor::<f32, $Big>::boxed_full(SENTINEL);
        {
            let mut $out = $view;
            $assign;
        }
        let written = $view;
        assert!(
            all_close(written.view().iter(), want.iter()),
            "into a strided ViewMut"
        );
        let untouched = $big.iter().filter(|&&x| x == SENTINEL).count();
        let outside = <$Big as Shape>::SIZE - <$S as Shape>::SIZE;
        assert_eq!(untouched, outside, "elements outside the view changed");
    }};
}

#[test]
fn sums_over_a_512_square() {
    let a = data::<Shape![512, 512]>();
    check_all!(
        a.sum_axes::<Axes![0]>(),
        Shape![512],
        Shape![512, 3],
        |big| slice!(big.view_mut(), .., 1),
        |out| out.assign_sum_axes::<Axes![0], _>(&*a)
    );
    check_all!(
        a.t().sum_axes::<Axes![1]>(),
        Shape![512],
        Shape![512, 3],
        |big| slice!(big.view_mut(), .., 2),
        |out| out.assign_sum_axes::<Axes![1], _>(&a.t())
    );
    check_all!(
        a.sum_axes_keep::<Axes![1]>(),
        Shape![512, 1],
        Shape![3, 512],
        |big| slice!(big.view_mut(), 1..2, ..).t(),
        |out| out.assign_sum_axes_keep::<Axes![1], _>(&*a)
    );
}

#[test]
fn extremes_and_means_over_an_image() {
    let x = data::<Shape![3, 32, 32]>();
    type Px = Shape![1, 32, 32];
    type Wide = Shape![1, 32, 64];
    check_all!(
        x.max_axes::<Axes![1, 2]>(),
        Shape![3],
        Shape![7],
        |big| slice!(big.view_mut(), 1..;2),
        |out| out.assign_max_axes::<Axes![1, 2], _>(&*x)
    );
    check_all!(
        x.min_axes::<Axes![0]>(),
        Shape![32, 32],
        Shape![32, 64],
        |big| slice!(big.view_mut(), .., ..;2),
        |out| out.assign_min_axes::<Axes![0], _>(&*x)
    );
    check_all!(
        x.max_axes_keep::<Axes![0]>(),
        Px,
        Wide,
        |big| slice!(big.view_mut(), .., .., 1..;2),
        |out| out.assign_max_axes_keep::<Axes![0], _>(&*x)
    );
    check_all!(
        x.min_axes_keep::<Axes![0]>(),
        Px,
        Wide,
        |big| slice!(big.view_mut(), .., .., ..;2),
        |out| out.assign_min_axes_keep::<Axes![0], _>(&*x)
    );
    check_all!(
        x.mean_axes::<Axes![0, 2]>(),
        Shape![32],
        Shape![32, 2],
        |big| slice!(big.view_mut(), .., 0),
        |out| out.assign_mean_axes::<Axes![0, 2], _>(&*x)
    );
    check_all!(
        x.mean_axes_keep::<Axes![0]>(),
        Px,
        Wide,
        |big| slice!(big.view_mut(), .., .., ..;2),
        |out| out.assign_mean_axes_keep::<Axes![0], _>(&*x)
    );
}

#[test]
fn variance_and_standard_deviation() {
    let v = data::<Shape![784]>();
    check_all!(
        v.var_axes::<Axes![0]>(),
        Shape![],
        Shape![3],
        |big| slice!(big.view_mut(), 1),
        |out| out.assign_var_axes::<Axes![0], _>(&*v)
    );
    let a = data::<Shape![512, 512]>();
    check_all!(
        a.std_axes::<Axes![1]>(),
        Shape![512],
        Shape![512, 2],
        |big| slice!(big.view_mut(), .., 1),
        |out| out.assign_std_axes::<Axes![1], _>(&*a)
    );
    check_all!(
        a.t().var_axes::<Axes![1]>(),
        Shape![512],
        Shape![1024],
        |big| slice!(big.view_mut(), ..;2),
        |out| out.assign_var_axes::<Axes![1], _>(&a.t())
    );
    // The plain definition, in f64: the mean of the squared deviations.
    let xs: Vec<f64> = v.iter().map(|&x| f64::from(x)).collect();
    let mean = xs.iter().sum::<f64>() / 784.0;
    let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / 784.0;
    let mut out = Tensor::<f32, Shape![]>::zeros();
    out.assign_var_axes::<Axes![0], _>(&*v);
    assert!((f64::from(out[[]]) - var).abs() < 1e-5 * var);
}

#[test]
fn softmax_and_log_softmax() {
    let a = data::<Shape![256, 256]>();
    check_all!(
        a.softmax::<Axis<1>>(),
        Shape![256, 256],
        Shape![256, 258],
        |big| slice!(big.view_mut(), .., 1..257),
        |out| out.assign_softmax::<Axis<1>, _>(&*a)
    );
    check_all!(
        a.t().log_softmax::<Axis<0>>(),
        Shape![256, 256],
        Shape![256, 512],
        |big| slice!(big.view_mut(), .., ..;2).t(),
        |out| out.assign_log_softmax::<Axis<0>, _>(&a.t())
    );
}

#[test]
fn pools() {
    let x = data::<Shape![3, 32, 32]>();
    check_all!(
        x.max_pool2d::<Shape![2, 2]>(),
        Shape![3, 16, 16],
        Shape![3, 16, 32],
        |big| slice!(big.view_mut(), .., .., ..;2),
        |out| out.assign_max_pool2d::<Shape![2, 2], _>(&*x)
    );
    check_all!(
        x.t().avg_pool2d::<Shape![4, 2]>(),
        Shape![3, 8, 16],
        Shape![3, 16, 16],
        |big| slice!(big.view_mut(), .., 1..;2, ..),
        |out| out.assign_avg_pool2d::<Shape![4, 2], _>(&x.t())
    );
}

#[test]
fn concat_stack_and_split() {
    let (x, y) = (data::<Shape![3, 32, 32]>(), data::<Shape![3, 32, 10]>());
    check_all!(
        x.concat::<Axis<2>>(&*y),
        Shape![3, 32, 42],
        Shape![3, 32, 43],
        |big| slice!(big.view_mut(), .., .., 1..),
        |out| out.assign_concat::<Axis<2>, _, _>(&*x, &*y)
    );
    let v = data::<Shape![784]>();
    let w = v.map(|&x| x + 1.0);
    check_all!(
        [&*v, &w, &*v].stack::<Axis<1>>(),
        Shape![784, 3],
        Shape![3, 784],
        |big| big.view_mut().t(),
        |out| out.assign_stack::<Axis<1>, _, 3>(&[&*v, &w, &*v])
    );
    let (a, b) = x.split::<Axis<2>, Shape![3, 32, 12], Shape![3, 32, 20]>();
    let mut ta = Tensor::<f32, Shape![3, 32, 12]>::boxed_full(SENTINEL);
    let mut big = Tensor::<f32, Shape![3, 32, 40]>::full(SENTINEL);
    x.assign_split::<Axis<2>, _, _>(&mut *ta, &mut slice!(big.view_mut(), .., .., ..;2));
    assert_eq!(*ta, a);
    assert_eq!(slice!(big, .., .., ..;2), b);
    assert!(slice!(big, .., .., 1..;2).iter().all(|&x| x == SENTINEL));
}

#[test]
fn convolutions_of_an_image() {
    let x = data::<Shape![3, 32, 32]>();
    let w = Tensor::<f32, Shape![8, 3, 3, 3]>::from_flat_fn(|n| (n % 7) as f32 - 3.0);
    check_all!(
        x.conv2d(&w),
        Shape![8, 30, 30],
        Shape![8, 30, 31],
        |big| slice!(big.view_mut(), .., .., 1..),
        |out| out.assign_conv2d(&*x, &w)
    );
    check_all!(
        x.conv2d_step::<_, Shape![2, 2]>(&w),
        Shape![8, 15, 15],
        Shape![8, 15, 30],
        |big| slice!(big.view_mut(), .., .., ..;2),
        |out| out.assign_conv2d_step::<_, _, Shape![2, 2]>(&*x, &w)
    );
    check_all!(
        x.conv2d_same(&w),
        Shape![8, 32, 32],
        Shape![8, 32, 33],
        |big| slice!(big.view_mut(), .., .., ..32),
        |out| out.assign_conv2d_same(&*x, &w)
    );
    check_all!(
        x.conv2d_same_step::<_, Shape![2, 2]>(&w),
        Shape![8, 16, 16],
        Shape![32, 8, 16],
        |big| slice!(big.view_mut(), ..;2, .., ..).permute::<Axes![1, 0, 2]>(),
        |out| out.assign_conv2d_same_step::<_, _, Shape![2, 2]>(&*x, &w)
    );
}

#[test]
fn float_functions_map_and_clamp_through_lazy_map() {
    let x = data::<Shape![3, 32, 32]>();
    check_all!(
        x.exp(),
        Shape![3, 32, 32],
        Shape![3, 32, 33],
        |big| slice!(big.view_mut(), .., .., 1..),
        |out| out.assign(x.lazy().map(Float::exp))
    );
    check_all!(
        x.t().tanh(),
        Shape![3, 32, 32],
        Shape![3, 32, 32],
        |big| big.view_mut().t(),
        |out| out.assign(x.t().lazy().map(Float::tanh))
    );
    check_all!(
        x.map(|&v| v * v),
        Shape![3, 32, 32],
        Shape![3, 32, 32],
        |big| big.view_mut().flip::<Axes![1]>(),
        |out| out.assign(x.lazy().map(|v| v * v))
    );
    check_all!(
        x.clamp(-1.0, 1.5),
        Shape![3, 32, 32],
        Shape![3, 64, 32],
        |big| slice!(big.view_mut(), .., ..;2, ..),
        |out| out.assign(x.lazy().map(|v| v.clamp(-1.0, 1.5)))
    );
    let v = data::<Shape![784]>().map(|&x| x.abs() + 0.5);
    check_all!(
        v.ln(),
        Shape![784],
        Shape![785],
        |big| slice!(big.view_mut(), 1..),
        |out| out.assign(v.lazy().map(Float::ln))
    );
    check_all!(
        v.sqrt(),
        Shape![784],
        Shape![1568],
        |big| slice!(big.view_mut(), ..;2),
        |out| out.assign(v.lazy().map(Float::sqrt))
    );
}

#[test]
fn argmax_and_argmin_into_usize_destinations() {
    let a = data::<Shape![512, 512]>();
    let want = a.argmax_axes::<Axes![1]>();
    let reference = Tensor::<usize, Shape![512]>::from_fn(|[i]| {
        let row: Vec<f32> = (0..512).map(|j| a[[i, j]]).collect();
        let best = row.iter().copied().fold(f32::MIN, f32::max);
        row.iter().position(|&x| x == best).unwrap()
    });
    assert_eq!(want, reference);
    let mut t = Tensor::<usize, Shape![512]>::full(usize::MAX);
    t.assign_argmax_axes::<Axes![1], _>(&*a);
    assert_eq!(t, want);
    let mut b = Tensor::<usize, Shape![512]>::boxed_full(usize::MAX);
    b.assign_argmax_axes::<Axes![1], _>(&*a);
    assert_eq!(*b, want);
    let mut big = Tensor::<usize, Shape![512, 3]>::full(usize::MAX);
    slice!(big.view_mut(), .., 1).assign_argmin_axes::<Axes![0], _>(&a.t());
    assert_eq!(slice!(big, .., 1), a.t().argmin_axes::<Axes![0]>());
    assert!(slice!(big, .., 0)
        .iter()
        .chain(slice!(big, .., 2).iter())
        .all(|&x| x == usize::MAX));
}

#[test]
fn zip_map_and_the_operators() {
    let (x, row) = (data::<Shape![3, 32, 32]>(), data::<Shape![32]>());
    let f = |&a: &f32, &b: &f32| a * 2.0 - b;
    check_all!(
        x.zip_map(&*row, f),
        Shape![3, 32, 32],
        Shape![3, 32, 64],
        |big| slice!(big.view_mut(), .., .., 1..;2),
        |out| out.assign_zip(&*x, &*row, f)
    );
    check_all!(
        x.t() + *row,
        Shape![3, 32, 32],
        Shape![3, 32, 32],
        |big| big.view_mut().t(),
        |out| out.assign(x.t().lazy() + &*row)
    );
}
