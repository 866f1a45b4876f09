//! Property tests: the run-time entry points and random chains of views,
//! against a naive reference written here (a flat `Vec` and an explicit
//! index map per operation). Case counts are bounded (`CASES`), so that the
//! AddressSanitizer job of `.ci/run` runs them in seconds.

use proptest::prelude::*;
use tensor_core::prelude::*;

/// Cases per property.
const CASES: u32 = 64;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: CASES,
        ..ProptestConfig::default()
    }
}

/// Row-major flat position of `index` in `dims`, when every axis is in range.
fn ravel(index: &[usize], dims: &[usize]) -> Option<usize> {
    let mut flat = 0;
    for (&i, &d) in index.iter().zip(dims) {
        if i >= d {
            return None;
        }
        flat = flat * d + i;
    }
    Some(flat)
}

/// A naive view: dims, and for each logical index the flat position it reads.
#[derive(Clone, Debug)]
struct Naive {
    dims: Vec<usize>,
    map: Vec<usize>,
}

impl Naive {
    fn root(dims: &[usize]) -> Self {
        let n = dims.iter().product();
        Naive {
            dims: dims.to_vec(),
            map: (0..n).collect(),
        }
    }

    fn unravel(&self, mut flat: usize) -> Vec<usize> {
        let mut index = vec![0; self.dims.len()];
        for k in (0..self.dims.len()).rev() {
            index[k] = flat % self.dims[k];
            flat /= self.dims[k];
        }
        index
    }

    /// The view with its logical index map composed with `f`, which gives
    /// for each new index the old one.
    fn remap(&self, dims: Vec<usize>, f: impl Fn(&[usize]) -> Vec<usize>) -> Self {
        let n: usize = dims.iter().product();
        let new = Naive { dims, map: vec![] };
        let map = (0..n)
            .map(|flat| {
                let old = f(&new.unravel(flat));
                self.map[ravel(&old, &self.dims).expect("naive index in range")]
            })
            .collect();
        Naive { map, ..new }
    }

    fn permute(&self, p: &[usize]) -> Self {
        let dims = p.iter().map(|&a| self.dims[a]).collect();
        self.remap(dims, |i| {
            let mut old = vec![0; p.len()];
            for (k, &a) in p.iter().enumerate() {
                old[a] = i[k];
            }
            old
        })
    }

    fn flip(&self, axes: &[usize]) -> Self {
        let dims = self.dims.clone();
        self.remap(dims.clone(), |i| {
            let mut old = i.to_vec();
            for &a in axes {
                old[a] = dims[a] - 1 - i[a];
            }
            old
        })
    }

    fn reshape(&self, dims: &[usize]) -> Self {
        Naive {
            dims: dims.to_vec(),
            map: self.map.clone(),
        }
    }

    /// `a..b;step` on `axis`, NumPy/ndarray semantics (negative step walks
    /// `a..b` from its end).
    fn range(&self, axis: usize, a: usize, b: usize, step: isize) -> Self {
        let len = (b.saturating_sub(a)).div_ceil(step.unsigned_abs());
        let mut dims = self.dims.clone();
        dims[axis] = len;
        self.remap(dims, |i| {
            let mut old = i.to_vec();
            old[axis] = if step > 0 {
                a + i[axis] * step as usize
            } else {
                b - 1 - i[axis] * step.unsigned_abs()
            };
            old
        })
    }

    /// An index on `axis`: the axis is dropped.
    fn index(&self, axis: usize, at: usize) -> Self {
        let mut dims = self.dims.clone();
        dims.remove(axis);
        self.remap(dims, |i| {
            let mut old = i.to_vec();
            old.insert(axis, at);
            old
        })
    }

    fn read(&self, data: &[i32]) -> Vec<i32> {
        self.map.iter().map(|&at| data[at]).collect()
    }
}

/// The elements of a view in logical order.
fn elems<T: Copy>(it: impl Iterator<Item = T>) -> Vec<T> {
    it.collect()
}

