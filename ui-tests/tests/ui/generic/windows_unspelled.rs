// `windows` in generic code whose positions (`H - 3 + 1`) no `Shape![..]`
// of the item spells: one error, at `windows`, and no where-clause
// suggestion. rustc rejects the method itself (E0599: it cannot show
// `(H, W): WindowShape<_>` for any window), so the rule's own words do
// not show here; docs/generic.md says to spell the positions. (Before:
// the rule's error with a suggestion to restate it as a where-clause,
// then a second error, E0599, for `sum`.)
use tensor_core::prelude::*;

#[shape(H, W)]
fn pooled(x: &Tensor<f32, Shape![H, W]>) -> f32 {
    x.windows::<Shape![3, 3]>().sum()
}

fn main() {
    let _ = pooled(&Tensor::<f32, Shape![28, 28]>::ones());
}
