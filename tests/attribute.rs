//! The `#[shape]` attribute: dimension variables, named sizes, named shapes.

use tensor_core::prelude::*;

#[shape(M, K, N)]
fn matmul(
    a: &Tensor<f32, Shape![M, K]>,
    b: &Tensor<f32, Shape![K, N]>,
) -> Tensor<f32, Shape![M, N]> {
    Tensor::from_fn(|[i, j]| (0..K::VALUE).map(|k| a[[i, k]] * b[[k, j]]).sum())
}

#[test]
fn dimension_variables_make_a_function_generic() {
    let a = tensor![[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]];
    let b = tensor![[1.0, 0.0, 2.0], [0.0, 1.0, 3.0]];
    let c = matmul(&a, &b);
    assert_eq!(c.shape(), [3, 3]);
    assert_eq!(
        c,
        tensor![[1.0, 2.0, 8.0], [3.0, 4.0, 18.0], [5.0, 6.0, 28.0]]
    );
}

#[shape(H = 4, W = 3)]
struct Digit {
    pixels: Tensor<u8, Shape![H, W]>,
    label: u8,
}

#[shape(H = 4, W = 3)]
fn blank_digit(label: u8) -> Digit {
    Digit {
        pixels: tensor![0; H, W],
        label,
    }
}

#[test]
fn named_sizes_substitute_in_types_and_literals() {
    let mut d = blank_digit(3);
    assert_eq!(d.pixels.shape(), [4, 3]);
    d.pixels[[3, 2]] = 255;
    assert_eq!(
        d.pixels.iter().map(|&p| p as u32).sum::<u32>() + d.label as u32,
        258
    );
}

#[shape(B)]
struct Batch {
    rows: Tensor<f32, Shape![B, 2]>,
}

#[shape(B)]
impl Batch<B> {
    fn row_sums(&self) -> Tensor<f32, Shape![B]> {
        // The closure's pattern is typed from the return type, even in generic code.
        Tensor::from_fn(|[i]| self.rows[[i, 0]] + self.rows[[i, 1]])
    }
}

#[test]
fn generic_struct_and_impl() {
    let b = Batch {
        rows: tensor![[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]],
    };
    assert_eq!(b.row_sums(), tensor![3.0, 7.0, 11.0]);
}

#[shape(B, C = 2)]
fn fill_with_a_dimension_variable(value: i32) -> Tensor<i32, Shape![B, C]> {
    tensor![value; B, C]
}

#[test]
fn mixed_variables_and_named_sizes() {
    let t: Tensor<i32, Shape![3, 2]> = fill_with_a_dimension_variable(5);
    assert_eq!(t.iter().sum::<i32>(), 30);
}

#[shape(M, N)]
fn tuple_shapes_of_names_work_too(t: &Tensor<u8, (M, N)>) -> [usize; 2] {
    t.shape()
}

#[test]
fn tuple_of_dimension_names() {
    assert_eq!(
        tuple_shapes_of_names_work_too(&tensor![[1u8, 2], [3, 4], [5, 6]]),
        [3, 2]
    );
}

/// A documented named shape.
#[shape(2, 3, 4)]
pub struct Voxels;

#[test]
fn named_shape_is_the_shape_type() {
    assert_eq!(Voxels::STRIDES, [12, 4, 1]);
    assert_eq!(Voxels::SIZE, 24);
    let v: Tensor<f32, Voxels> = Tensor::zeros();
    let w: Tensor<f32, Shape![2, 3, 4]> = v;
    assert_eq!(w.shape(), [2, 3, 4]);
}

#[shape(N)]
trait Summed {
    fn total(&self, t: &Tensor<i64, Shape![N]>) -> i64 {
        t.iter().sum()
    }
}

struct Summer;
impl Summed<Dim<3>> for Summer {}

#[test]
fn dimension_variables_on_a_trait() {
    assert_eq!(Summer.total(&tensor![1, 2, 3]), 6);
}

