//! The `serde` feature against serde_json: nested sequences out, every
//! dimension checked on the way in. (An integration test, not a unit test:
//! serde_json's `PartialEq<Value>` impls for numbers would make other unit
//! tests' `assert_eq!(x, iter.sum())` ambiguous.)
use tensor_core::prelude::*;

fn from_json<S: Shape>(json: &str) -> Result<Tensor<i32, S>, String> {
    serde_json::from_str(json).map_err(|e| e.to_string())
}

#[test]
fn tensors_and_views_write_nested_sequences() {
    let t = Tensor::<i32, Shape![2, 3, 2]>::from_flat_fn(|i| i as i32);
    let json = serde_json::to_string(&t).unwrap();
    assert_eq!(json, "[[[0,1],[2,3],[4,5]],[[6,7],[8,9],[10,11]]]");
    assert_eq!(
        serde_json::to_string(&tensor![[1, 2], [3, 4]].t()).unwrap(),
        "[[1,3],[2,4]]"
    );
    let mut m = tensor![1, 2, 3];
    assert_eq!(
        serde_json::to_string(&m.view_mut().flip::<Axes![0]>()).unwrap(),
        "[3,2,1]"
    );
    assert_eq!(
        serde_json::to_string(&Tensor::<u8, Shape![]>::full(7)).unwrap(),
        "7"
    );
    assert_eq!(
        serde_json::to_string(&Tensor::<u8, Shape![0, 3]>::zeros()).unwrap(),
        "[]"
    );
}

#[test]
fn round_trips() {
    let t = Tensor::<i32, Shape![2, 3, 2]>::from_flat_fn(|i| i as i32 * 7 - 30);
    let json = serde_json::to_string(&t).unwrap();
    assert_eq!(from_json::<Shape![2, 3, 2]>(&json), Ok(t));
    let f = tensor![[0.5f64, -1.25], [1e300, 3.0]];
    let back: Tensor<f64, Shape![2, 2]> =
        serde_json::from_str(&serde_json::to_string(&f).unwrap()).unwrap();
    assert_eq!(back, f);
    assert_eq!(from_json::<Shape![]>("42"), Ok(Tensor::full(42)));
    assert_eq!(from_json::<Shape![0, 3]>("[]"), Ok(Tensor::zeros()));
    assert_eq!(from_json::<Shape![2, 0]>("[[], []]"), Ok(Tensor::zeros()));
}

#[test]
fn wrong_nested_lengths_name_axis_position_and_length() {
    type S = Shape![2, 3];
    let cases = [
        ("[[1,2,3],[4,5]]", "invalid length 2, expected a sequence of 3 elements for axis 1 at index [1] of shape [2, 3]"),
        ("[[1,2,3,4],[4,5,6]]", "invalid length 4, expected a sequence of 3 elements for axis 1 at index [0] of shape [2, 3]"),
        ("[[1,2,3]]", "invalid length 1, expected a sequence of 2 elements for axis 0 of shape [2, 3]"),
        ("[[1,2,3],[4,5,6],[7,8,9]]", "invalid length 3, expected a sequence of 2 elements for axis 0 of shape [2, 3]"),
        ("[]", "invalid length 0, expected a sequence of 2 elements for axis 0 of shape [2, 3]"),
        ("[1,2]", "invalid type: integer `1`, expected a sequence of 3 elements for axis 1 at index [0] of shape [2, 3]"),
        ("[[1,2,3],[4,[5],6]]", "invalid type: sequence, expected i32"),
        ("7", "invalid type: integer `7`, expected a sequence of 2 elements for axis 0 of shape [2, 3]"),
    ];
    for (json, message) in cases {
        let err = from_json::<S>(json).unwrap_err();
        assert!(err.starts_with(message), "{json}: {err}");
    }
    let deep = from_json::<Shape![2, 2, 2]>("[[[1,2],[3,4]],[[5,6],[7]]]").unwrap_err();
    assert!(
        deep.starts_with("invalid length 1, expected a sequence of 2 elements for axis 2 at index [1, 1] of shape [2, 2, 2]"),
        "{deep}"
    );
}
