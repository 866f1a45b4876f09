use super::*;
use crate::layout::{Expanded, Flipped, Permuted, Reshaped, RowMajor};
use crate::prelude::*;
use std::vec;
use std::vec::Vec;

/// Pads `dims` (with 1s) and `strides` (with 0s) to `MAX_RANK`.
fn padded(dims: &[usize], strides: &[isize]) -> (Padded<usize>, Padded<isize>) {
    let (mut d, mut s) = ([1; MAX_RANK], [0; MAX_RANK]);
    d[..dims.len()].copy_from_slice(dims);
    s[..strides.len()].copy_from_slice(strides);
    (d, s)
}

/// The first `rank` sizes and strides of `s`.
fn axes(s: Strided) -> (Vec<usize>, Vec<isize>) {
    (s.dims[..s.rank].to_vec(), s.strides[..s.rank].to_vec())
}

#[test]
fn split_keeps_listed_or_unlisted_axes_and_coalesces_them() {
    // A batch's channels: [8, 16, 32, 32] over axes 0, 2, 3.
    let (dims, strides) = padded(&[8, 16, 32, 32], &[16384, 1024, 32, 1]);
    let listed = padded(&[0, 2, 3], &[]).0;
    let of = |folded| axes(split((&dims, &strides, 4), (&listed, 3), folded));
    assert_eq!(of(true), (vec![8, 1024], vec![16384, 1]));
    assert_eq!(of(false), (vec![16], vec![1024]));
    // Axes of size 1 are dropped; axes that do not touch stay apart.
    let (dims, strides) = padded(&[4, 1, 3, 5], &[15, 99, 5, 1]);
    let listed = padded(&[0, 1, 3], &[]).0;
    let split = |folded| axes(split((&dims, &strides, 4), (&listed, 3), folded));
    assert_eq!(split(true), (vec![4, 5], vec![15, 1]));
    assert_eq!(split(false), (vec![3], vec![5]));
    // Flipped axes merge by the same rule; broadcast ones (stride 0) too.
    let (dims, strides) = padded(&[2, 3, 4], &[-12, -4, -1]);
    let all = padded(&[0, 1, 2], &[]).0;
    assert_eq!(
        axes(super::split((&dims, &strides, 3), (&all, 3), true)),
        (vec![24], vec![-1])
    );
    let (dims, strides) = padded(&[2, 3, 4], &[0, 0, 1]);
    let x = padded(&[0, 1], &[]).0;
    assert_eq!(
        axes(super::split((&dims, &strides, 3), (&x, 2), true)),
        (vec![6], vec![0])
    );
    // The highest rank: every axis read, none past the last.
    let dims = [2, 1, 3, 1, 2, 2, 1, 5];
    let strides = [60, 60, 20, 20, 10, 5, 5, 1];
    let x = padded(&[0, 2, 7], &[]).0;
    let split = |folded| axes(super::split((&dims, &strides, MAX_RANK), (&x, 3), folded));
    assert_eq!(split(true), (vec![6, 5], vec![20, 1]));
    assert_eq!(split(false), (vec![4], vec![5]));
}