#[shape(M, K, N)]
fn generic_matmul(
    a: &Tensor<f32, Shape![M, K]>,
    b: &Tensor<f32, Shape![K, N]>,
) -> Tensor<f32, Shape![M, N]> {
    a.matmul(b)
}

#[shape(K)]
fn generic_dot(a: &Tensor<i32, Shape![K]>, b: &Tensor<i32, Shape![K]>) -> i32 {
    a.dot(b)
}

#[test]
fn matmul_and_dot_in_generic_functions_need_no_bounds() {
    let a = tensor![[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]];
    assert_eq!(
        generic_matmul(&a, &tensor![[1.0], [1.0]]),
        tensor![[3.0], [7.0], [11.0]]
    );
    assert_eq!(generic_dot(&tensor![1, 2], &tensor![3, 4]), 11);
}

#[shape(H = 6, W = 4)]
fn cropped_zeros() -> Tensor<f32, Shape![H - 2, W / 2]> {
    tensor![0.0; H - 2, W / 2]
}

#[test]
fn named_sizes_in_dimension_arithmetic_are_folded() {
    // H and W are substituted first, so `H - 2` is the literal 4.
    let t: Tensor<f32, Shape![4, 2]> = cropped_zeros();
    assert_eq!(t.shape(), [4, 2]);
    assert_eq!(
        <Shape![28 - 3 + 1, 2 * 3 * 4, (10 + 2) / 3]>::DIMS,
        [26, 24, 4]
    );
}

#[shape(N)]
fn padded_ones(_: &Tensor<i32, Shape![N]>) -> Tensor<i32, Shape![N + 2]> {
    tensor![1; N + 2]
}

#[test]
fn fill_literals_take_computed_dimensions() {
    let t = padded_ones(&tensor![5, 6, 7]);
    assert_eq!(t, tensor![1, 1, 1, 1, 1]);
}

/// Reshapes that insert or remove size-1 axes need no bound, in the item or
/// in its generic callers, and a caller's shapes no longer steer the
/// inference of a callee's dimensions (issue 19: `squeeze_row` on a
/// `[1, O]` product inside `dense<I, O>` was inferred at `I`).
mod unit_axes {
    use tensor_core::prelude::*;

    #[shape(I)]
    fn squeeze_row(x: &Tensor<f32, Shape![1, I]>) -> Tensor<f32, Shape![I]> {
        x.reshape().to_tensor()
    }

    #[shape(I, O)]
    fn dense(x: &Tensor<f32, Shape![I]>, w: &Tensor<f32, Shape![I, O]>) -> Tensor<f32, Shape![O]> {
        let row: Tensor<f32, Shape![1, I]> = x.reshape().to_tensor();
        squeeze_row(&row.matmul(w))
    }

    #[shape(A, B, C)]
    fn mlp(
        x: &Tensor<f32, Shape![A]>,
        w1: &Tensor<f32, Shape![A, B]>,
        w2: &Tensor<f32, Shape![B, C]>,
    ) -> Tensor<f32, Shape![C]> {
        dense(&dense(x, w1), w2)
    }

    #[shape(O)]
    fn bias_planes(b: &Tensor<f32, Shape![O]>) -> Tensor<f32, Shape![O, 1, 1]> {
        b.reshape().to_tensor()
    }

    #[shape(C, H, W)]
    fn add_bias(
        x: &Tensor<f32, Shape![C, H, W]>,
        b: &Tensor<f32, Shape![C]>,
    ) -> Tensor<f32, Shape![C, H, W]> {
        x + &bias_planes(b)
    }

