//! Tests of the reductions over axes: leading, trailing and gathered
//! reductions against plain loops, floats with NaNs and signed zeros, and
//! empty results.

use super::*;
use crate::prelude::*;

#[test]
fn placement_of_reduced_axes() {
    let of = |axes: &[usize], rank| {
        let mut padded = [0; MAX_RANK];
        padded[..axes.len()].copy_from_slice(axes);
        placement(&padded, axes.len(), rank)
    };
    assert!(of(&[2, 1], 3) == Placement::Trailing);
    assert!(of(&[0], 2) == Placement::Leading);
    assert!(of(&[1], 3) == Placement::Mixed);
    assert!(of(&[0, 1], 2) == Placement::Trailing);
}

/// The definition of `max` (`largest`) or `min` down each column of
/// `[40, 48]` `f32` (flat `xs`): the first NaN, else the first element
/// equal to the extreme value.
fn columns(xs: &[f32], largest: bool) -> std::vec::Vec<u32> {
    let column = |j: usize| (0..40).map(move |i| xs[i * 48 + j]);
    (0..48)
        .map(|j| {
            let nan = column(j).find(|x| x.is_nan());
            let pick = |a: f32, b: f32| if largest { a.max(b) } else { a.min(b) };
            let value = column(j).fold(xs[j], pick);
            nan.unwrap_or_else(|| column(j).find(|&x| x == value).unwrap())
                .to_bits()
        })
        .collect()
}

/// A NaN in a full strip and in the columns left after the strips, on
/// every target (131 columns: 8 strips of 16 and 3 left on SSE2, 4 of
/// 32 with AVX, 1 of 128 with AVX-512; half as many for `f64`), for
/// `f32` and `f64`, against the in-order fold of each column; and NaNs in
/// two places, whose marks must not cancel.
#[test]
fn leading_reductions_mark_nans_in_strips_and_in_the_columns_left() {
    const W: usize = 131;
    let value = |n: usize| ((n * 40503) % 1999) as f64 - 999.0;
    let fold = |xs: &[f64], j: usize, largest: bool| {
        let column = (0..9).map(|i| xs[i * W + j]);
        let pick = |a: f64, b: f64| match (largest, a.is_nan()) {
            (_, true) => a,
            (true, false) if b > a || b.is_nan() => b,
            (false, false) if b < a || b.is_nan() => b,
            _ => a,
        };
        column.clone().skip(1).fold(xs[j], pick)
    };
    let (strip, left) = (4 * W + 5, 7 * W + 130);
    for at in [
        &[strip][..],
        &[left],
        &[8 * W + 129],
        &[2 * W + 64],
        &[strip, left],
    ] {
        let mut xs: std::vec::Vec<f64> = (0..9 * W).map(value).collect();
        at.iter().for_each(|&at| xs[at] = f64::NAN);
        let wide = Tensor::<f64, Shape![9, 131]>::try_from_slice(&xs).unwrap();
        let narrow: std::vec::Vec<f32> = xs.iter().map(|&x| x as f32).collect();
        let narrow = Tensor::<f32, Shape![9, 131]>::try_from_slice(&narrow).unwrap();
        let (w_max, w_min) = (wide.max_axes::<Axes![0]>(), wide.min_axes::<Axes![0]>());
        let (n_max, n_min) = (narrow.max_axes::<Axes![0]>(), narrow.min_axes::<Axes![0]>());
        for j in 0..W {
            let (hi, lo) = (fold(&xs, j, true), fold(&xs, j, false));
            assert_eq!(
                w_max[[j]].to_bits(),
                hi.to_bits(),
                "f64 max, column {j}, NaN at {at:?}"
            );
            assert_eq!(
                w_min[[j]].to_bits(),
                lo.to_bits(),
                "f64 min, column {j}, NaN at {at:?}"
            );
            assert_eq!(
                n_max[[j]].to_bits(),
                (hi as f32).to_bits(),
                "f32 max, column {j}"
            );
            assert_eq!(
                n_min[[j]].to_bits(),
                (lo as f32).to_bits(),
                "f32 min, column {j}"
            );
        }
    }
}

#[test]
fn leading_reductions_to_no_element() {
    let t = Tensor::<f32, Shape![3, 0]>::zeros();
    assert_eq!(t.max_axes::<Axes![0]>().as_slice().len(), 0);
    assert_eq!(t.min_axes::<Axes![0]>().as_slice().len(), 0);
}

#[test]
#[should_panic = "max_axes of no element: a reduced axis has size 0"]
fn a_maximum_over_an_empty_axis_panics_even_with_no_result() {
    // No result element to fold, and still no maximum (as NumPy).
    let _ = Tensor::<f32, Shape![0, 0]>::zeros().max_axes::<Axes![1]>();
}

