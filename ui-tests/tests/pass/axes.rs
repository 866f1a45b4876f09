// `Axes![..]`: lists of axis numbers as types, with constants.
use core::marker::PhantomData;
use tensor_core::prelude::*;

type Perm = Axes![2, 0, 1];
type None_ = Axes![];
type Reversed = Axes![7, 6, 5, 4, 3, 2, 1, 0];
type TrailingComma = Axes![1, 0,];

const PERM: [usize; 3] = Perm::AXES;
const _: () = assert!(Perm::LEN == 3);
const _: PhantomData<Axes![2, 0, 1]> = PhantomData::<(Axis<2>, Axis<0>, Axis<1>)>;

/// Generic code reads the list through `Axes`.
fn listed<A: Axes>() -> usize {
    A::LEN
}

fn main() {
    assert_eq!(PERM, [2, 0, 1]);
    assert_eq!(None_::LEN, 0);
    assert_eq!(Reversed::AXES, [7, 6, 5, 4, 3, 2, 1, 0]);
    assert_eq!(TrailingComma::AXES, [1, 0]);
    assert_eq!(listed::<Axes![3]>(), 1);
}
