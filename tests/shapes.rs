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
    assert_eq!(num::<Dim<4096>>(), 4096);
    type Big = Shape![1000003];
    assert_eq!(num::<<Big as FirstDim>::D>(), 1000003);
    assert_eq!(num::<<Shape![4294967297] as FirstDim>::D>(), 4294967297);
}

/// The first dimension type of a shape, to reach a `BigDim` by its literal.
trait FirstDim {
    type D: Dimension;
}
impl<D: Dimension> FirstDim for (D,) {
    type D = D;
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