/// The elements of group `o` of `v` over `X`, from `positions` and from
/// `each_run`, against the elements whose kept indices (in row-major order
/// of the kept axes) are the `o`-th, listed from `v`'s own indexing.
fn check<L: Layout, X: Axes>(v: View<'_, i64, L>)
where
    L::Shape: Shape<Index = [usize; 3]>,
{
    let (data, state) = v.parts();
    let dims = <L::Shape as Shape>::DIMS;
    let kept: Vec<usize> = (0..3).filter(|k| !X::AXES.as_ref().contains(k)).collect();
    let groups: usize = kept.iter().map(|&k| dims[k]).product();
    let mut all = Vec::new();
    for i in 0..dims[0] {
        for j in 0..dims[1] {
            for k in 0..dims[2] {
                let index = [i, j, k];
                let key = kept.iter().fold(0, |acc, &a| acc * dims[a] + index[a]);
                all.push((key, v[index]));
            }
        }
    }
    for o in 0..groups {
        let want: Vec<i64> = all
            .iter()
            .filter(|(g, _)| *g == o)
            .map(|&(_, x)| x)
            .collect();
        let walked: Vec<i64> = Groups::<L, X>::positions(state, o)
            .map(|p| data[p])
            .collect();
        assert_eq!(walked, want, "group {o} by positions");
        // The iterator knows how many positions are left.
        let mut positions = Groups::<L, X>::positions(state, o);
        assert_eq!(positions.size_hint(), (want.len(), Some(want.len())));
        if positions.next().is_some() {
            let left = want.len() - 1;
            assert_eq!(positions.size_hint(), (left, Some(left)));
        }
        assert_eq!(Groups::<L, X>::COUNT, want.len());
        if Groups::<L, X>::STRIDED {
            let mut runs = Vec::new();
            Groups::<L, X>::each_run(data, &state, o, |run| {
                let (len, step) = (Groups::<L, X>::RUN, Groups::<L, X>::STEP);
                runs.extend((0..len).map(|j| run[super::super::run_at(j, len, step)]));
            });
            assert_eq!(runs, want, "group {o} by runs");
        }
    }
}

#[test]
fn groups_are_the_elements_of_each_result_in_order() {
    let t = Tensor::<i64, Shape![4, 3, 5]>::from_flat_fn(|i| i as i64 * 7 - 30);
    check::<RowMajor<Shape![4, 3, 5]>, Axes![0, 2]>(t.view());
    check::<RowMajor<Shape![4, 3, 5]>, Axes![1]>(t.view());
    check::<RowMajor<Shape![4, 3, 5]>, Axes![1, 2]>(t.view());
    check::<RowMajor<Shape![4, 3, 5]>, Axes![]>(t.view());
    check::<RowMajor<Shape![4, 3, 5]>, Axes![0, 1, 2]>(t.view());
    // Listed out of order: the folded axes are still walked in row-major order.
    check::<RowMajor<Shape![4, 3, 5]>, Axes![2, 0]>(t.view());
    type P = Permuted<RowMajor<Shape![4, 3, 5]>, Axes![2, 0, 1]>;
    check::<P, Axes![0, 2]>(t.permute::<Axes![2, 0, 1]>());
    // Three folded axes that do not merge: the odometer between runs carries.
    type Q = Permuted<RowMajor<Shape![4, 3, 5]>, Axes![1, 0, 2]>;
    const { assert!(Groups::<Q, Axes![0, 1, 2]>::OUTER == 2) };
    check::<Q, Axes![0, 1, 2]>(t.permute::<Axes![1, 0, 2]>());
    check::<Q, Axes![0, 1]>(t.permute::<Axes![1, 0, 2]>());
    type F = Flipped<RowMajor<Shape![4, 3, 5]>, Axes![0, 2]>;
    check::<F, Axes![0, 2]>(t.flip::<Axes![0, 2]>());
    check::<F, Axes![1]>(t.flip::<Axes![0, 2]>());
    let line = Tensor::<i64, Shape![5]>::from_flat_fn(|i| i as i64 + 1);
    type E = Expanded<RowMajor<Shape![5]>, Shape![4, 3, 5]>;
    check::<E, Axes![0, 1]>(line.expand::<Shape![4, 3, 5]>());
    // No constant strides: element by element through the layout's map.
    let p = t.permute::<Axes![1, 0, 2]>();
    type R = Reshaped<Permuted<RowMajor<Shape![4, 3, 5]>, Axes![1, 0, 2]>, Shape![6, 2, 5]>;
    const { assert!(!Groups::<R, Axes![0]>::STRIDED) };
    check::<R, Axes![0, 2]>(p.reshape::<Shape![6, 2, 5]>());
    check::<R, Axes![1]>(p.reshape::<Shape![6, 2, 5]>());
}
