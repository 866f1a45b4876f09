use super::*;
use crate::layout::{Expanded, Flipped, Permuted, Reshaped, RowMajor};
use crate::prelude::*;

#[test]
fn layouts_are_classified_by_their_strides() {
    type T = RowMajor<Shape![4, 3]>;
    assert_eq!(Walk::of::<T>(), Walk::Contiguous);
    assert_eq!(Walk::of::<RowMajor<Shape![]>>(), Walk::Contiguous);
    assert_eq!(
        Walk::of::<Permuted<T, Axes![1, 0]>>(),
        Walk::Rows { step: 3 }
    );
    assert_eq!(Walk::of::<Flipped<T, Axes![0]>>(), Walk::Rows { step: 1 });
    assert_eq!(
        Walk::of::<Expanded<RowMajor<Shape![4, 1]>, Shape![4, 3]>>(),
        Walk::Rows { step: 0 }
    );
    type R = Reshaped<Permuted<T, Axes![1, 0]>, Shape![12]>;
    assert_eq!(Walk::of::<R>(), Walk::Elements);
}

#[test]
fn matrix_products_read_each_layout_one_way() {
    type T = RowMajor<Shape![4, 3]>;
    type Read<L> = Rows<'static, i32, L>;
    assert_eq!(Read::<T>::READ, MatrixRead::Contiguous);
    assert_eq!(Read::<RowMajor<Shape![5]>>::READ, MatrixRead::Contiguous);
    // Rows of a flipped matrix go backward: element by element.
    type F = Flipped<T, Axes![0]>;
    assert_eq!(Read::<F>::READ, MatrixRead::Strided((-3, 1)));
    type P = Permuted<T, Axes![1, 0]>;
    assert_eq!(Read::<P>::READ, MatrixRead::Strided((1, 3)));
    type R = Reshaped<P, Shape![2, 6]>;
    assert_eq!(Read::<R>::READ, MatrixRead::Mapped);
    // The rows of a batch of matrices, one batch axis broadcast: not
    // one run, but each row is.
    type B = Expanded<RowMajor<Shape![1, 4, 3]>, Shape![2, 4, 3]>;
    assert_eq!(Read::<B>::READ, MatrixRead::DenseRows((3, 1)));
    let rows = [
        Read::<F>::DENSE_ROWS,
        Read::<P>::DENSE_ROWS,
        Read::<R>::DENSE_ROWS,
        Read::<B>::DENSE_ROWS,
        Read::<T>::DENSE_ROWS,
    ];
    assert_eq!(rows, [false, false, false, true, true]);

    // The slices a product reads: from a flat position, `m` rows of
    // `n`; none when either is 0.
    let t = Tensor::<i32, Shape![1, 4, 3]>::from_flat_fn(|i| i as i32);
    let b = t.expand::<Shape![2, 4, 3]>();
    let (rows, stride) = Rows::<i32, B>::dense_matrix(b.parts(), 12, 2, 3);
    assert_eq!((rows, stride), (&[0, 1, 2, 3, 4, 5][..], 3));
    assert_eq!(
        Rows::<i32, B>::dense_matrix(b.parts(), 12, 0, 3).0,
        &[] as &[i32]
    );
    fn dense<'a, L: Layout>(v: &View<'a, i32, L>, flat: usize) -> (&'a [i32], usize) {
        Rows::<i32, L>::dense_matrix(v.parts(), flat, 2, 3)
    }
    assert_eq!(dense(&t.view(), 3), (&[3, 4, 5, 6, 7, 8][..], 3));
    // A layout read element by element has no slice.
    assert_eq!(dense(&t.t(), 0), (&[] as &[i32], 0));
}

#[test]
fn runs_cover_their_elements_in_either_direction() {
    let data: std::vec::Vec<usize> = (0..20).collect();
    for (first, len, step) in [(3, 4, 2), (17, 4, -3), (5, 6, 0), (9, 1, -7), (2, 5, 1)] {
        let run = &data[run_span(first, len, step)];
        for j in 0..len {
            let want = (first as isize + j as isize * step) as usize;
            assert_eq!(run[run_at(j, len, step)], want);
        }
    }
    assert!(run_span(4, 0, -2).is_empty());
}

