// Each output label names one axis: `ii` in the output is a mistake (NumPy
// rejects it too).
use tensor_core::prelude::*;

fn main() {
    let a = Tensor::<f32, Shape![3]>::zeros();
    let _ = einsum!("i->ii", &a);
}
