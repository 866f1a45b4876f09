// `Shape![..]` types and their constants: usable in `const` items, any size
// that fits a usize, ranks 0 to 8, dimension parameters.
use core::marker::PhantomData;
use tensor_core::prelude::*;

type Img = Shape![3, 28, 28];
type Scalar = Shape![];
type Empty = Shape![0, 5];
type Big = Shape![1000003, 2];
type AboveU32 = Shape![4294967311, 1];
type PowerOfTwo = Shape![4096];
type PowerOfTen = Shape![100000];
type Rank8 = Shape![1, 2, 1, 3, 1, 2, 1, 2];
type TrailingComma = Shape![1_000, 2,];

// Everything is a constant: evaluated in `const` items.
const _: () = assert!(Img::RANK == 3);
const IMG_DIMS: [usize; 3] = Img::DIMS;
const IMG_STRIDES: [usize; 3] = Img::STRIDES;
const IMG_SIZE: usize = Img::SIZE;
const BIG_DIMS: [usize; 2] = Big::DIMS;
const BIG_STRIDES: [usize; 2] = Big::STRIDES;
const BIG_SIZE: usize = Big::SIZE;
const ABOVE_U32: [usize; 2] = AboveU32::DIMS;
const RANK8_STRIDES: [usize; 8] = Rank8::STRIDES;

// A literal is the same type whether written through the macro or not.
const _: PhantomData<Shape![2, 3]> = PhantomData::<(Dim<2>, Dim<3>)>;
const _: PhantomData<Shape![]> = PhantomData::<()>;

/// A shape with a dimension parameter.
fn batch_dims<B: Dimension>() -> [usize; 3] {
    <Shape![B, 3, 2]>::DIMS
}

fn batch_strides<B: Dimension>() -> [usize; 3] {
    <Shape![B, 3, 2]>::STRIDES
}

fn main() {
    assert_eq!(IMG_DIMS, [3, 28, 28]);
    assert_eq!(IMG_STRIDES, [784, 28, 1]);
    assert_eq!(IMG_SIZE, 2352);

    assert_eq!(Scalar::RANK, 0);
    assert_eq!(Scalar::DIMS, [0usize; 0]);
    assert_eq!(Scalar::SIZE, 1);

    assert_eq!(Empty::DIMS, [0, 5]);
    assert_eq!(Empty::STRIDES, [5, 1]);
    assert_eq!(Empty::SIZE, 0);

    assert_eq!(BIG_DIMS, [1000003, 2]);
    assert_eq!(BIG_STRIDES, [2, 1]);
    assert_eq!(BIG_SIZE, 2000006);
    assert_eq!(<Big as Shape>::RANK, 2);

    assert!(ABOVE_U32[0] > 1 << 32);
    assert_eq!(ABOVE_U32, [4294967311, 1]);
    assert_eq!(AboveU32::SIZE, 4294967311);

    assert_eq!(PowerOfTwo::DIMS, [4096]);
    assert_eq!(PowerOfTen::SIZE, 100000);
    assert_eq!(TrailingComma::DIMS, [1000, 2]);

    assert_eq!(Rank8::RANK, 8);
    assert_eq!(Rank8::DIMS, [1, 2, 1, 3, 1, 2, 1, 2]);
    assert_eq!(RANK8_STRIDES, [24, 12, 12, 4, 4, 2, 2, 1]);
    assert_eq!(Rank8::SIZE, 24);

    assert_eq!(batch_dims::<Dim<16>>(), [16, 3, 2]);
    assert_eq!(batch_strides::<Dim<16>>(), [6, 2, 1]);
    assert_eq!(
        batch_dims::<<Shape![1000003] as ShapeFirst>::First>(),
        [1000003, 3, 2]
    );
}

/// The first dimension of a rank-1 shape, to pass a big dimension by name.
trait ShapeFirst {
    type First: Dimension;
}

impl<D: Dimension> ShapeFirst for (D,) {
    type First = D;
}
