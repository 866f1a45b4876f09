//! Procedural macros of `tensor-core`; use them through `tensor_core`.
//!
//! Each entry point parses its input (`ast`), checks it (`valid`:
//! every mistake of one invocation reported at once, each at the smallest
//! offending token) and expands what passed (`expand`).

use proc_macro::TokenStream;

use errors::{axes_errors, dim_errors, expr_errors, shape_errors};

mod ast;
mod einsum;
mod errors;
mod expand;
mod file;
mod valid;

/// The type of a shape: `Shape![2, 3, 4]`, `Shape![B, 3]`, `Shape![]`.
///
/// Each dimension is an integer literal of any size that fits a `usize`
/// (`0` included) or the name of a dimension type, such as a parameter
/// declared by `#[shape(B)]`. The result is a tuple of dimension types that
/// implements `Shape`, whose constants give the rank, dims, row-major strides
/// and size at compile time. Ranks 0 to 8.
///
/// A dimension may also compute: `H - K + 1`, `C * H * W`, `N / 2` (exact
/// division), `floor((H - K) / S) + 1` (division rounded down, the size
/// of a strided convolution or window) and `ceil(H / S)` (rounded up, a
/// strided SAME convolution's); literals are folded, and in
/// `#[shape]` items each difference and quotient of a variable becomes a
/// bound of the item (`docs/generic.md`).
///
/// ```
/// use tensor_core::prelude::*;
///
/// assert_eq!(<Shape![28 - 5 + 1, 3 * 32 * 32, floor((32 - 3) / 2) + 1]>::DIMS, [24, 3072, 15]);
/// assert_eq!(<Shape![ceil(27 / 2)]>::DIMS, [14]);
/// type Img = Shape![3, 28, 28];
/// const _: () = assert!(Img::RANK == 3);
/// assert_eq!(Img::DIMS, [3, 28, 28]);
/// assert_eq!(Img::STRIDES, [784, 28, 1]);
/// assert_eq!(Img::SIZE, 2352);
/// assert_eq!(<Shape![]>::SIZE, 1);
/// assert_eq!(<Shape![1000003, 2]>::STRIDES, [2, 1]);
///
/// #[shape(B)]
/// fn rows(t: &Tensor<f32, Shape![B, 3]>) -> usize { t.shape()[0] }
/// assert_eq!(rows(&Tensor::<f32, Shape![5, 3]>::zeros()), 5);
/// ```
///
/// A negative, fractional or suffixed dimension, or more than 8 of them, is a
/// compile error at that token.
#[proc_macro]
#[allow(non_snake_case)]
pub fn Shape(input: TokenStream) -> TokenStream {
    shape_type_impl(input.into())
        .unwrap_or_else(shape_errors)
        .into()
}

/// The type of one dimension: `Dim![3072]`, `Dim![1]`, `Dim![H * W]`.
///
/// The same dimension `Shape![..]` writes for one entry: an integer literal
/// of any size that fits a `usize`, the name of a dimension type, or
/// arithmetic on them. Use it to name a size where a type is expected, for
/// instance to give a generic function the dims it uses only inside
/// arithmetic: `mha::<Dim![4], Dim![2], Dim![8]>(&x)`. `Dim![1]` is `Dim1`,
/// and a computed size is the type of its literal.
///
/// ```
/// use tensor_core::prelude::*;
///
/// assert_eq!(<Dim![3072] as Dimension>::VALUE, 3072);
/// let _: Dim![1] = Dim1;
/// let _: Dim![3 * 32 * 32] = <Dim![3072]>::default(); // one type
///
/// #[shape(H, D)]
/// fn width(x: &Tensor<f32, Shape![2, H * D]>) -> usize { <Dim![H * D]>::VALUE }
/// let x = Tensor::<f32, Shape![2, 16]>::zeros();
/// assert_eq!(width::<Dim![4], Dim![4]>(&x), 16);
/// ```
///
/// Exactly one dimension; a negative, fractional or suffixed size is a
/// compile error at that token.
#[proc_macro]
#[allow(non_snake_case)]
pub fn Dim(input: TokenStream) -> TokenStream {
    dim_type_impl(input.into())
        .unwrap_or_else(dim_errors)
        .into()
}

