// Generic code that states a view rule as a bound (a helper over any shape
// and any axes, window or padding) gets the view back with `.resolve()`:
// there the result type is `<S as Rule>::Then<View<..>>`, which rustc does
// not reduce without knowing `S`. `#[shape]` items and concrete shapes
// never need it.
use tensor_core::constraint::{FlipShape, PadShape, PermuteShape, Resolve, StepWindowShape, WindowShape};
use tensor_core::prelude::*;

fn permuted<S: Shape + PermuteShape<P>, P: Axes>(t: &Tensor<f32, S>) -> Tensor<f32, S::Output> {
    t.permute::<P>().resolve().to_tensor()
}

fn flipped_sum<S: Shape + FlipShape<A>, A: Axes>(t: &Tensor<f32, S>) -> f32 {
    t.view().flip::<A>().resolve().sum()
}

fn window_sums<S: Shape + WindowShape<W>, W: Shape>(t: &Tensor<f32, S>) -> f32 {
    t.windows::<W>().resolve().sum()
}

fn strided_sums<S: Shape + StepWindowShape<W, St>, W: Shape, St: Shape>(t: &Tensor<f32, S>) -> f32 {
    t.windows_step::<W, St>().resolve().sum()
}

fn padded_sum<S: Shape + PadShape<P, P>, P: Shape>(t: &Tensor<f32, S>) -> f32 {
    t.pad::<P>().resolve().to_tensor().sum()
}

fn main() {
    let x = Tensor::<f32, Shape![3, 32, 32]>::from_flat_fn(|i| (i % 7) as f32);
    assert_eq!(permuted::<_, Axes![1, 2, 0]>(&x), x.permute::<Axes![1, 2, 0]>().to_tensor());
    assert_eq!(flipped_sum::<_, Axes![2]>(&x), x.sum());
    assert_eq!(window_sums::<_, Shape![3, 3]>(&x), x.windows::<Shape![3, 3]>().sum());
    assert_eq!(
        strided_sums::<_, Shape![3, 3], Shape![2, 2]>(&x),
        x.windows_step::<Shape![3, 3], Shape![2, 2]>().sum()
    );
    assert_eq!(padded_sum::<_, Shape![1, 1]>(&x), x.sum());
}
