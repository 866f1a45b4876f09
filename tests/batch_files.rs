//! A file of samples whose count is known only at run time, read as a
//! `BatchTensor` and run through a shape-generic model whose weights come
//! from a safetensors file: the files are written here byte by byte as
//! NumPy and safetensors define them (not by the crate's own writer), and
//! the model is checked against plain loops.

use tensor_core::prelude::*;

/// A `.npy` version 1.0 file of `f32` (`'<f4'`), shape `dims`, as
/// `np.save` writes it: the header dict padded with spaces to a multiple of
/// 64 bytes, a newline, then the little-endian elements.
fn npy_f32(dims: &[usize], fortran: bool, values: &[f32]) -> Vec<u8> {
    let shape = match dims {
        [n] => format!("({n},)"),
        _ => format!(
            "({})",
            dims.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let order = if fortran { "True" } else { "False" };
    let mut header = format!("{{'descr': '<f4', 'fortran_order': {order}, 'shape': {shape}, }}");
    while (10 + header.len() + 1) % 64 != 0 {
        header.push(' ');
    }
    header.push('\n');
    let mut file = b"\x93NUMPY\x01\x00".to_vec();
    file.extend((header.len() as u16).to_le_bytes());
    file.extend(header.as_bytes());
    for v in values {
        file.extend(v.to_le_bytes());
    }
    file
}

/// A safetensors file of `F32` tensors `(name, dims, values)`, in order.
fn safetensors_f32(tensors: &[(&str, &[usize], &[f32])]) -> Vec<u8> {
    let mut entries = Vec::new();
    let mut offset = 0;
    for (name, dims, values) in tensors {
        let dims = dims
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(",");
        let end = offset + 4 * values.len();
        entries.push(format!(
            r#""{name}":{{"dtype":"F32","shape":[{dims}],"data_offsets":[{offset},{end}]}}"#
        ));
        offset = end;
    }
    let json = format!("{{{}}}", entries.join(","));
    let mut file = (json.len() as u64).to_le_bytes().to_vec();
    file.extend(json.as_bytes());
    for (_, _, values) in tensors {
        for v in *values {
            file.extend(v.to_le_bytes());
        }
    }
    file
}

/// Deterministic values in [-1, 1).
fn values(n: usize, seed: usize) -> Vec<f32> {
    (0..n)
        .map(|i| ((i * 2654435761 + seed * 40503) % 2001) as f32 / 1000.0 - 1.0)
        .collect()
}

/// A two-layer perceptron over any input, hidden and output size.
#[shape(I, H, O)]
struct Mlp {
    w1: Box<Tensor<f32, Shape![I, H]>>,
    b1: Tensor<f32, Shape![H]>,
    w2: Tensor<f32, Shape![H, O]>,
    b2: Tensor<f32, Shape![O]>,
}

#[shape(I, H, O)]
impl Mlp<I, H, O> {
    /// The weights called `w1`, `b1`, `w2`, `b2` in a safetensors file.
    fn load(file: &[u8]) -> Result<Self, FileError> {
        Ok(Mlp {
            w1: Tensor::boxed_from_safetensors(file, "w1")?,
            b1: Tensor::try_from_safetensors(file, "b1")?,
            w2: Tensor::try_from_safetensors(file, "w2")?,
            b2: Tensor::try_from_safetensors(file, "b2")?,
        })
    }

    /// The logits of every sample: one product per layer for the batch.
    fn forward(&self, xs: &BatchTensor<f32, Shape![I]>) -> BatchTensor<f32, Shape![O]> {
        let h = (xs.matmul(&self.w1) + &self.b1).map(|v| v.max(0.0));
        h.matmul(&self.w2) + &self.b2
    }
}

/// The same perceptron as plain loops over flat weights.
fn reference(x: &[f32], w1: &[f32], b1: &[f32], w2: &[f32], b2: &[f32]) -> Vec<f32> {
    let (i, h, o) = (x.len(), b1.len(), b2.len());
    let hidden: Vec<f32> = (0..h)
        .map(|k| {
            let s: f32 = (0..i).map(|j| x[j] * w1[j * h + k]).sum();
            (s + b1[k]).max(0.0)
        })
        .collect();
    (0..o)
        .map(|k| (0..h).map(|j| hidden[j] * w2[j * o + k]).sum::<f32>() + b2[k])
        .collect()
}

#[test]
fn a_file_of_samples_runs_through_a_generic_model() {
    // The count is read from the file: 37 samples here, whatever the code says.
    let n = 37;
    let pixels = values(n * 784, 1);
    let samples = npy_f32(&[n, 784], false, &pixels);
    let (w1, b1, w2, b2) = (
        values(784 * 32, 2),
        values(32, 3),
        values(32 * 10, 4),
        values(10, 5),
    );
    let weights = safetensors_f32(&[
        ("w1", &[784, 32], &w1),
        ("b1", &[32], &b1),
        ("w2", &[32, 10], &w2),
        ("b2", &[10], &b2),
    ]);
    let xs = BatchTensor::<f32, Shape![784]>::try_from_npy(&samples).unwrap();
    assert_eq!(xs.len(), n);
    assert_eq!(xs.as_slice(), &pixels[..]);
    let model = Mlp::<Dim![784], Dim![32], Dim![10]>::load(&weights).unwrap();
    let logits = model.forward(&xs);
    assert_eq!(logits.len(), n);
    for (s, got) in logits.iter().enumerate() {
        let want = reference(&pixels[s * 784..][..784], &w1, &b1, &w2, &b2);
        for (k, (&g, &w)) in got.iter().zip(&want).enumerate() {
            assert!(
                (g - w).abs() <= 1e-4 * w.abs().max(1.0),
                "sample {s}, logit {k}: {g} vs {w}"
            );
        }
    }
    // The same samples stored as one safetensors tensor.
    let file = safetensors_f32(&[("x", &[n, 784], &pixels)]);
    let again = BatchTensor::<f32, Shape![784]>::try_from_safetensors(&file, "x").unwrap();
    assert_eq!(again, xs);
}

#[test]
fn images_round_trip_and_match_numpy_bytes() {
    let n = 5;
    let pixels = values(n * 3 * 32 * 32, 6);
    let file = npy_f32(&[n, 3, 32, 32], false, &pixels);
    let imgs = BatchTensor::<f32, Shape![3, 32, 32]>::try_from_npy(&file).unwrap();
    assert_eq!(imgs.get(4).unwrap()[[2, 31, 31]], pixels[5 * 3072 - 1]);
    assert_eq!(imgs.get(1).unwrap()[[0, 0, 1]], pixels[3072 + 1]);
    assert_eq!(imgs.to_npy(), file, "np.save's bytes");
    let empty = npy_f32(&[0, 3, 32, 32], false, &[]);
    let none = BatchTensor::<f32, Shape![3, 32, 32]>::try_from_npy(&empty).unwrap();
    assert_eq!(none.len(), 0);
    assert_eq!(none.to_npy(), empty);
}

#[test]
fn files_that_are_not_batches_of_the_item_shape_are_errors_naming_both() {
    let flat = npy_f32(&[2 * 784], false, &values(2 * 784, 7));
    let err = BatchTensor::<f32, Shape![784]>::try_from_npy(&flat).unwrap_err();
    assert_eq!(err.kind(), FileErrorKind::Shape);
    assert_eq!(
        err.to_string(),
        "shape: expected [n, 784] (any number n of [784] items), the file holds [1568]"
    );
    let images = npy_f32(&[2, 28, 28], false, &values(2 * 784, 8));
    let err = BatchTensor::<f32, Shape![784]>::try_from_npy(&images).unwrap_err();
    assert_eq!(
        err.to_string(),
        "shape: expected [n, 784] (any number n of [784] items), the file holds [2, 28, 28]"
    );
    let scalar = npy_f32(&[], false, &[1.0]);
    let err = BatchTensor::<f32, Shape![1]>::try_from_npy(&scalar).unwrap_err();
    assert_eq!(err.kind(), FileErrorKind::Shape);
    let fortran = npy_f32(&[2, 3], true, &values(6, 9));
    let err = BatchTensor::<f32, Shape![3]>::try_from_npy(&fortran).unwrap_err();
    assert_eq!(err.kind(), FileErrorKind::FortranOrder);
    let mut short = npy_f32(&[2, 3], false, &values(6, 10));
    short.pop();
    let err = BatchTensor::<f32, Shape![3]>::try_from_npy(&short).unwrap_err();
    assert_eq!(err.kind(), FileErrorKind::DataLength);
    let err = BatchTensor::<f64, Shape![3]>::try_from_npy(&npy_f32(&[2, 3], false, &values(6, 11)))
        .unwrap_err();
    assert_eq!(err.kind(), FileErrorKind::ElementType);
    let file = safetensors_f32(&[("x", &[2, 3], &values(6, 12))]);
    let err = BatchTensor::<f32, Shape![3]>::try_from_safetensors(&file, "y").unwrap_err();
    assert_eq!(err.kind(), FileErrorKind::MissingName);
    let err = BatchTensor::<f32, Shape![2, 3]>::try_from_safetensors(&file, "x").unwrap_err();
    assert_eq!(
        err.to_string(),
        "tensor 'x': shape: expected [n, 2, 3] (any number n of [2, 3] items), the file holds [2, 3]"
    );
}
