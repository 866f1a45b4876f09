//! A safetensors header: an 8-byte little-endian length, then a JSON
//! object mapping each tensor's name to its `dtype`, `shape` and
//! `data_offsets` (and `"__metadata__"` to strings). The JSON is read by
//! `serde_json`; the `safetensors` crate would check the same fields but
//! cost every build of this crate 25 s more (it brings `serde_derive` and
//! a second `syn`), against about 6 s for `serde_json` alone.

use serde_json::{Map, Value};
use syn::LitStr;

use super::{holds, Elem, Located, Problem};

/// The 8-byte header length before the JSON header.
const LEN_FIELD: usize = 8;

/// The header's object and the offset of the data section.
fn header(bytes: &[u8]) -> Result<(Map<String, Value>, usize), String> {
    let len = bytes
        .get(..LEN_FIELD)
        .ok_or("truncated: no header length")?;
    let declared = u64::from_le_bytes(len.try_into().map_err(|_| "truncated")?);
    let end = usize::try_from(declared)
        .ok()
        .and_then(|n| n.checked_add(LEN_FIELD))
        .filter(|&end| end <= bytes.len())
        .ok_or(format!(
            "a header of {declared} bytes declared, the file has {}",
            bytes.len()
        ))?;
    match serde_json::from_slice(&bytes[LEN_FIELD..end]) {
        Ok(Value::Object(map)) => Ok((map, end)),
        Ok(_) => Err("the header is not a JSON object".to_string()),
        Err(e) => Err(format!("the header is not valid JSON: {e}")),
    }
}

/// The tensor called `name` in the file `bytes`.
pub fn locate(bytes: &[u8], written: &str, name: &LitStr) -> Result<Located, Problem> {
    let (map, data) = header(bytes).map_err(|e| format!("not a readable safetensors file: {e}"))?;
    let wanted = name.value();
    let Some(entry) = map.get(&wanted).filter(|_| wanted != "__metadata__") else {
        let msg = format!(
            "`{written}` holds no tensor named `{wanted}`; {}",
            holds(&names_of(&map))
        );
        return Err(Problem::At(syn::Error::new(name.span(), msg)));
    };
    let bad = |what: &str| format!("tensor `{wanted}` has no valid {what} in the header");
    let dtype = entry
        .get("dtype")
        .and_then(Value::as_str)
        .ok_or(bad("dtype"))?;
    let sizes = |key: &str| -> Option<Vec<u64>> {
        entry
            .get(key)?
            .as_array()?
            .iter()
            .map(Value::as_u64)
            .collect()
    };
    let dims = sizes("shape").ok_or(bad("shape"))?;
    let offsets = sizes("data_offsets")
        .filter(|o| o.len() == 2)
        .ok_or(bad("data_offsets"))?;
    let elem = elem(dtype).ok_or_else(|| {
        format!("tensor `{wanted}` has dtype {dtype}, which tensors of this crate do not hold")
    })?;
    let (begin, end) = (offsets[0] as usize, offsets[1] as usize);
    if begin > end || end > bytes.len() - data {
        let msg = format!(
            "tensor `{wanted}`'s data_offsets [{begin}, {end}] lie outside the data section"
        );
        return Err(msg.into());
    }
    Ok(Located {
        elem,
        file_type: dtype.to_string(),
        dims,
        start: data + begin,
        len: end - begin,
    })
}

/// The names of the tensors in `bytes`, sorted, if it can be read.
pub fn names(bytes: &[u8]) -> Option<Vec<String>> {
    header(bytes).ok().map(|(map, _)| names_of(&map))
}

/// The tensors' names of a header, sorted (`"__metadata__"` is not one).
fn names_of(map: &Map<String, Value>) -> Vec<String> {
    let mut names: Vec<String> = map
        .keys()
        .filter(|k| *k != "__metadata__")
        .cloned()
        .collect();
    names.sort();
    names
}

/// Our element type for a safetensors dtype.
fn elem(dtype: &str) -> Option<Elem> {
    Some(match dtype {
        "F32" => Elem::F32,
        "F64" => Elem::F64,
        "I8" => Elem::I8,
        "U8" => Elem::U8,
        "I16" => Elem::I16,
        "U16" => Elem::U16,
        "I32" => Elem::I32,
        "U32" => Elem::U32,
        "I64" => Elem::I64,
        "U64" => Elem::U64,
        "F16" => Elem::F16,
        "BF16" => Elem::Bf16,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(json: &str, data: usize) -> Vec<u8> {
        let mut out = (json.len() as u64).to_le_bytes().to_vec();
        out.extend(json.bytes());
        out.resize(out.len() + data, 0);
        out
    }

    fn text(result: Result<Located, Problem>) -> String {
        match result {
            Ok(_) => "ok".to_string(),
            Err(Problem::Text(t)) => t,
            Err(Problem::At(e)) => e.to_string(),
        }
    }

    #[test]
    fn headers_are_checked() {
        let w = LitStr::new("w", proc_macro2::Span::call_site());
        let entry =
            r#"{"w":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},"__metadata__":{"a":"b"}}"#;
        let ok = locate(&file(entry, 8), "m.safetensors", &w)
            .unwrap_or_else(|e| panic!("{}", text(Err(e))));
        assert_eq!(
            (ok.elem, ok.dims, ok.start, ok.len),
            (Elem::F32, vec![2], 8 + entry.len(), 8)
        );
        assert!(text(locate(&file(entry, 4), "m", &w)).contains("lie outside the data section"));
        assert!(text(locate(&file("[1]", 0), "m", &w)).contains("not a JSON object"));
        assert!(text(locate(&file("{", 0), "m", &w)).contains("not valid JSON"));
        assert!(
            text(locate(&[9, 0, 0, 0, 0, 0, 0, 0, b'{'], "m", &w)).contains("a header of 9 bytes")
        );
        assert!(
            text(locate(&file(&entry.replace("F32", "C64"), 8), "m", &w)).contains("dtype C64")
        );
        assert!(
            text(locate(&file(&entry.replace("[0,8]", "[0]"), 8), "m", &w))
                .contains("data_offsets")
        );
        let meta = LitStr::new("__metadata__", proc_macro2::Span::call_site());
        assert!(text(locate(&file(entry, 8), "m", &meta)).contains("it holds `w`"));
    }
}