#[test]
fn sums_over_an_empty_axis_are_zeros() {
    let zeros = [0.0f32; 3];
    let leading = Tensor::<f32, Shape![0, 3]>::zeros();
    assert_eq!(leading.sum_axes::<Axes![0]>().as_slice(), &zeros);
    let trailing = Tensor::<f32, Shape![3, 0]>::zeros();
    assert_eq!(trailing.sum_axes::<Axes![1]>().as_slice(), &zeros);
    let t = trailing.t();
    assert_eq!(t.sum_axes::<Axes![0]>().as_slice(), &zeros);
    let batch = Tensor::<i32, Shape![2, 0, 3]>::zeros();
    assert_eq!(batch.sum_axes::<Axes![0, 1]>().as_slice(), &[0; 3]);
    assert_eq!(batch.sum_axes::<Axes![2]>().as_slice().len(), 0);
}

#[test]
fn leading_reductions_of_floats_are_the_in_order_fold() {
    let base: std::vec::Vec<f32> = (0..1920)
        .map(|n| ((n * 40503) % 1999) as f32 - 999.0)
        .collect();
    let mut cases = std::vec![base.clone()];
    // A NaN in the first row, in a middle row, in the last row.
    for at in [3, 20 * 48 + 17, 39 * 48 + 47] {
        let mut xs = base.clone();
        xs[at] = f32::NAN;
        cases.push(xs);
    }
    // Zeros of both signs down column 5 as its extreme, each sign first.
    for (a, b) in [(0.0, -0.0), (-0.0, 0.0)] {
        for sign in [1.0f32, -1.0] {
            let mut xs: std::vec::Vec<f32> = base.iter().map(|x| sign * (x.abs() + 1.0)).collect();
            (xs[48 + 5], xs[30 * 48 + 5]) = (a, b);
            cases.push(xs);
        }
    }
    for xs in cases {
        let t = Tensor::<f32, Shape![40, 48]>::try_from_slice(&xs).unwrap();
        let bits = |r: Tensor<f32, Shape![48]>| {
            r.iter().map(|x| x.to_bits()).collect::<std::vec::Vec<_>>()
        };
        assert_eq!(bits(t.max_axes::<Axes![0]>()), columns(&xs, true));
        assert_eq!(bits(t.min_axes::<Axes![0]>()), columns(&xs, false));
    }
}

#[test]
fn leading_reductions_cover_strips_and_the_columns_left() {
    use crate::prelude::*;
    // 8-byte elements: strips of 16 columns, 2 of them, then 5 alone.
    let t = Tensor::<i64, Shape![5, 37]>::from_flat_fn(|n| (n * 7 % 11) as i64);
    let want = Tensor::<i64, Shape![37]>::from_fn(|[j]| (0..5).map(|i| t[[i, j]]).sum());
    assert_eq!(t.sum_axes::<Axes![0]>(), want);
    let max = Tensor::<i64, Shape![37]>::from_fn(|[j]| (0..5).map(|i| t[[i, j]]).max().unwrap());
    assert_eq!(t.max_axes::<Axes![0]>(), max);
    // 4-byte elements: strips of 32, then 6 alone; one row only.
    let f = Tensor::<f32, Shape![3, 70]>::from_flat_fn(|n| n as f32);
    let col = f.sum_axes::<Axes![0]>();
    assert!((0..70).all(|j| col[[j]] == (3 * j + 210) as f32));
    let one = Tensor::<u8, Shape![1, 3]>::from_flat_fn(|n| n as u8);
    assert_eq!(one.sum_axes::<Axes![0]>(), tensor![0, 1, 2]);
}

#[test]
fn strided_reductions_read_rows_of_the_walker() {
    let t = Tensor::<i64, Shape![5, 7]>::from_flat_fn(|i| (i as i64 * 37) % 23 - 11);
    fn check<L: Layout<Shape = Shape![7, 5]>>(v: View<'_, i64, L>) {
        let all: std::vec::Vec<i64> = v.iter().copied().collect();
        assert_eq!(v.sum(), all.iter().sum::<i64>());
        assert_eq!(v.max(), *all.iter().max().unwrap());
        assert_eq!(v.min(), *all.iter().min().unwrap());
        let rows = v.sum_axes::<Axes![1]>();
        let maxes = v.max_axes::<Axes![1]>();
        for (i, row) in all.chunks(5).enumerate() {
            assert_eq!(rows[[i]], row.iter().sum::<i64>());
            assert_eq!(maxes[[i]], *row.iter().max().unwrap());
        }
    }
    check(t.t());
    check(t.t().flip::<Axes![1]>());
    check(t.t().flip::<Axes![0, 1]>());
    check(tensor![1, -2, 3, -4, 5].expand::<Shape![7, 5]>());
    check(tensor![[1], [2], [3], [4], [5], [6], [7]].expand::<Shape![7, 5]>());
    // No constant strides: element by element.
    check(
        t.view()
            .reshape::<Shape![7, 5]>()
            .t()
            .reshape::<Shape![7, 5]>(),
    );
}
