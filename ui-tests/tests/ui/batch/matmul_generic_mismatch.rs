// The same mistake on a run-time batch, in generic code: one error, without
// a suggestion to restate the rule as a where-clause.
use tensor_core::prelude::*;

#[shape(I, O)]
fn layer(xs: Batch<'_, f32, Shape![I]>, w: &Tensor<f32, Shape![O, I]>, out: &mut BatchMut<'_, f32, Shape![O]>) {
    out.assign_matmul(&xs, w);
}

fn main() {}