/// The type of a list of axis numbers: `Axes![2, 0, 1]`.
///
/// The argument of `permute`, `flip` and the `*_axes` reductions. Axes are
/// integer literals below 8, each listed at most once.
///
/// ```
/// use tensor_core::prelude::*;
/// assert_eq!(<Axes![2, 0, 1]>::AXES, [2, 0, 1]);
/// assert_eq!(<Axes![]>::LEN, 0);
/// ```
#[proc_macro]
#[allow(non_snake_case)]
pub fn Axes(input: TokenStream) -> TokenStream {
    axes_impl(input.into()).unwrap_or_else(axes_errors).into()
}

/// A tensor literal: `tensor![[1, 2], [3, 4]]` or `tensor![0.0; 2, 3]`.
///
/// The nested form infers the shape from the brackets; the fill form
/// `tensor![value; d0, d1, ..]` repeats a value. Both are `const`, so they
/// initialise `const` and `static` items; a fill form whose sizes are
/// dimension names (inside `#[shape]` items) calls `Tensor::full` instead.
///
/// ```
/// use tensor_core::prelude::*;
///
/// let a = tensor![[1.0f32, 2.0, 3.0], [4.0, 5.0, 6.0]]; // Tensor<f32, Shape![2, 3]>
/// assert_eq!(a.shape(), [2, 3]);
/// let z = tensor![0u8; 4, 4];
/// assert_eq!(z.iter().count(), 16);
/// static W: Tensor<f32, Shape![2, 2]> = tensor![[1.0, 0.0], [0.0, 1.0]];
/// const B: Tensor<i32, Shape![3]> = tensor![1, 2, 3];
/// assert_eq!(W[[1, 1]] + B[[2]] as f32, 4.0);
/// ```
///
/// Compile errors, each at the offending token: an empty `tensor![]`, a row
/// whose length differs from the first row's ("expected a row of 3 elements
/// (as the first row), found 2"), a row where an element belongs or the
/// reverse, literal elements of different types (`1` and `2.0`, `1u8` and
/// `2i32`), more than 8 axes. A literal whose shape disagrees with an
/// annotated type is a type error naming the two sizes ("expected `3`, found
/// `2`").
#[proc_macro]
pub fn tensor(input: TokenStream) -> TokenStream {
    tensor_impl(input.into()).unwrap_or_else(expr_errors).into()
}

