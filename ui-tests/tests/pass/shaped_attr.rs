// `#[shaped(..)]`: dimension variables on fn, impl, struct, enum and trait;
// named sizes; named shapes.
use tensor_core::prelude::*;

#[shaped(M, K, N)]
fn matmul(
    a: &Tensor<f32, shape![M, K]>,
    b: &Tensor<f32, shape![K, N]>,
) -> Tensor<f32, shape![M, N]> {
    Tensor::from_fn(|[i, j]| (0..K::VALUE).map(|k| a[[i, k]] * b[[k, j]]).sum())
}

/// A grid of any shape; the impl below is for rank 2.
struct Grid<T, S: Shape>(Tensor<T, S>);

#[shaped(R, C)]
impl<T: Copy> Grid<T, shape![R, C]> {
    fn rows(&self) -> usize {
        R::VALUE
    }
    fn corner(&self) -> T {
        self.0[[R::VALUE - 1, C::VALUE - 1]]
    }
}

/// A struct generic over its batch size.
#[shaped(B)]
struct Batch {
    images: Tensor<u8, shape![B, 2, 2]>,
    labels: Tensor<u8, shape![B]>,
}

/// A struct that declares its parameter itself; `#[shaped]` adds the bound.
/// It can derive: `#[shaped]` expands the `shape![N]` types before the
/// derives run (rustc's derives reject generic items holding type macros).
#[shaped(N)]
#[derive(Clone, Debug, PartialEq)]
struct Pair<T, N> {
    left: Tensor<T, shape![N]>,
    right: Tensor<T, shape![N]>,
}

/// A bare `#[shaped]` declares nothing and only expands `shape![..]`, so a
/// generic struct with shaped fields can derive.
#[shaped]
#[derive(Clone, Debug, PartialEq)]
struct Frame<D: Dimension> {
    samples: Tensor<i16, shape![D, 2]>,
}

#[shaped(N)]
enum Signal {
    Silent,
    Samples(Tensor<i16, shape![N]>),
}

#[shaped(N)]
trait Summed {
    fn total(t: &Tensor<i32, shape![N]>) -> i32 {
        t.iter().sum()
    }
}

struct Summer;
impl Summed<Dim<3>> for Summer {}

/// Named sizes: `H` and `W` are 28 in types and in the macros. A
/// non-generic struct can derive.
#[shaped(H = 28, W = 28)]
#[derive(Clone, Debug, PartialEq)]
struct Digit {
    pixels: Tensor<u8, shape![H, W]>,
    label: u8,
}

#[shaped(H = 28)]
fn height() -> usize {
    <H as Dimension>::VALUE
}

#[shaped(H = 1000003)]
fn long_dims() -> [usize; 2] {
    <shape![H, 2]>::DIMS
}

/// A named shape.
#[shaped(2, 3, 4)]
pub struct Voxels;

#[shaped(1000003, 2)]
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
