//! `einsum!` as users write it: in generic `#[shape]` functions with no
//! where-clause, on every element type `matmul` takes, on mutable views
//! and nested calls, with empty axes. The values are checked against
//! plain loops written here; `generated/einsum_cases.rs` checks NumPy's.

use tensor_core::prelude::*;

/// Attention scores, generic over every size: no where-clause.
#[shape(B, H, Q, K, D)]
fn scores(
    q: &Tensor<f32, Shape![B, H, Q, D]>,
    k: &Tensor<f32, Shape![B, H, K, D]>,
) -> Tensor<f32, Shape![B, H, Q, K]> {
    einsum!("bhqd,bhkd->bhqk", q, k)
}

/// Attention weights applied to the values, then the heads' outputs
/// summed: a generic function calling another.
#[shape(B, H, Q, K, D)]
fn attend(
    q: &Tensor<f32, Shape![B, H, Q, D]>,
    k: &Tensor<f32, Shape![B, H, K, D]>,
    v: &Tensor<f32, Shape![B, H, K, D]>,
) -> Tensor<f32, Shape![B, Q, D]> {
    let s = scores(q, k);
    let o: Tensor<f32, Shape![B, H, Q, D]> = einsum!("bhqk,bhkd->bhqd", &s, v);
    einsum!("bhqd->bqd", &o)
}

/// `n % 7 - 3` at flat position `n`, as `f32`.
fn data<S: Shape>(seed: usize) -> Tensor<f32, S> {
    Tensor::from_flat_fn(|n| ((n + seed) % 7) as f32 - 3.0)
}

#[test]
fn generic_attention_matches_loops() {
    let (q, k, v) = (
        data::<Shape![2, 3, 4, 5]>(0),
        data::<Shape![2, 3, 6, 5]>(1),
        data::<Shape![2, 3, 6, 5]>(2),
    );
    let out = attend(&q, &k, &v);
    for (b, i, d) in itertools(2, 4, 5) {
        let mut want = 0.0;
        for h in 0..3 {
            for j in 0..6 {
                let s: f32 = (0..5).map(|e| q[[b, h, i, e]] * k[[b, h, j, e]]).sum();
                want += s * v[[b, h, j, d]];
            }
        }
        assert_eq!(out[[b, i, d]], want, "at [{b}, {i}, {d}]");
    }
}

/// Every `[a, b, c]` index, row-major.
fn itertools(x: usize, y: usize, z: usize) -> impl Iterator<Item = (usize, usize, usize)> {
    (0..x).flat_map(move |a| (0..y).flat_map(move |b| (0..z).map(move |c| (a, b, c))))
}

/// A product, a transpose and a trace of one element type against loops.
macro_rules! element_type {
    ($name:ident, $t:ty) => {
        #[test]
        fn $name() {
            let a = Tensor::<$t, Shape![3, 5]>::from_flat_fn(|n| (n % 4) as $t);
            let b = Tensor::<$t, Shape![5, 4]>::from_flat_fn(|n| (n % 3) as $t);
            let c = einsum!("ij,jk->ik", &a, &b);
            assert_eq!(c, a.matmul(&b));
            for (i, k, _) in itertools(3, 4, 1) {
                let want = (0..5).fold(0 as $t, |s, j| s + a[[i, j]] * b[[j, k]]);
                assert_eq!(c[[i, k]], want);
            }
            let t = einsum!("ij->ji", &a);
            assert_eq!(t[[4, 2]], a[[2, 4]]);
            let sq = Tensor::<$t, Shape![4, 4]>::from_flat_fn(|n| (n % 5) as $t);
            let trace = (0..4).fold(0 as $t, |s, i| s + sq[[i, i]]);
            assert_eq!(einsum!("ii->", &sq)[[]], trace);
            assert_eq!(
                einsum!(
                    "i,i->",
                    &sq.view().reshape::<Shape![16]>(),
                    &sq.view().reshape::<Shape![16]>()
                )[[]],
                sq.iter().fold(0 as $t, |s, &x| s + x * x)
            );
        }
    };
}

