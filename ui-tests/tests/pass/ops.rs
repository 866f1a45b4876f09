// Operations (README, "Operations"): + - * / with NumPy broadcasting and
// scalars, compound assignment, map, zip_map, reductions, matmul and dot, on
// tensors, views and mutable views. Expected values follow NumPy.
//
// # Which where-clauses does generic code need?
//
// None, checked with rustc 1.95.0 against this crate:
//
// * `#[shape(M, K, N)] fn f(a: &Tensor<f32, Shape![M, K]>, b: &Tensor<f32,
//   Shape![K, N]>) -> Tensor<f32, Shape![M, N]> { a.matmul(b) }`:
//   `MatmulShapes` is implemented for `(M, K)` by `(K, N)` for any
//   dimensions, one `K` shared by both operands, and its `Output`
//   normalizes to `(M, N)`. The same holds with a view operand
//   (`a.matmul(&b.t())`), with a batch on the left only
//   (`[B, M, K] x [K, N]`) or on both sides (`[B, M, K] x [B, K, N]`: every
//   dimension broadcasts with itself, `Dimension`'s supertraits), for `dot`
//   of `Shape![N]` by `Shape![N]`, and for `sum_axes::<Axes![1]>()` of
//   `Shape![M, N]`. With a generic element type `T` only the accumulator's
//   bounds are needed (sums and products run in `Acc<T>`, issue 12's
//   `half`): `T: MulAccumulate` (an accumulator with `*`) for `matmul`,
//   `T: Accumulate` for `sum`.
// * Elementwise `a + b` of two `Shape![M, N]` operands, for the same
//   reason.
// * a first sketch of the API spelled the shapes `[M, K]`; rustc parses an item before
//   an attribute macro sees it, and `[M, K]` is not a type, so the example
//   is written with `Shape![M, K]` (as everywhere in this suite).
use tensor_core::prelude::*;

fn iota<S: Shape>() -> Tensor<i32, S> {
    Tensor::from_flat_fn(|i| i as i32)
}

/// The README's `#[shape(M, K, N)] fn matmul`: no where-clause.
#[shape(M, K, N)]
fn matmul(
    a: &Tensor<f32, Shape![M, K]>,
    b: &Tensor<f32, Shape![K, N]>,
) -> Tensor<f32, Shape![M, N]> {
    a.matmul(b)
}

/// Generic over the element type too: only the accumulator's bounds (the
/// products run in `Acc<T>`: `T` itself for the primitives, `f32` for
/// `half`'s floats).
#[shape(M, K, N)]
fn matmul_any<T: tensor_core::num::MulAccumulate>(
    a: &Tensor<T, Shape![M, K]>,
    b: &Tensor<T, Shape![K, N]>,
) -> Tensor<T, Shape![M, N]> {
    a.matmul(b)
}

/// `a @ b.T` through a transposed view: no where-clause.
#[shape(M, K, N)]
fn matmul_by_transpose(
    a: &Tensor<i32, Shape![M, K]>,
    b: &Tensor<i32, Shape![N, K]>,
) -> Tensor<i32, Shape![M, N]> {
    a.view().matmul(&b.t())
}

/// A batch on the left only: no where-clause.
#[shape(B, M, K, N)]
fn batch_by_matrix(
    a: &Tensor<i32, Shape![B, M, K]>,
    b: &Tensor<i32, Shape![K, N]>,
) -> Tensor<i32, Shape![B, M, N]> {
    a.matmul(b)
}

/// A batch on both sides (the batch axes broadcast, `B` with `B`): no
/// where-clause.
#[shape(B, M, K, N)]
fn batched(
    a: &Tensor<i32, Shape![B, M, K]>,
    b: &Tensor<i32, Shape![B, K, N]>,
) -> Tensor<i32, Shape![B, M, N]> {
    a.matmul(b)
}

