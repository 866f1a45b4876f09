// `tensor![..]`: nested and fill forms, in `let`, `const` and `static` items,
// with the element type and the shape inferred from the literal.
use tensor_core::prelude::*;

static W: Tensor<f32, Shape![2, 2]> = tensor![[1.0, 0.0], [0.0, 1.0]];
const B: Tensor<i32, Shape![3]> = tensor![1, 2, 3];
const NEG: Tensor<i8, Shape![3]> = tensor![-1, 0, -3];
static CUBE: Tensor<i16, Shape![2, 2, 2]> = tensor![[[1, 2], [3, 4]], [[5, 6], [7, 8]]];
const FILLED: Tensor<u8, Shape![2, 3]> = tensor![7u8; 2, 3];
static FILLED_STATIC: Tensor<f64, Shape![4]> = tensor![0.5; 4];

#[shape(N)]
fn filled_generic(v: i32) -> Tensor<i32, Shape![N]> {
    tensor![v; N]
}

#[shape(R)]
fn filled_mixed(v: u8) -> Tensor<u8, Shape![R, 2]> {
    tensor![v; R, 2]
}

#[shape(H = 3, W = 2)]
fn filled_named() -> Tensor<u8, Shape![H, W]> {
    tensor![9u8; H, W]
}

fn main() {
    let a = tensor![[1.0f32, 2.0, 3.0], [4.0, 5.0, 6.0]];
    let a_typed: Tensor<f32, Shape![2, 3]> = a;
    assert_eq!(a_typed.shape(), [2, 3]);
    assert_eq!(a[[1, 2]], 6.0);
    assert_eq!(a.as_slice(), &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);

    assert_eq!(W[[0, 0]] + W[[1, 1]], 2.0);
    assert_eq!(W[[0, 1]], 0.0);
    assert_eq!(B.as_slice(), &[1, 2, 3]);
    assert_eq!(NEG.as_slice(), &[-1, 0, -3]);
    assert_eq!(CUBE[[1, 0, 1]], 6);
    assert_eq!(CUBE.shape(), [2, 2, 2]);
    assert_eq!(FILLED.as_slice(), &[7; 6]);
    assert_eq!(FILLED_STATIC.iter().sum::<f64>(), 2.0);

    // An unsuffixed literal adopts the suffix of another element.
    let ints = tensor![1, 2u64, 3];
    let _: &Tensor<u64, Shape![3]> = &ints;
    let floats = tensor![1.0, 2.0f32];
    let _: &Tensor<f32, Shape![2]> = &floats;
    assert_eq!(floats.as_slice(), &[1.0, 2.0]);

    // Trailing commas, expressions as elements, a single element.
    let x = 10;
    let exprs = tensor![[x, x + 1,], [x * 2, -x],];
    assert_eq!(exprs.as_slice(), &[10, 11, 20, -10]);
    assert_eq!(tensor![5].shape(), [1]);

    // Rank 8.
    let deep = tensor![[[[[[[[1, 2]]]]]]]];
    assert_eq!(deep.shape(), [1, 1, 1, 1, 1, 1, 1, 2]);
    assert_eq!(deep[[0, 0, 0, 0, 0, 0, 0, 1]], 2);

    // Fill forms.
    let z = tensor![0u8; 4, 4];
    assert_eq!(z.shape(), [4, 4]);
    assert!(z.iter().all(|&e| e == 0));
    let e = tensor![x + 1; 3];
    assert_eq!(e.as_slice(), &[11, 11, 11]);
    let big = tensor![1u8; 1025];
    assert_eq!(big.shape(), [1025]);
    assert_eq!(big.iter().map(|&e| e as usize).sum::<usize>(), 1025);

    // Fill forms with dimension names, inside `#[shape]` functions.
    let g: Tensor<i32, Shape![4]> = filled_generic(-2);
    assert_eq!(g.as_slice(), &[-2; 4]);
    let m: Tensor<u8, Shape![3, 2]> = filled_mixed(1);
    assert_eq!(m.as_slice(), &[1; 6]);
    let n = filled_named();
    assert_eq!(n.shape(), [3, 2]);
    assert_eq!(n, tensor![[9u8, 9], [9, 9], [9, 9]]);
}
