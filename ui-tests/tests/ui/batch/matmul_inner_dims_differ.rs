// A batch of [784] items times a [700, 128] right operand: 784 != 700.
use tensor_core::prelude::*;

fn main() {
    let pixels = [0.0f32; 784];
    let xs = Batch::<f32, Shape![784]>::try_from_slice(&pixels).unwrap();
    let w = Tensor::<f32, Shape![700, 128]>::zeros();
    let mut buf = [0.0f32; 128];
    let mut out = BatchMut::<f32, Shape![128]>::try_from_slice_mut(&mut buf).unwrap();
    out.assign_matmul(&xs, &w);
}