type S = Shape![3, 4, 5];
type Data = Tensor<i32, S>;

fn data(seed: i32) -> Data {
    Tensor::from_flat_fn(|i| i as i32 * 7 + seed)
}

proptest! {
    #![proptest_config(config())]

    /// `try_from_slice` accepts exactly the right length, and keeps order.
    #[test]
    fn try_from_slice_checks_the_length(v in proptest::collection::vec(any::<i32>(), 0..80)) {
        let t = Tensor::<i32, S>::try_from_slice(&v);
        prop_assert_eq!(t.is_ok(), v.len() == 60);
        if let Ok(t) = t {
            prop_assert_eq!(t.as_slice(), &v[..]);
        }
        let e = Tensor::<i32, Shape![0, 3]>::try_from_slice(&v);
        prop_assert_eq!(e.is_ok(), v.is_empty());
    }

    /// `get`, `get_mut` and indexing agree with the flat reference for any
    /// index, in range or not (out of range: `None`, or a panic).
    #[test]
    fn get_and_index_match_the_reference(i in 0usize..6, j in 0usize..7, k in 0usize..8, big in any::<usize>()) {
        let mut t = data(1);
        let flat: Vec<i32> = t.as_slice().to_vec();
        for index in [[i, j, k], [big, j, k], [i, big, k], [i, j, big]] {
            let want = ravel(&index, &[3, 4, 5]).map(|f| flat[f]);
            prop_assert_eq!(t.get(index).copied(), want);
            prop_assert_eq!(t.view().get(index).copied(), want);
            prop_assert_eq!(t.t().get([index[0], index[2], index[1]]).copied(), want);
            prop_assert_eq!(t.get_mut(index).map(|x| *x), want);
            let caught = std::panic::catch_unwind(|| t[index]);
            prop_assert_eq!(caught.ok(), want);
        }
    }

    /// Run-time slice indices: in range they select the row, out of range
    /// they panic naming the axis, never read.
    #[test]
    fn run_time_slice_indices_are_checked(i in 0usize..5, j in 0usize..6, big in any::<usize>()) {
        let t = data(2);
        let reference = Naive::root(&[3, 4, 5]);
        for (a, b) in [(i, j), (big, j), (i, big)] {
            let got = std::panic::catch_unwind(|| elems(slice!(t, a, .., b).iter().copied()));
            let want = (a < 3 && b < 5).then(|| reference.index(2, b).index(0, a).read(t.as_slice()));
            prop_assert_eq!(got.ok(), want);
        }
    }

    /// Random chains of permute, flip, static slices and reshape on a
    /// tensor and on a mutable view: every element, `get`, `to_tensor`,
    /// and a write through the view land where the reference says.
    #[test]
    fn view_chains_match_the_reference(chain in 0usize..8, seed in any::<i16>(), i in 0usize..4, j in 0usize..4) {
        let t = data(i32::from(seed));
        let root = Naive::root(&[3, 4, 5]);
        macro_rules! check {
            ($view:expr, $naive:expr) => {{
                let (v, n) = ($view, $naive);
                prop_assert_eq!(v.shape().to_vec(), n.dims.clone());
                prop_assert_eq!(elems(v.iter().copied()), n.read(t.as_slice()));
                let copied = v.to_tensor();
                prop_assert_eq!(copied.as_slice().to_vec(), n.read(t.as_slice()));
                let mut index = v.shape();
                index[0] = i;
                index[1..].iter_mut().for_each(|x| *x = j);
                let want = ravel(&index, &n.dims).map(|f| t.as_slice()[n.map[f]]);
                prop_assert_eq!(v.get(index).copied(), want);
            }};
        }
        match chain {
            0 => check!(t.permute::<Axes![2, 0, 1]>(), root.permute(&[2, 0, 1])),
            1 => check!(t.flip::<Axes![0, 2]>().permute::<Axes![1, 2, 0]>(), root.flip(&[0, 2]).permute(&[1, 2, 0])),
            2 => check!(slice!(t, 1.., ..;-2, 1..4).t(), root.range(0, 1, 3, 1).range(1, 0, 4, -2).range(2, 1, 4, 1).permute(&[0, 2, 1])),
            3 => check!(t.t().reshape::<Shape![5, 12]>(), root.permute(&[0, 2, 1]).reshape(&[5, 12])),
            4 => check!(slice!(t.flip::<Axes![1]>(), .., 1..3).reshape::<Shape![2, 15]>(), root.flip(&[1]).range(1, 1, 3, 1).reshape(&[2, 15])),
            5 => check!(slice!(t.permute::<Axes![1, 2, 0]>(), 3..3, ..), root.permute(&[1, 2, 0]).range(0, 3, 3, 1)),
            6 => check!(slice!(t.reshape::<Shape![6, 10]>(), ..;4, 9..;-3), root.reshape(&[6, 10]).range(0, 0, 6, 4).range(1, 9, 10, -3)),
            _ => check!(slice!(t, -1, ..;3).flip::<Axes![0, 1]>(), root.index(0, 2).range(0, 0, 4, 3).flip(&[0, 1])),
        }
        // The same chain, written through a mutable view.
        let mut m = t;
        {
            let mut v = m.view_mut().flip::<Axes![0]>().permute::<Axes![2, 0, 1]>();
            let index = [j % 5, i % 3, (i + j) % 4];
            v[index] = -1;
        }
        let n = root.flip(&[0]).permute(&[2, 0, 1]);
        let at = n.map[ravel(&[j % 5, i % 3, (i + j) % 4], &n.dims).unwrap()];
        let changed: Vec<usize> = (0..60).filter(|&f| m.as_slice()[f] != t.as_slice()[f]).collect();
        prop_assert!(changed.is_empty() || changed == vec![at]);
        prop_assert_eq!(m.as_slice()[at], -1);
    }

    /// Reductions of random views of an empty axis, of size-1 axes, and of
    /// a shape with no element agree with the reference.
    #[test]
    fn reductions_of_views_match_the_reference(seed in any::<i16>()) {
        let t = data(i32::from(seed));
        let n = Naive::root(&[3, 4, 5]).permute(&[2, 0, 1]);
        let v = t.permute::<Axes![2, 0, 1]>();
        let xs = n.read(t.as_slice());
        let sums = v.sum_axes::<Axes![1]>();
        for a in 0..5 {
            for c in 0..4 {
                let want: i32 = (0..3).map(|b| xs[a * 12 + b * 4 + c]).sum();
                prop_assert_eq!(sums[[a, c]], want);
            }
        }
        prop_assert_eq!(v.max(), *xs.iter().max().unwrap());
        let empty = Tensor::<i32, Shape![0, 3]>::zeros();
        prop_assert_eq!(empty.sum_axes::<Axes![0]>(), tensor![0, 0, 0]);
        prop_assert_eq!(empty.t().iter().count(), 0);
        prop_assert_eq!(slice!(t, 2..2, ..).iter().count(), 0);
    }
}

/// Extreme sizes: a long vector, and a shape with no element but a huge
/// dimension, through the run-time entry points.
#[test]
fn extreme_sizes() {
    let v: Vec<u8> = (0..=255).cycle().take(1 << 16).collect();
    let t = Tensor::<u8, Shape![65536]>::try_from_slice(&v).unwrap();
    assert_eq!(t.get([65535]), Some(&255));
    assert_eq!(t.get([65536]), None);
    assert_eq!(t.reshape::<Shape![256, 256]>()[[255, 0]], 0);
    assert_eq!(t.mean_axes::<Axes![0]>()[[]], 127);
    type Huge = Shape![0, 4611686018427387904, 2];
    let e = Tensor::<(), Huge>::try_from_slice(&[]).unwrap();
    assert_eq!(e.get([0, 0, 0]), None);
    assert_eq!(e.permute::<Axes![2, 1, 0]>().get([0, 0, 0]), None);
    assert!(Tensor::<(), Huge>::try_from_slice(&[()]).is_err());
}
