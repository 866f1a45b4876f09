//! A tour of tensor-core: shapes as types, literals, indexing, printing,
//! and functions generic over dimensions.
//!
//! Run: `cargo run --example tour`

// Operators take tensors by reference (`&a + &b`) so large tensors are not
// copied; clippy's `op_ref` flags that for small `Copy` tensors.
#![allow(clippy::op_ref)]

use tensor_core::prelude::*;

/// An RGB image of 28×28 pixels: a shape is a type.
type Img = Shape![3, 28, 28];

// Every constant of a shape is known to the compiler.
const _: () = assert!(Img::RANK == 3 && Img::SIZE == 2352);

/// A 2×2 rotation by 90°, in read-only memory.
static ROTATE: Tensor<i32, Shape![2, 2]> = tensor![[0, -1], [1, 0]];

/// Matrix product, generic over its three sizes: `K` must agree, or the call
/// does not compile.
#[shape(M, K, N)]
fn matmul(
    a: &Tensor<i32, Shape![M, K]>,
    b: &Tensor<i32, Shape![K, N]>,
) -> Tensor<i32, Shape![M, N]> {
    Tensor::from_fn(|[i, j]| (0..K::VALUE).map(|k| a[[i, k]] * b[[k, j]]).sum())
}

/// Row softmax, generic and with no where-clause: keep-dims reductions are
/// `[M, 1]`, so they broadcast along each row.
#[shape(M, N)]
fn softmax(x: &Tensor<f32, Shape![M, N]>) -> Tensor<f32, Shape![M, N]> {
    let e = (x - &x.max_axes_keep::<Axes![1]>()).map(|v| v.exp());
    &e / &e.sum_axes_keep::<Axes![1]>()
}

/// Valid 1-D correlation: the output's length is computed in the type, and
/// a kernel longer than the input is a compile error at the call.
#[shape(N, K)]
fn correlate(
    x: &Tensor<i32, Shape![N]>,
    k: &Tensor<i32, Shape![K]>,
) -> Tensor<i32, Shape![N - K + 1]> {
    Tensor::from_fn(|[i]| (0..K::VALUE).map(|a| x[[i + a]] * k[[a]]).sum())
}

/// A labelled image with named sizes.
#[shape(H = 4, W = 6)]
struct Glyph {
    pixels: Tensor<u8, Shape![H, W]>,
    label: char,
}

/// A named shape: `Voxels` is `Shape![2, 3, 4]`.
#[shape(2, 3, 4)]
struct Voxels;