    #[test]
    fn at_real_sizes() {
        let x = Tensor::<f32, Shape![784]>::from_fn(|[i]| (i % 7) as f32);
        let w1 = Tensor::<f32, Shape![784, 32]>::from_fn(|[i, j]| ((i + j) % 3) as f32 - 1.0);
        let w2 = Tensor::<f32, Shape![32, 10]>::from_fn(|[i, j]| ((i * j) % 5) as f32);
        let y = mlp(&x, &w1, &w2);
        // the same product by plain loops
        let mut h = [0.0f32; 32];
        for (j, hj) in h.iter_mut().enumerate() {
            *hj = (0..784).map(|i| x[[i]] * w1[[i, j]]).sum();
        }
        for k in 0..10 {
            let want: f32 = (0..32).map(|j| h[j] * w2[[j, k]]).sum();
            assert_eq!(y[[k]], want, "output {k}");
        }
        let img = Tensor::<f32, Shape![3, 32, 32]>::zeros();
        let out = add_bias(&img, &tensor![1.0, 2.0, 3.0]);
        assert_eq!((out[[0, 5, 5]], out[[2, 31, 31]]), (1.0, 3.0));
    }
}

/// Arithmetic on the result of arithmetic: a valid conv (`H - K + 1`), a
/// 2 × 2 pool (`/ 2`) and a second conv, as one shape of a generic item.
/// Each step is a bound of the item's where-clause; the compiler compares
/// those unnormalized, so the macro writes sums and products in the form
/// they normalize to (`<A as Dimension>::Sum<B>`): through the `DimSum`
/// alias, `((H - 5 + 1) / 2) - 5` could not be proved from the item's own
/// bound on `(H - 5 + 1) / 2` (found by a generic LeNet).
mod nested_arithmetic {
    use tensor_core::prelude::*;

    /// The rows of the second conv's output of a LeNet, from the input's.
    #[shape(C, H)]
    fn lenet_rows(x: &Tensor<f32, Shape![C, (H - 5 + 1) / 2 - 5 + 1]>) -> usize {
        x.shape()[1]
    }

    #[shape(H)]
    fn twice_pooled(x: &Tensor<f32, Shape![((H + 1) / 2 + 1) / 2]>) -> usize {
        x.shape()[0]
    }

    #[shape(H)]
    fn grown_and_cut(x: &Tensor<f32, Shape![H + 1 - 1 - 1, (H * 3) / 2 - 1]>) -> [usize; 2] {
        x.shape()
    }

    /// A literal on the left of a variable, inside a chain: the macro writes
    /// `1 + H` and `2 * H` as what they normalize to
    /// (`<H as Dimension>::SumOf<Dim1>`), so the later steps' bounds are
    /// proved from the earlier ones.
    #[shape(H)]
    fn literal_first(x: &Tensor<f32, Shape![(1 + H) / 2 - 1, (2 * H - 2) / 2]>) -> [usize; 2] {
        x.shape()
    }

    /// A generic caller of it, and a `C * H` instantiated at `C = 16`: one
    /// type with the literal `16 * H`.
    #[shape(H)]
    fn literal_first_caller(
        x: &Tensor<f32, Shape![(1 + H) / 2 - 1, (2 * H - 2) / 2]>,
    ) -> Tensor<f32, Shape![16 * H]> {
        let [a, b] = literal_first::<H>(x);
        scaled::<Dim![16], H>((a + b) as f32)
    }

    /// `0 * H` is `Dim<0>` and `1 * H` is `H` in generic code.
    #[shape(H)]
    fn zero_and_one_times(x: &Tensor<f32, Shape![H]>) -> Tensor<f32, Shape![0 * H, 1 * H]> {
        let _: &Tensor<f32, Shape![1 * H]> = x;
        Tensor::<f32, Shape![0, 1 * H]>::zeros()
    }

    #[shape(C, H)]
    fn scaled(v: f32) -> Tensor<f32, Shape![C * H]> {
        Tensor::full(v)
    }

    /// A generic caller naming the same shapes.
    #[shape(C, H)]
    fn caller(x: &Tensor<f32, Shape![C, (H - 5 + 1) / 2 - 5 + 1]>) -> usize {
        lenet_rows::<C, H>(x) + 1
    }

