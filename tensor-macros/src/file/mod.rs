//! Weight files read at compile time, for `include_tensor!`: the file is
//! found relative to the crate root, its header read (`.npy` by a small
//! parser, safetensors' JSON by `serde_json`), and what the expansion
//! needs returned: the element type, the shape, where the data lies.
//! Every problem is a `syn::Error` at the path (or name) literal.

use std::path::PathBuf;

use syn::LitStr;

use crate::ast::IncludeInput;

mod npy;
mod safetensors;

/// An element type a file can hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    F32,
    F64,
    I8,
    U8,
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
    F16,
    Bf16,
}

impl Elem {
    /// The Rust name: `f32`.
    pub fn name(self) -> &'static str {
        match self {
            Elem::F32 => "f32",
            Elem::F64 => "f64",
            Elem::I8 => "i8",
            Elem::U8 => "u8",
            Elem::I16 => "i16",
            Elem::U16 => "u16",
            Elem::I32 => "i32",
            Elem::U32 => "u32",
            Elem::I64 => "i64",
            Elem::U64 => "u64",
            Elem::F16 => "f16",
            Elem::Bf16 => "bf16",
        }
    }

    /// The size of one element in bytes.
    pub fn size(self) -> usize {
        match self {
            Elem::I8 | Elem::U8 => 1,
            Elem::I16 | Elem::U16 | Elem::F16 | Elem::Bf16 => 2,
            Elem::F32 | Elem::I32 | Elem::U32 => 4,
            Elem::F64 | Elem::I64 | Elem::U64 => 8,
        }
    }

    /// Whether the type needs tensor-core's feature `half`.
    pub fn is_half(self) -> bool {
        matches!(self, Elem::F16 | Elem::Bf16)
    }
}

/// One tensor of a file, as the expansion needs it.
pub struct FileTensor {
    /// The absolute path, for `include_bytes!`.
    pub path: PathBuf,
    /// How messages name it: "`w.npy`" or "`m.safetensors`, tensor `fc1.weight`".
    pub label: String,
    /// The file's element type (and its spelling in the file: `'<f4'`).
    pub elem: Elem,
    pub file_type: String,
    /// The file's shape.
    pub dims: Vec<u64>,
    /// The data: `len` bytes from byte `start` of the file.
    pub start: usize,
    pub len: usize,
}

/// The most axes a shape may have (`Shape!`'s limit).
const MAX_RANK: usize = crate::valid::MAX_RANK;

/// Reads the file `input` names and locates its tensor.
pub fn read(input: &IncludeInput) -> syn::Result<FileTensor> {
    let (path_lit, name) = (&input.path, input.name.as_ref());
    let written = path_lit.value();
    let root = std::env::var_os("CARGO_MANIFEST_DIR").map(PathBuf::from);
    let path = match root {
        Some(root) => root.join(&written),
        None => PathBuf::from(&written),
    };
    let bytes = std::fs::read(&path).map_err(|e| {
        let msg = format!(
            "cannot read `{written}`: {e} (looked for {}; the path is relative to the crate root, \
             the directory of Cargo.toml)",
            path.display()
        );
        syn::Error::new(path_lit.span(), msg)
    })?;
    let is_npy = written.ends_with(".npy") || bytes.starts_with(b"\x93NUMPY");
    let located = if is_npy {
        if let Some(name) = name {
            let msg =
                format!("`{written}` is a .npy file, which holds one tensor: remove the name");
            return Err(syn::Error::new(name.span(), msg));
        }
        npy::locate(&bytes).map(|t| (t, format!("`{written}`")))
    } else if written.ends_with(".safetensors") {
        let Some(name) = name else {
            return Err(no_name(path_lit, &written, &bytes));
        };
        let label = format!("`{written}`, tensor `{}`,", name.value());
        safetensors::locate(&bytes, &written, name).map(|t| (t, label))
    } else {
        let msg = format!("`{written}`: expected a `.npy` or `.safetensors` file");
        return Err(syn::Error::new(path_lit.span(), msg));
    };
    let (located, label) = located.map_err(|e| match e {
        Problem::At(error) => error,
        Problem::Text(text) => syn::Error::new(path_lit.span(), format!("`{written}`: {text}")),
    })?;
    check(path_lit, &label, &located)?;
    Ok(FileTensor {
        path,
        label,
        elem: located.elem,
        file_type: located.file_type,
        dims: located.dims,
        start: located.start,
        len: located.len,
    })
}

/// A tensor located in the bytes of a file.
pub struct Located {
    pub elem: Elem,
    pub file_type: String,
    pub dims: Vec<u64>,
    pub start: usize,
    pub len: usize,
}

/// What went wrong reading a header: a message about the file (shown at
/// the path), or an error already placed (at the name).
pub enum Problem {
    Text(String),
    At(syn::Error),
}

impl From<String> for Problem {
    fn from(text: String) -> Self {
        Problem::Text(text)
    }
}

/// The shape fits `Shape!` and the data is exactly its bytes.
fn check(path: &LitStr, label: &str, t: &Located) -> syn::Result<()> {
    let fail = |msg: String| Err(syn::Error::new(path.span(), msg));
    if t.dims.len() > MAX_RANK {
        return fail(format!(
            "{label} has {} axes {:?}; shapes have at most {MAX_RANK}",
            t.dims.len(),
            t.dims
        ));
    }
    let count = t.dims.iter().try_fold(1u64, |n, &d| n.checked_mul(d));
    let bytes = count.and_then(|n| n.checked_mul(t.elem.size() as u64));
    match bytes {
        Some(b) if b == t.len as u64 => Ok(()),
        Some(b) => fail(format!(
            "{label} holds {} data bytes, but its shape {:?} of {} needs {b}",
            t.len,
            t.dims,
            t.elem.name()
        )),
        None => fail(format!(
            "{label} has a shape {:?} whose size overflows",
            t.dims
        )),
    }
}

/// The error for a safetensors file named without a tensor: the names it
/// holds, when it can be read.
fn no_name(path: &LitStr, written: &str, bytes: &[u8]) -> syn::Error {
    let names = safetensors::names(bytes).map(|n| format!(" ({})", holds(&n)));
    let msg = format!(
        "`{written}` is a safetensors file: name the tensor, \
         `include_tensor!(\"{written}\", \"name\")`{}",
        names.unwrap_or_default()
    );
    syn::Error::new(path.span(), msg)
}

/// "it holds `a`, `b`" for up to 10 names, else their number and the first.
pub fn holds(names: &[String]) -> String {
    let quoted: Vec<String> = names.iter().take(10).map(|n| format!("`{n}`")).collect();
    match names.len() {
        0 => "it holds no tensor".to_string(),
        n if n <= 10 => format!("it holds {}", quoted.join(", ")),
        n => format!("it holds {n} tensors: {}, ...", quoted.join(", ")),
    }
}
