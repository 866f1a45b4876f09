//! The lazy expressions against the operators they stand for.

// Operands by reference are what these tests are about.
#![allow(clippy::op_ref)]

use crate::prelude::*;

/// `0, 1, 2, ..` in a tensor of shape `S`.
fn iota<S: Shape>() -> Tensor<i64, S> {
    Tensor::from_flat_fn(|i| i as i64)
}

#[test]
fn lazy_forms_equal_the_operators_on_every_walk() {
    let a = iota::<Shape![3, 4]>();
    let t = iota::<Shape![4, 3]>();
    let (row, col) = (tensor![100, 200, 300, 400], tensor![[1], [2], [3]]);
    let mut out = Tensor::<i64, Shape![3, 4]>::zeros();
    out.assign(a.lazy() + &a);
    assert_eq!(out, &a + &a);
    out.assign(a.lazy() - &row);
    assert_eq!(out, &a - &row);
    out.assign(col.lazy() * &a.flip::<Axes![1]>());
    assert_eq!(out, &col * &a.flip::<Axes![1]>());
    out.assign(t.t().lazy() * 3 - &a + 1);
    assert_eq!(out, t.t() * 3 - &a + 1);
    out.assign(10 - a.lazy() / 2);
    assert_eq!(out, 10 - &a / 2);
    // No constant strides: element by element.
    let r = t.t().reshape::<Shape![2, 6]>().reshape::<Shape![3, 4]>();
    out.assign(r.lazy() + (a.lazy() * &a));
    assert_eq!(out, &r + &(&a * &a));
    // The output broadcast from a smaller expression.
    out.assign(row.lazy() * 2);
    assert_eq!(out, (&row * 2).expand::<Shape![3, 4]>());
}

#[test]
fn rank_0_and_empty_outputs() {
    let mut s = Tensor::<i32, Shape![]>::zeros();
    s.assign(tensor![7].reshape::<Shape![]>().lazy() * 6);
    assert_eq!(s[[]], 42);
    let mut e = Tensor::<i32, Shape![0, 3]>::zeros();
    e.assign(e.clone().lazy() + 1);
    assert_eq!(e.as_slice(), &[] as &[i32]);
}

#[test]
fn assign_lazy_writes_through_a_strided_view() {
    let mut t = iota::<Shape![3, 4]>();
    let a = iota::<Shape![4, 3]>();
    t.view_mut().t().assign_lazy(a.lazy() * 10);
    assert_eq!(t, &a.t() * 10);
}

/// The case of issue 13: `&*w * 0.5` on a boxed `[784, 256]` returns
/// its 784 KiB result on the stack (and, unoptimised, copies of it),
/// which overflowed a debug test's stack. The lazy form writes into the
/// box; run on a 256 KiB stack, smaller than one tensor.
#[test]
#[cfg(feature = "alloc")]
fn lazy_forms_serve_boxed_tensors_larger_than_the_stack() {
    std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(|| {
            type Big = Shape![784, 256];
            let w = Tensor::<f32, Big>::boxed_from_flat_fn(|i| i as f32);
            let b = tensor![2.0f32; 256];
            let mut out = Tensor::<f32, Big>::boxed_zeros();
            out.assign(w.lazy() * 0.5);
            assert!(out.iter().enumerate().all(|(i, &x)| x == i as f32 * 0.5));
            out.assign(w.lazy() * 0.5 + &b);
            assert_eq!(out[[783, 255]], 200_703.0 * 0.5 + 2.0);
        })
        .unwrap()
        .join()
        .unwrap();
}