/// Shape declarations for an item: `#[shape(M, N)]`, `#[shape(H = 28)]`,
/// `#[shape(2, 3, 4)] struct S;`.
///
/// * **Dimension variables** `#[shape(M, K, N)]` on a fn, impl, struct, enum,
///   union, trait or type alias: each name becomes a type parameter bounded
///   by `Dimension`, so the item is generic over those sizes.
/// * **Named sizes** `#[shape(H = 28, W = 28)]`: inside the item, `H` means
///   the size 28, in types and in `Shape!`/`tensor!` invocations.
/// * **A named shape** `#[shape(2, 3, 4)] struct Voxels;`: `Voxels` becomes
///   the shape type `Shape![2, 3, 4]` (a type alias, so tensors of it mix
///   freely with tensors written `Shape![2, 3, 4]`).
///
/// The two kinds of names may be mixed: `#[shape(B, H = 28)]`. A bare
/// `#[shape]` declares nothing; like every form, it expands the item's
/// `Shape![..]` types in place, which lets a generic struct with shaped
/// fields `#[derive(..)]` (put `#[shape]` first: rustc's derives reject
/// generic items that still hold type macros).
///
/// ```
/// use tensor_core::prelude::*;
///
/// #[shape(M, N)]
/// fn corner(t: &Tensor<f32, Shape![M, N]>) -> f32 { t[[0, 0]] }
///
/// #[shape(H = 2, W = 3)]
/// struct Digit { pixels: Tensor<u8, Shape![H, W]>, label: u8 }
///
/// #[shape(2, 3, 4)]
/// struct Voxels;
///
/// let d = Digit { pixels: tensor![[0, 1, 2], [3, 4, 5]], label: 7 };
/// assert_eq!(d.pixels[[1, 2]] + d.label, 12);
/// assert_eq!(corner(&tensor![[1.5f32, 2.0]]), 1.5);
/// assert_eq!(Voxels::STRIDES, [12, 4, 1]);
/// let v: Tensor<f32, Voxels> = Tensor::zeros();
/// assert_eq!(v.shape(), [2, 3, 4]);
/// ```
///
/// Inside the item, shapes are written `Shape![M, K]` (or, when every
/// dimension is a name, `(M, K)`): rustc's parser rejects a bracket list
/// `[M, K]` in a type position before any attribute sees it.
///
/// Compile errors, at the offending token: a size that is not a non-negative
/// integer literal, a name declared twice, a name inside the item that was
/// never declared (rustc: "cannot find type"), names in a named-shape list,
/// a size list on anything but a unit struct.
#[proc_macro_attribute]
pub fn shape(args: TokenStream, item: TokenStream) -> TokenStream {
    shape_attr_impl(args.into(), item.into()).into()
}

/// A tensor read from a weight file at compile time:
/// `include_tensor!("path.npy")` or
/// `include_tensor!("path.safetensors", "tensor.name")`, the path relative
/// to the crate root (the directory of its `Cargo.toml`).
///
/// The value is a constant expression of type `Tensor<T, S>`, so it
/// initialises a `static` or a `const`; `T` and `S` are the declared type
/// (a `let` without one does not compile: the declaration is what the file
/// is checked against), which must be the file's: the macro reads the file's header (NumPy
/// `.npy` versions 1.0 to 3.0, little-endian, C order; safetensors), and a
/// shape or element type that differs is a compile error reported by
/// `cargo check`, naming the file, the tensor and both shapes. The data is
/// embedded with `include_bytes!`, so editing the file rebuilds the crate,
/// and decoded at compile time by one copy (no decoding runs at start-up;
/// a 1 MiB tensor adds no measurable build time, where a `const fn` loop
/// decoding it element by element takes 13 s; on a big-endian target the
/// bytes are swapped one by one, which is slow for large files).
///
/// ```
/// use tensor_core::prelude::*;
/// // Written by scripts/gen_tensor_files.py (np.save, safetensors.numpy.save);
/// // the paths are relative to this crate's root, tensor-macros/.
/// static W: Tensor<f32, Shape![2, 3]> = include_tensor!("../tensor-core/src/interop/testdata/f32_2x3.npy");
/// const B: Tensor<f32, Shape![4]> =
///     include_tensor!("../tensor-core/src/interop/testdata/several.safetensors", "layer.0.bias");
/// assert_eq!(W, tensor![[-1.5, -1.0, -0.5], [0.0, 0.5, 1.0]]);
/// assert_eq!(B, tensor![-1.5, -1.0, -0.5, 0.0]);
/// ```
///
/// Element types: `f32`, `f64`, `i8`, `u8`, `i16`, `u16`, `i32`, `u32`,
/// `i64`, `u64`, and `half::f16`/`half::bf16` with tensor-core's feature
/// `half` (a file of those without the feature is a compile error saying
/// so). Every rank from 0 to 8.
///
/// Compile errors: a missing file (naming the path tried), a file that is
/// not `.npy` or safetensors or whose header is broken, a `.npy` file with
/// big-endian or Fortran-order data, a safetensors file without a tensor
/// name or without the name given (listing the names it holds, up to 10)
/// are errors at the path or name literal; a declared shape other than the
/// file's ("`w.npy` has shape [3, 4], which does not fit the declared shape
/// `(Dim<4>, Dim<3>)`"), including the same number of elements in another
/// rank, and a declared element type other than the file's ("`w.npy` holds
/// f32 elements, not `f64`") are type errors, one per mistake.
///
/// On a microcontroller, a `static` lives in flash. On AVR, whose flash
/// is program memory that a plain `static` is copied out of into RAM at
/// start-up, put it in program memory with
/// `#[link_section = ".progmem.data"]` and read it with `lpm` (the
/// `avr-progmem` crate) instead of through a reference.
#[proc_macro]
pub fn include_tensor(input: TokenStream) -> TokenStream {
    include_tensor_impl(input.into())
        .unwrap_or_else(expr_errors)
        .into()
}

