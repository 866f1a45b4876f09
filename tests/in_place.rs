//! Large results written in place: by-value results on cargo test's 2 MiB
//! threads (never a thread with a larger stack), `assign_*` forms into
//! tensors, boxes and views, and boxed constructors at any size.

use tensor_core::prelude::*;

/// `[256, 256]` `f32`: 256 KiB.
type Mid = Shape![256, 256];

/// `(i * 7 + j * 3) % 11 - 5` at `[i, j]`: small integers, exact in `f32`.
fn pattern(i: usize, j: usize) -> f32 {
    ((i * 7 + j * 3) % 11) as f32 - 5.0
}

/// Element `[i, j]` of `a @ b` by its definition, for `n × n` matrices
/// given by their element functions.
fn reference(
    n: usize,
    a: impl Fn(usize, usize) -> f32,
    b: impl Fn(usize, usize) -> f32,
    i: usize,
    j: usize,
) -> f32 {
    (0..n).map(|k| a(i, k) * b(k, j)).sum()
}

#[test]
fn a_by_value_matmul_of_256_fits_a_test_thread() {
    let a = Tensor::<f32, Mid>::from_fn(|[i, j]| pattern(i, j));
    let b = Tensor::<f32, Mid>::from_fn(|[i, j]| pattern(j, i + 1));
    let c = a.matmul(&b);
    for (i, j) in [(0, 0), (17, 200), (255, 255), (128, 3)] {
        assert_eq!(
            c[[i, j]],
            reference(256, pattern, |k, j| pattern(j, k + 1), i, j)
        );
    }
}

#[test]
fn to_tensor_of_a_boxed_512_view_fits_a_test_thread() {
    let x = Tensor::<f32, Shape![512, 512]>::boxed_from_fn(|[i, j]| (i * 512 + j) as f32);
    let c = x.t().to_tensor();
    for (i, j) in [(0, 0), (1, 2), (511, 3), (300, 511)] {
        assert_eq!(c[[i, j]], (j * 512 + i) as f32);
    }
}

#[test]
fn boxed_constructors_build_64_mib_on_the_heap() {
    type Big = Shape![4096, 4096];
    let f = Tensor::<f32, Big>::boxed_from_fn(|[i, j]| (i * 3 + j) as f32);
    assert_eq!(
        (f[[0, 0]], f[[4095, 7]], f[[100, 4095]]),
        (0.0, 12292.0, 4395.0)
    );
    let z = Tensor::<f32, Big>::boxed_zeros();
    assert_eq!(z[[4095, 4095]], 0.0);
    let full = Tensor::<f32, Big>::boxed_full(1.5);
    assert_eq!(full[[2048, 1]], 1.5);
    let flat = Tensor::<f32, Big>::boxed_from_flat_fn(|i| i as f32);
    assert_eq!(flat[[1, 2]], 4098.0);
    let t = f.t().to_boxed_tensor();
    assert_eq!(t[[7, 4095]], 12292.0);
}

/// A `[1024, 1024]` product of boxed operands into a boxed output (4 MiB
/// each, twice a test thread's stack): no value of that size is ever on
/// the stack.
#[test]
fn assign_matmul_of_boxed_1024_operands() {
    type Sq = Shape![1024, 1024];
    let a = Tensor::<f32, Sq>::boxed_from_fn(|[i, j]| pattern(i, j));
    let b = Tensor::<f32, Sq>::boxed_from_fn(|[i, j]| pattern(j, i + 2));
    let mut c = Tensor::<f32, Sq>::boxed_zeros();
    c.assign_matmul(&*a, &*b);
    for (i, j) in [(0, 0), (1023, 1023), (511, 3), (7, 900)] {
        assert_eq!(
            c[[i, j]],
            reference(1024, pattern, |k, j| pattern(j, k + 2), i, j)
        );
    }
}

/// Into a view of a boxed tensor: its transpose, element by element (a
/// smaller size: a dot product per element is slow unoptimized).
#[test]
fn assign_matmul_into_a_transposed_boxed_view() {
    let a = Tensor::<f32, Shape![128, 96]>::boxed_from_fn(|[i, j]| pattern(i, j));
    let b = Tensor::<f32, Shape![96, 128]>::boxed_from_fn(|[i, j]| pattern(j, i + 2));
    let mut d = Tensor::<f32, Shape![128, 128]>::boxed_zeros();
    d.view_mut().t().assign_matmul(&*a, &slice!(b, .., ..));
    for (i, j) in [(0, 0), (127, 127), (3, 100), (90, 7)] {
        assert_eq!(
            d[[j, i]],
            reference(96, pattern, |k, j| pattern(j, k + 2), i, j)
        );
    }
}

#[test]
fn assign_copies_a_boxed_view_in_place() {
    let x = Tensor::<f32, Shape![512, 512]>::boxed_from_flat_fn(|i| i as f32);
    let mut y = Tensor::<f32, Shape![512, 512]>::boxed_zeros();
    y.assign(x.t());
    assert_eq!((y[[1, 2]], y[[511, 0]]), (1025.0, 511.0));
    y.assign(x.lazy() * 2.0 + x.t());
    assert_eq!(y[[1, 2]], 2.0 * 514.0 + 1025.0);
}
