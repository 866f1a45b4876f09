//! A safetensors header, read by the `safetensors` crate (which checks the
//! whole file: header, offsets, no gaps): the named tensor's dtype, shape
//! and data position.

use safetensors::tensor::{Dtype, SafeTensors};
use syn::LitStr;

use super::{holds, Elem, Located, Problem};

/// The 8-byte header length before the JSON header.
const LEN_FIELD: usize = 8;

/// The tensor called `name` in the file `bytes`.
pub fn locate(bytes: &[u8], written: &str, name: &LitStr) -> Result<Located, Problem> {
    let (header_len, metadata) = SafeTensors::read_metadata(bytes)
        .map_err(|e| format!("not a readable safetensors file: {e}"))?;
    let wanted = name.value();
    let Some(info) = metadata.info(&wanted) else {
        let mut names = metadata.offset_keys();
        names.sort();
        let msg = format!(
            "`{written}` holds no tensor named `{wanted}`; {}",
            holds(&names)
        );
        return Err(Problem::At(syn::Error::new(name.span(), msg)));
    };
    let elem = elem(info.dtype).ok_or_else(|| {
        format!(
            "tensor `{wanted}` has dtype {}, which tensors of this crate do not hold",
            info.dtype
        )
    })?;
    let (begin, end) = info.data_offsets;
    if begin > end || LEN_FIELD + header_len + end > bytes.len() {
        return Err(format!(
            "tensor `{wanted}`'s data_offsets [{begin}, {end}] lie outside the file"
        )
        .into());
    }
    Ok(Located {
        elem,
        file_type: info.dtype.to_string(),
        dims: info.shape.iter().map(|&d| d as u64).collect(),
        start: LEN_FIELD + header_len + begin,
        len: end - begin,
    })
}

/// The names of the tensors in `bytes`, sorted, if it can be read.
pub fn names(bytes: &[u8]) -> Option<Vec<String>> {
    let (_, metadata) = SafeTensors::read_metadata(bytes).ok()?;
    let mut names = metadata.offset_keys();
    names.sort();
    Some(names)
}

/// Our element type for a safetensors dtype.
fn elem(dtype: Dtype) -> Option<Elem> {
    Some(match dtype {
        Dtype::F32 => Elem::F32,
        Dtype::F64 => Elem::F64,
        Dtype::I8 => Elem::I8,
        Dtype::U8 => Elem::U8,
        Dtype::I16 => Elem::I16,
        Dtype::U16 => Elem::U16,
        Dtype::I32 => Elem::I32,
        Dtype::U32 => Elem::U32,
        Dtype::I64 => Elem::I64,
        Dtype::U64 => Elem::U64,
        Dtype::F16 => Elem::F16,
        Dtype::BF16 => Elem::Bf16,
        _ => return None,
    })
}