fn include_tensor_impl(input: proc_macro2::TokenStream) -> syn::Result<proc_macro2::TokenStream> {
    let input: ast::IncludeInput = syn::parse2(input)?;
    let file = file::read(&input)?;
    Ok(expand::include::include(&file, input.path.span()))
}

/// A view of a tensor or view, NumPy's `x[1:3, :, 2::2, -1]` written
/// `slice!(x, 1..3, .., 2..;2, -1)` (ndarray's `s![]` syntax).
///
/// Each entry is `..`, a range `a..b`, `a..`, `..b` or `a..=b` of integer
/// literals (a negative one counts from the end), optionally followed by a
/// non-zero literal step `;s`, or an index, which drops its axis: an integer
/// literal, or any `usize` expression, checked at run time. Axes past the
/// entries are kept whole. A negative step follows ndarray: `a..b;-2` takes
/// `a..b` and walks it from its end. A range at a run-time position is
/// written `i..i + N` (or `i..=i + N`), the end the same expression as the
/// start plus a literal: its length `N` is in the type, its start a `usize`
/// evaluated once and checked at run time. Slicing a `Tensor` or `View`
/// gives a `View`; slicing a `ViewMut` gives a `ViewMut`.
///
/// ```
/// use tensor_core::prelude::*;
/// let t = Tensor::<i32, Shape![4, 6]>::from_flat_fn(|i| i as i32);
/// assert_eq!(slice!(t, 1..3, 2..;2), tensor![[8, 10], [14, 16]]);
/// assert_eq!(slice!(t, -1, ..-3), tensor![18, 19, 20]);
/// assert_eq!(slice!(t, 0, 1..5;-2), tensor![4, 2]);
/// let row = 2;
/// assert_eq!(slice!(t, row, ..2), tensor![12, 13]);
/// let (i, j) = (1, 3);
/// let patch = slice!(t, i..i + 2, j..j + 3); // [2, 3], wherever i and j are
/// assert_eq!(patch, tensor![[9, 10, 11], [15, 16, 17]]);
/// ```
///
/// Compile errors: a bound outside `-dim..=dim`, a range whose start lies
/// after its end, a step of 0, a step on an index, non-literal range bounds,
/// more entries than axes, a range at a run-time position longer than its
/// axis. A run-time index out of range panics, naming the axis, the index
/// and the shape; a range at a run-time position that does not fit panics
/// naming its start, its length, the axis and the shape. [`try_slice!`]
/// returns those as an `Err` instead.
#[proc_macro]
pub fn slice(input: TokenStream) -> TokenStream {
    slice_impl(input.into(), "slice", "__slice", false)
        .unwrap_or_else(expr_errors)
        .into()
}

