//! Owned tensors: literals, constructors, indexing, slices and traits.

use tensor_core::prelude::*;

static IDENTITY: Tensor<f32, Shape![2, 2]> = tensor![[1.0, 0.0], [0.0, 1.0]];
const ROW: Tensor<i32, Shape![3]> = tensor![1, 2, 3];
const FILLED: Tensor<u8, Shape![2, 3]> = tensor![7u8; 2, 3];

#[test]
fn nested_literal_infers_shape_and_row_major_order() {
    let t = tensor![[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]];
    assert_eq!(t.shape(), [2, 3, 2]);
    assert_eq!(t.as_slice(), &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    assert_eq!(t[[1, 2, 0]], 11);
}

#[test]
fn literals_live_in_const_and_static_items() {
    assert_eq!(IDENTITY[[0, 0]] + IDENTITY[[1, 1]], 2.0);
    assert_eq!(ROW.iter().sum::<i32>(), 6);
    assert!(FILLED.iter().all(|&x| x == 7));
    assert_eq!(FILLED.shape(), [2, 3]);
}

#[test]
fn tensor_is_exactly_its_elements() {
    assert_eq!(core::mem::size_of::<Tensor<f32, Shape![2, 3]>>(), 24);
    assert_eq!(core::mem::size_of::<Tensor<u8, Shape![]>>(), 1);
}

#[test]
fn literal_agrees_with_an_annotated_type() {
    let t: Tensor<f64, Shape![2, 1]> = tensor![[1.5], [-2.0]];
    assert_eq!(t[[1, 0]], -2.0);
}

#[test]
fn literal_with_negative_and_expression_elements() {
    let x = 4;
    let t = tensor![[-1, x * 2], [x - 7, 0]];
    assert_eq!(t.as_slice(), &[-1, 8, -3, 0]);
}

#[test]
fn fill_form_with_many_axes() {
    let t = tensor![1i16; 2, 1, 3, 1, 2];
    assert_eq!(t.shape(), [2, 1, 3, 1, 2]);
    assert_eq!(t.iter().map(|&v| v as usize).sum::<usize>(), 12);
}

#[test]
fn from_fn_receives_each_multi_index_in_row_major_order() {
    let t = Tensor::<(usize, usize, usize), Shape![2, 3, 4]>::from_fn(|[i, j, k]| (i, j, k));
    let mut expected = Vec::new();
    for i in 0..2 {
        for j in 0..3 {
            for k in 0..4 {
                expected.push((i, j, k));
            }
        }
    }
    assert_eq!(t.as_slice(), expected.as_slice());
}

#[test]
fn zeros_ones_full_default() {
    assert!(Tensor::<f64, Shape![3, 3]>::zeros()
        .iter()
        .all(|&x| x == 0.0));
    assert!(Tensor::<i8, Shape![4]>::ones().iter().all(|&x| x == 1));
    assert_eq!(Tensor::<u32, Shape![2]>::full(9), tensor![9, 9]);
    assert_eq!(Tensor::<u32, Shape![2]>::default(), tensor![0, 0]);
}

#[test]
fn try_from_slice_checks_the_length() {
    let v: Vec<i32> = (0..6).collect();
    let t = Tensor::<i32, Shape![3, 2]>::try_from_slice(&v).unwrap();
    assert_eq!(t[[2, 1]], 5);
    let err = Tensor::<i32, Shape![4, 2]>::try_from_slice(&v).unwrap_err();
    assert_eq!(
        (err.expected(), err.found(), err.dims()),
        (8, 6, &[4, 2][..])
    );
    assert_eq!(
        err.to_string(),
        "expected 8 elements for shape [4, 2], found 6"
    );
}

#[test]
fn index_and_index_mut_use_row_major_strides() {
    let mut t = Tensor::<i32, Shape![2, 3, 4]>::from_flat_fn(|i| i as i32);
    assert_eq!(t[[1, 2, 3]], 12 + 8 + 3);
    t[[0, 1, 2]] = -1;
    assert_eq!(t.as_slice()[6], -1);
}

#[test]
#[should_panic(expected = "index [1, 3] is out of bounds for shape [2, 3]")]
fn out_of_range_index_panics_with_index_and_shape() {
    let t = tensor![[1, 2, 3], [4, 5, 6]];
    let _ = t[[1, 3]];
}

#[test]
#[should_panic(expected = "index [2, 0] is out of bounds for shape [2, 3]")]
fn out_of_range_index_mut_panics_too() {
    let mut t = tensor![[1, 2, 3], [4, 5, 6]];
    t[[2, 0]] = 0;
}

#[test]
fn get_and_get_mut_are_checked_per_axis() {
    let mut t = tensor![[1, 2, 3], [4, 5, 6]];
    // [0, 4] would be flat index 4, inside the storage: still out of range.
    assert_eq!(t.get([0, 4]), None);
    assert_eq!(t.get([1, 1]), Some(&5));
    *t.get_mut([1, 1]).unwrap() = 50;
    assert_eq!(t[[1, 1]], 50);
    assert!(t.get_mut([2, 0]).is_none());
}

#[test]
fn slices_and_iterators() {
    let mut t = tensor![[1, 2], [3, 4]];
    t.as_mut_slice()[3] = 40;
    assert_eq!(t.iter().copied().collect::<Vec<_>>(), vec![1, 2, 3, 40]);
    for x in &mut t {
        *x += 1;
    }
    assert_eq!((&t).into_iter().max(), Some(&41));
    assert_eq!(t.into_array(), [[2, 3], [4, 41]]);
}

#[test]
fn scalar_tensor_has_rank_zero_and_one_element() {
    let mut s = Tensor::<f32, Shape![]>::from_array([2.5]);
    assert_eq!(s[[]], 2.5);
    s[[]] = 3.0;
    assert_eq!(s.as_slice(), &[3.0]);
    assert_eq!(s.shape(), []);
}

#[test]
fn zero_sized_dimension_holds_no_elements() {
    let t = Tensor::<i32, Shape![3, 0]>::zeros();
    assert_eq!(t.as_slice().len(), 0);
    assert_eq!(t.get([0, 0]), None);
}

#[test]
fn clone_copy_eq_and_debug() {
    let a = tensor![[1, 2], [3, 4]];
    let b = a; // Copy
    assert_eq!(a, b);
    let s = tensor![String::from("x"), String::from("y")];
    let c = s.clone();
    assert_eq!(s, c);
    assert_ne!(a, tensor![[1, 2], [3, 5]]);
    assert_eq!(
        format!("{a:?}"),
        "Tensor { shape: [2, 2], data: [1, 2, 3, 4] }"
    );
}

#[test]
fn rank_eight_tensor() {
    let t = Tensor::<u8, Shape![2, 1, 2, 1, 2, 1, 2, 1]>::from_flat_fn(|i| i as u8);
    assert_eq!(t[[1, 0, 1, 0, 1, 0, 1, 0]], 15);
    assert_eq!(
        <Shape![2, 1, 2, 1, 2, 1, 2, 1]>::STRIDES,
        [8, 8, 4, 4, 2, 2, 1, 1]
    );
}

#[test]
fn from_fn_closure_pattern_is_typed_by_the_expected_type() {
    let c: Tensor<f32, Shape![3, 3]> = Tensor::from_fn(|[i, j]| (i + j) as f32);
    assert_eq!(c[[2, 1]], 3.0);
}

/// `to_tensor()` on a tensor is a copy, as on a view: a chain reads the
/// same after `into_t` as after `t`.
#[test]
fn to_tensor_of_a_tensor_copies_it() {
    let x = Tensor::<f32, Shape![3, 32, 32]>::from_flat_fn(|i| i as f32);
    let copy = x.to_tensor();
    assert_eq!(copy, x);
    let t = x.into_permute::<Axes![0, 2, 1]>().to_tensor();
    assert_eq!(t, x.permute::<Axes![0, 2, 1]>().to_tensor());
    assert_eq!(t[[2, 31, 0]], x[[2, 0, 31]]);
}
