use std::string::{String, ToString};

use crate::prelude::*;

/// `0, 1, 2, ..` in a tensor of shape `S`.
fn iota<S: Shape>() -> Tensor<i64, S> {
    Tensor::from_flat_fn(|i| i as i64)
}

#[test]
fn zip_reads_rows_of_every_affine_layout() {
    let a = iota::<Shape![3, 4]>();
    let row = tensor![100, 200, 300, 400];
    let want =
        |f: &dyn Fn(usize, usize) -> i64| Tensor::<i64, Shape![3, 4]>::from_fn(|[i, j]| f(i, j));
    // Contiguous + broadcast row (stride 0 along axis 0).
    assert_eq!(&a + &row, want(&|i, j| a[[i, j]] + row[[j]]));
    // Broadcast column: the last axis has stride 0 (a splatted row).
    let col = tensor![[10], [20], [30]];
    assert_eq!(&a + &col, want(&|i, j| a[[i, j]] + col[[i, 0]]));
    // Flipped last axis: a negative step.
    let f = a.flip::<Axes![1]>();
    assert_eq!(&f - &row, want(&|i, j| a[[i, 3 - j]] - row[[j]]));
    // Transposed: a step of 3 along the rows, both operands strided.
    let t = iota::<Shape![4, 3]>();
    assert_eq!(t.t() * f, want(&|i, j| t[[j, i]] * a[[i, 3 - j]]));
    // A stepped slice.
    let wide = iota::<Shape![3, 8]>();
    assert_eq!(
        slice!(wide, .., ..;2) + &a,
        want(&|i, j| wide[[i, 2 * j]] + a[[i, j]])
    );
}

#[test]
fn zip_of_layouts_without_strides_and_of_edge_shapes() {
    // A transpose reshaped: no constant strides, read element by element.
    let t = iota::<Shape![2, 6]>();
    let r = t.t().reshape::<Shape![3, 4]>();
    let want = Tensor::<i64, Shape![3, 4]>::from_flat_fn(|n| 2 * t[[n % 2, n / 2]]);
    assert_eq!(&r + &r, want);
    assert_eq!(r.map(|&x| 2 * x), want);
    // Rank 0, a last axis of size 1, no element.
    assert_eq!(
        (tensor![5].reshape::<Shape![]>() + tensor![2].reshape::<Shape![]>())[[]],
        7
    );
    let ones = iota::<Shape![3, 1]>();
    assert_eq!(ones.flip::<Axes![0]>() + &ones, tensor![[2], [2], [2]]);
    let empty = Tensor::<i64, Shape![0, 3]>::zeros() + tensor![1, 2, 3];
    assert_eq!(empty.as_slice(), &[] as &[i64]);
}

#[test]
fn map_of_owned_results_and_a_panicking_closure() {
    let t = iota::<Shape![2, 3]>();
    let s: Tensor<String, _> = t.t().map(|x| x.to_string());
    assert_eq!(s[[2, 1]], "5");
    // A panic midway leaks what was built; nothing is read or dropped twice.
    let caught = std::panic::catch_unwind(|| {
        t.t().map(|&x| {
            if x == 4 {
                panic!("stop")
            } else {
                x.to_string()
            }
        })
    });
    assert!(caught.is_err());
}

#[test]
fn scalar_operators_on_either_side_and_in_place() {
    let t = iota::<Shape![3, 4]>();
    let at = |f: &dyn Fn(i64) -> i64| Tensor::<i64, Shape![3, 4]>::from_flat_fn(|i| f(i as i64));
    assert_eq!(&t * 3, at(&|x| x * 3));
    assert_eq!(t.view() - 2, at(&|x| x - 2));
    assert_eq!(100 - &t, at(&|x| 100 - x));
    assert_eq!(60 / t.t().t().map(|&x| x + 1), at(&|x| 60 / (x + 1)));
    let mut a = iota::<Shape![3, 4]>();
    a += 5;
    a *= 2;
    a -= 1;
    a /= 3;
    assert_eq!(a, at(&|x| ((x + 5) * 2 - 1) / 3));
    // In place through a strided view: element by element.
    let mut b = iota::<Shape![4, 3]>();
    let mut v = b.view_mut().t();
    v *= 10;
    v += 1;
    assert_eq!(b, Tensor::from_flat_fn(|i| i as i64 * 10 + 1));
}

#[test]
fn compound_assignment_reads_rows_of_the_right_operand() {
    let mut a = iota::<Shape![3, 4]>();
    a += &tensor![[1], [2], [3]];
    a -= &iota::<Shape![4, 3]>().t();
    let want = Tensor::<i64, Shape![3, 4]>::from_fn(|[i, j]| {
        (i * 4 + j) as i64 + i as i64 + 1 - (j * 3 + i) as i64
    });
    assert_eq!(a, want);
    // Through a strided `ViewMut`: element by element.
    let mut b = iota::<Shape![4, 3]>();
    let mut vt = b.view_mut().t();
    vt *= &tensor![1, 10, 100, 1000];
    assert_eq!(b[[3, 2]], 11 * 1000);
}

/// Unary `-` of every operand kind at a CIFAR image's size, against a
/// plain loop: contiguous, transposed (strided rows), broadcast (a stride
/// of 0) and a mutable view; signed zeros and NaN keep their meaning.
#[test]
fn negation_of_every_operand_kind() {
    type Image = Shape![3, 32, 32];
    let x = Tensor::<f32, Image>::from_flat_fn(|i| i as f32 * 0.5 - 700.0);
    let plain = |f: &dyn Fn([usize; 3]) -> f32| Tensor::<f32, Image>::from_fn(f);
    let want = plain(&|[c, h, w]| -x[[c, h, w]]);
    assert_eq!(-&x, want);
    assert_eq!(-x, want);
    assert_eq!(-x.view(), want);
    assert_eq!(-&x.view(), want);
    let t = x.permute::<Axes![0, 2, 1]>();
    assert_eq!(-t, plain(&|[c, h, w]| -x[[c, w, h]]));
    let row = Tensor::<f32, Shape![32]>::from_flat_fn(|i| i as f32);
    let wide = row.expand::<Image>();
    assert_eq!(-&wide, plain(&|[_, _, w]| -(w as f32)));
    let mut y = x;
    assert_eq!(-y.view_mut(), want);
    let m = y.view_mut();
    assert_eq!(-&m, want);
    let specials = tensor![0.0f32, -0.0, f32::NAN, f32::INFINITY];
    let bits: std::vec::Vec<u32> = (-&specials).iter().map(|v| v.to_bits()).collect();
    let want: std::vec::Vec<u32> = specials.iter().map(|v| (-v).to_bits()).collect();
    assert_eq!(bits, want);
    assert_eq!(
        -tensor![[1i8, -2], [127, -127]],
        tensor![[-1, 2], [-127, 127]]
    );
}
