use crate::prelude::*;

/// `n * 7 % 11 - 5` at flat position `n`: small, mixed signs, exact.
pub(super) fn data<S: Shape>() -> Tensor<i64, S> {
    Tensor::from_flat_fn(|n| (n * 7 % 11) as i64 - 5)
}

/// `a @ b` for `[M, K] x [K, N]`, by its definition, as nested arrays.
pub(super) fn naive<const M: usize, const K: usize, const N: usize>(
    a: impl Fn(usize, usize) -> i64,
    b: impl Fn(usize, usize) -> i64,
) -> [[i64; N]; M] {
    core::array::from_fn(|i| core::array::from_fn(|j| (0..K).map(|k| a(i, k) * b(k, j)).sum()))
}

#[test]
fn tiles_cover_every_edge() {
    // Rows: one tile of 4 and 1 left; columns: 8 + 4 + 1.
    let (a, b) = (data::<Shape![5, 7]>(), data::<Shape![7, 13]>());
    let want = naive::<5, 7, 13>(|i, k| a[[i, k]], |k, j| b[[k, j]]);
    assert_eq!(a.matmul(&b).into_array(), want);
    // Wide elements (8 bytes) take tiles of 4 columns.
    let f = Tensor::<f64, Shape![6, 9]>::from_flat_fn(|n| n as f64);
    let g = f.matmul(&f.t());
    assert_eq!(
        g[[5, 4]],
        (0..9).map(|k| ((45 + k) * (36 + k)) as f64).sum::<f64>()
    );
}

#[test]
fn strided_operands_gathered_copied_or_read_by_rows() {
    let (a, b) = (data::<Shape![6, 20]>(), data::<Shape![20, 20]>());
    let bt = b.t().to_tensor();
    let want = naive::<6, 20, 20>(|i, k| a[[i, k]], |k, j| b[[k, j]]);
    // Transposed, 2400 multiply-adds: rows gathered by constant strides.
    assert_eq!(a.matmul(&bt.t()).into_array(), want);
    // Transposed, 8000: copied to a contiguous tensor first.
    let a20 = data::<Shape![20, 20]>();
    let want20 = naive::<20, 20, 20>(|i, k| a20[[i, k]], |k, j| b[[k, j]]);
    assert_eq!(a20.matmul(&bt.t()).into_array(), want20);
    // A transposed left operand, read by its constant strides.
    let at = a20.t().to_tensor();
    assert_eq!(at.t().matmul(&b).into_array(), want20);
    // A flipped right operand (a negative row step), gathered.
    let flip = naive::<6, 20, 20>(|i, k| a[[i, k]], |k, j| b[[19 - k, j]]);
    assert_eq!(a.matmul(&b.flip::<Axes![0]>()).into_array(), flip);
    // Contiguous rows, 20 apart: read as slices with a row stride.
    let cols = naive::<6, 20, 5>(|i, k| a[[i, k]], |k, j| b[[k, j + 3]]);
    assert_eq!(a.matmul(&slice!(b, .., 3..8)).into_array(), cols);
    // The same on the left, and rows going backward or broadcast.
    let left = naive::<5, 20, 20>(|i, k| b[[i + 3, k]], |k, j| b[[k, j]]);
    assert_eq!(slice!(b, 3..8, ..).matmul(&b).into_array(), left);
    let part = naive::<6, 7, 20>(|i, k| a[[i, k + 2]], |k, j| b[[k, j]]);
    let (a7, b7) = (slice!(a, .., 2..9), slice!(b, 0..7, ..));
    assert_eq!(a7.matmul(&b7).into_array(), part);
    let back = naive::<6, 20, 20>(|i, k| a[[5 - i, k]], |k, j| b[[k, j]]);
    assert_eq!(a.flip::<Axes![0]>().matmul(&b).into_array(), back);
    let row = slice!(a, 0..1, ..); // [1, 20]
    let same = naive::<6, 20, 20>(|_, k| a[[0, k]], |k, j| b[[k, j]]);
    let spread = row.expand::<Shape![6, 20]>();
    assert_eq!(spread.matmul(&b).into_array(), same);
    let cols_back = naive::<6, 20, 5>(|i, k| a[[i, k]], |k, j| b[[19 - k, j + 3]]);
    let flipped = slice!(b.flip::<Axes![0]>(), .., 3..8);
    assert_eq!(a.matmul(&flipped).into_array(), cols_back);
    // No constant strides (transposes reshaped): by their index maps.
    let x = data::<Shape![4, 30]>();
    let y = data::<Shape![10, 40]>();
    let (xm, ym) = (
        x.t().reshape::<Shape![6, 20]>(),
        y.t().reshape::<Shape![20, 20]>(),
    );
    let mapped = naive::<6, 20, 20>(
        |i, k| x[[(20 * i + k) % 4, (20 * i + k) / 4]],
        |k, j| y[[(20 * k + j) % 10, (20 * k + j) / 10]],
    );
    assert_eq!(xm.matmul(&ym).into_array(), mapped);
    // Empty slices of dense rows: no columns, or no inner dimension.
    assert_eq!(a.matmul(&slice!(b, .., 3..3)).into_array(), [[0; 0]; 6]);
    let none = slice!(a, .., 2..2).matmul(&slice!(b, 5..5, ..));
    assert_eq!(none.into_array(), [[0; 20]; 6]);
    // Over 64 KiB: gathered even though large.
    let big = data::<Shape![200, 100]>();
    let v = data::<Shape![1, 200]>();
    let bigt = big.t().to_tensor();
    let want = naive::<1, 200, 100>(|_, k| v[[0, k]], |k, j| big[[k, j]]);
    assert_eq!(v.matmul(&bigt.t()).into_array(), want);
}

#[test]
fn batches_with_a_copied_right_operand() {
    let a = data::<Shape![2, 16, 16]>();
    let b = data::<Shape![16, 16]>();
    let got = a.matmul(&b.t());
    for batch in 0..2 {
        let want = naive::<16, 16, 16>(|i, k| a[[batch, i, k]], |k, j| b[[j, k]]);
        assert_eq!(
            slice!(got, batch),
            Tensor::<i64, Shape![16, 16]>::from_array(want)
        );
    }
}
