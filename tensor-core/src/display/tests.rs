//! The printer's rules that NumPy's generated cases (`tests/generated/
//! display_cases.rs`) cannot reach: elements wider than a line.

use std::string::{String, ToString};

use crate::prelude::*;

#[test]
fn an_element_wider_than_the_line_starts_its_row_unwrapped() {
    // NumPy's `_extendLine` never wraps a line holding only its prefix
    // (`[`): the first word goes on it however wide, the next one wraps.
    let wide: [String; 2] = ["a".repeat(80), "b".repeat(80)];
    let t = Tensor::<&str, Shape![2]>::from_flat_fn(|i| wide[i].as_str());
    let expected = ["[", &wide[0], "\n ", &wide[1], "]"].concat();
    assert_eq!(t.to_string(), expected);
}

#[test]
fn a_wide_element_in_a_matrix_wraps_under_its_rows_bracket() {
    // Each row of a matrix starts unwrapped after its own `[`, indented by
    // one more column than the row of a vector.
    let wide = "c".repeat(78);
    let t = Tensor::<&str, Shape![2, 2]>::from_flat_fn(|_| wide.as_str());
    let row = ["[", &wide, "\n  ", &wide, "]"].concat();
    let expected = ["[", &row, "\n ", &row, "]"].concat();
    assert_eq!(t.to_string(), expected);
}
