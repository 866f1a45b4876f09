// A generic caller of a generic flatten that never names [C * H * W], a
// generic caller of a head split ([T, H * D] -> [T, H, D]) with a residual,
// and an impl flattening a field: none states a bound. The reshapes inside `flatten` and `split_heads`
// are checked when they are instantiated (`cargo build`), here at
// 3 x 32 x 32 and 16 x (4 * 16).
use tensor_core::prelude::*;

#[shape(C, H, W)]
fn flatten(x: Tensor<f32, Shape![C, H, W]>) -> Tensor<f32, Shape![C * H * W]> {
    x.into_reshape()
}

#[shape(C, H, W)]
fn first(x: Tensor<f32, Shape![C, H, W]>) -> f32 {
    flatten(x)[[0]]
}

#[shape(T, H, D)]
fn scale_heads(x: &Tensor<f32, Shape![T, H * D]>) -> Tensor<f32, Shape![T, H * D]> {
    let heads: Tensor<f32, Shape![T, H, D]> = x.clone().into_reshape();
    let scaled = heads.map(|v| 2.0 * v);
    scaled.reshape().to_tensor()
}

#[shape(T, H, D)]
fn residual(x: &Tensor<f32, Shape![T, H * D]>) -> Tensor<f32, Shape![T, H * D]> {
    x + &scale_heads::<T, H, D>(x)
}

/// A field's shape is not written in the impl: the product in `flat`'s
/// return type is enough for the attribute.
#[shape(B, C, H, W)]
struct Images {
    x: Tensor<f32, Shape![B, C, H, W]>,
}

#[shape(B, C, H, W)]
impl Images<B, C, H, W> {
    fn flat(&self) -> Tensor<f32, Shape![B, C * H * W]> {
        self.x.reshape().to_tensor()
    }
}

fn main() {
    let images = Images::<Dim![2], Dim![3], Dim![32], Dim![32]> {
        x: Tensor::from_flat_fn(|i| i as f32),
    };
    let flat = images.flat();
    assert_eq!(flat.shape(), [2, 3072]);
    assert_eq!(flat[[1, 5]], 3077.0);

    let img = Tensor::<f32, Shape![3, 32, 32]>::from_flat_fn(|i| i as f32 + 7.0);
    assert_eq!(first(img), 7.0);
    let x = Tensor::<f32, Shape![16, 4 * 16]>::from_flat_fn(|i| i as f32);
    let y = residual::<Dim![16], Dim![4], Dim![16]>(&x);
    assert_eq!(y[[15, 63]], 3.0 * 1023.0);
    assert_eq!(y[[1, 2]], 3.0 * 66.0);
}