#[test]
fn rows_of_every_walk_read_the_logical_elements() {
    let t = Tensor::<i32, Shape![4, 6]>::from_flat_fn(|i| i as i32);
    fn check<L: Layout<Shape = Shape![4, 6]>>(v: View<'_, i32, L>) {
        let rows = Rows::new(&v);
        for r in 0..4 {
            let row = rows.row(r);
            for j in 0..6 {
                assert_eq!(rows.at(&row, j), &v[[r, j]]);
            }
        }
    }
    check(t.view());
    check(t.flip::<Axes![1]>());
    check(slice!(t.flip::<Axes![0, 1]>(), .., ..));
    check(
        t.view()
            .reshape::<Shape![6, 4]>()
            .t()
            .reshape::<Shape![4, 6]>(),
    );
}

#[test]
fn the_odometer_adds_strides() {
    let (dims, strides, out) = (
        [2, 3, 4, 1, 1, 1, 1, 1],
        [-12, 4, 1, 0, 0, 0, 0, 0],
        [12, 4, 1, 0, 0, 0, 0, 0],
    );
    let mut seen = std::vec::Vec::new();
    odometer(0..2, (&dims, &strides, &out), (100, 7), |i, o| {
        seen.push((i, o))
    });
    let expected = [(100, 7), (104, 11), (108, 15), (88, 19), (92, 23), (96, 27)];
    assert_eq!(seen, expected);
}

/// `nth` skips as many positions as `next` would, across rows and past the
/// end, on every kind of walk (a contiguous run, rows by an odometer, each
/// element mapped), at CIFAR's size.
#[test]
fn nth_skips_what_next_would() {
    fn check<L: Layout>(v: View<'_, i32, L>) {
        let all: std::vec::Vec<i32> = v.iter().copied().collect();
        for skip in [
            0,
            1,
            31,
            32,
            33,
            95,
            1000,
            all.len() - 1,
            all.len(),
            all.len() + 5,
        ] {
            let mut it = v.iter();
            let mut by_next = v.iter();
            for _ in 0..skip {
                by_next.next();
            }
            assert_eq!(
                it.nth(skip).copied(),
                by_next.next().copied(),
                "skip {skip}"
            );
            // And what follows, twice more.
            for _ in 0..2 {
                let after = by_next.next().copied();
                assert_eq!(it.next().copied(), after, "after skip {skip}");
            }
            assert_eq!(it.len(), by_next.len());
        }
        let mut it = v.iter();
        let mut seen = std::vec::Vec::new();
        while let Some(&x) = it.nth(6) {
            seen.push(x);
        }
        let every_7th: std::vec::Vec<i32> = all.iter().skip(6).step_by(7).copied().collect();
        assert_eq!(seen, every_7th);
    }
    let t = Tensor::<i32, Shape![3, 32, 32]>::from_flat_fn(|i| i as i32);
    check(t.view());
    check(t.permute::<Axes![1, 2, 0]>());
    check(t.flip::<Axes![2]>());
    check(slice!(t, .., 1..;3, ..;-2));
    check(t.permute::<Axes![2, 0, 1]>().reshape::<Shape![96, 32]>());
    assert_eq!(
        Walk::of::<Reshaped<Permuted<RowMajor<Shape![3, 32, 32]>, Axes![2, 0, 1]>, Shape![96, 32]>>(
        ),
        Walk::Elements
    );
}

/// The lowest position a view reads: its first one moved back along each
/// axis of negative stride; the minimum of every position it reads; 0 for
/// an empty view; none without constant strides.
#[test]
fn the_lowest_position_is_the_least_read() {
    fn check<L: Layout>(v: View<'_, i32, L>) {
        let least = Positions::<L>::new(v.parts().1).min();
        assert_eq!(lowest_position::<L>(&v.parts().1), least);
    }
    let t = Tensor::<i32, Shape![3, 32, 32]>::from_flat_fn(|i| i as i32);
    check(t.view());
    check(t.flip::<Axes![0, 2]>());
    check(t.permute::<Axes![2, 0, 1]>().flip::<Axes![1]>());
    check(slice!(t, 1.., 3..20;-4, ..;-3));
    let empty = Tensor::<i32, Shape![3, 0, 2]>::zeros();
    assert_eq!(
        lowest_position::<Flipped<RowMajor<Shape![3, 0, 2]>, Axes![0]>>(&()),
        Some(0)
    );
    assert_eq!(empty.flip::<Axes![0]>().iter().count(), 0);
    type R = Reshaped<Permuted<RowMajor<Shape![3, 32, 32]>, Axes![2, 0, 1]>, Shape![96, 32]>;
    assert_eq!(lowest_position::<R>(&()), None);
}
