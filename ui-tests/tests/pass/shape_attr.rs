// `#[shape(..)]`: dimension variables on fn, impl, struct, enum and trait;
// named sizes; named shapes.
use tensor_core::prelude::*;

#[shape(M, K, N)]
fn matmul(
    a: &Tensor<f32, Shape![M, K]>,
    b: &Tensor<f32, Shape![K, N]>,
) -> Tensor<f32, Shape![M, N]> {
    Tensor::from_fn(|[i, j]| (0..K::VALUE).map(|k| a[[i, k]] * b[[k, j]]).sum())
}

/// A grid of any shape; the impl below is for rank 2.
struct Grid<T, S: Shape>(Tensor<T, S>);

#[shape(R, C)]
impl<T: Copy> Grid<T, Shape![R, C]> {
    fn rows(&self) -> usize {
        R::VALUE
    }
    fn corner(&self) -> T {
        self.0[[R::VALUE - 1, C::VALUE - 1]]
    }
}

/// A struct generic over its batch size.
#[shape(B)]
struct Batch {
    images: Tensor<u8, Shape![B, 2, 2]>,
    labels: Tensor<u8, Shape![B]>,
}

/// A struct that declares its parameter itself; `#[shape]` adds the bound.
/// It can derive: `#[shape]` expands the `Shape![N]` types before the
/// derives run (rustc's derives reject generic items holding type macros).
#[shape(N)]
#[derive(Clone, Debug, PartialEq)]
struct Pair<T, N> {
    left: Tensor<T, Shape![N]>,
    right: Tensor<T, Shape![N]>,
}

/// A bare `#[shape]` declares nothing and only expands `Shape![..]`, so a
/// generic struct with shaped fields can derive.
#[shape]
#[derive(Clone, Debug, PartialEq)]
struct Frame<D: Dimension> {
    samples: Tensor<i16, Shape![D, 2]>,
}

#[shape(N)]
enum Signal {
    Silent,
    Samples(Tensor<i16, Shape![N]>),
}

#[shape(N)]
trait Summed {
    fn total(t: &Tensor<i32, Shape![N]>) -> i32 {
        t.iter().sum()
    }
}

struct Summer;
impl Summed<Dim<3>> for Summer {}

/// Named sizes: `H` and `W` are 28 in types and in the macros. A
/// non-generic struct can derive.
#[shape(H = 28, W = 28)]
#[derive(Clone, Debug, PartialEq)]
struct Digit {
    pixels: Tensor<u8, Shape![H, W]>,
    label: u8,
}

#[shape(H = 28)]
fn height() -> usize {
    <H as Dimension>::VALUE
}

#[shape(H = 1000003)]
fn long_dims() -> [usize; 2] {
    <Shape![H, 2]>::DIMS
}

/// A named shape.
#[shape(2, 3, 4)]
pub struct Voxels;

#[shape(1000003, 2)]
struct Long;

fn main() {
    let frame = Frame { samples: tensor![[1, -1], [2, -2], [3, -3]] };
    assert_eq!(frame.clone(), frame);
    assert_eq!(frame.samples.shape(), [3, 2]);

    let a = tensor![[1.0f32, 2.0, 3.0], [4.0, 5.0, 6.0]];
    let b = tensor![[1.0f32, 0.0], [0.0, 1.0], [1.0, 1.0]];
    let c = matmul(&a, &b);
    assert_eq!(c, tensor![[4.0, 5.0], [10.0, 11.0]]);

    let g = Grid(tensor![[1, 2, 3], [4, 5, 6]]);
    assert_eq!(g.rows(), 2);
    assert_eq!(g.corner(), 6);

    let batch: Batch<Dim<3>> = Batch {
        images: tensor![1u8; 3, 2, 2],
        labels: tensor![0, 1, 2],
    };
    assert_eq!(batch.images.shape(), [3, 2, 2]);
    assert_eq!(batch.labels[[2]], 2);

    let p = Pair {
        left: tensor![1, 2],
        right: tensor![3, 4],
    };
    assert_eq!(p.left.iter().chain(p.right.iter()).sum::<i32>(), 10);
    assert_ne!(p.clone(), Pair { left: tensor![1, 2], right: tensor![3, 5] });

    let s = Signal::Samples(tensor![1i16, -1]);
    let silent: Signal<Dim<2>> = Signal::Silent;
    assert!(matches!(s, Signal::Samples(t) if t[[1]] == -1));
    assert!(matches!(silent, Signal::Silent));

    assert_eq!(Summer::total(&tensor![1, 2, 3]), 6);

    let digit = Digit {
        pixels: Tensor::zeros(),
        label: 7,
    };
    assert_eq!(digit.pixels.shape(), [28, 28]);
    assert_eq!(digit.label, 7);
    assert_eq!(digit.clone(), digit);
    assert_eq!(height(), 28);
    assert_eq!(long_dims(), [1000003, 2]);

    assert_eq!(Voxels::DIMS, [2, 3, 4]);
    assert_eq!(Voxels::STRIDES, [12, 4, 1]);
    let v = Tensor::<f32, Voxels>::ones();
    assert_eq!(v.iter().sum::<f32>(), 24.0);
    assert_eq!(Long::SIZE, 2000006);
}
