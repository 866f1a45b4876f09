// `windows` in generic code whose positions (`H - 3 + 1`) no `Shape![..]`
// of the item spells: one error, at `windows`, in the rule's words (the
// result has no type, so `sum` adds none). rustc appends its suggestion to
// restate the rule as a where-clause (a known rough edge, docs/generic.md,
// which says to spell the positions instead). (Before `ViewOps`, an
// inherent method: E0599 for the method, without the rule's words.)
use tensor_core::prelude::*;

#[shape(H, W)]
fn pooled(x: &Tensor<f32, Shape![H, W]>) -> f32 {
    x.windows::<Shape![3, 3]>().sum()
}

fn main() {
    let _ = pooled(&Tensor::<f32, Shape![28, 28]>::ones());
}
