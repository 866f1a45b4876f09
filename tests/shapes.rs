use tensor_core::prelude::*;

#[shape(2, 3, 4)]
struct Voxels;

#[test]
fn named_shape_has_strides() {
    assert_eq!(Voxels::STRIDES, [12, 4, 1]);
    let v: Tensor<f32, Voxels> = Tensor::zeros();
    assert_eq!(v.shape(), [2, 3, 4]);
}

#[test]
fn big_dims() {
    type B = Shape![1000003, 2];
    assert_eq!(B::DIMS, [1000003, 2]);
    type C = Shape![5000000000, 3];
    assert_eq!(C::SIZE, 15000000000);
}

#[test]
fn dims_strides_and_size_are_constants() {
    type S = Shape![3, 28, 28];
    const RANK: usize = S::RANK;
    const STRIDES: [usize; 3] = S::STRIDES;
    const SIZE: usize = S::SIZE;
    assert_eq!((RANK, STRIDES, SIZE), (3, [784, 28, 1], 2352));
}

#[test]
fn scalar_shape() {
    type S = Shape![];
    assert_eq!((S::RANK, S::SIZE, S::DIMS), (0, 1, []));
}

#[test]
fn zero_dimension() {
    type S = Shape![4, 0, 5];
    assert_eq!((S::SIZE, S::STRIDES), (0, [0, 5, 1]));
}

#[test]
fn every_rank_up_to_eight() {
    assert_eq!(<Shape![2]>::STRIDES, [1]);
    assert_eq!(<Shape![2, 3]>::STRIDES, [3, 1]);
    assert_eq!(<Shape![2, 3, 4]>::STRIDES, [12, 4, 1]);
    assert_eq!(<Shape![2, 3, 4, 5]>::STRIDES, [60, 20, 5, 1]);
    assert_eq!(<Shape![2, 3, 4, 5, 6]>::SIZE, 720);
    assert_eq!(<Shape![2, 3, 4, 5, 6, 7]>::SIZE, 5040);
    assert_eq!(<Shape![2, 3, 4, 5, 6, 7, 8]>::SIZE, 40320);
    assert_eq!(<Shape![2, 3, 4, 5, 6, 7, 8, 9]>::STRIDES[0], 181440);
}

#[test]
fn literals_beyond_typenum_aliases() {
    // 1025 and 3000 have no typenum alias; 2048 and 10^6 are in typenum's table.
    assert_eq!(
        <Shape![1025, 3000, 2048, 1000000]>::DIMS,
        [1025, 3000, 2048, 1000000]
    );
    assert_eq!(<Shape![1_000_003]>::SIZE, 1_000_003);
    assert_eq!(<Shape![4294967297]>::DIMS, [4294967297]);
    assert_eq!(<Shape![18446744073709551615]>::DIMS, [usize::MAX]);
}

#[test]
fn typenum_underneath_agrees_with_the_value() {
    use tensor_core::__private::typenum::Unsigned;
    fn num<D: Dimension>() -> usize {
        <D::Num as Unsigned>::USIZE
    }
    assert_eq!(num::<Dim<28>>(), 28);
    assert_eq!(num::<Dim![4096]>(), 4096);
    assert_eq!(num::<Dim![1000003]>(), 1000003);
    assert_eq!(num::<Dim![4294967297]>(), 4294967297);
    assert_eq!(num::<Dim![18446744073709551615]>(), usize::MAX);
}

#[test]
fn typenum_arithmetic_in_generic_code() {
    use tensor_core::__private::typenum::{Prod, Unsigned};
    type P = Prod<<Dim<6> as Dimension>::Num, <Dim<7> as Dimension>::Num>;
    assert_eq!(P::USIZE, 42);
}

#[test]
fn axes_lists() {
    assert_eq!(<Axes![2, 0, 1]>::AXES, [2, 0, 1]);
    assert_eq!(<Axes![7]>::LEN, 1);
}

/// `Shape!`, `Axes!` and `slice!` inside a user's `macro_rules!`, fed
/// `$d:literal` fragments (which arrive wrapped in invisible groups).
macro_rules! square {
    ($d:literal) => {
        Tensor::<u8, Shape![$d, $d]>::zeros()
    };
}

macro_rules! sliced_first {
    ($t:expr, $i:literal, $a:literal) => {
        (slice!($t, $i..), <Axes![$a]>::AXES)
    };
}

#[test]
fn macros_accept_literal_fragments_from_macro_rules() {
    let t = square!(3);
    assert_eq!(t.shape(), [3, 3]);
    let (s, axes) = sliced_first!(t, 1, 0);
    assert_eq!((s.shape(), axes), ([2, 3], [0]));
}

#[test]
fn the_macros_and_the_core_share_one_rank_limit() {
    // `Shape!` accepts `MAX_RANK` axes (and rejects one more: the ui test
    // `too_many_axes`), the core's per-rank impls reach it.
    type Full = Shape![1, 2, 1, 2, 1, 2, 1, 2];
    assert_eq!(Full::RANK, tensor_core::layout::MAX_RANK);
    assert_eq!(Full::PADDED.len(), tensor_core::layout::MAX_RANK);
}

#[test]
fn literals_above_1024_build_their_storage() {
    const FILL: Tensor<u8, Shape![2, 1030]> = tensor![3u8; 2, 1030];
    assert_eq!(FILL.as_slice().len(), 2060);
    assert!(FILL.iter().all(|&v| v == 3));
    let mut calls = 0;
    let once = tensor![{ calls += 1; calls }; 2049];
    assert_eq!((calls, once[[0]], once[[2048]]), (1, 1, 1));
}

#[test]
fn computed_sizes_are_the_literals_types() {
    // 3072 as 3 * 32 * 32, 96 * 32 and 1024 * 3: one type, the literal's.
    let same = |_: Dim![3072]| ();
    same(<Dim![3 * 32 * 32]>::default());
    same(<Dim![96 * 32]>::default());
    same(<Dim![1024 * 3]>::default());
    #[shape(C, H, W)]
    fn flat(x: &Tensor<f32, Shape![C, H, W]>) -> Tensor<f32, Shape![C * H * W]> {
        x.reshape().to_tensor()
    }
    let x = Tensor::<f32, Shape![3, 32, 32]>::from_flat_fn(|i| i as f32);
    let y: Tensor<f32, Shape![3072]> = flat(&x);
    assert_eq!((y[[0]], y[[3071]]), (0.0, 3071.0));
    let z: Tensor<f32, Shape![2352]> = flat(&Tensor::<f32, Shape![3, 28, 28]>::zeros());
    assert_eq!(z.shape(), [2352]);
    // sizes typenum has no alias for, from generic code
    #[shape(A, B)]
    fn outer(_: &Tensor<u8, Shape![A]>, _: &Tensor<u8, Shape![B]>) -> usize {
        <Shape![A * B, A + B]>::SIZE
    }
    let (a, b) = (
        Tensor::<u8, Shape![1000]>::zeros(),
        Tensor::<u8, Shape![1003]>::zeros(),
    );
    assert_eq!(outer(&a, &b), 1000 * 1003 * 2003);
    // an open-ended slice of a large axis has a computed length
    let t = Tensor::<u8, Shape![3000]>::from_flat_fn(|i| (i % 256) as u8);
    let tail = slice!(t, 1..);
    assert_eq!(tail.shape(), [2999]);
    assert_eq!(tail[[2998]], (2999 % 256) as u8);
}