/// [`slice!`] that returns a `Result` instead of panicking when an index or
/// a window given at run time does not fit its axis: `Ok(view)`, or
/// `Err(SliceError)` naming the axis, the index (or the window's start and
/// length) and the shape. Everything `slice!` checks at compile time is
/// checked the same way; with no run-time entry it is always `Ok`.
///
/// ```
/// use tensor_core::prelude::*;
/// let t = Tensor::<i32, Shape![4, 6]>::from_flat_fn(|i| i as i32);
/// let patch = |i: usize, j: usize| try_slice!(t, i..i + 2, j..j + 3);
/// assert_eq!(patch(1, 3).unwrap(), tensor![[9, 10, 11], [15, 16, 17]]);
/// let err = patch(3, 0).unwrap_err();
/// assert_eq!((err.axis(), err.start(), err.window_len()), (0, 3, Some(2)));
/// assert_eq!(
///     err.to_string(),
///     "range 3..3 + 2 is out of bounds for axis 0 of size 4 in shape [4, 6]"
/// );
/// let row = 9; // a literal 9 would be a compile error
/// assert!(try_slice!(t, row, ..).is_err());
/// ```
#[proc_macro]
pub fn try_slice(input: TokenStream) -> TokenStream {
    slice_impl(input.into(), "try_slice", "__try_slice", false)
        .unwrap_or_else(expr_errors)
        .into()
}

/// NumPy's `einsum` with one or two operands, checked at compile time:
/// `einsum!("bhqd,bhkd->bhqk", &q, &k)`.
///
/// The spec names each operand's axes with letters (`ij`, `bhqd`), the
/// subscripts separated by `,`; the result's axes follow `->`. Without `->`
/// the result takes NumPy's implicit order: the labels that appear once,
/// sorted (`"ij,jk"` is `"ij,jk->ik"`, `"ii"` is the trace). A label in
/// both operands and the result is a batch axis; in both operands only, it
/// is contracted (summed over their products); in one operand only and not
/// the result, it is summed first; repeated in one operand, it takes the
/// diagonal. The operands are any expressions that evaluate to a tensor, a
/// view, or a reference to one; the result is a `Tensor` whose shape is a
/// type (`Shape![]` for a scalar: read it with `[[]]`).
///
/// Contractions run on the matmul kernel as one batched `[B, M, K] x
/// [B, K, N]` product: an operand already in that order and contiguous is
/// read in place, others are first walked into it (permuted, summed,
/// diagonals taken), and the product is reordered when the result's axes
/// ask for another order.
///
/// ```
/// use tensor_core::prelude::*;
///
/// // Attention scores: 1 batch, 4 heads, 64 queries and keys of width 16.
/// let q = Tensor::<f32, Shape![1, 4, 64, 16]>::from_flat_fn(|i| (i % 7) as f32 - 3.0);
/// let k = Tensor::<f32, Shape![1, 4, 64, 16]>::from_flat_fn(|i| (i % 5) as f32);
/// let scores: Tensor<f32, Shape![1, 4, 64, 64]> = einsum!("bhqd,bhkd->bhqk", &q, &k);
/// assert_eq!(scores, q.matmul(&k.t()));
///
/// let m = tensor![[1, 2], [3, 4]];
/// assert_eq!(einsum!("ij->ji", &m), tensor![[1, 3], [2, 4]]);
/// assert_eq!(einsum!("ii->i", &m), tensor![1, 4]);
/// assert_eq!(einsum!("ii", &m)[[]], 5); // implicit output: the trace
/// assert_eq!(einsum!("ij->i", &m), tensor![3, 7]);
/// assert_eq!(einsum!("i,j->ij", &tensor![1, 2], &tensor![3, 4]), tensor![[3, 4], [6, 8]]);
/// assert_eq!(einsum!("ij,jk", &m, &m.t()), m.matmul(&m.t()));
/// ```
///
/// Compile errors, each reported by `cargo check`: a label bound to two
/// sizes (naming the label, both sizes, and where each appears: operands
/// and axes are numbered from 0, as in NumPy's messages), an operand whose
/// rank differs from its subscript's length (one error: that operand's
/// label checks are skipped), and, at the spec string, an output label
/// absent from the operands, a repeated output label, a character that is
/// not a letter, `...` (not supported), and a number of subscripts other
/// than the number of operands (one or two).
#[proc_macro]
pub fn einsum(input: TokenStream) -> TokenStream {
    einsum::einsum(input.into())
        .unwrap_or_else(expr_errors)
        .into()
}