    #[test]
    fn at_cifar_and_mnist_sizes() {
        // 32 -> 28 -> 14 -> 10 (CIFAR); 28 -> 24 -> 12 -> 8 (MNIST)
        let cifar = Tensor::<f32, Shape![16, 10]>::zeros();
        assert_eq!(lenet_rows::<Dim![16], Dim![32]>(&cifar), 10);
        assert_eq!(caller::<Dim![16], Dim![32]>(&cifar), 11);
        let mnist = Tensor::<f32, Shape![16, 8]>::zeros();
        assert_eq!(lenet_rows::<Dim![16], Dim![28]>(&mnist), 8);
        // 13 -> 7 -> 4
        assert_eq!(
            twice_pooled::<Dim![13]>(&Tensor::<f32, Shape![4]>::zeros()),
            4
        );
        // 6 -> 7 -> 6 -> 5; 6 * 3 / 2 - 1 = 8
        let t = Tensor::<f32, Shape![5, 8]>::zeros();
        assert_eq!(grown_and_cut::<Dim![6]>(&t), [5, 8]);
        // (1 + 191) / 2 - 1 = 95, (2 * 191 - 2) / 2 = 190
        let t = Tensor::<f32, Shape![95, 190]>::zeros();
        assert_eq!(literal_first::<Dim![191]>(&t), [95, 190]);
        let y = literal_first_caller::<Dim![191]>(&t);
        assert_eq!((y.shape(), y[[3055]]), ([3056], 285.0));
        let z = zero_and_one_times(&Tensor::<f32, Shape![784]>::zeros());
        assert_eq!(z.shape(), [0, 784]);
    }
}

/// Padding a variable by literals is `H + 2`, the type `Shape![H + 2]`
/// writes (the padding is summed first; `(H + 1) + 1` was another type in
/// generic code).
mod padded_shapes {
    use tensor_core::prelude::*;

    #[shape(C, H, W)]
    fn padded(x: &Tensor<f32, Shape![C, H, W]>) -> Tensor<f32, Shape![C, H + 2, W + 2]> {
        x.pad::<Shape![1, 1]>().to_tensor()
    }

    #[test]
    fn at_cifar_size() {
        let x = Tensor::<f32, Shape![3, 32, 32]>::from_flat_fn(|i| i as f32);
        let p = padded(&x);
        assert_eq!(p.shape(), [3, 34, 34]);
        assert_eq!((p[[0, 0, 0]], p[[2, 33, 33]]), (0.0, 0.0));
        assert_eq!(
            (p[[1, 1, 1]], p[[2, 32, 32]]),
            (x[[1, 0, 0]], x[[2, 31, 31]])
        );
    }
}

/// `[H] -> [H / 2, 2]`: a quotient by a literal counts as its dividend over
/// the literal, so the item's reshapes are checked when it is instantiated
/// (they were rejected by `cargo check`: the counts of `H` and of
/// `(H / 2) * 2` are two types).
mod quotient_reshapes {
    use tensor_core::prelude::*;

    #[shape(H)]
    fn pairs(x: &Tensor<f32, Shape![H]>) -> Tensor<f32, Shape![H / 2, 2]> {
        x.clone().into_reshape()
    }

    /// A generic caller: the sums of neighbouring pairs.
    #[shape(H)]
    fn pair_sums(x: &Tensor<f32, Shape![H]>) -> Tensor<f32, Shape![H / 2]> {
        pairs(x).sum_axes::<Axes![1]>()
    }

    #[test]
    fn at_mnist_size() {
        let x = Tensor::<f32, Shape![784]>::from_fn(|[i]| i as f32);
        let s = pair_sums(&x);
        assert_eq!(s.shape(), [392]);
        for k in [0, 200, 391] {
            assert_eq!(s[[k]], (4 * k + 1) as f32, "pair {k}");
        }
    }
}

/// A method with its own `#[shape]` inside a `#[shape]` impl: its
/// variables and their bounds are its own (the impl's attribute had put
/// `H: SubDim<K>` on the impl, which does not declare `H`).
mod method_variables {
    use tensor_core::prelude::*;