element_type!(elements_i8, i8);
element_type!(elements_u8, u8);
element_type!(elements_i16, i16);
element_type!(elements_u16, u16);
element_type!(elements_i32, i32);
element_type!(elements_u32, u32);
element_type!(elements_i64, i64);
element_type!(elements_u64, u64);
element_type!(elements_usize, usize);
element_type!(elements_f32, f32);
element_type!(elements_f64, f64);

#[test]
fn operands_are_any_view_expression() {
    let mut a = Tensor::<i32, Shape![3, 4]>::from_flat_fn(|n| n as i32);
    let b = Tensor::<i32, Shape![4, 2]>::from_flat_fn(|n| 1 - n as i32);
    let want = a.matmul(&b);
    assert_eq!(einsum!("ij,jk->ik", a.view_mut(), b.view()), want);
    assert_eq!(einsum!("ij,jk->ik", &a.view(), &&b), want);
    // Nested: `(a b)^T` contracted again with `a`.
    let n = einsum!("ki,ij->kj", einsum!("ij,jk->ki", &a, &b), &a);
    assert_eq!(n, want.t().matmul(&a));
}

/// Operands whose strides do not merge (a reshape of a transposed view) are
/// copied to a contiguous tensor first, on either side, with one operand
/// or two (with `alloc`, in a box at any size; `tests/large_operands.rs`
/// has the sizes that matter for the stack).
#[test]
fn operands_without_strides() {
    let x = Tensor::<f32, Shape![28, 28]>::from_flat_fn(|n| (n % 13) as f32 - 6.0);
    let flat = x.t().reshape::<Shape![784]>(); // no strides: copied
    let want = x.t().to_tensor();
    assert_eq!(einsum!("i->i", &flat).as_slice(), want.as_slice());
    let w = Tensor::<f32, Shape![784, 10]>::from_flat_fn(|n| (n % 7) as f32 - 3.0);
    let row = flat.reshape::<Shape![1, 784]>();
    let want_row: Tensor<f32, Shape![1, 784]> = want.reshape().to_tensor();
    assert_eq!(einsum!("ij,jk->ik", &row, &w), want_row.matmul(&w));
    let wt = w.t().to_tensor(); // [10, 784]
    let col = wt
        .t()
        .reshape::<Shape![7840]>()
        .reshape::<Shape![784, 10]>(); // w, no strides
    assert_eq!(einsum!("ij,jk->ik", &want_row, &col), want_row.matmul(&w));
}

#[test]
fn empty_axes() {
    let a = Tensor::<i32, Shape![3, 0]>::zeros();
    let b = Tensor::<i32, Shape![0, 2]>::zeros();
    assert_eq!(
        einsum!("ij,jk->ik", &a, &b),
        Tensor::<i32, Shape![3, 2]>::zeros()
    );
    assert_eq!(einsum!("ij->j", &a), Tensor::<i32, Shape![0]>::zeros());
    assert_eq!(einsum!("ij->i", &a), Tensor::<i32, Shape![3]>::zeros());
    assert_eq!(einsum!("ij,jk->ki", &a, &b).shape(), [2, 3]);
}

#[test]
fn reordered_product_at_real_size() {
    // [4, 64, 48] x [4, 48, 32] with the result's axes reversed: the product
    // goes through a scratch tensor and a walk.
    let a = data::<Shape![4, 64, 48]>(0);
    let b = data::<Shape![4, 48, 32]>(3);
    let r: Tensor<f32, Shape![32, 64, 4]> = einsum!("bij,bjk->kib", &a, &b);
    let p = a.matmul(&b);
    for (k, i, bb) in itertools(32, 64, 4) {
        assert_eq!(r[[k, i, bb]], p[[bb, i, k]]);
    }
}

/// `einsum!` with its spec and operands passed through `macro_rules!`
/// fragments (whose hygiene differs from the macro's own tokens).
macro_rules! contract {
    ($spec:literal, $($x:expr),+) => {
        einsum!($spec, $($x),+)
    };
}

#[test]
fn spec_from_a_macro_fragment() {
    let a = Tensor::<i64, Shape![2, 3]>::from_flat_fn(|n| n as i64);
    let b = Tensor::<i64, Shape![3, 4]>::from_flat_fn(|n| 2 - n as i64);
    assert_eq!(contract!("ij,jk->ik", &a, &b), a.matmul(&b));
    assert_eq!(contract!("ij->j", &a), tensor![3, 5, 7]);
}