/// `dot` and `sum_axes` of generic shapes: no where-clause.
#[shape(M, N)]
fn norm_and_row_sums(
    a: &Tensor<i32, Shape![M, N]>,
    v: &Tensor<i32, Shape![N]>,
) -> (i32, Tensor<i32, Shape![M]>) {
    (v.dot(v), a.sum_axes::<Axes![1]>())
}

/// Elementwise `+` of two generic shapes: no where-clause.
#[shape(M, N)]
fn add(a: &Tensor<i32, Shape![M, N]>, b: &Tensor<i32, Shape![M, N]>) -> Tensor<i32, Shape![M, N]> {
    a + b
}

fn main() {
    let m = iota::<Shape![2, 3]>(); // [[0, 1, 2], [3, 4, 5]]
    let t = iota::<Shape![2, 3, 4]>();

    // + - * / of one shape: owned, borrowed, views, mutable views.
    let ones = Tensor::<i32, Shape![2, 3]>::ones();
    assert_eq!(&m + &ones, tensor![[1, 2, 3], [4, 5, 6]]);
    assert_eq!(m - ones, tensor![[-1, 0, 1], [2, 3, 4]]);
    assert_eq!(m.view() * m.view(), tensor![[0, 1, 4], [9, 16, 25]]);
    assert_eq!(
        &m.view() / &tensor![[1, 1, 2], [3, 2, 5]],
        tensor![[0, 1, 1], [1, 2, 1]]
    );
    let mut w = m;
    let wm = w.view_mut();
    assert_eq!(&wm + &m, tensor![[0, 2, 4], [6, 8, 10]]);
    // Result types are tensors of the broadcast shape.
    let sum: Tensor<i32, Shape![2, 3]> = &m + &m;
    assert_eq!(sum.shape(), [2, 3]);

    // Scalars on either side.
    assert_eq!(&m * 2, tensor![[0, 2, 4], [6, 8, 10]]);
    assert_eq!(10 - &m, tensor![[10, 9, 8], [7, 6, 5]]);
    assert_eq!(m.view() + 1, tensor![[1, 2, 3], [4, 5, 6]]);
    assert_eq!(1.0f64 / tensor![1.0, 2.0, 4.0], tensor![1.0, 0.5, 0.25]);

    // Broadcasting (NumPy rules), the result shape a type.
    assert_eq!(
        &m + &tensor![10, 20, 30],
        tensor![[10, 21, 32], [13, 24, 35]]
    );
    assert_eq!(
        tensor![10, 20, 30] + &m,
        tensor![[10, 21, 32], [13, 24, 35]]
    );
    let outer: Tensor<i32, Shape![2, 3]> = tensor![[1], [2]] + tensor![[10, 20, 30]];
    assert_eq!(outer, tensor![[11, 21, 31], [12, 22, 32]]);
    let grown: Tensor<i32, Shape![4, 2, 3]> = &m * &Tensor::<i32, Shape![4, 1, 1]>::ones();
    assert_eq!(grown.sum(), 4 * 15);
    let with_scalar_shape = &m + &tensor![100].reshape::<Shape![]>();
    assert_eq!(with_scalar_shape, tensor![[100, 101, 102], [103, 104, 105]]);
    // A transposed view broadcasts against a column.
    assert_eq!(
        m.t() - tensor![[0], [1], [2]],
        tensor![[0, 3], [0, 3], [0, 3]]
    );
    // An expanded view is an operand like any other.
    assert_eq!(
        tensor![1, 2, 3].expand::<Shape![2, 3]>() + &m,
        tensor![[1, 3, 5], [4, 6, 8]]
    );
    // Sliced views, strided.
    assert_eq!(slice!(t, .., 1, ..;2) * 1, tensor![[4, 6], [16, 18]]);

    // Compound assignment, with broadcasting and scalars.
    let mut a = m;
    a += &tensor![1, 1, 1];
    assert_eq!(a, tensor![[1, 2, 3], [4, 5, 6]]);
    a -= tensor![[1], [4]];
    assert_eq!(a, tensor![[0, 1, 2], [0, 1, 2]]);
    a *= m.view();
    assert_eq!(a, tensor![[0, 1, 4], [0, 4, 10]]);
    a /= 2;
    assert_eq!(a, tensor![[0, 0, 2], [0, 2, 5]]);
    a += 1;
    assert_eq!(a, tensor![[1, 1, 3], [1, 3, 6]]);
    // Into a mutable view: a transposed one, and a slice.
    let mut b = m;
    let mut bt = b.view_mut().t();
    bt += &tensor![[100, 200], [100, 200], [100, 200]];
    assert_eq!(b, tensor![[100, 101, 102], [203, 204, 205]]);
    let mut c = t;
    let mut row = slice!(c.view_mut(), 1, 2, ..);
    row *= &tensor![0, 1, 0, 1];
    row -= 1;
    assert_eq!(slice!(c, 1, 2, ..), tensor![-1, 20, -1, 22]);
    assert_eq!(slice!(c, 0, .., ..), slice!(t, 0, .., ..));

    // map and zip_map.
    assert_eq!(m.map(|&x| x * x), tensor![[0, 1, 4], [9, 16, 25]]);
    assert_eq!(
        m.t().map(|&x| x as f32 / 2.0),
        tensor![[0.0, 1.5], [0.5, 2.0], [1.0, 2.5]]
    );
    let pairs = m.zip_map(&tensor![[10], [20]], |&x, &y| x + y);
    assert_eq!(pairs, tensor![[10, 11, 12], [23, 24, 25]]);
    let mixed: Tensor<f64, Shape![2, 3]> =
        m.zip_map(&tensor![0.5f64, 1.0, 2.0], |&x, &y| x as f64 * y);
    assert_eq!(mixed, tensor![[0.0, 1.0, 4.0], [1.5, 4.0, 10.0]]);
    assert_eq!(
        m.view().zip_map(&m.view(), |&x, &y| x == y),
        tensor![true; 2, 3]
    );

    // Whole reductions.
    assert_eq!(t.sum(), 276);
    assert_eq!(t.max(), 23);
    assert_eq!(t.min(), 0);
    assert_eq!(t.t().sum(), 276);
    assert_eq!(slice!(t, .., .., ..;2).max(), 22);
    assert_eq!(Tensor::<i32, Shape![0]>::zeros().sum(), 0);
    assert!(tensor![1.0, f64::NAN, 3.0].max().is_nan());
    assert!(tensor![f32::NAN, 1.0].min().is_nan());

    // Reductions over axes, which the result drops.
    let s0: Tensor<i32, Shape![3, 4]> = t.sum_axes::<Axes![0]>();
    assert_eq!(
        s0,
        tensor![[12, 14, 16, 18], [20, 22, 24, 26], [28, 30, 32, 34]]
    );
    assert_eq!(
        t.sum_axes::<Axes![1]>(),
        tensor![[12, 15, 18, 21], [48, 51, 54, 57]]
    );
    assert_eq!(t.sum_axes::<Axes![0, 2]>(), tensor![60, 92, 124]);
    assert_eq!(t.sum_axes::<Axes![2, 0]>(), tensor![60, 92, 124]);
    assert_eq!(t.sum_axes::<Axes![0, 1, 2]>()[[]], 276);
    assert_eq!(t.sum_axes::<Axes![]>(), t);
    assert_eq!(t.max_axes::<Axes![2]>(), tensor![[3, 7, 11], [15, 19, 23]]);
    assert_eq!(
        t.min_axes::<Axes![1]>(),
        tensor![[0, 1, 2, 3], [12, 13, 14, 15]]
    );
    assert_eq!(
        t.mean_axes::<Axes![0]>(),
        tensor![[6, 7, 8, 9], [10, 11, 12, 13], [14, 15, 16, 17]]
    );
    assert_eq!(
        m.map(|&x| x as f32).mean_axes::<Axes![1]>(),
        tensor![1.0, 4.0]
    );
    // On views: transposed, strided.
    assert_eq!(
        t.t().sum_axes::<Axes![1]>(),
        tensor![[6, 22, 38], [54, 70, 86]]
    );
    assert_eq!(
        slice!(t, .., .., ..;2).sum_axes::<Axes![2]>(),
        tensor![[2, 10, 18], [26, 34, 42]]
    );
    assert_eq!(m.t().max_axes::<Axes![0]>(), tensor![2, 5]);

    // matmul: [M, K] x [K, N].
    let k = iota::<Shape![3, 4]>();
    assert_eq!(m.matmul(&k), tensor![[20, 23, 26, 29], [56, 68, 80, 92]]);
    // On views: transposes of either side.
    assert_eq!(m.matmul(&m.t()), tensor![[5, 14], [14, 50]]);
    assert_eq!(
        m.t().matmul(&m),
        tensor![[9, 12, 15], [12, 17, 22], [15, 22, 29]]
    );
    assert_eq!(
        slice!(t, 0).matmul(&slice!(t, 1).t()),
        tensor![[86, 110, 134], [302, 390, 478], [518, 670, 822]]
    );
    // Batched: [2, 3, 4] x [4, 2], the matrix broadcast over the batch.
    let bm = t.matmul(&iota::<Shape![4, 2]>());
    assert_eq!(
        bm,
        tensor![
            [[28, 34], [76, 98], [124, 162]],
            [[172, 226], [220, 290], [268, 354]]
        ]
    );
    // Batched with broadcast batch axes: [2, 1, 3, 4] x [3, 4, 2] -> [2, 3, 3, 2].
    let bb = iota::<Shape![2, 1, 3, 4]>().matmul(&iota::<Shape![3, 4, 2]>());
    assert_eq!(bb.shape(), [2, 3, 3, 2]);
    assert_eq!(
        slice!(bb, 1, 2),
        tensor![[1036, 1090], [1340, 1410], [1644, 1730]]
    );
    assert_eq!(bb.sum(), 19404);
    // Floats.
    let id = tensor![[1.0f32, 0.0], [0.0, 1.0]];
    assert_eq!(
        id.matmul(&tensor![[1.5f32, 2.0], [3.0, 4.0]]),
        tensor![[1.5, 2.0], [3.0, 4.0]]
    );

    // dot, on tensors and views.
    assert_eq!(tensor![1, 2, 3].dot(&tensor![4, 5, 6]), 32);
    assert_eq!(slice!(m, .., 0).dot(&slice!(m, .., 2)), 15);
    assert_eq!(slice!(t, 1, .., 2).dot(&slice!(t, 0, .., 1)), 302);
    assert_eq!(
        iota::<Shape![20]>().dot(&Tensor::<i32, Shape![20]>::ones()),
        190
    );

    // The generic functions above.
    let fa = Tensor::<f32, Shape![2, 3]>::from_flat_fn(|i| i as f32);
    let fb = Tensor::<f32, Shape![3, 4]>::from_flat_fn(|i| i as f32);
    assert_eq!(
        matmul(&fa, &fb),
        tensor![[20.0, 23.0, 26.0, 29.0], [56.0, 68.0, 80.0, 92.0]]
    );
    assert_eq!(matmul_any(&m, &k), m.matmul(&k));
    assert_eq!(matmul_by_transpose(&m, &m), tensor![[5, 14], [14, 50]]);
    assert_eq!(batch_by_matrix(&t, &iota::<Shape![4, 2]>()), bm);
    let lhs = iota::<Shape![2, 2, 3]>();
    let rhs = iota::<Shape![2, 3, 1]>();
    assert_eq!(batched(&lhs, &rhs), tensor![[[5], [14]], [[86], [122]]]);
    assert_eq!(
        norm_and_row_sums(&m, &tensor![1, 2, 3]),
        (14, tensor![3, 12])
    );
    assert_eq!(add(&m, &m), &m * 2);

    // Display, as NumPy's str(array).
    assert_eq!(
        (&m + &tensor![10, 20, 30]).to_string(),
        "[[10 21 32]\n [13 24 35]]"
    );
}