    #[shape(K)]
    struct Kernel {
        k: Tensor<f32, Shape![K]>,
    }

    #[shape(K)]
    impl Kernel<K> {
        /// Valid 1-D correlation, `[H] -> [H - K + 1]`.
        #[shape(H)]
        fn apply(&self, x: &Tensor<f32, Shape![H]>) -> Tensor<f32, Shape![H - K + 1]> {
            Tensor::from_fn(|[i]| (0..K::VALUE).map(|j| x[[i + j]] * self.k[[j]]).sum())
        }

        /// A method of the impl's own variables.
        fn padded_len(&self) -> usize {
            <Shape![K + 2]>::SIZE
        }
    }

    #[test]
    fn at_mnist_size() {
        let kernel = Kernel {
            k: tensor![1.0f32, 2.0, 1.0],
        };
        let y = kernel.apply(&Tensor::<f32, Shape![784]>::from_fn(|[i]| i as f32));
        assert_eq!(y.shape(), [782]);
        assert_eq!((y[[0]], y[[781]]), (4.0, 781.0 + 2.0 * 782.0 + 783.0));
        assert_eq!(kernel.padded_len(), 5);
    }
}

/// A feed-forward layer of BERT's width, `[T, D] -> [T, 4 * D] -> [T, D]`,
/// at `T = 64`, `D = 768`: the `[64, 3072]` hidden tensor (768 KiB) and the
/// `[768, 3072]` weights (9 MiB) are boxed and written in place, so the
/// layer runs on cargo test's 2 MiB thread unoptimized; generic, with no
/// where-clause (the recipe of docs/generic.md, "Known gaps").
mod boxed_feed_forward {
    use tensor_core::prelude::*;

    #[shape(T, D)]
    fn feed_forward(
        x: &Tensor<f32, Shape![T, D]>,
        w1: &Tensor<f32, Shape![D, 4 * D]>,
        w2: &Tensor<f32, Shape![4 * D, D]>,
    ) -> Box<Tensor<f32, Shape![T, D]>> {
        let mut h = Tensor::<f32, Shape![T, 4 * D]>::boxed_zeros();
        h.assign_matmul(x, w1);
        h.iter_mut().for_each(|v| *v = v.max(0.0));
        let mut y = Tensor::<f32, Shape![T, D]>::boxed_zeros();
        y.assign_matmul(&*h, w2);
        y
    }

    /// -1, 0 or 1: every partial sum is an integer below 2^24 in magnitude
    /// (a hidden value at most 768, an output at most 768 · 3072), exact in
    /// `f32` in any order.
    fn pattern(k: usize) -> f32 {
        (((k as u32).wrapping_mul(2_654_435_761) >> 7) % 3) as f32 - 1.0
    }

    #[test]
    fn at_bert_width() {
        let x = Tensor::<f32, Shape![64, 768]>::boxed_from_flat_fn(pattern);
        let w1 = Tensor::<f32, Shape![768, 3072]>::boxed_from_flat_fn(|k| pattern(k + 1));
        let w2 = Tensor::<f32, Shape![3072, 768]>::boxed_from_flat_fn(|k| pattern(k + 2));
        let y = feed_forward(&*x, &*w1, &*w2);
        let mut nonzero = 0;
        for (t, d) in [(0, 0), (63, 767), (17, 400)] {
            let hidden = |f: usize| {
                (0..768)
                    .map(|i| x[[t, i]] * w1[[i, f]])
                    .sum::<f32>()
                    .max(0.0)
            };
            let want: f32 = (0..3072).map(|f| hidden(f) * w2[[f, d]]).sum();
            assert_eq!(y[[t, d]], want, "at [{t}, {d}]");
            nonzero += usize::from(want != 0.0);
        }
        assert!(nonzero >= 2, "a pattern that cancels tests nothing");
    }
}
