//! Issue 9's programs and the bad inputs around them, as a user could write
//! them in safe code. Each made a view read or write outside its buffer (in
//! release builds, where the check is not a `debug_assert`), or gave a wrong
//! or unexplained answer. Programs 2 and 3 no longer compile: they are the
//! trybuild cases of `ui-tests/tests/ui/soundness/`; program 1 is a
//! `compile_fail` doc-test in `tensor-core/src/soundness.rs`.

use tensor_core::__private::{Cons, DynIndex, DynRange, FromStart, Full, Known, Nil, Open, Range};
use tensor_core::prelude::*;

/// `2^62`: a step whose products wrap `usize`.
type Huge = Dim![4611686018427387904];

/// Issue 9, program 4: a hand-written `__slice` spec keeping 5 elements of an
/// axis of 8 with step `2^62`. `first + (len - 1) * step` wrapped to 0 and
/// passed the check, and the view read at `i * 2^62`.
#[test]
#[should_panic(
    expected = "slice!: axis 0 of size 8 kept as 5 elements from 0 by 4611686018427387904"
)]
fn a_wrapping_hand_written_slice_is_refused() {
    type Spec = Cons<Range<FromStart<Dim<0>>, Open, Huge, Known<Dim<5>>, false>, Nil>;
    let t = Tensor::<u64, Shape![8]>::zeros();
    let v = t.__slice::<Spec, 0>([]);
    let _ = v[[4]];
}

/// Step 0 over 3 elements: three indices of a `ViewMut` on one element.
#[test]
#[should_panic(expected = "not one element per index")]
fn a_non_injective_mutable_slice_is_refused() {
    type Spec = Cons<Range<FromStart<Dim1>, Open, Dim<0>, Known<Dim<3>>, false>, Nil>;
    let mut t = Tensor::<u64, Shape![4]>::zeros();
    let _ = t.view_mut().__slice::<Spec, 0>([]);
}

/// A `Known` length longer than the axis.
#[test]
#[should_panic(expected = "slice!: axis 1 of size 4 kept as 10 elements")]
fn a_length_past_the_axis_is_refused() {
    type Spec = Cons<Full, Cons<Range<FromStart<Dim<0>>, Open, Dim1, Known<Dim<10>>, false>, Nil>>;
    let t = Tensor::<u64, Shape![2, 4]>::zeros();
    let _ = t.__slice::<Spec, 0>([]);
}

/// A spec with a run-time index, called with none.
#[test]
#[should_panic(expected = "more run-time indices in the spec than the 0 given")]
fn a_missing_run_time_index_is_refused() {
    let t = Tensor::<u64, Shape![2, 4]>::zeros();
    let _ = t.__slice::<Cons<DynIndex, Nil>, 0>([]);
}

/// The same spec, called with an index too many.
#[test]
#[should_panic(expected = "do not match its entries")]
fn an_extra_run_time_index_is_refused() {
    let t = Tensor::<u64, Shape![2, 4]>::zeros();
    let _ = t.__slice::<Cons<DynIndex, Nil>, 2>([1, 1]);
}

/// The hand-written specs that are right still work, and agree with
/// `slice!`.
#[test]
fn hand_written_specs_that_stay_inside_work() {
    type Spec = Cons<Full, Cons<Range<FromStart<Dim1>, Open, Dim<2>, Known<Dim<2>>, true>, Nil>>;
    let t = Tensor::<i32, Shape![2, 5]>::from_flat_fn(|i| i as i32);
    assert_eq!(t.__slice::<Spec, 0>([]), slice!(t, .., 1..;-2));
    assert_eq!(t.__slice::<Cons<DynIndex, Nil>, 1>([1]), slice!(t, 1));
}

/// A flip listing an axis twice (a tuple, since `Axes!` rejects repeats):
/// the strides, which reshape and the copies read, and the index map,
/// which indexing reads, both flip it once. Program 3 relied on their
/// disagreeing.
#[test]
fn a_repeated_flip_axis_flips_it_once_everywhere() {
    let t = Tensor::<i32, Shape![2, 3]>::from_flat_fn(|i| i as i32);
    let twice = t.flip::<(Axis<0>, Axis<0>)>();
    let once = t.flip::<Axes![0]>();
    assert_eq!(twice, once);
    assert_eq!(twice.reshape::<Shape![6]>(), once.reshape::<Shape![6]>());
    assert_eq!(twice.reshape::<Shape![6]>()[[5]], 2);
    assert_eq!(twice.to_tensor(), once.to_tensor());
}

