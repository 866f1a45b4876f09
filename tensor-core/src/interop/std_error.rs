//! The `std` feature: the error types are `std::error::Error`s, so `?`
//! turns them into `Box<dyn std::error::Error>`.

use std::boxed::Box;
use std::error::Error;
use std::string::ToString;

use crate::prelude::*;

fn parse(data: &[f32]) -> Result<Tensor<f32, Shape![2, 3]>, Box<dyn Error>> {
    Ok(Tensor::try_from_slice(data)?)
}

#[test]
fn shape_error_boxes_as_a_std_error() {
    assert!(parse(&[0.0; 6]).is_ok());
    let err = parse(&[0.0; 4]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected 6 elements for shape [2, 3], found 4"
    );
    assert!(err.downcast_ref::<ShapeError>().is_some());
}
