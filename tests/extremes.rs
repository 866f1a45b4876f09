//! `max`, `min`, `max_axes` and `min_axes` at real sizes (a CIFAR image
//! `[3, 32, 32]`, a `[256, 256]` matrix in a box), of tensors and of views,
//! against a plain reference of the definition: the first NaN if there is
//! one, else the first element equal to the extreme value. Compared bit
//! for bit, so that the sign of a zero and the payload of a NaN count.

use tensor_core::prelude::*;

type Image = Shape![3, 32, 32];
type Square = Shape![256, 256];

/// Distinct values, negative and positive, at flat position `i`.
fn distinct(i: usize) -> f32 {
    ((i * 40503) % 65536) as f32 / 256.0 - 128.0
}

/// The definition of `max` (`largest`) or `min` of `xs`, in their order.
fn reference(xs: &[f32], largest: bool) -> f32 {
    if let Some(&nan) = xs.iter().find(|x| x.is_nan()) {
        return nan;
    }
    let pick = |a: f32, b: f32| if largest { a.max(b) } else { a.min(b) };
    let value = xs.iter().copied().fold(xs[0], pick);
    *xs.iter().find(|&&x| x == value).unwrap()
}

/// The inputs: distinct values; with NaNs of two payloads; with zeros of
/// both signs as the extreme, along rows and down columns.
fn cases(len: usize) -> Vec<Vec<f32>> {
    let base: Vec<f32> = (0..len).map(distinct).collect();
    let mut cases = vec![base.clone()];
    for at in [0, 17, len / 2 + 3, len - 1] {
        let mut xs = base.clone();
        xs[at] = f32::from_bits(0x7fc0_0001);
        xs[(at + len / 3) % len] = f32::from_bits(0xffc0_0002);
        cases.push(xs);
    }
    for sign in [-1.0f32, 1.0] {
        let mut xs: Vec<f32> = base.iter().map(|x| sign * (x.abs() + 1.0)).collect();
        // Both zeros in each row of 32 and of 256, the first in a later
        // lane (position 5) than the second (position 16, 261).
        for row in 0..len / 256 {
            (xs[row * 256 + 5], xs[row * 256 + 16]) = (-0.0, 0.0);
        }
        // Both zeros down one column (rows 1 and 9 of 256 or 32).
        (xs[256 + 7], xs[9 * 256 + 7]) = (0.0, -0.0);
        (xs[32 + 7], xs[9 * 32 + 7]) = (-0.0, 0.0);
        xs[len - 30] = -0.0;
        (xs[len - 27], xs[len - 8]) = (0.0, -0.0);
        cases.push(xs);
    }
    cases
}

/// Asserts `got` is `want` bit for bit.
fn same(got: f32, want: f32, what: &str) {
    assert_eq!(
        got.to_bits(),
        want.to_bits(),
        "{what}: {got} against {want}"
    );
}

#[test]
fn max_and_min_of_an_image_and_of_its_views() {
    for xs in cases(Image::SIZE) {
        let t = Tensor::<f32, Image>::try_from_slice(&xs).unwrap();
        same(t.max(), reference(&xs, true), "max");
        same(t.min(), reference(&xs, false), "min");
        let v = t.permute::<Axes![2, 0, 1]>();
        let order: Vec<f32> = v.iter().copied().collect();
        same(v.max(), reference(&order, true), "max of a view");
        same(v.min(), reference(&order, false), "min of a view");
        // Per channel: one run of 1024 each.
        let (maxima, minima) = (t.max_axes::<Axes![1, 2]>(), t.min_axes::<Axes![1, 2]>());
        for (c, plane) in xs.chunks(1024).enumerate() {
            same(maxima[[c]], reference(plane, true), "channel max");
            same(minima[[c]], reference(plane, false), "channel min");
        }
    }
}

#[test]
fn max_axes_of_a_boxed_matrix_by_rows_and_columns() {
    for xs in cases(Square::SIZE) {
        let t = Tensor::<f32, Square>::boxed_from_fn(|[i, j]| xs[i * 256 + j]);
        let column = |j: usize| -> Vec<f32> { (0..256).map(|i| xs[i * 256 + j]).collect() };
        let (rows_max, rows_min) = (t.max_axes::<Axes![1]>(), t.min_axes::<Axes![1]>());
        let (cols_max, cols_min) = (t.max_axes::<Axes![0]>(), t.min_axes::<Axes![0]>());
        // The transpose's rows are the columns, read through a strided view.
        let t_rows_max = t.t().max_axes::<Axes![1]>();
        let mut into = Tensor::<f32, Shape![256, 1]>::zeros();
        into.assign_max_axes_keep::<Axes![1], _>(&*t);
        for (i, row) in xs.chunks(256).enumerate() {
            same(rows_max[[i]], reference(row, true), "row max");
            same(rows_min[[i]], reference(row, false), "row min");
            same(into[[i, 0]], reference(row, true), "row max, kept");
            let col = column(i);
            same(cols_max[[i]], reference(&col, true), "column max");
            same(cols_min[[i]], reference(&col, false), "column min");
            same(
                t_rows_max[[i]],
                reference(&col, true),
                "row max of the transpose",
            );
        }
        same(t.max(), reference(&xs, true), "max");
    }
}
