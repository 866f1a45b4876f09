// Issue 9, program 3: a hand-written `Axes` whose `AXES` and `PADDED`
// disagree made `flip().reshape()` read before the tensor. `Axes` is sealed.
use tensor_core::prelude::*;

#[derive(Clone, Copy, Default, Debug)]
struct Liar;

impl Axes for Liar {
    const LEN: usize = 1;
    type Index = [usize; 1];
    const AXES: [usize; 1] = [1];
    const PADDED: [usize; 8] = [0; 8];
}

fn main() {
    let t = Tensor::<i32, Shape![2, 3]>::zeros();
    let _ = t.flip::<Liar>().reshape::<Shape![6]>()[[5]];
}
