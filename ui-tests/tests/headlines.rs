//! CI check: no compile error a user sees first mentions typenum internals.
//!
//! Reads every `.stderr` under `tests/ui/` and fails, listing file and line,
//! when an error headline (`error: ..`, `error[E..]: ..`) or a label (the
//! text after the `^^^` / `---` markers of a snippet, including a label
//! drawn below its marker after `|` connectors) contains `UInt`, `UTerm`,
//! `B0` or `B1` as a word. Notes and help lines (`= note:`, `help:`) are
//! not checked: they may name the typenum bound that failed.
//!
//! `HEADLINES_DIR=/some/dir cargo test -p ui-tests --test headlines` checks
//! another directory instead (used to show the check failing on a copy).

use std::fs;
use std::path::{Path, PathBuf};

/// The typenum names that must not reach a headline or a label.
const INTERNALS: [&str; 4] = ["UInt", "UTerm", "B0", "B1"];

/// The first typenum name occurring in `text` as a whole word.
fn internal_word(text: &str) -> Option<&'static str> {
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    INTERNALS.into_iter().find(|word| {
        text.match_indices(word).any(|(at, _)| {
            let before = text[..at].chars().next_back();
            let after = text[at + word.len()..].chars().next();
            !before.is_some_and(is_word) && !after.is_some_and(is_word)
        })
    })
}

/// A snippet line: `<spaces><line number?><spaces>|<content>`. Returns
/// whether it is numbered, and the byte offset of the content (after `|`).
fn snippet_line(line: &str) -> Option<(bool, usize)> {
    let bar = line.find('|')?;
    let gutter = line[..bar].trim();
    if !gutter.is_empty() && !gutter.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    // The gutter is indented: a line starting with `|` is not a snippet.
    if bar == 0 || !line[..bar].ends_with(' ') {
        return None;
    }
    Some((!gutter.is_empty(), bar + 1))
}

/// The label of a marker line (`  |     ---   ^^^ label`): the text after
/// the last run of `^` or `-`, when the content before it is only markers
/// and span drawing (`|`, `_`, `/`, `\`, spaces).
fn marker_label(content: &str) -> Option<&str> {
    let mut saw_marker = false;
    for (at, c) in content.char_indices() {
        match c {
            '^' | '-' => saw_marker = true,
            ' ' | '|' | '_' | '/' | '\\' => {}
            _ => {
                // A marker run must end before a space (`->` is code).
                let prev = content[..at].chars().next_back();
                return (saw_marker && prev == Some(' ')).then(|| content[at..].trim_end());
            }
        }
    }
    // Markers with no label (`^^^` alone, its label on the lines below).
    None
}

/// Columns (byte offsets) of the `|` connectors in a line's content.
fn connectors(content: &str) -> Vec<usize> {
    content.match_indices('|').map(|(at, _)| at).collect()
}

/// Every offending headline or label of one `.stderr`: `(line, text)`.
fn offences(stderr: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    // Below a marker line: the `|` connectors of the previous annotation
    // line. A label drawn under its marker starts at one of these columns:
    //
    //   |     ----   ^ primary label
    //   |     |
    //   |     secondary label
    let mut below: Option<Vec<usize>> = None;
    for (n, line) in stderr.lines().enumerate() {
        let mut flag = |text: &str| {
            if internal_word(text).is_some() {
                found.push((n + 1, line.to_string()));
            }
        };
        if line.starts_with("error") {
            if let Some(colon) = line.find(": ") {
                flag(&line[colon + 2..]);
            }
            below = None;
            continue;
        }
        // Numbered lines are the user's code; unnumbered ones are
        // annotations, or code of another file (trybuild drops its numbers).
        let content = match snippet_line(line) {
            Some((false, start)) => &line[start..],
            _ => {
                below = None;
                continue;
            }
        };
        if let Some(label) = marker_label(content) {
            flag(label);
            below = Some(Vec::new());
            continue;
        }
        let trimmed = content.trim_start();
        if trimmed.starts_with(['^', '-']) || trimmed.starts_with("|_") {
            // Markers whose labels are all drawn on the lines below.
            below = Some(Vec::new());
            continue;
        }
        let Some(cols) = below.take() else { continue };
        if content.chars().all(|c| c == ' ' || c == '|') {
            below = Some(connectors(content));
            continue;
        }
        let label_at = cols.into_iter().find(|&c| {
            content.is_char_boundary(c)
                && content[c..].starts_with(|ch: char| ch != '|' && ch != ' ')
        });
        if let Some(at) = label_at {
            flag(content[at..].trim_end());
            below = Some(connectors(&content[..at]));
        }
    }
    found
}

/// Every `.stderr` under `dir`, sorted.
fn stderr_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries =
            fs::read_dir(&dir).unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "stderr") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn no_typenum_internals_in_headlines_or_labels() {
    let dir = match std::env::var_os("HEADLINES_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ui"),
    };
    let files = stderr_files(&dir);
    assert!(
        !files.is_empty(),
        "no .stderr files under {}",
        dir.display()
    );
    let mut report = String::new();
    for file in &files {
        let text = fs::read_to_string(file).expect("readable .stderr");
        for (line, text) in offences(&text) {
            report += &format!("{}:{line}: {}\n", file.display(), text.trim());
        }
    }
    assert!(
        report.is_empty(),
        "typenum internals (UInt, UTerm, B0, B1) in error headlines or labels \
         of {} .stderr files under {}:\n{report}",
        files.len(),
        dir.display()
    );
}

/// The check itself: what it flags and what it leaves alone.
#[test]
fn detector_flags_headlines_and_labels_only() {
    let sample = "\
error[E0277]: the trait bound `UInt<UTerm, B1>: Foo` is not satisfied
 --> tests/ui/x.rs:8:16
  |
8 |     let _ = &a + &b;
  |             ---- ^ expected `B0`
  |             |
  |             found UTerm here
  |
  = help: the trait `Compatible<A, B>` is not implemented for `typenum::B0`
help: the trait `Compatible<A, B>` is implemented for `typenum::B1`
 --> $WORKSPACE/tensor-core/src/constraint.rs
  |
  | impl<A, B> Compatible<A, B> for B1 {}
  | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  | / impl<A, B> Other for UInt<A, B>
  | | where
  | |     B1: Foo,
  | |______^ `UInt<A, B>`
  = note: required for `Dim<3>` to implement `DimBroadcast<Dim<4>>`

error: B1B0 and UInts are not words; U1 and Dim<1> are fine
error: found typenum::UTerm
";
    let lines: Vec<usize> = offences(sample).into_iter().map(|(n, _)| n).collect();
    assert_eq!(lines, [1, 5, 7, 18, 22]);
    assert_eq!(internal_word("Dim<1>, B10, xB1, U1"), None);
    assert_eq!(internal_word("`typenum::bit::B1`"), Some("B1"));
}
