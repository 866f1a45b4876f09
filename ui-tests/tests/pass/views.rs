// Zero-copy views: every operation of the README's view table, on tensors, views
// and mutable views, and chains of them. Expected values follow NumPy.
use tensor_core::prelude::*;

fn iota<S: Shape>() -> Tensor<i32, S> {
    Tensor::from_flat_fn(|i| i as i32)
}

/// A literal slice of a dimension above typenum's table: `slice!` computes
/// the length 2998 itself, so it compiles. Never called (3000 bytes on the
/// stack is fine, but the point is the type).
#[allow(dead_code)]
fn big_literal_slice(t: &Tensor<u8, Shape![3000]>) -> u8 {
    let s = slice!(t, 1..2999);
    let _: [usize; 1] = s.shape();
    s[[0]]
}

/// Generic code over a view's layout.
fn total<L: tensor_core::layout::Layout>(v: View<'_, i32, L>) -> i32 {
    v.iter().sum()
}

fn main() {
    let t = iota::<Shape![2, 3, 4]>();

    // view / view_mut
    let v = t.view();
    assert_eq!(v.shape(), [2, 3, 4]);
    assert_eq!(v, t);
    assert_eq!(v.view(), t);
    assert_eq!(v[[1, 2, 3]], 23);
    assert_eq!(v.get([1, 2, 3]), Some(&23));
    assert_eq!(v.get([2, 0, 0]), None);
    assert_eq!(total(v), (0..24).sum::<i32>());

    // permute: np.transpose(x, (2, 0, 1))
    let p = t.permute::<Axes![2, 0, 1]>();
    assert_eq!(p.shape(), [4, 2, 3]);
    assert_eq!(p[[3, 1, 2]], t[[1, 2, 3]]);
    assert_eq!(p.permute::<Axes![1, 2, 0]>(), t);
    let identity = t.permute::<Axes![0, 1, 2]>();
    assert_eq!(identity, t);

    // t: swap the last two axes
    let m = iota::<Shape![2, 3]>();
    assert_eq!(m.t(), tensor![[0, 3], [1, 4], [2, 5]]);
    assert_eq!(t.t().shape(), [2, 4, 3]);
    assert_eq!(t.t()[[1, 3, 2]], t[[1, 2, 3]]);
    assert_eq!(m.t().t(), m);

    // reshape, contiguous and not
    assert_eq!(m.reshape::<Shape![3, 2]>(), tensor![[0, 1], [2, 3], [4, 5]]);
    assert_eq!(m.reshape::<Shape![6]>(), tensor![0, 1, 2, 3, 4, 5]);
    assert_eq!(m.t().reshape::<Shape![6]>(), tensor![0, 3, 1, 4, 2, 5]);
    assert_eq!(m.reshape::<Shape![1, 6, 1]>().shape(), [1, 6, 1]);
    let one = tensor![7];
    assert_eq!(one.reshape::<Shape![]>()[[]], 7);
    assert_eq!(
        t.permute::<Axes![2, 0, 1]>().reshape::<Shape![4, 6]>()[[1, 5]],
        t[[1, 2, 1]]
    );

    // flip: np.flip
    assert_eq!(m.flip::<Axes![0]>(), tensor![[3, 4, 5], [0, 1, 2]]);
    assert_eq!(m.flip::<Axes![1]>(), tensor![[2, 1, 0], [5, 4, 3]]);
    assert_eq!(m.flip::<Axes![0, 1]>(), tensor![[5, 4, 3], [2, 1, 0]]);
    assert_eq!(m.flip::<Axes![]>(), m);

    // expand: np.broadcast_to, stride 0
    let row = tensor![1, 2, 3];
    let e = row.expand::<Shape![2, 3]>();
    assert_eq!(e, tensor![[1, 2, 3], [1, 2, 3]]);
    let col = tensor![[1], [2]];
    assert_eq!(col.expand::<Shape![2, 3]>(), tensor![[1, 1, 1], [2, 2, 2]]);
    assert_eq!(col.expand::<Shape![2, 2, 1]>().shape(), [2, 2, 1]);
    assert_eq!(m.expand::<Shape![2, 3]>(), m);
    let s = Tensor::<i32, Shape![]>::full(4);
    assert_eq!(s.expand::<Shape![2, 2]>(), tensor![[4, 4], [4, 4]]);

    // slice!: ranges, steps, negative bounds, indices, trailing axes
    let u = iota::<Shape![4, 5]>();
    assert_eq!(slice!(u, 1..3, ..;2), tensor![[5, 7, 9], [10, 12, 14]]);
    assert_eq!(slice!(u, -1), tensor![15, 16, 17, 18, 19]);
    assert_eq!(slice!(u, .., -1), tensor![4, 9, 14, 19]);
    assert_eq!(slice!(u, -4, -2..), tensor![3, 4]);
    assert_eq!(slice!(u, 0, ..=1), tensor![0, 1]);
    assert_eq!(slice!(u, 0, 1..4;-1), tensor![3, 2, 1]);
    assert_eq!(slice!(u, 0, ..;-2), tensor![4, 2, 0]);
    assert_eq!(slice!(u, 1..1).shape(), [0, 5]);
    assert_eq!(slice!(u, 0..4, 0..5), u);
    assert_eq!(slice!(u, -1..4).shape(), [1, 5]);
    assert_eq!(slice!(u, 3, 4)[[]], 19);
    let (i, j) = (2, 3);
    assert_eq!(slice!(u, i, j)[[]], 13);
    assert_eq!(slice!(u, .., i), tensor![2, 7, 12, 17]);

    // to_tensor: np.ascontiguousarray
    let c: Tensor<i32, Shape![3, 2]> = m.t().to_tensor();
    assert_eq!(c.as_slice(), &[0, 3, 1, 4, 2, 5]);
    let ec: Tensor<i32, Shape![2, 3]> = e.to_tensor();
    assert_eq!(ec.as_slice(), &[1, 2, 3, 1, 2, 3]);

    // outer_iter: for row in x
    let rows: Vec<Tensor<i32, Shape![3]>> = m.outer_iter().map(|r| r.to_tensor()).collect();
    assert_eq!(rows, [tensor![0, 1, 2], tensor![3, 4, 5]]);
    assert_eq!(m.t().outer_iter().len(), 3);
    let sums: Vec<i32> = m.t().outer_iter().map(|r| r.iter().sum()).collect();
    assert_eq!(sums, [3, 5, 7]);
    let scalars: Vec<i32> = row.outer_iter().map(|x| x[[]]).collect();
    assert_eq!(scalars, [1, 2, 3]);

    // Chains
    let chain = slice!(
        t.permute::<Axes![2, 0, 1]>().flip::<Axes![0]>(),
        1..3,
        ..,
        0
    );
    assert_eq!(chain.shape(), [2, 2]);
    assert_eq!(chain[[0, 1]], t[[1, 0, 2]]);
    assert_eq!(slice!(t, 0).t().reshape::<Shape![12]>()[[1]], 4);
    assert_eq!(slice!(m, .., 1..).expand::<Shape![3, 2, 2]>()[[2, 1, 0]], 4);
    assert_eq!(
        m.flip::<Axes![1]>().t().flip::<Axes![1]>(),
        m.t().flip::<Axes![0]>().flip::<Axes![1]>()
    );
    assert_eq!(slice!(m.t(), ..;2, -1), tensor![3, 5]);

    // Printing and comparing
    assert_eq!(m.t().to_string(), "[[0 3]\n [1 4]\n [2 5]]");
    assert_eq!(
        format!("{:?}", m.t()),
        "View { shape: [3, 2], data: [0, 3, 1, 4, 2, 5] }"
    );
    assert!(m.t() == m.t().to_tensor().view());
    assert!(m.flip::<Axes![1]>() != m.view());

    // Mutable views: every operation but expand keeps them writable.
    let mut w = Tensor::<i32, Shape![3, 3]>::zeros();
    w.view_mut()[[0, 0]] = 1;
    w.view_mut().t()[[2, 0]] = 2; // w[0, 2]
    w.view_mut().flip::<Axes![0]>()[[0, 1]] = 3; // w[2, 1]
    w.view_mut().permute::<Axes![1, 0]>()[[1, 1]] = 4; // w[1, 1]
    w.view_mut().reshape::<Shape![9]>()[[5]] = 5; // w[1, 2]
    slice!(w.view_mut(), 1.., 0).fill(6); // w[1, 0], w[2, 0]
    *w.view_mut().get_mut([2, 2]).unwrap() = 7;
    assert_eq!(w, tensor![[1, 0, 2], [6, 4, 5], [6, 3, 7]]);
    slice!(w.view_mut(), 0).assign(&tensor![9, 8, 7].view());
    assert_eq!(slice!(w, 0), tensor![9, 8, 7]);
    let wm = w.view_mut();
    assert_eq!(wm.shape(), [3, 3]);
    assert_eq!(wm.get([0, 0]), Some(&9));
    assert_eq!(wm[[1, 1]], 4);
    assert_eq!(wm.to_tensor(), w_copy(&wm));
    let read_only = w.view_mut().expand::<Shape![2, 3, 3]>();
    assert_eq!(read_only[[1, 2, 2]], 7);
}

fn w_copy<L: tensor_core::layout::Layout<Shape = Shape![3, 3]>>(
    v: &ViewMut<'_, i32, L>,
) -> Tensor<i32, Shape![3, 3]> {
    Tensor::from_fn(|[i, j]| v[[i, j]])
}
