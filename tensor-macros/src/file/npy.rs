//! A `.npy` header (versions 1.0 to 3.0): magic, version, header length,
//! then a Python dict `{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }`.

use super::{Elem, Located, Problem};

/// The tensor of the `.npy` file `bytes`: little-endian, C order.
pub fn locate(bytes: &[u8]) -> Result<Located, Problem> {
    if !bytes.starts_with(b"\x93NUMPY") {
        return Err("not a .npy file: it does not start with \\x93NUMPY"
            .to_string()
            .into());
    }
    let (major, minor) = match bytes.get(6..8) {
        Some(v) => (v[0], v[1]),
        None => return Err("truncated .npy file: no version".to_string().into()),
    };
    let field = match (major, minor) {
        (1, 0) => 2,
        (2, 0) | (3, 0) => 4,
        _ => {
            return Err(format!(
                "unsupported .npy version {major}.{minor} (1.0, 2.0 and 3.0 are read)"
            )
            .into())
        }
    };
    let len_bytes = bytes
        .get(8..8 + field)
        .ok_or("truncated .npy file: no header length".to_string())?;
    let header_len = len_bytes
        .iter()
        .rev()
        .fold(0usize, |n, &b| n << 8 | usize::from(b));
    let start = 8 + field;
    let header = bytes.get(start..start + header_len).ok_or(format!(
        "truncated .npy file: a header of {header_len} bytes declared"
    ))?;
    let header =
        std::str::from_utf8(header).map_err(|_| "the .npy header is not text".to_string())?;
    let dict = parse_dict(header)
        .map_err(|e| format!("malformed .npy header `{}`: {e}", header.trim()))?;
    let elem = elem(&dict.descr)?;
    if dict.fortran {
        return Err(
            "the array is stored in Fortran order; save `np.ascontiguousarray(a)` instead"
                .to_string()
                .into(),
        );
    }
    let data = start + header_len;
    Ok(Located {
        elem,
        file_type: format!("'{}'", dict.descr),
        dims: dict.shape,
        start: data,
        len: bytes.len() - data,
    })
}

/// Our element type for a NumPy type string: little-endian only.
fn elem(descr: &str) -> Result<Elem, Problem> {
    let (order, code) = descr.split_at(descr.len().min(1));
    let elem = match code {
        "f4" => Elem::F32,
        "f8" => Elem::F64,
        "i1" => Elem::I8,
        "u1" => Elem::U8,
        "i2" => Elem::I16,
        "u2" => Elem::U16,
        "i4" => Elem::I32,
        "u4" => Elem::U32,
        "i8" => Elem::I64,
        "u8" => Elem::U64,
        "f2" => Elem::F16,
        _ => {
            return Err(
                format!("element type '{descr}' is not one tensors of this crate hold").into(),
            )
        }
    };
    match order {
        "<" => Ok(elem),
        "|" | ">" | "=" if elem.size() == 1 => Ok(elem),
        ">" => Err(
            format!("big-endian data ('{descr}') is not read: save `a.astype('<{code}')`").into(),
        ),
        _ => Err(format!("element type '{descr}' has no little-endian byte order mark").into()),
    }
}

/// The three fields of the header dict.
#[derive(Debug)]
struct Dict {
    descr: String,
    fortran: bool,
    shape: Vec<u64>,
}

/// Parses `{'descr': .., 'fortran_order': .., 'shape': (..), }`.
fn parse_dict(text: &str) -> Result<Dict, String> {
    let body = text
        .trim()
        .strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'));
    let mut rest = body.ok_or("expected a dict `{..}`")?.trim();
    let (mut descr, mut fortran, mut shape) = (None, None, None);
    while !rest.is_empty() {
        let (key, after) = quoted(rest)?;
        let after = after
            .trim_start()
            .strip_prefix(':')
            .ok_or("expected ':' after a key")?
            .trim_start();
        let (value, after) = match key {
            "descr" => quoted(after).map(|(v, a)| (descr.replace(v.to_string()).is_some(), a))?,
            "fortran_order" => boolean(after).map(|(v, a)| (fortran.replace(v).is_some(), a))?,
            "shape" => tuple(after).map(|(v, a)| (shape.replace(v).is_some(), a))?,
            _ => return Err(format!("unknown key '{key}'")),
        };
        if value {
            return Err(format!("key '{key}' given twice"));
        }
        let after = after.trim_start();
        rest = match after.strip_prefix(',') {
            Some(more) => more.trim_start(),
            None if after.is_empty() => after,
            None => return Err("expected ',' between entries".to_string()),
        };
    }
    Ok(Dict {
        descr: descr.ok_or("no 'descr'")?,
        fortran: fortran.ok_or("no 'fortran_order'")?,
        shape: shape.ok_or("no 'shape'")?,
    })
}

/// A string in single or double quotes, and the text after it.
fn quoted(text: &str) -> Result<(&str, &str), String> {
    let quote = text
        .chars()
        .next()
        .filter(|&q| q == '\'' || q == '"')
        .ok_or("expected a quoted string")?;
    let end = text[1..].find(quote).ok_or("unterminated string")?;
    Ok((&text[1..1 + end], &text[end + 2..]))
}

/// `True` or `False`, and the text after it.
fn boolean(text: &str) -> Result<(bool, &str), String> {
    if let Some(rest) = text.strip_prefix("True") {
        return Ok((true, rest));
    }
    text.strip_prefix("False")
        .map(|rest| (false, rest))
        .ok_or("expected True or False".to_string())
}

/// A tuple of sizes `(2, 3)`, `(3,)`, `()`, and the text after it.
fn tuple(text: &str) -> Result<(Vec<u64>, &str), String> {
    let inner = text
        .strip_prefix('(')
        .ok_or("expected a tuple for 'shape'")?;
    let end = inner.find(')').ok_or("unterminated tuple")?;
    let dims = inner[..end]
        .split(',')
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .map(|d| {
            d.parse::<u64>()
                .map_err(|_| format!("dimension `{d}` is not a size"))
        })
        .collect::<Result<_, _>>()?;
    Ok((dims, &inner[end + 1..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numpy_headers_parse() {
        let d =
            parse_dict("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }   \n").unwrap();
        assert_eq!(
            (d.descr.as_str(), d.fortran, d.shape),
            ("<f4", false, vec![2, 3])
        );
        assert_eq!(
            parse_dict("{'descr': '|u1', 'fortran_order': True, 'shape': (), }")
                .unwrap()
                .shape,
            Vec::<u64>::new()
        );
        assert_eq!(
            parse_dict("{'shape': (7,), 'descr': '<i8', 'fortran_order': False}")
                .unwrap()
                .shape,
            vec![7]
        );
        assert!(parse_dict("{'descr': '<f4', 'shape': (2,), }")
            .unwrap_err()
            .contains("fortran_order"));
        assert!(parse_dict("{'descr': '<f4', 'descr': '<f4'}")
            .unwrap_err()
            .contains("twice"));
        assert!(parse_dict("{'shape': (2, x), }")
            .unwrap_err()
            .contains("`x`"));
    }

    #[test]
    fn only_little_endian_types_are_read() {
        assert_eq!(elem("<f4").ok(), Some(Elem::F32));
        assert_eq!(elem("|u1").ok(), Some(Elem::U8));
        assert!(matches!(elem(">f4"), Err(Problem::Text(t)) if t.contains("big-endian")));
        assert!(matches!(elem("<c8"), Err(Problem::Text(t)) if t.contains("'<c8'")));
    }
}