/// [`slice!`] as `#[shape]` writes it in an item with dimension variables:
/// literal bounds checked when the item is instantiated. Not for users.
#[doc(hidden)]
#[proc_macro]
pub fn slice_at_build(input: TokenStream) -> TokenStream {
    slice_impl(input.into(), "slice", "__slice", true)
        .unwrap_or_else(expr_errors)
        .into()
}

/// [`try_slice!`] as `#[shape]` writes it (see [`slice_at_build!`]).
#[doc(hidden)]
#[proc_macro]
pub fn try_slice_at_build(input: TokenStream) -> TokenStream {
    slice_impl(input.into(), "try_slice", "__try_slice", true)
        .unwrap_or_else(expr_errors)
        .into()
}

fn slice_impl(
    input: proc_macro2::TokenStream,
    name: &str,
    method: &str,
    at_build: bool,
) -> syn::Result<proc_macro2::TokenStream> {
    let input: ast::SliceInput = syn::parse2(input)?;
    let entries = valid::slice::slice(&input, name)?;
    Ok(expand::slice::slice(
        &input.target,
        &entries,
        method,
        at_build,
    ))
}

fn shape_type_impl(input: proc_macro2::TokenStream) -> syn::Result<proc_macro2::TokenStream> {
    let list: ast::ExprList = syn::parse2(input)?;
    let dims = valid::dim_specs(&list)?;
    Ok(expand::shape(&dims))
}

fn dim_type_impl(input: proc_macro2::TokenStream) -> syn::Result<proc_macro2::TokenStream> {
    let expr: syn::Expr = syn::parse2(input)?;
    Ok(expand::dim_type(&valid::dim_spec(&expr)?))
}

fn axes_impl(input: proc_macro2::TokenStream) -> syn::Result<proc_macro2::TokenStream> {
    let list: ast::ExprList = syn::parse2(input)?;
    Ok(expand::axes(&valid::axes(&list)?))
}

fn tensor_impl(input: proc_macro2::TokenStream) -> syn::Result<proc_macro2::TokenStream> {
    let input: ast::TensorInput = syn::parse2(input)?;
    Ok(expand::literal::tensor(&valid::literal::tensor(&input)?))
}

/// `#[shape]` always emits the item, with what could be applied, next to
/// its errors, so one mistake in the arguments does not cascade.
fn shape_attr_impl(
    args: proc_macro2::TokenStream,
    item: proc_macro2::TokenStream,
) -> proc_macro2::TokenStream {
    let mut errors = Vec::new();
    let args = match syn::parse2::<ast::ExprList>(args) {
        Ok(list) => valid::attr::args(&list, &mut errors),
        Err(e) => {
            errors.push(e);
            Vec::new()
        }
    };
    let output = match syn::parse2::<syn::Item>(item.clone()) {
        Ok(parsed) => expand_shape(parsed, &args, &mut errors).unwrap_or(item),
        Err(e) => {
            errors.push(e);
            item
        }
    };
    let errors = valid::combine(errors)
        .err()
        .map(syn::Error::into_compile_error);
    quote::quote!(#errors #output)
}

/// A named shape when the arguments are sizes, the rewritten item otherwise;
/// `None` to emit the item unchanged.
fn expand_shape(
    item: syn::Item,
    args: &[valid::attr::Arg],
    errors: &mut Vec<syn::Error>,
) -> Option<proc_macro2::TokenStream> {
    let sizes: Vec<_> = args
        .iter()
        .filter_map(|a| match a {
            valid::attr::Arg::Size(n, span) => Some((*n, *span)),
            _ => None,
        })
        .collect();
    if !sizes.is_empty() {
        let unit = valid::attr::named_shape(&item, args, &sizes, errors)?;
        let kept = &sizes[..sizes.len().min(valid::MAX_RANK)];
        return Some(expand::attr::named_shape(unit, kept));
    }
    let (tokens, error) = expand::attr::item(item, args);
    errors.extend(error);
    Some(tokens)
}