fn main() {
    section("Shapes are types; their strides are computed at compile time");
    println!(
        "Shape![3, 28, 28]: DIMS {:?}, STRIDES {:?}, SIZE {}",
        Img::DIMS,
        Img::STRIDES,
        Img::SIZE
    );
    println!(
        "Voxels:            DIMS {:?}, STRIDES {:?}",
        Voxels::DIMS,
        Voxels::STRIDES
    );
    println!(
        "Shape![1000003, 2] (no typenum alias needed): SIZE {}",
        <Shape![1000003, 2]>::SIZE
    );

    section("Literals: the shape is read from the brackets");
    let a = tensor![[1, 2, 3], [4, 5, 6]];
    println!(
        "tensor![[1, 2, 3], [4, 5, 6]] has shape {:?} and takes {} bytes:\n{a}",
        a.shape(),
        size_of_val(&a)
    );
    let cube = Tensor::<i32, Shape![2, 2, 3]>::from_fn(|[i, j, k]| (100 * i + 10 * j + k) as i32);
    println!("from_fn(|[i, j, k]| 100i + 10j + k) over [2, 2, 3]:\n{cube}");
    println!("tensor![0.5f32; 2, 4]:\n{}", tensor![0.5f32; 2, 4]);

    section("Indexing: constant strides, checked per axis");
    println!("a[[1, 2]] = {}  (flat position 1*3 + 2*1 = 5)", a[[1, 2]]);
    println!(
        "a.get([0, 3]) = {:?}  (flat position 3 exists, but axis 1 has size 3)",
        a.get([0, 3])
    );

    section("Functions generic over dimensions: #[shape(M, K, N)]");
    let b = tensor![[1, 0], [0, 1], [1, 1]];
    println!("[2, 3] x [3, 2] ->\n{}", matmul(&a, &b));
    println!(
        "rotating [[1, 2]] by 90 degrees: {}",
        matmul(&tensor![[1, 2]], &ROTATE)
    );
    let glyph = Glyph {
        pixels: tensor![
            [0, 1, 1, 1, 1, 0],
            [1, 0, 0, 0, 0, 1],
            [1, 0, 0, 0, 0, 1],
            [0, 1, 1, 1, 1, 0]
        ],
        label: 'o',
    };
    println!(
        "glyph '{}', {:?} pixels:\n{}",
        glyph.label,
        glyph.pixels.shape(),
        glyph.pixels
    );

    section("Views: permute, slice, flip, reshape, expand move no data");
    let img = Tensor::<u8, Shape![2, 3, 4]>::from_flat_fn(|i| i as u8);
    let hwc = img.permute::<Axes![1, 2, 0]>(); // [3, 4, 2]: channels last
    println!(
        "permute [2, 3, 4] by (1, 2, 0): shape {:?}, hwc[[2, 3, 1]] = {} = img[[1, 2, 3]]",
        hwc.shape(),
        hwc[[2, 3, 1]]
    );
    let cut = slice!(img, -1, 1.., ..;-2); // NumPy img[-1, 1:, ::-2]
    println!(
        "slice!(img, -1, 1.., ..;-2), shape {:?}:\n{cut}",
        cut.shape()
    );
    println!(
        "flip the rows of that, then reshape to [4]: {}",
        cut.flip::<Axes![0]>().reshape::<Shape![4]>()
    );
    println!(
        "a row broadcast to [2, 3]:\n{}",
        tensor![1, 2, 3].expand::<Shape![2, 3]>()
    );
    let mut grid = Tensor::<i32, Shape![3, 3]>::zeros();
    slice!(grid.view_mut(), .., 1).fill(7); // write a column through a view
    println!("a column written through a mutable view:\n{grid}");

    section("Operations: broadcasting, reductions, matrix products");
    let x = tensor![[1.0f32, 2.0, 3.0], [4.0, 5.0, 6.0]];
    let centered = &x - &x.mean_axes::<Axes![0]>(); // [2, 3] - [3] broadcasts
    println!("x minus its column means:\n{centered}");
    println!(
        "row sums {}, largest {}, x xT =\n{}",
        x.sum_axes::<Axes![1]>(),
        x.max(),
        x.matmul(&x.t())
    );

    section("Generic code: computed shapes, no where-clauses");
    println!("softmax of x's rows:\n{}", softmax(&x));
    let sums = correlate(&tensor![1, 2, 3, 4, 5, 6], &tensor![1, 1, 1]);
    println!("sums of 3 neighbours of [1 .. 6]: {sums}  (Shape![N - K + 1], here [4])");
    let cols = x.concat::<Axis<1>>(&x.sum_axes_keep::<Axes![1]>());
    println!("x with its row sums appended (concat along axis 1):\n{cols}");

    section("Run-time data is checked at run time");
    let data = [1.0f32, 2.0, 3.0, 4.0, 5.0];
    match Tensor::<f32, Shape![2, 3]>::try_from_slice(&data) {
        Ok(t) => println!("{t}"),
        Err(e) => println!("try_from_slice: {e}"),
    }

    section("Shape mistakes are compile errors (see ui-tests/tests/ui)");
    println!("let t: Tensor<i32, Shape![3, 2]> = tensor![[1, 2, 3], [4, 5, 6]];  // expected `3`, found `2`");
    println!("matmul(&a, &a);     // [2, 3] x [2, 3]: expected `3`, found `2`");
    println!("tensor![[1, 2], [3]];  // ragged tensor literal: expected a row of 2 elements");
    println!("img.reshape::<Shape![5, 5]>();  // cannot reshape `(Dim<2>, Dim<3>, Dim<4>)` into `(Dim<5>, Dim<5>)`");
    println!("slice!(img, 3);  // index `FromStart<Dim<3>>` is out of range for an axis of size `Dim<2>`");
}

fn section(title: &str) {
    println!("\n== {title} ==");
}
