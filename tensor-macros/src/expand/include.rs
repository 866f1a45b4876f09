//! `include_tensor!`'s expansion: a block whose value is the file's tensor,
//! built at compile time, whose type is checked against the declared one.
//!
//! ```text
//! {
//!     const BYTES: &[u8] = ::core::include_bytes!("/abs/w.npy"); // tracked: editing it rebuilds
//!     struct File;
//!     #[diagnostic::on_unimplemented(message = "`w.npy` holds a tensor of shape [120, 256], ...")]
//!     trait HoldsShape<S> {}
//!     impl HoldsShape<(Dim<120>, Dim<256>)> for File {}
//!     #[diagnostic::do_not_recommend] impl HoldsShape<File> for File {}
//!     // the same for the element type: HoldsElem<f32>
//!     const fn read<T: FileElement, S: Shape>(b: &[u8]) -> Tensor<T, S>
//!     where File: HoldsElem<T> + HoldsShape<S> { decode_le_const(data of b) }
//!     read(BYTES)
//! }
//! ```
//!
//! The declared type decides `T` and `S` (a second, never-matching impl
//! keeps rustc from inferring them from the file's impl, which would turn a
//! mismatch into a plain "mismatched types"); a shape or element type the
//! file does not hold is then an unimplemented trait whose message, written
//! here, names the file, the tensor and both shapes (E0277 in `cargo check`).

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};

use crate::expand::size_type;
use crate::file::{Elem, FileTensor};

/// The tokens of `include_tensor!` for `file`, the error spans at `span`
/// (the path literal).
pub fn include(file: &FileTensor, span: Span) -> TokenStream {
    let path = file.path.to_string_lossy().into_owned();
    let shape = shape_type(&file.dims, span);
    let elem = elem_type(file.elem);
    let (start, len) = (file.start, file.len);
    let shape_message = shape_message(file);
    let elem_message = elem_message(file);
    let half = file.elem.is_half().then(|| {
        let msg = format!(
            "{} holds {} elements: enable tensor-core's feature `half`",
            file.label.trim_end_matches(','),
            file.elem.name()
        );
        quote!(::tensor_core::__require_half!(#msg);)
    });
    let read = quote_spanned!(span=> read(BYTES));
    quote! {{
        #half
        const BYTES: &[u8] = ::core::include_bytes!(#path);
        struct File;
        #shape_message
        trait HoldsShape<S> {}
        impl HoldsShape<#shape> for File {}
        #[diagnostic::do_not_recommend]
        impl HoldsShape<File> for File {}
        #elem_message
        trait HoldsElem<T> {}
        impl HoldsElem<#elem> for File {}
        #[diagnostic::do_not_recommend]
        impl HoldsElem<File> for File {}
        const fn read<
            T: ::tensor_core::interop::file_element::FileElement,
            S: ::tensor_core::Shape,
        >(bytes: &[u8]) -> ::tensor_core::Tensor<T, S>
        where
            File: HoldsElem<T> + HoldsShape<S>,
        {
            let data = bytes.split_at(#start).1.split_at(#len).0;
            ::tensor_core::interop::file_element::decode_le_const::<T, S>(data)
        }
        #read
    }}
}

/// The file's shape as a type: `Shape![..]`'s expansion.
fn shape_type(dims: &[u64], span: Span) -> TokenStream {
    let each = dims.iter().map(|&d| size_type(d, span));
    quote!((#(#each,)*))
}

/// The element type's path: a primitive, or `half`'s through tensor-core
/// (present with its feature `half` only).
fn elem_type(elem: Elem) -> TokenStream {
    let name = proc_macro2::Ident::new(elem.name(), Span::call_site());
    match elem.is_half() {
        true => quote!(::tensor_core::__private::#name),
        false => quote!(#name),
    }
}

/// `on_unimplemented`'s text escapes braces (`{{`, `}}`) outside its
/// `{S}`/`{T}` parameters.
fn escape(text: &str) -> String {
    text.replace('{', "{{").replace('}', "}}")
}

/// The headline, label and note of a shape mismatch.
fn shape_message(file: &FileTensor) -> TokenStream {
    let label = escape(&file.label);
    let dims = format!("{:?}", file.dims);
    let count: u64 = file.dims.iter().product();
    let message =
        format!("{label} has shape {dims}, which does not fit the declared shape `{{S}}`");
    let axes = match file.dims.len() {
        1 => "1 axis".to_string(),
        n => format!("{n} axes"),
    };
    let label_text = format!("the file's shape is {dims}, of {count} elements in {axes}");
    let note = format!(
        "declare the file's shape `Shape!{dims}`; a shape of the same size but other axes does not \
         fit either (no silent reshape: `.reshape::<..>()` after loading)"
    );
    let digits = base_1024_note(&file.dims).map(|n| quote!(, note = #n));
    quote!(#[diagnostic::on_unimplemented(message = #message, label = #label_text, note = #note #digits)])
}

/// When the file has a size above 1024, a note on how the declared shape's
/// sizes above 1024 print: as base-1024 digits (`BigDim<Hi, Lo>`), with
/// the file's largest size as the example.
fn base_1024_note(dims: &[u64]) -> Option<String> {
    let big = dims.iter().copied().filter(|&d| d > 1024).max()?;
    Some(format!(
        "sizes above 1024 print in base 1024: `BigDim<Hi, Lo>` is Hi * 1024 + Lo \
         (the file's {big} is `{}`)",
        dim_type_name(big)
    ))
}

/// The dimension type of size `n` as rustc prints it (`Dim1`, `Dim<n>` up
/// to 1024, `BigDim<Hi, Lo>` above): `Shape!`'s own type for it
/// ([`canonical`](super::canonical)), without its paths.
fn dim_type_name(n: u64) -> String {
    super::canonical(n, Span::call_site())
        .to_string()
        .replace(":: tensor_core :: ", "")
        .replace(' ', "")
        .replace(',', ", ")
}

/// The headline, label and note of an element type mismatch.
fn elem_message(file: &FileTensor) -> TokenStream {
    let label = escape(&file.label);
    let name = file.elem.name();
    let message = format!("{label} holds {name} elements, not `{{T}}`");
    let label_text = format!("the file holds {name} ({})", escape(&file.file_type));
    let note = format!("declare `Tensor<{name}, ..>`, or convert the file's data before saving it");
    quote!(#[diagnostic::on_unimplemented(message = #message, label = #label_text, note = #note)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_sizes_are_named_as_rustc_prints_them() {
        assert_eq!(dim_type_name(1), "Dim1");
        assert_eq!(dim_type_name(0), "Dim<0>");
        assert_eq!(dim_type_name(1024), "Dim<1024>");
        assert_eq!(dim_type_name(1025), "BigDim<Dim1, Dim1>");
        assert_eq!(dim_type_name(3000), "BigDim<Dim<2>, Dim<952>>");
        assert_eq!(dim_type_name(3072), "BigDim<Dim<3>, Dim<0>>");
        assert_eq!(
            dim_type_name(1000003 * 1024 + 5),
            "BigDim<BigDim<Dim<976>, Dim<579>>, Dim<5>>"
        );
    }

    #[test]
    fn the_note_explains_digits_only_for_big_files() {
        assert_eq!(base_1024_note(&[3, 1024]), None);
        let note = base_1024_note(&[2000, 3000, 7]).unwrap();
        assert!(
            note.ends_with("(the file's 3000 is `BigDim<Dim<2>, Dim<952>>`)"),
            "{note}"
        );
    }
}