/// `mean_axes` on `u8` divided by `count as u8`: 300 elements gave 4 where
/// the mean is 0.67, and 256 divided by zero.
#[test]
fn integer_means_are_exact_for_every_count() {
    let t = Tensor::<u8, Shape![300]>::from_flat_fn(|i| u8::from(i < 200));
    assert_eq!(t.mean_axes::<Axes![0]>()[[]], 0);
    let t = Tensor::<u8, Shape![256]>::full(7);
    assert_eq!(t.mean_axes::<Axes![0]>()[[]], 7);
    let t = Tensor::<u8, Shape![2, 300]>::from_fn(|[i, _]| 250 + i as u8);
    assert_eq!(t.mean_axes::<Axes![1]>(), tensor![250u8, 251]);
    let t = Tensor::<i64, Shape![4]>::full(i64::MAX);
    assert_eq!(t.mean_axes::<Axes![0]>()[[]], i64::MAX);
    let t = Tensor::<f32, Shape![256]>::full(0.5);
    assert_eq!(t.mean_axes::<Axes![0]>()[[]], 0.5);
}

/// An integer mean over no element names the shape, at the caller.
#[test]
#[should_panic(expected = "mean_axes of no element: shape [3, 0] has size 0 along the axes [1]")]
fn an_integer_mean_over_no_element_is_explained() {
    let _ = Tensor::<u16, Shape![3, 0]>::zeros().mean_axes::<Axes![1]>();
}

/// `Shape![0, 2^63, 4]` has no element, so it is a shape: its constants
/// are defined (strides that overflow are 0), and a tensor of zero-sized
/// elements has it.
#[test]
fn a_zero_element_shape_may_have_a_huge_dimension() {
    type S = Shape![0, 9223372036854775808, 4];
    assert_eq!(S::SIZE, 0);
    assert_eq!(S::DIMS, [0, 1 << 63, 4]);
    assert_eq!(S::STRIDES, [0, 4, 1]);
    type Late = Shape![9223372036854775808, 4, 0];
    assert_eq!(Late::SIZE, 0);
    let t = Tensor::<(), S>::default();
    assert_eq!(t.iter().count(), 0);
    assert_eq!(t.get([0, 0, 0]), None);
    assert_eq!(t.t().shape(), [0, 4, 1 << 63]);
    assert_eq!(slice!(t, .., 5, 1..3).shape(), [0, 2]);
}

/// A hand-written range at a run-time position whose length (5) is longer
/// than its span (2): at start 6 of an axis of 8 the span fits, the
/// elements do not.
#[test]
#[should_panic(expected = "slice!: axis 0 of size 8 kept as 5 elements from 6 + 0 by 1")]
fn a_run_time_range_longer_than_its_span_is_refused() {
    type Spec = Cons<DynRange<Dim<2>, Dim1, Dim<5>, false>, Nil>;
    let t = Tensor::<u64, Shape![8]>::zeros();
    let v = t.__slice::<Spec, 1>([6]);
    let _ = v[[4]];
}

/// A run-time range of step `2^62`: its second element wraps `usize`.
#[test]
#[should_panic(expected = "kept as 2 elements from 0 + 0 by 4611686018427387904")]
fn a_wrapping_run_time_range_is_refused() {
    type Spec = Cons<DynRange<Dim<8>, Huge, Dim<2>, false>, Nil>;
    let t = Tensor::<u64, Shape![8]>::zeros();
    let _ = t.__slice::<Spec, 1>([0]);
}

/// Step 0 over 3 elements at a run-time position, through a `ViewMut`.
#[test]
#[should_panic(expected = "not one element per index")]
fn a_non_injective_mutable_run_time_range_is_refused() {
    type Spec = Cons<DynRange<Dim<3>, Dim<0>, Dim<3>, false>, Nil>;
    let mut t = Tensor::<u64, Shape![4]>::zeros();
    let _ = t.view_mut().__slice::<Spec, 1>([1]);
}

/// A run-time range whose start is not given.
#[test]
#[should_panic(expected = "more run-time indices in the spec than the 0 given")]
fn a_missing_run_time_range_start_is_refused() {
    type Spec = Cons<DynRange<Dim<2>, Dim1, Dim<2>, false>, Nil>;
    let t = Tensor::<u64, Shape![4]>::zeros();
    let _ = t.__slice::<Spec, 0>([]);
}
